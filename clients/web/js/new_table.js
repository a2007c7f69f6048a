// The New table form's bot seats and turn clock (docs/protocol.md, "Bots in seats" and
// "Turn clocks"): fields that cannot ask for what the server refuses, and the request they make.

import { clear, h } from "./dom.js";

// server/table/table_clock.py: what `clock.initial_s`, `clock.increment_s` and
// `clock.per_move_s` may be
export const MAX_INITIAL_S = 30 * 24 * 3600;
export const MAX_INCREMENT_S = 7 * 24 * 3600;
export const MAX_PER_MOVE_S = 30 * 24 * 3600;

function number(text) {
  const value = String(text ?? "").trim();
  return value === "" ? NaN : Number(value);
}

// the units a player's time is given in: a table played over days gives days
export const UNITS = { minutes: 60, hours: 3600, days: 86400 };

/** The clock the fields ask for: `{ clock }` (null when off), or `{ error, field }` in words.
 * `amount` is in `unit` (minutes, hours or days): per player, or with `perMove` per move
 * (a deadline each move must meet; `seconds` added per move is then not asked for). */
export function clockRequest(on, amount, seconds, unit = "minutes", perMove = false) {
  if (!on) return { clock: null };
  const size = UNITS[unit] || UNITS.minutes;
  const most = perMove ? MAX_PER_MOVE_S : MAX_INITIAL_S;
  const asked = Math.round(number(amount) * size * 1000) / 1000;
  if (!(Number.isFinite(asked) && asked >= 1 && asked <= most)) {
    const named = unit in UNITS ? unit : "minutes";
    const label = named[0].toUpperCase() + named.slice(1);
    return { error: `${label} per ${perMove ? "move" : "player"}: from 1 second (${(1 / size).toPrecision(1)} ${named}) to ${most / size} ${named} (30 days)`, field: "minutes" };
  }
  if (perMove) return { clock: { per_move_s: asked, on_timeout: "bot" } };
  const increment = number(seconds);
  if (!(Number.isFinite(increment) && increment >= 0 && increment <= MAX_INCREMENT_S)) {
    return { error: `Seconds added per move: from 0 to ${MAX_INCREMENT_S} (7 days)`, field: "increment" };
  }
  return { clock: { initial_s: asked, increment_s: increment, on_timeout: "bot" } };
}

/** The seats before the last bot's that no bot takes: players must take them all before the
 * game can start (server/table/bot_table.py, `gap_before_bots`). Seats are counted from 0. */
export function seatsBeforeLastBot(bots) {
  const last = Math.max(-1, ...bots);
  return Array.from({ length: Math.max(0, last) }, (_, seat) => seat).filter((seat) => !bots.includes(seat));
}

/** "Bots": a checkbox per seat (never every seat: a player starts the game) and the level. */
export function botsField() {
  const seatsBox = h("div", { class: "bot-seats", role: "group", "aria-labelledby": "new-bots-label", testid: "new-game-bots" });
  const levelSelect = h("select", { id: "new-bot-level", testid: "new-game-bot-level" },
    h("option", { value: "greedy", selected: true }, "greedy"),
    h("option", { value: "random" }, "random"));
  const levelRow = h("div", { class: "option-block", hidden: true, testid: "new-game-bot-level-row" },
    h("label", { class: "option", for: "new-bot-level" }, h("span", {}, "Bot level"), levelSelect),
    h("p", { class: "option-help" }, "Greedy plays the best move it sees; random, any legal move."));
  const note = h("p", { class: "option-help", testid: "new-game-bots-note", hidden: true });
  const element = h("div", { class: "option-block" },
    h("div", { class: "option" }, h("span", { id: "new-bots-label" }, "Bots"), seatsBox),
    note,
    levelRow);

  function boxes() {
    return [...seatsBox.querySelectorAll("input[type=checkbox]")];
  }

  function chosen() {
    return boxes().filter((box) => box.checked).map((box) => parseInt(box.dataset.seat, 10));
  }

  function update() {
    const all = boxes();
    const bots = chosen();
    const full = bots.length >= all.length - 1; // one seat at least is a player's
    for (const box of all) {
      box.disabled = !box.checked && full;
      box.parentElement.title = box.disabled ? "one seat at least is a player's, who starts the game" : "";
    }
    levelRow.hidden = !bots.length;
    const waiting = seatsBeforeLastBot(bots);
    note.hidden = !waiting.length;
    note.textContent = waiting.length
      ? `Players take the free seats in order; the game can start only once ${waiting.length > 1 ? "seats" : "seat"} ${waiting.map((seat) => seat + 1).join(", ")} ${waiting.length > 1 ? "are" : "is"} taken, as a bot sits after ${waiting.length > 1 ? "them" : "it"}.`
      : "";
  }

  /** Shows a checkbox for each of `count` seats, keeping the bots already chosen there. */
  function setSeats(count) {
    const keep = chosen().filter((seat) => seat < count);
    while (keep.length && keep.length >= count) keep.pop();
    clear(seatsBox).append(...Array.from({ length: Math.max(0, count) }, (_, seat) =>
      h("label", { class: "bot-seat" },
        h("input", { type: "checkbox", checked: keep.includes(seat), "data-seat": seat, testid: `new-game-bot-${seat}`, onChange: update }),
        `Seat ${seat + 1}`)));
    update();
  }

  return {
    element,
    setSeats,
    /** `{ bots, botLevel }` as `api.create` takes them; no bots, no level. */
    read: () => {
      const bots = chosen();
      return bots.length ? { bots, botLevel: levelSelect.value } : {};
    },
  };
}

