// Bienvenue à bord: the two liner sheets, the three revealed cards and their split, each
// player's cards to resolve with their legal choices, stopovers and the score so far.

import { h, s } from "../dom.js";
import { seatColour, seatName } from "../words.js";
import { commandButton, legalPanel, turnDock } from "./generic.js";

const SYMBOL = { fun: "♪", sun: "☀", game: "⚄", love: "♥" };
const SYMBOL_NAME = { fun: "Fun", sun: "Sun", game: "Game", love: "Love" };
const STARS = (n) => "★".repeat(n || 0);
const OBJECTIVES = {
  per_open_empty_cabin: "+2 per open empty cabin",
  per_chosen_symbol: "+1 per symbol of the chosen kind",
  per_symbol: "+2 per symbol",
  per_fun_sun_game_set: "+5 per set of ♪ ☀ ⚄",
  per_stopover_won: "+2 per stopover won",
  per_3_satisfied: "+1 per 3 satisfied",
  per_unhappy: "+1 per unhappy",
};
const METRICS = {
  satisfied: "most satisfied people",
  symbols_drawn_incl_love: "most symbols",
  cabins_opened: "most cabins opened",
  cabins_occupied: "most cabins filled",
};
const COMPENSATIONS = {
  check_satisfied: "the other checks 1 satisfied",
  bonus_symbol: "the other draws a bonus symbol",
  open_cabins: "the other opens cabins (total 2)",
  love: "the other places a love worth 2",
};
const PHASES = { split: "splits the three cards", choose: "chooses a pile", resolve: "resolve their cards", stopover: "stopover", over: "game over", setup: "setup" };

// Cards seen in any view so far, so the log can say what an id is.
const seen = new Map();
const named = (id) => (seen.has(id) ? cardLabel(seen.get(id)) : "a card");
const STOPOVER_METRIC = { E1: "satisfied", E2: "symbols_drawn_incl_love", E3: "cabins_opened", E4: "cabins_occupied" };
const SCORE_WORDS = { passengers: "passengers", fun: "fun", sun: "sun", stopovers: "stopovers", objectives: "objectives", people: "people" };
// Why people were checked. Rules version 2 says "game_in_cabins" and "no_<symbol>_when_taken";
// a game started under version 1 keeps "game" (the bonus box counted) and "no_<symbol>".
const WHY = {
  stopover_e1: "stopover compensation",
  game: "a game symbol",
  cabin_too_low: "a cabin below the passenger's level",
  cabin_upgrade: "a cabin above the passenger's level",
  no_open_cabin: "no open cabin",
  no_loveless_passenger: "no passenger without love",
  love: "no place for love",
  missing_symbol: "a missing symbol",
};
const MISSING = /^no_(fun|sun|game)(_when_taken)?$/;
function whyWords({ why, satisfied }) {
  if (WHY[why]) return WHY[why];
  if (why === "game_in_cabins") return `${satisfied} game symbol${satisfied === 1 ? "" : "s"} in the cabins`;
  const missing = MISSING.exec(why);
  if (!missing) return why.replace(/_/g, " ");
  const symbol = `no ${SYMBOL_NAME[missing[1]].toLowerCase()} symbol`;
  return missing[2] ? `${symbol} when the passenger was taken` : symbol;
}
const stopoverWords = (card) => METRICS[STOPOVER_METRIC[card]] || "a majority";

/** Words for a card id, from the card objects the view carries (or the id alone). */
function cardLabel(card) {
  if (!card) return "a hidden card";
  if (typeof card === "string") return card;
  switch (card.kind) {
    case "cabin":
      return card.special_total ? `Cabins: any, total ${STARS(card.special_total)}` : `Cabins: open ${card.open.map(STARS).join(" + ")}`;
    case "passenger":
      if (card.effect === "love") return `Love passenger ♥${card.vp}`;
      if (card.effect === "symbol") return `${STARS(card.level)} passenger ${SYMBOL[card.symbol]}`;
      if (card.effect === "wild_symbol") return `${STARS(card.level)} passenger, any symbol`;
      if (card.effect === "conditional_vp") return `${STARS(card.level)} passenger +${card.vp} if ${SYMBOL[card.requires]}`;
      return `${STARS(card.level)} passenger ${card.vp > 0 ? "+" : ""}${card.vp} VP`;
    case "objective":
      return `Objective: ${OBJECTIVES[card.scoring] || card.scoring}${card.symbol ? ` ${SYMBOL[card.symbol]}` : ""}`;
    default:
      return card.id || "card";
  }
}

