// The lobby: create a table, list open, live and finished games, join, watch or replay them.

import { accountPanel, shareSeats, signedIn } from "./account.js";
import { api } from "./api.js";
import { ratingsPanel } from "./ratings.js";
import { clear, h, toast } from "./dom.js";
import { gameInfo, playerCount } from "./help.js";
import { botsField, clockField } from "./new_table.js";
import { loadSeat, rememberName, savedName, saveHost, saveSeat } from "./seats.js";
import { durationWords, humanize, plural, seatColour, timeAgo } from "./words.js";
import { yourGames, yourGamesRows } from "./your_games.js";

// Choices for options whose defaults alone do not say what else is allowed.
const OPTION_CHOICES = {
  map: ["A", "B", "C", "D", "E", "F"],
};

function optionInput(key, value, info) {
  const id = `opt-${key}`;
  const explained = (info && info.options && info.options[key]) || null;
  const choiceWords = (info && info.optionChoices && info.optionChoices[key]) || {};
  let input;
  if (typeof value === "boolean") {
    input = h("input", { id, type: "checkbox", checked: value, "data-option": key, "data-kind": "bool" });
  } else if (typeof value === "number") {
    input = h("input", { id, type: "number", value, "data-option": key, "data-kind": Number.isInteger(value) ? "int" : "float" });
  } else if (typeof value === "string" && OPTION_CHOICES[key] && OPTION_CHOICES[key].includes(value)) {
    // a short label that fits a phone's select; the chosen one's words under it
    const seatsFor = info && info.seatsFor && info.seatsFor.option === key ? info.seatsFor : {};
    const short = (choice) => (seatsFor[choice] ? `${choice} · ${seatsFor[choice][0]}–${seatsFor[choice][1]} players` : choice);
    input = h("select", { id, "data-option": key, "data-kind": "str" },
      OPTION_CHOICES[key].map((choice) => h("option", { value: choice, selected: choice === value }, choiceWords[choice] && !seatsFor[choice] ? `${choice}: ${choiceWords[choice]}` : short(choice))));
    if (Object.keys(seatsFor).length) {
      const words = h("p", { class: "option-help", testid: `option-help-${key}` });
      const say = () => { words.textContent = `${explained ? `${explained} ` : ""}${input.value}: ${choiceWords[input.value] || ""}.`; };
      input.addEventListener("change", say);
      say();
      input.setAttribute("data-testid", `option-${key}`);
      return h("div", { class: "option-block" }, h("label", { class: "option", for: id }, h("span", {}, humanize(key)), input), words);
    }
  } else if (typeof value === "string" || value === null) {
    input = h("input", { id, type: "text", value: value ?? "", "data-option": key, "data-kind": value === null ? "nullable" : "str" });
  } else {
    input = h("input", { id, type: "text", value: JSON.stringify(value), "data-option": key, "data-kind": "json" });
  }
  input.setAttribute("data-testid", `option-${key}`);
  const label = h("label", { class: "option", for: id }, h("span", {}, humanize(key)), input);
  if (!explained) return label;
  return h("div", { class: "option-block" }, label, h("p", { class: "option-help", testid: `option-help-${key}` }, explained));
}

function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    const kind = input.dataset.kind;
    if (kind === "bool") options[key] = input.checked;
    else if (kind === "int") options[key] = parseInt(input.value, 10);
    else if (kind === "float") options[key] = parseFloat(input.value);
    else if (kind === "nullable") options[key] = input.value === "" ? null : input.value;
    else if (kind === "json") options[key] = JSON.parse(input.value);
    else options[key] = input.value;
  }
  return options;
}

/** "2 of 3 seats taken", "42 moves · last move 3 min ago": what a row says about its game. */
export function rowFacts(item, kind, now = Date.now()) {
  const fork = item.forked_from ? `what-if fork of ${item.forked_from.game_id} at step ${item.forked_from.version} · ` : "";
  // a table whose clock gives each player a day or more, or each move an hour or more, is
  // played over days (asynchronous)
  const clock = item.clock;
  const given = clock && (clock.per_move ? `each move within ${durationWords(clock.initial_ms)}` : `${durationWords(clock.initial_ms)} each`);
  const days = clock && clock.async ? `over days (${given}) · ` : "";
  if (kind === "open") {
    const taken = item.names.filter(Boolean).length;
    const missing = item.seats - taken;
    return fork + days + (missing > 0 ? `${taken} of ${item.seats} seats taken, ${plural(missing, "seat")} free` : "every seat taken, starting soon");
  }
  const parts = [`${fork}${days}${kind === "finished" ? "finished" : kind === "abandoned" ? "abandoned: nobody here, no move for a day" : "in play"}`];
  if (Number.isInteger(item.moves)) parts.push(plural(item.moves, "move"));
  const at = item.last_move_at ? Date.parse(item.last_move_at) : NaN;
  if (Number.isFinite(at)) parts.push(`last move ${timeAgo(now - at)}`);
  return parts.join(" · ");
}

