// 18ZOO, drawn like 18xx.games: the map of tiles (zoom, pan, legend), tile laying with a
// preview turned in place, routes drawn by clicking stops or proposed by "Auto route" with the
// revenue the server explains (zoo18_routes.js), the stock market, families, players and
// powers in words, and a download of a finished game for 18xx.games.

import { expandChoices } from "../choices.js";
import { clear, h } from "../dom.js";
import { seatName } from "../words.js";
import { commandButton, legalPanel, turnDock } from "./generic.js";
import { chooseHex, layChooser, layState, syncLay, turnTile } from "./zoo18_lay.js";
import { centre, legend, zooMap } from "./zoo18_map.js";
import { priceCard, pricedChoices } from "./zoo18_prices.js";
import { autoRoute, clickStop, drawDrawing, drawingFor, drawPanel, routeStep } from "./zoo18_routes.js";
import { loadTiles, tilesLoaded } from "./zoo18_tiles.js";
import {
  describeCommand, describeEvent, ENDINGS, entityName, familyColour, familyInk, familyName, heading, money, powerHelp, powerName, roundTitle, stepWords, trainName,
} from "./zoo18_words.js";

/** A power as a chip whose title says what it does. */
function powerChip(power, text = power.name, extra = "") {
  const help = powerHelp(power.id);
  return h("span", { class: `em-chip ${extra}`.trim(), title: help || power.name, "data-power": power.id }, text);
}

/** "What the powers do": each power offered, coming or held, in a line. */
function powersHelp(view) {
  const seen = new Map();
  for (const p of [...view.powers.offered, ...view.powers.future, ...view.players.flatMap((pl) => pl.powers), ...view.families.flatMap((f) => f.powers)]) {
    if (powerHelp(p.id) && !/^ZOOTicket/.test(p.id)) seen.set(p.id, p);
  }
  if (!seen.size) return null;
  return h("details", { class: "zoo-powers-help", testid: "zoo-powers-help" },
    h("summary", {}, "What the powers do"),
    h("dl", {}, [...seen.values()].map((p) => [h("dt", {}, p.name, p.kind ? h("span", { class: "muted" }, p.kind === "SR" ? " · stock rounds" : " · a family's, operating rounds") : null), h("dd", {}, powerHelp(p.id))])));
}

/** A family's chip: its colour, its letters and its name. */
function famChip(sym, text = familyName(sym)) {
  return h("span", { class: "zoo-fam", style: { background: familyColour(sym), color: familyInk(sym) }, title: familyName(sym) }, text);
}

/** The hex of an 18xx.games city id ("<tile copy or preprinted id>-<city index>"), if known. */
export function cityHex(view, cityId) {
  const tileId = String(cityId).slice(0, String(cityId).lastIndexOf("-"));
  const laid = view.hexes.find((hx) => hx.tile === tileId);
  if (laid) return laid.hex;
  const coord = tileId.split("-")[0];
  return view.hexes.some((hx) => hx.hex === coord) ? coord : null;
}

// The market's zones as 18xx.games colours them. Par cells are not in the view: they are
// domain/games/zoo18/data.py's PARS (row, column: the phase whose par prices they are).
const PAR_CELLS = { "3,1": "yellow", "2,1": "yellow", "1,1": "yellow", "1,3": "green", "1,6": "brown" };
const PAR_WORDS = {
  yellow: "par from the start",
  green: "par from phase 3S (the family gets 5$N and 2 yellow tracks)",
  brown: "par from phase 4S Perm (10$N and 4 yellow tracks)",
};

/** Where each family's share price stood when this round began, from the log: the last
 * `parred` or `price_moved` of each family before the round's first event (its par, for a
 * family opened during the round). */