function cardFace(card, extra = {}) {
  const kind = card.kind || "unknown";
  let main;
  let sub;
  if (kind === "cabin") {
    main = card.special_total ? `Σ${card.special_total}` : card.open.map(STARS).join(" ");
    sub = card.special_total ? "open cabins, total" : "open cabins";
  } else if (kind === "passenger") {
    if (card.effect === "love") {
      main = `♥ ${card.vp}`;
      sub = "love";
    } else {
      main = card.effect === "symbol" ? SYMBOL[card.symbol] : card.effect === "wild_symbol" ? "♪/☀/⚄" : `${card.vp > 0 ? "+" : ""}${card.vp}`;
      sub = `wants ${STARS(card.level)}${card.effect === "conditional_vp" ? `, needs ${SYMBOL[card.requires]}` : ""}`;
    }
  } else if (kind === "objective") {
    main = "★";
    sub = `${OBJECTIVES[card.scoring] || card.scoring}${card.symbol ? ` ${SYMBOL[card.symbol]}` : ""}`;
  }
  return h("div", { class: `bab-card ${kind} ${extra.class || ""}`, testid: extra.testid || "bab-card", "data-card": card.id, title: cardLabel(card) },
    h("span", { class: "bab-card-kind" }, kind),
    h("span", { class: "bab-card-main" }, main),
    h("span", { class: "bab-card-sub" }, sub));
}

/** The liner: three decks of cabins (level 3 on top), drawn as an SVG ship. */
function liner(sheet, colour) {
  const svg = s("svg", { viewBox: "0 0 460 230", class: "bab-liner", role: "img", "aria-label": "Liner sheet" });
  svg.append(
    s("path", { d: "M10 150 L450 150 L410 220 L50 220 Z", fill: colour, opacity: 0.85 }),
    s("rect", { x: 30, y: 96, width: 400, height: 54, fill: "#f8fafc", stroke: "#cbd5e1" }),
    s("rect", { x: 80, y: 48, width: 300, height: 48, fill: "#f8fafc", stroke: "#cbd5e1" }),
    s("rect", { x: 130, y: 4, width: 200, height: 44, fill: "#f8fafc", stroke: "#cbd5e1" }),
    s("rect", { x: 300, y: -10, width: 18, height: 14, fill: "#475569" }),
  );
  const decks = { 3: { x: 134, y: 8, w: 46 }, 2: { x: 84, y: 52, w: 47 }, 1: { x: 34, y: 100, w: 47.5 } };
  for (const level of ["3", "2", "1"]) {
    const deck = decks[level];
    (sheet.levels[level] || []).forEach((cabin, i) => {
      const x = deck.x + i * (deck.w + 2);
      const y = deck.y;
      const w = deck.w;
      const hgt = level === "1" ? 46 : 40;
      const group = s("g", { class: `bab-cabin ${cabin.status}`, testid: `cabin-${cabin.id}`, "data-status": cabin.status });
      group.append(s("title", {}, `Cabin ${cabin.id} (${STARS(cabin.level)}): ${cabin.status}`));
      group.append(s("rect", { x, y, width: w, height: hgt, rx: 5,
        fill: cabin.status === "closed" ? "#cbd5e1" : cabin.status === "open" ? "#ffffff" : "#fef9c3",
        stroke: cabin.status === "closed" ? "#94a3b8" : "#334155", "stroke-width": cabin.status === "closed" ? 1 : 1.5 }));
      if (cabin.status === "open") group.append(s("circle", { cx: x + w / 2, cy: y + hgt / 2, r: 12, fill: "none", stroke: "#334155", "stroke-width": 1.5 }));
      if (cabin.status === "occupied") {
        const text = cabin.symbol ? SYMBOL[cabin.symbol] : cabin.vp !== null && cabin.vp !== undefined ? `${cabin.vp > 0 ? "+" : ""}${cabin.vp}` : "•";
        group.append(s("text", { x: x + w / 2, y: y + hgt / 2 + 7, "text-anchor": "middle", class: "bab-cabin-text" }, text));
      }
      if (cabin.love) group.append(s("text", { x: x + w - 4, y: y + 12, "text-anchor": "end", class: "bab-love" }, `♥${cabin.love}`));
      group.append(s("text", { x: x + 3, y: y + hgt - 3, class: "bab-cabin-id" }, cabin.id));
      svg.append(group);
    });
  }
  return svg;
}