function gameRow(item, types, kind) {
  const type = types.find((t) => t.name === item.game);
  const title = type ? type.title : humanize(item.game);
  const connected = new Set(item.connected || []);
  const mine = loadSeat(item.game_id);
  const link = kind === "finished" ? `#/game/${item.game_id}/replay` : `#/game/${item.game_id}`;
  const action = kind === "open" ? (mine ? "Open my seat" : "Join") : kind === "live" || kind === "abandoned" ? (mine ? "Play" : "Watch") : "Replay";
  return h("li", { class: "game-row", testid: "game-row", "data-game-id": item.game_id, "data-kind": kind },
    h("div", { class: "game-row-main" },
      h("strong", {}, title),
      h("span", { class: "muted", testid: "game-row-facts" }, ` · ${rowFacts(item, kind)}`),
      h("div", { class: "names" }, Array.from({ length: item.seats }, (_, seat) => {
        const name = item.names[seat];
        return h("span", { class: `mini-seat ${name ? "" : "free"}`, style: { "--seat": seatColour(seat) }, title: connected.has(seat) ? "connected" : "" },
          h("span", { class: `dot ${connected.has(seat) ? "on" : ""}` }), name || "free");
      }))),
    h("a", { class: "button", href: link, testid: `${kind}-action` }, action));
}