function pricesAtRoundStart(log) {
  const events = log.map((entry) => entry.event).filter(Boolean);
  let start = 0;
  let title = null;
  events.forEach((e, i) => {
    if (e.type !== "flow_changed" || e.flow.round === "over") return; // after the end: the last round
    const now = roundTitle(e.flow);
    if (now && now !== title) {
      title = now;
      start = i;
    }
  });
  const at = {};
  for (const e of events.slice(0, start)) {
    if (e.type === "parred" || e.type === "price_moved") at[e.family] = `${e.row},${e.col}`;
  }
  for (const e of events.slice(start)) { // a family opened this round started at its par
    if (e.type === "parred" && !at[e.family]) at[e.family] = `${e.row},${e.col}`;
  }
  return at;
}

function marketTable(view, ctx) {
  const before = pricesAtRoundStart(ctx.log || []);
  const now = {};
  view.market.forEach((row, r) => row.forEach((cell, c) => { for (const sym of cell.families) now[sym] = `${r},${c}`; }));
  const moved = Object.keys(now).filter((sym) => before[sym] && before[sym] !== now[sym]);
  const priceAt = (key) => { const [r, c] = key.split(",").map(Number); return view.market[r][c].price; };
  const zone = (cell, key) => (cell.threshold === null || cell.threshold === undefined ? "end" : PAR_CELLS[key] ? `par ${PAR_CELLS[key]}` : cell.president_bonus ? "bonus" : "");
  const table = h("table", { class: "zoo-market", testid: "zoo-market", "aria-label": "Stock market: share prices" },
    h("tbody", {}, view.market.map((row, r) => h("tr", {}, row.map((cell, c) => {
      const key = `${r},${c}`;
      const kind = zone(cell, key);
      const left = moved.filter((sym) => before[sym] === key);
      const words = [`${money(cell.price)} a share`, kind === "end" ? "a family reaching it ends the game" : `moves right when the run pays ${money(cell.threshold)} or more`, `dividend ${money(cell.dividend)} a share`];
      if (cell.president_bonus) words.push(`president +${money(cell.president_bonus)}`);
      if (PAR_CELLS[key]) words.push(PAR_WORDS[PAR_CELLS[key]]);
      return h("td", { class: `${kind} ${cell.families.length ? "held" : ""}`, "data-cell": key, "data-zone": kind || "plain", title: words.join("; ") },
        h("div", { class: "zoo-price" }, cell.price, kind === "end" ? h("span", { class: "zoo-end" }, " END") : null),
        h("div", { class: "zoo-cell-fams" },
          cell.families.map((sym) => famChip(sym, sym)),
          left.map((sym) => h("span", { class: "zoo-fam was", style: { "border-color": familyColour(sym) }, title: `the ${familyName(sym)} were here when the round began` }, sym))));
    })))));
  const moves = moved.map((sym) => {
    const from = priceAt(before[sym]);
    const to = priceAt(now[sym]);
    return h("li", { testid: "zoo-market-move", "data-family": sym }, famChip(sym), ` ${money(from)} ${to > from ? "↗" : to < from ? "↘" : "→"} ${money(to)}`);
  });
  const swatch = (kind, words) => h("li", {}, h("span", { class: `zoo-swatch ${kind}`, "aria-hidden": "true" }), words);
  return h("div", { class: "zoo-market-box" },
    h("div", { class: "table-scroll" }, table),
    h("ul", { class: "zoo-market-legend", testid: "zoo-market-legend" },
      swatch("par yellow", "Par price, from the start"),
      swatch("par green", "Par from phase 3S: +5$N and 2 yellow tracks"),
      swatch("par brown", "Par from phase 4S Perm: +10$N and 4 yellow tracks"),
      swatch("bonus", "The president earns a bonus when the family pays out here"),
      swatch("end", "END: a family reaching it ends the game at the end of the round"),
      swatch("was", "Where a family stood when this round began")),
    h("div", { class: "zoo-market-moves", testid: "zoo-market-moves" },
      h("span", { class: "em-label" }, "Moved this round"),
      moves.length ? h("ul", {}, moves) : h("span", { class: "muted" }, " no price has moved yet")));
}