function sheetPanel(sheet, seat, view, ctx) {
  const colour = seatColour(seat);
  const total = Object.values(sheet.score || {}).reduce((a, b) => a + b, 0);
  const awaited = view.awaiting.some((a) => a.seat === seat);
  return h("section", { class: `panel bab-sheet ${awaited ? "awaited" : ""}`, style: { "--seat": colour }, testid: `bab-sheet-${seat}` },
    h("div", { class: "bab-sheet-head" },
      h("span", { class: "dot" }), h("strong", {}, seatName(ctx.names, seat)),
      seat === ctx.seat ? h("span", { class: "em-tag you" }, "you") : null,
      seat === view.splitter ? h("span", { class: "em-tag role principal" }, "splitter") : null,
      h("span", { class: "spacer" }),
      h("span", { class: "bab-total", testid: `bab-total-${seat}` }, `${total} VP`)),
    liner(sheet, colour),
    h("div", { class: "bab-counters" },
      ["fun", "sun", "game", "love"].map((k) => h("span", { class: `bab-sym ${k}`, title: SYMBOL_NAME[k] }, `${SYMBOL[k]} ${sheet.symbols[k]}`)),
      h("span", { class: "bab-people good", title: "Satisfied people" }, `☺ ${sheet.satisfied}`),
      h("span", { class: "bab-people bad", title: "Unhappy people" }, `☹ ${sheet.unhappy}`),
      sheet.bonus_symbol ? h("span", { class: "bab-sym" }, `bonus ${SYMBOL[sheet.bonus_symbol]}`) : null),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Objectives"),
      sheet.objectives.length ? sheet.objectives.map((o) => h("span", { class: "em-chip" }, `${OBJECTIVES[o.scoring] || o.scoring}${o.symbol ? ` ${SYMBOL[o.symbol]}` : ""} → ${o.points}`)) : h("span", { class: "muted" }, `none (${sheet.objective_slots} slots)`)),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Stopovers"),
      sheet.sun_slots.map((sun, i) => {
        const major = sheet.majority_slots[i];
        return h("span", { class: `bab-slot ${major && major.won ? "won" : ""}` }, `#${i + 1} ☀${sun ?? "–"}${major && major.won ? " +6" : ""}`);
      })),
    h("div", { class: "bab-row bab-score" }, Object.entries(sheet.score || {}).map(([k, v]) => h("span", {}, `${SCORE_WORDS[k] || k.replace(/_/g, " ")} ${v}`))));
}

function choiceLabel(command, cardsById) {
  const choice = command.choice || {};
  const card = cardsById.get(command.card);
  if (choice.open !== undefined && choice.open !== null) {
    const opened = choice.open.filter((l) => l !== null);
    return opened.length ? `Open ${opened.map(STARS).join(" + ")}` : "Open nothing";
  }
  if ("cabin" in choice) {
    if (choice.cabin === null) return card && card.kind === "passenger" ? "No cabin: turn away" : "Lose it";
    return `Into ${choice.cabin}${choice.symbol ? ` as ${SYMBOL[choice.symbol]}` : ""}`;
  }
  if (choice.symbol) return `Take it, ${SYMBOL[choice.symbol]}`;
  return card && card.kind === "objective" ? "Take the objective" : "Resolve";
}