export function lobbyPage(root) {
  let types = [];
  const lists = {
    open: h("ul", { class: "games", testid: "open-games" }),
    live: h("ul", { class: "games", testid: "live-games" }),
    abandoned: h("ul", { class: "games", testid: "abandoned-games" }),
    finished: h("ul", { class: "games", testid: "finished-games" }),
  };
  const mine = h("ul", { class: "games", testid: "your-games" });
  const mineBox = h("section", { class: "panel", testid: "your-games-panel", hidden: true }, h("h2", {}, "Your games"), mine);
  const gameSelect = h("select", { id: "new-game", testid: "new-game-type", "aria-label": "Game" });
  const seatsInput = h("input", { id: "new-seats", type: "number", min: 1, value: 2, testid: "new-game-seats", "aria-label": "Seats" });
  const optionsBox = h("div", { class: "options", testid: "new-game-options" });
  const seatsNote = h("p", { class: "option-help", testid: "new-game-seats-note", hidden: true });
  const undoSelect = h("select", { id: "new-undo", testid: "new-game-undo" },
    h("option", { value: "consent", selected: true }, "if the others accept"),
    h("option", { value: "never" }, "never"));
  const bots = botsField();
  const clock = clockField();
  // the creator takes a seat at once under this name (the first free one); empty: a table
  // made for others, as the host who starts it
  const nameInput = h("input", { id: "new-name", type: "text", maxlength: 32, value: savedName(), placeholder: "Your name", testid: "new-game-name", "aria-describedby": "new-name-help" });
  const ratedBox = h("input", { id: "new-rated", type: "checkbox", testid: "new-game-rated" });
  const describeBox = h("div", { class: "game-blurb", testid: "new-game-description" });
  const gamesBox = h("ul", { class: "game-list", testid: "game-descriptions" });
  const form = h("form", { class: "panel create", testid: "create-form", onSubmit: async (event) => {
    event.preventDefault();
    const timed = clock.read();
    if (timed.error) {
      toast(timed.error);
      return;
    }
    try {
      const extras = { ...bots.read(), clock: timed.clock, rated: ratedBox.checked };
      const { game_id: gameId, host_token: host } = await api.create(gameSelect.value, parseInt(seatsInput.value, 10), readOptions(optionsBox), undoSelect.value, extras);
      if (host) saveHost(gameId, host);
      await sitCreator(gameId, nameInput.value.trim());
      location.hash = `#/game/${gameId}`;
    } catch (error) {
      toast(error.message);
    }
  } },
  h("h2", {}, "New table"),
  h("label", { class: "option", for: "new-game" }, h("span", {}, "Game"), gameSelect),
  describeBox,
  h("label", { class: "option", for: "new-seats" }, h("span", {}, "Seats"), seatsInput),
  seatsNote,
  optionsBox,
  bots.element,
  h("label", { class: "option", for: "new-undo" }, h("span", {}, "Undo a move"), undoSelect),
  clock.element,
  h("label", { class: "option", for: "new-name" }, h("span", {}, "Your name"), nameInput),
  h("p", { class: "option-help", id: "new-name-help" }, "You take a seat at the table under this name. Leave it empty to make a table for others: you still start it."),
  h("label", { class: "option", for: "new-rated", title: "counts for the ratings if every seat is taken by a signed-in player" }, h("span", {}, "Rated"), ratedBox),
  h("button", { type: "submit", testid: "create-button" }, "Create table"));

  /** Seats the creator under `name` at the table just made; a refusal (a name taken by a
   * bot's, a limit per address) leaves the table made and says why. */
  async function sitCreator(gameId, name) {
    if (!name) return;
    try {
      const claimed = await api.join(gameId, name);
      rememberName(name);
      saveSeat(gameId, { seat: claimed.seat, token: claimed.token, name });
    } catch (error) {
      toast(`The table is made, but you have no seat yet: ${error.message}`);
    }
  }

  function chooseType() {
    const type = types.find((t) => t.name === gameSelect.value);
    if (!type) return;
    seatsInput.min = type.min_seats;
    seatsInput.max = type.max_seats;
    const current = parseInt(seatsInput.value, 10);
    if (!(current >= type.min_seats && current <= type.max_seats)) seatsInput.value = type.max_seats;
    const info = gameInfo(type.name);
    clear(describeBox).append(...(info ? [h("p", { testid: "new-game-line" }, info.line), h("p", { class: "muted" }, `${playerCount(type)} · ${info.length}`)] : []));
    const hidden = new Set((info && info.hidden) || []);
    const advanced = (info && info.advanced) || { keys: [] };
    const inputs = Object.entries(type.options || {}).filter(([key]) => !hidden.has(key));
    const plain = inputs.filter(([key]) => !advanced.keys.includes(key));
    const folded = inputs.filter(([key]) => advanced.keys.includes(key));
    clear(optionsBox).append(...plain.map(([key, value]) => optionInput(key, value, info)),
      folded.length ? h("details", { class: "option-fold", testid: "new-game-advanced" },
        h("summary", {}, advanced.title), folded.map(([key, value]) => optionInput(key, value, info))) : "");
    const seatsOption = info && info.seatsFor ? optionsBox.querySelector(`[data-option="${info.seatsFor.option}"]`) : null;
    if (seatsOption) seatsOption.addEventListener("change", suggestSeats);
    suggestSeats();
  }

  // a map made for 2–3 players offers 3 seats (a count the person sets stays if it fits)
  function suggestSeats() {
    const info = gameInfo(gameSelect.value);
    const chosen = info && info.seatsFor ? optionsBox.querySelector(`[data-option="${info.seatsFor.option}"]`) : null;
    const range = chosen ? info.seatsFor[chosen.value] : null;
    clear(seatsNote);
    if (range) {
      const current = parseInt(seatsInput.value, 10);
      if (!(current >= range[0] && current <= range[1])) seatsInput.value = range[1];
      seatsNote.append(`${humanize(info.seatsFor.option)} ${chosen.value} is made for ${range[0]}–${range[1]} players.`);
    }
    seatsNote.hidden = !range;
    botSeats();
  }

  // a bot checkbox per seat of the count asked for (at most the game's most)
  function botSeats() {
    const type = types.find((t) => t.name === gameSelect.value);
    const count = parseInt(seatsInput.value, 10);
    bots.setSeats(Number.isInteger(count) ? Math.min(Math.max(count, 0), type ? type.max_seats : count) : 0);
  }
  gameSelect.addEventListener("change", chooseType);
  seatsInput.addEventListener("input", botSeats);

  clear(root).append(
    h("div", { class: "lobby" },
      h("div", { class: "lobby-left" },
        form,
        h("section", { class: "panel" }, h("h2", {}, "The games"), gamesBox),
        ratingsPanel(),
        h("p", { class: "muted lobby-help" }, "Create a table, then share its link: each friend opens it, takes a seat with a name, and anyone seated starts the game once enough players are in. Anyone can watch a game being played, and every finished game can be replayed move by move.")),
      h("div", { class: "lobby-right" },
        accountPanel(() => refresh()),
        mineBox,
        h("section", { class: "panel" }, h("h2", {}, "Open tables"), lists.open),
        h("section", { class: "panel" }, h("h2", {}, "Being played"), lists.live),
        h("section", { class: "panel" }, h("h2", {}, "Finished"), lists.finished),
        h("section", { class: "panel" }, h("h2", {}, "Abandoned"), lists.abandoned))),
  );

  async function refresh() {
    try {
      const games = await api.list();
      const listed = new Map(Object.values(games).flat().map((item) => [item.game_id, item]));
      const account = await signedIn().catch(() => null);
      if (account) await shareSeats(account, false); // seats taken on another device
      const held = await yourGames(listed);
      mineBox.hidden = !held.length;
      clear(mine).append(...yourGamesRows(held, types));
      for (const kind of ["open", "live", "abandoned", "finished"]) {
        const items = games[kind] || [];
        clear(lists[kind]).append(...(items.length ? items.map((item) => gameRow(item, types, kind)) : [h("li", { class: "muted empty" }, "None yet.")]));
      }
    } catch (error) {
      console.warn(error);
    }
  }

  (async () => {
    try {
      types = await api.types();
    } catch (error) {
      toast(`Cannot reach the server: ${error.message}`);
    }
    gameSelect.append(...types.map((t) => h("option", { value: t.name }, t.title))); // its players just below
    clear(gamesBox).append(...types.map((t) => {
      const info = gameInfo(t.name);
      return h("li", { testid: "game-description", "data-game": t.name },
        h("strong", {}, t.title), h("span", { class: "muted" }, ` · ${playerCount(t)}${info ? ` · ${info.length}` : ""}`),
        info ? h("div", {}, info.line) : null);
    }));
    chooseType();
    refresh();
  })();
  const timer = setInterval(refresh, 3000);
  return () => clearInterval(timer);
}