/** "Turn clock": off, or a time per player (in minutes, hours or days: a table in days is
 * played over days, and listed so) and seconds added per move, or a deadline per move. */
export function clockField() {
  const toggle = h("input", { id: "new-clock", type: "checkbox", testid: "new-game-clock" });
  const kind = h("select", { id: "new-clock-kind", testid: "new-game-clock-kind" },
    h("option", { value: "player", selected: true }, "Time per player"),
    h("option", { value: "move" }, "A deadline per move"));
  const minutes = h("input", { id: "new-clock-minutes", type: "number", step: "any", value: 10, inputmode: "decimal", testid: "new-game-clock-minutes" });
  const increment = h("input", { id: "new-clock-increment", type: "number", step: "any", value: 5, inputmode: "decimal", testid: "new-game-clock-increment" });
  const unit = h("select", { id: "new-clock-unit", testid: "new-game-clock-unit", "aria-label": "unit" },
    ...Object.keys(UNITS).map((name) => h("option", { value: name, selected: name === "minutes" }, name)));
  const amountWords = h("span", {}, "Time per player");
  const adds = h("label", { class: "option", for: "new-clock-increment" }, h("span", {}, "Seconds added per move"), increment);
  const details = h("div", { class: "clock-fields", hidden: true, testid: "new-game-clock-fields" },
    h("label", { class: "option", for: "new-clock-kind" }, h("span", {}, "Kind of clock"), kind),
    h("label", { class: "option", for: "new-clock-minutes" }, amountWords, minutes, unit),
    adds,
    h("p", { class: "option-help" }, "Time per player: each player's time runs only while the game waits for them; once it is out, the server's bot plays their turn. From 1 second to 30 days each, plus 0 to 7 days per move; with a day or more each, the table is played over days. A deadline per move: every move must be made within that time (from 1 second to 30 days) from when the game waits for it; past it, the server's bot makes that move, and the next has the whole time again; with an hour or more, the table is played over days. On a table played over days, players are told of their turns (their notices) and reminded when their time runs low. A table with a clock undoes no move."));
  toggle.addEventListener("change", () => { details.hidden = !toggle.checked; });
  kind.addEventListener("change", () => {
    const perMove = kind.value === "move";
    adds.hidden = perMove;
    amountWords.textContent = perMove ? "Each move within" : "Time per player";
  });
  const element = h("div", { class: "option-block" },
    h("label", { class: "option", for: "new-clock" }, h("span", {}, "Turn clock"), toggle),
    details);
  return {
    element,
    /** `{ clock }` or `{ error }`; a field in error is marked and focused. */
    read: () => {
      const asked = clockRequest(toggle.checked, minutes.value, increment.value, unit.value, kind.value === "move");
      for (const input of [minutes, increment]) input.removeAttribute("aria-invalid");
      if (asked.error) {
        const input = asked.field === "minutes" ? minutes : increment;
        input.setAttribute("aria-invalid", "true");
        input.focus();
      }
      return asked;
    },
  };
}