function tableArea(view, ctx) {
  const t = view.table;
  const legal = ctx.legal;
  const splits = legal.filter((c) => c.type === "split");
  const takes = legal.filter((c) => c.type === "take_pile");
  let content;
  if (t.single) {
    const byId = new Map(t.revealed.map((c) => [c.id, c]));
    const pile = (name, ids) => {
      const take = takes.find((c) => c.pile === name);
      const taker = t.taken_by_chooser ? (t.taken_by_chooser === name ? view.chooser : view.splitter) : null;
      return h("div", { class: "bab-pile", testid: `bab-pile-${name}` },
        h("div", { class: "em-label" }, name === "single" ? "One card" : "Two cards",
          taker === null ? null : h("span", { class: "who", style: { "--seat": seatColour(taker) } }, " → ", h("span", { class: "dot" }), ` ${seatName(ctx.names, taker)}`)),
        h("div", { class: "bab-cards" }, ids.map((id) => cardFace(byId.get(id) || { id }))),
        take ? commandButton(take, ctx, name === "single" ? "Take this card" : "Take these two") : null);
    };
    content = h("div", { class: "bab-piles" }, pile("single", [t.single]), h("div", { class: "bab-or" }, "or"), pile("pair", t.pair || []));
  } else if (t.revealed.length) {
    content = h("div", { class: "bab-cards" }, t.revealed.map((card) => {
      const split = splits.find((c) => c.single === card.id);
      return split ? commandButton(split, ctx, [cardFace(card), h("span", { class: "em-take" }, "Put alone")], { class: "em-pick" }) : cardFace(card);
    }));
  } else {
    content = h("p", { class: "muted" }, "No cards on the table.");
  }
  return h("section", { class: "panel bab-table", testid: "bab-table" },
    h("h3", {}, `Turn ${view.turn} of ${view.turns}`),
    h("p", { class: "em-phase", testid: "bab-phase" },
      view.phase === "split" ? [h("strong", {}, seatName(ctx.names, view.splitter)), " splits the three cards into 1 + 2."]
        : view.phase === "choose" ? [h("strong", {}, seatName(ctx.names, view.chooser)), " takes a pile; the other goes to ", seatName(ctx.names, view.splitter), "."]
          : view.phase === "resolve" ? "Each player places his cards on his liner."
            : view.phase === "stopover" ? "Stopover: compensations." : PHASES[view.phase] || view.phase),
    content);
}

function handArea(view, ctx) {
  const seat = ctx.seat;
  const blocks = [];
  view.hands.forEach((hand, owner) => {
    if (!hand.length) return;
    const cardsById = new Map(hand.map((c) => [c.id, c]));
    const mine = owner === seat;
    blocks.push(h("div", { class: "bab-hand", style: { "--seat": seatColour(owner) }, testid: `bab-hand-${owner}` },
      h("div", { class: "em-label" }, mine ? "Your cards: place each one" : `${seatName(ctx.names, owner)}'s cards`),
      h("div", { class: "bab-hand-cards" }, hand.map((card) => {
        const options = mine ? ctx.legal.filter((c) => c.type === "resolve" && c.card === card.id) : [];
        return h("div", { class: "bab-hand-card" }, cardFace(card),
          options.length ? h("div", { class: "cmd-row" }, options.map((c) => commandButton(c, ctx, choiceLabel(c, cardsById)))) : null);
      }))));
  });
  const rest = ctx.legal.filter((c) => !["split", "take_pile", "resolve"].includes(c.type));
  if (!blocks.length && !rest.length) return null;
  return h("section", { class: "panel bab-hands", testid: "bab-hands" },
    blocks, rest.length ? legalPanel(rest, ctx, "Stopover compensation") : null);
}