function familiesTable(view, ctx) {
  return h("div", { class: "table-scroll" }, h("table", { class: "vtable zoo-families", testid: "zoo-families" },
    h("thead", {}, h("tr", {}, ["Family", "President", "Cash", "Share price", "Trains", "Tokens left", "Unsold shares", "In the market", "Powers"].map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, view.families.map((f) => h("tr", { class: f.open ? "" : "closed" },
      h("td", {}, famChip(f.sym)),
      h("td", {}, f.president === null || f.president === undefined ? "—" : seatName(ctx.names, f.president)),
      h("td", {}, f.open ? money(f.cash) : "not open"),
      h("td", {}, f.price === null || f.price === undefined ? "—" : money(f.price)),
      h("td", {}, f.trains.length ? f.trains.map((t) => h("span", { class: `em-chip ${t.obsolete ? "obsolete" : ""}`, title: t.obsolete ? "obsolete: runs one last time" : "" }, trainName(t.runs_as))) : "none"),
      h("td", {}, `${f.tokens_left}${f.next_token_price !== null && f.next_token_price !== undefined ? ` (next ${money(f.next_token_price)})` : ""}`),
      h("td", {}, f.ipo.length),
      h("td", {}, f.market_pool.length),
      h("td", {}, f.powers.length ? f.powers.map((p) => powerChip(p)) : "none"))))));
}

function players(view, ctx) {
  return h("div", { class: "zoo-players" }, view.players.map((p) => h("div", { class: `zoo-player ${view.awaiting.seat === p.seat ? "awaited" : ""}`, testid: `zoo-player-${p.seat}` },
    h("div", { class: "bab-sheet-head" }, h("strong", {}, seatName(ctx.names, p.seat)),
      p.seat === ctx.seat ? h("span", { class: "em-tag you" }, "you") : null,
      view.priority[0] === p.seat ? h("span", { class: "em-tag role principal", title: "plays first in the next stock round" }, "priority") : null,
      h("span", { class: "spacer" }), h("span", { class: "vg-money" }, money(p.cash))),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Shares"), Object.entries(p.shares).map(([sym, pct]) => famChip(sym, `${familyName(sym)} ${pct}%`)), Object.keys(p.shares).length ? null : h("span", { class: "muted" }, "none")),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Powers"), p.powers.length ? p.powers.map((w) => powerChip(w)) : h("span", { class: "muted" }, "none")),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Tickets"), `${p.tickets.length} ZOOTicket${p.tickets.length === 1 ? "" : "s"}`, h("span", { class: "spacer" }), h("span", { class: "muted" }, `worth ${money(p.value)} in all`)))));
}

function banner(view, ctx) {
  if (view.ended) return null;
  const awaiting = view.awaiting;
  const entity = awaiting.entity;
  const family = entity && !/^p\d+$/.test(entity) ? familyName(entity) : null;
  // the step the game is at says what the move is (the home tile laid in a stock round too)
  const step = stepWords(view.round.step) || { draft: "buy a power or pass", sr: "buy or sell shares, or pass" }[view.round.kind] || null;
  const mine = awaiting.seat === ctx.seat && ctx.live && ctx.legal.length;
  if (mine) {
    return h("div", { class: "em-banner mine", role: "status", testid: "zoo-awaited" },
      "Your turn", family ? [" for the ", h("strong", {}, family)] : "", step ? `: ${step}.` : ".");
  }
  if (awaiting.seat === null || awaiting.seat === undefined) return h("div", { class: "em-banner", role: "status", testid: "zoo-awaited" }, "The game moves on…");
  return h("div", { class: "em-banner", role: "status", testid: "zoo-awaited" },
    "Waiting for ", h("strong", {}, seatName(ctx.names, awaiting.seat)), family ? ` (the ${family})` : "", step ? ` to ${step}.` : ".");
}

/** Scrolls the page so that the chosen hex is seen whole below the turn panel, which stays
 * at the top of the screen (on a phone it would otherwise cover the hex). */
function keepInSight(root, hex) {
  const g = root.querySelector(`[data-testid="hex-${hex}"]`);
  const dock = root.querySelector("[data-testid=turn-dock]");
  if (!g || !dock) return;
  const box = g.getBoundingClientRect();
  const top = dock.getBoundingClientRect().height + 8; // the dock's bottom once it sticks
  if (box.top < top) window.scrollBy(0, box.top - top);
  else if (box.bottom > window.innerHeight - 8) window.scrollBy(0, box.bottom - window.innerHeight + 8);
}

let keysBound = false;
let onTurnKey = null;

function bindKeys() {
  if (keysBound) return;
  keysBound = true;
  document.addEventListener("keydown", (event) => {
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (onTurnKey && document.querySelector("[data-testid=zoo-board]")) onTurnKey(event);
  });
}

export default {
  minor: new Set(["priority_changed", "price_moved", "train_flagged"]),
  render(root, ctx) {
    const view = ctx.view;
    if (!view.started) {
      root.append(h("p", { class: "muted" }, "Setting up…"));
      return;
    }
    if (!tilesLoaded()) {
      // The tile shapes are a static file: draw again once they are here.
      root.append(h("p", { class: "muted", testid: "zoo-loading" }, "Loading the tiles…"));
      loadTiles().then(() => {
        if (root.querySelector("[data-testid=zoo-loading]")) {
          clear(root);
          this.render(root, ctx);
        }
      });
      return;
    }
    const lays = new Map();
    for (const c of ctx.legal) {
      if (c.type !== "lay_tile") continue;
      if (!lays.has(c.hex)) lays.set(c.hex, []);
      lays.get(c.hex).push(c);
    }
    const tokens = new Map();
    for (const c of ctx.legal) {
      if (c.type !== "place_token") continue;
      const coord = cityHex(view, c.city);
      if (coord === null) continue;
      if (!tokens.has(coord)) tokens.set(coord, []);
      tokens.get(coord).push(c);
    }
    const mapped = new Set([...tokens.values()].flat());
    const step = routeStep(view, ctx);
    const drawing = step ? drawingFor(view, step) : null;
    const best = ctx.legal.find((c) => c.type === "run_routes") || null;
    const state = { lays, tokens, selected: null, preview: null, routing: drawing, choose: null, clickStop: (hex) => clickStop(ctx, drawing, hex) };
    const panel = drawing ? drawPanel(ctx, drawing, () => autoRoute(ctx, drawing, best)) : null;
    let overlay = null;
    const drawOverlay = () => {
      if (!overlay) return;
      const drawn = drawing && Object.values(drawing.stops).some((stops) => stops.length);
      clear(overlay);
      if (drawn) drawDrawing(overlay, drawing, centre);
    };
    if (drawing) {
      drawing.refresh = () => {
        drawOverlay();
        panel.fill();
      };
    }
    const mapBox = h("div", { class: "zoo-map-box" });
    const layBox = h("div", {});
    const mapKey = `${ctx.table.game}|${view.map}|${location.hash}`;
    const draw = () => {
      state.preview = syncLay(lays, tokens);
      state.selected = layState().hex;
      const map = zooMap(view, state, mapKey);
      overlay = map.overlay;
      clear(mapBox).append(map.element);
      clear(layBox).append(layChooser(ctx, lays, tokens, draw));
      drawOverlay();
    };
    state.choose = (hex) => {
      chooseHex(hex, lays);
      draw();
      if (hex) requestAnimationFrame(() => keepInSight(root, hex));
    };
    onTurnKey = (event) => {
      if (!ctx.live || !lays.size) return;
      if (event.key === "r" || event.key === "R") {
        if (turnTile(event.shiftKey ? -1 : 1)) {
          event.preventDefault();
          draw();
        }
      } else if (event.key === "Escape" && layState().hex) {
        chooseHex(null, lays);
        draw();
      }
    };
    bindKeys();
    draw();
    // a price range is one card (zoo18_prices.js), not a button per price
    const priced = pricedChoices(ctx);
    const byCard = new Set(expandChoices(priced).map((c) => JSON.stringify(c)));
    const rest = ctx.legal.filter((c) => c.type !== "lay_tile" && !(drawing && c.type === "run_routes") && !mapped.has(c) && !byCard.has(JSON.stringify(c)));
    const round = view.round;
    const actions = ctx.legal.length ? h("section", { class: "panel em-actions", testid: "zoo-actions" },
      h("h3", {}, "Your move"),
      layBox,
      panel ? panel.box : null,
      panel && best ? h("div", { class: "cmd-row zoo-run-best" }, commandButton(best, ctx, best.routes.length ? "Run the best routes at once" : "Run no train", { class: "ghost" })) : null,
      rest.length ? legalPanel(rest, ctx, lays.size || tokens.size || panel ? "Other choices" : "Choose") : null,
      priced.length ? h("div", { class: "zoo-prices", testid: "zoo-prices" }, h("div", { class: "cmd-group-title" }, "At a price you choose"),
        priced.map((choice) => priceCard(choice, view, ctx))) : null) : null;
    const exportLink = ctx.table.over && ctx.gameId && view.exportable
      ? h("a", { class: "button", href: `/api/games/${encodeURIComponent(ctx.gameId)}/export/18xx`, download: `18zoo-${ctx.gameId}.json`, testid: "zoo-export" }, "Download for 18xx.games")
      : null;
    root.append(h("div", { class: "zoo-board", testid: "zoo-board" },
      turnDock(banner(view, ctx), actions),
      exportLink ? h("section", { class: "panel zoo-export" }, h("p", {}, "This game is over. Download it in the 18xx.games format to replay it there: "), exportLink) : null,
      h("section", { class: "panel zoo-status", testid: "zoo-status" },
        h("div", { class: "vg-council-row" },
          h("div", {}, h("div", { class: "em-label" }, "Round"), h("strong", { testid: "zoo-round" }, roundTitle({ round: round.kind, turn: round.turn, or_num: round.operating_round }) || round.kind)),
          h("div", {}, h("div", { class: "em-label" }, "Phase"), h("strong", { testid: "zoo-phase" }, view.phase)),
          h("div", {}, h("div", { class: "em-label" }, "Map"), h("strong", {}, view.map)),
          h("div", {}, h("div", { class: "em-label" }, "ZOOTicket worth"), h("strong", {}, money(view.ticket_value))),
          h("div", {}, h("div", { class: "em-label" }, "Trains for sale"), view.depot.length ? [...new Set(view.depot.map((t) => t.name))].map((name) => h("span", { class: "em-chip" }, name)) : "none"),
          view.last_run.family ? h("div", {}, h("div", { class: "em-label" }, "Last run"), `the ${familyName(view.last_run.family)}: ${money(view.last_run.revenue)}${view.last_run.subsidy ? ` + ${money(view.last_run.subsidy)} subsidy` : ""}`) : null)),
      h("div", { class: "zoo-top" },
        h("section", { class: "panel zoo-mappanel" }, h("h3", {}, `Map ${view.map}`), mapBox, legend(view)),
        h("div", { class: "zoo-side" },
          h("section", { class: "panel" }, h("h3", {}, "Players"), players(view, ctx)),
          h("section", { class: "panel" }, h("h3", {}, "Powers"),
            h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "For sale"), view.powers.offered.length ? view.powers.offered.map((p) => powerChip(p, `${p.name} (${money(p.price)})`)) : h("span", { class: "muted" }, "none")),
            h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Next"), view.powers.future.length ? view.powers.future.map((p) => powerChip(p, p.name, "small")) : h("span", { class: "muted" }, "none")),
            powersHelp(view)))),
      h("section", { class: "panel" }, h("h3", {}, "Families"), familiesTable(view, ctx)),
      h("section", { class: "panel", testid: "zoo-market-panel" }, h("h3", {}, "Stock market"), marketTable(view, ctx))));
  },
  describeEvent,
  describeCommand,
  heading,
  // the end screen: scores are each player's money, the reason in words
  resultWords: {
    reason: (reason) => ENDINGS[String(reason).toLowerCase()] || null,
    score: (score) => money(score),
    rankedBy: "money",
  },
};

export { entityName, powerName };