function stopovers(view) {
  return h("section", { class: "panel bab-stopovers", testid: "bab-stopovers" },
    h("h3", {}, "Voyage"),
    h("div", { class: "bab-voyage" }, [1, 2, 3, 4].map((n) => {
      const stop = view.stopovers.find((x) => x.number === n);
      const turn = view.stopover_after_turns[n - 1];
      return h("div", { class: `bab-stop ${stop ? "revealed" : ""} ${view.turn > turn ? "past" : ""}` },
        h("div", { class: "bab-stop-turn" }, `after turn ${turn}`),
        stop ? [h("strong", {}, `Stopover ${n}`), h("div", {}, METRICS[stop.metric] || stopoverWords(stop.card)), h("div", { class: "muted" }, COMPENSATIONS[stop.compensation] || "")]
          : h("div", { class: "muted" }, "face down"));
    })),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Pile"), h("strong", { testid: "bab-pile-size" }, view.pile.size), " cards left"));
}

export default {
  render(root, ctx) {
    const view = ctx.view;
    for (const card of [...view.table.revealed, ...view.hands.flat()]) seen.set(card.id, card);
    const mine = view.awaiting.find((a) => a.seat === ctx.seat);
    const banner = view.phase === "over" ? null : mine && ctx.live && !ctx.botPlays
      ? h("div", { class: "em-banner mine", role: "status", testid: "bab-awaited" }, `Your turn: ${{ split: "split the three cards", take_pile: "take a pile", resolve: "place your cards", compensation: "take your compensation" }[mine.for] || mine.for}.`)
      : h("div", { class: "em-banner", role: "status", testid: "bab-awaited" }, "Waiting for ", view.awaiting.map((a, i) => [i ? " and " : "", h("strong", { class: "who", style: { "--seat": seatColour(a.seat) } }, h("span", { class: "dot" }), " ", seatName(ctx.names, a.seat))]), ".");
    const choosing = ctx.legal.some((c) => c.type === "split" || c.type === "take_pile");
    const table = tableArea(view, ctx);
    const hands = handArea(view, ctx);
    const placing = ctx.legal.some((c) => !["split", "take_pile"].includes(c.type));
    root.append(h("div", { class: "bab-board", testid: "bab-board" },
      turnDock(banner, choosing ? table : placing ? hands : null),
      h("div", { class: "bab-top" }, choosing ? null : table, stopovers(view)),
      placing ? null : hands,
      h("div", { class: "bab-sheets" }, view.sheets.map((sheet, seat) => sheetPanel(sheet, seat, view, ctx)))));
  },
  heading(event) {
    return event.type === "cards_revealed" ? `Turn ${event.turn}` : event.type === "game_ended" ? "The end of the cruise" : null;
  },
  describeEvent(event, names) {
    const n = (seat) => seatName(names, seat);
    switch (event.type) {
      case "pile_built": return `The pile is built: ${event.cards.length} cards`;
      case "first_splitter_drawn": return `${n(event.seat)} splits first`;
      case "cards_revealed": return `Turn ${event.turn}: ${n(event.splitter)} reveals ${event.cards.map(named).join(", ")}`;
      case "pile_split": return `${n(event.seat)} puts ${named(event.single)} alone, and ${event.pair.map(named).join(" with ")} together`;
      case "pile_taken": return `${n(event.seat)} takes the ${event.pile === "single" ? "single card" : "pair"}`;
      case "cabins_opened": return event.cabins.length ? `${n(event.seat)} opens cabin${event.cabins.length > 1 ? "s" : ""} ${event.cabins.join(", ")}` : `${n(event.seat)} opens no cabin`;
      case "passenger_boarded": return `${n(event.seat)} boards ${named(event.card)} in ${event.cabin}${event.symbol ? ` (${SYMBOL[event.symbol] || event.symbol})` : event.vp !== null && event.vp !== undefined ? ` (${event.vp > 0 ? "+" : ""}${event.vp})` : ""}`;
      case "passenger_turned_away": return `${n(event.seat)} has no cabin for ${named(event.card)}: turned away`;
      case "love_placed": return event.cabin ? `${n(event.seat)} places a love ♥${event.vp} in ${event.cabin}` : `${n(event.seat)} has nowhere to place the love`;
      case "objective_taken": return `${n(event.seat)} takes the objective ${named(event.card).replace(/^Objective: /, "")}${event.symbol ? ` (${SYMBOL[event.symbol]})` : ""}`;
      case "objective_discarded": return `${n(event.seat)} has no free objective slot: the objective is discarded`;
      case "people_checked": return `${n(event.seat)}: ${event.satisfied ? `+${event.satisfied} satisfied` : ""}${event.satisfied && event.unhappy ? ", " : ""}${event.unhappy ? `+${event.unhappy} unhappy` : ""}${event.why ? ` (${whyWords(event)})` : ""}`;
      case "sun_scored": return `Stopover ${event.stopover}: sun scores ${event.points.map((p, i) => `${n(i)} ${p}`).join(", ")}`;
      case "stopover_revealed": return `Stopover ${event.stopover} is revealed: ${stopoverWords(event.card)}`;
      case "majority_decided": return event.winner === null || event.winner === undefined ? `Stopover ${event.stopover}: tie, both get the compensation` : `Stopover ${event.stopover}: ${n(event.winner)} wins the majority (+6)`;
      case "bonus_symbol_chosen": return `${n(event.seat)} draws a bonus ${SYMBOL[event.symbol] || event.symbol}`;
      case "game_ended": return `The cruise is over: ${event.scores.map((sc, i) => `${n(i)} ${sc}`).join(", ")}`;
      default: return null;
    }
  },
  describeCommand(command) {
    switch (command.type) {
      case "split": return `Put ${named(command.single)} alone`;
      case "take_pile": return command.pile === "single" ? "Take the single card" : "Take the pair";
      case "resolve": return `${named(command.card)}: ${choiceLabel(command, new Map())}`;
      case "choose_bonus_symbol": return `Bonus symbol ${SYMBOL[command.symbol]} ${SYMBOL_NAME[command.symbol]}`;
      case "open_cabins": return command.levels.length ? `Open ${command.levels.map(STARS).join(" + ")}` : "Open nothing";
      case "place_love": return command.cabin ? `Love ♥2 in ${command.cabin}` : "No cabin for the love";
      default: return null;
    }
  },
};
