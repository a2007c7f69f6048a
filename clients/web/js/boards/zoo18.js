// 18ZOO: the hex map (tiles, rotations, tokens, revenues, track when the view carries paths),
// tile laying by hex -> tile -> rotation, routes drawn on the map (offered route sets, or drawn
// by clicking stops with the revenue the server explains: zoo18_routes.js), the stock market,
// families, players, powers, trains and the phase.

import { clear, h, s } from "../dom.js";
import { seatName } from "../words.js";
import { commandButton, legalPanel } from "./generic.js";
import { clickStop, drawDrawing, drawingFor, drawPanel, routeStep } from "./zoo18_routes.js";

const R = 30; // hex radius
const SQ3 = Math.sqrt(3);
const HEX_FILL = { white: "#f5f0e1", yellow: "#fde68a", green: "#86efac", brown: "#d6a86a", gray: "#cbd5e1", red: "#fca5a5", blue: "#93c5fd" };
const FAMILY_COLOURS = { CR: "#15803d", GI: "#ca8a04", PB: "#0ea5e9", PE: "#1e293b", LI: "#b45309", TI: "#ea580c", BB: "#78350f", EL: "#6b7280" };
const familyColour = (sym) => FAMILY_COLOURS[sym] || "#7c3aed";

function parse(coord) {
  return { col: coord.charCodeAt(0) - 65, row: parseInt(coord.slice(1), 10) };
}

function centre(coord) {
  const { col, row } = parse(coord);
  return { x: col * 1.5 * R, y: (row * SQ3 * R) / 2 };
}

/** Flat-topped hex corners around (x, y). */
function corners(x, y, r = R) {
  return Array.from({ length: 6 }, (_, k) => `${(x + r * Math.cos((Math.PI / 3) * k)).toFixed(1)},${(y + r * Math.sin((Math.PI / 3) * k)).toFixed(1)}`).join(" ");
}

/** Midpoint of edge e (0 bottom, 1 lower-left, 2 upper-left, 3 top, 4 upper-right, 5 lower-right). */
function edgePoint(x, y, edge) {
  const angle = (Math.PI / 180) * (90 + 60 * edge);
  const d = (SQ3 / 2) * R;
  return { x: x + d * Math.cos(angle), y: y + d * Math.sin(angle) };
}

function stopPoint(x, y, index, count) {
  if (count <= 1) return { x, y };
  const angle = (2 * Math.PI * index) / count - Math.PI / 2;
  return { x: x + 12 * Math.cos(angle), y: y + 12 * Math.sin(angle) };
}

/** Track of a tile, when the view gives paths: ends 0..5 are edges, 6.. stops, -1 the centre. */
function track(hex, x, y) {
  const out = [];
  const stops = hex.stops ? hex.stops.length : hex.revenue.length;
  const end = (value) => {
    if (value >= 0 && value <= 5) return edgePoint(x, y, (value + (hex.rotation || 0)) % 6);
    if (value >= 6) return stopPoint(x, y, value - 6, stops);
    return { x, y };
  };
  for (const [a, b] of hex.paths || []) {
    const p = end(a);
    const q = end(b);
    out.push(s("path", { d: `M${p.x.toFixed(1)} ${p.y.toFixed(1)} Q${x} ${y} ${q.x.toFixed(1)} ${q.y.toFixed(1)}`, class: "zoo-track" }));
  }
  return out;
}

function hexShape(hex, state) {
  const { x, y } = centre(hex.hex);
  const tokening = state.tokens.has(hex.hex);
  const laying = state.lays.has(hex.hex);
  const g = s("g", { class: `zoo-hex ${laying ? "can-lay" : ""} ${tokening ? "can-token" : ""} ${state.selected === hex.hex ? "selected" : ""}`, testid: `hex-${hex.hex}`, "data-tile": hex.tile || "", "data-rotation": hex.rotation });
  g.append(s("title", {}, `${hex.hex}${hex.label ? ` ${hex.label}` : ""}${hex.tile ? `: tile ${hex.tile}, rotation ${hex.rotation}` : ""}${hex.revenue.length ? `, revenue ${hex.revenue.join("/")}` : ""}`));
  g.append(s("polygon", { points: corners(x, y), fill: HEX_FILL[hex.color] || "#e5e7eb", class: "zoo-hex-bg" }));
  g.append(...track(hex, x, y));
  const stops = Math.max(hex.revenue.length, hex.tokens.length ? 1 : 0);
  // Cities/towns with their token slots.
  for (let i = 0; i < stops; i++) {
    const p = stopPoint(x, y, i, stops);
    const here = hex.tokens.filter((t) => t.city === i);
    const reserved = hex.reserved.filter((t) => t.city === i);
    const routing = state.routing && hex.stops && hex.stops[i] && !hex.stops[i].hidden;
    const stop = s("circle", { cx: p.x, cy: p.y, r: 9, fill: "#fff", stroke: routing ? "#dc2626" : "#1f2937", "stroke-width": routing ? 2.5 : 1.5, class: `zoo-stop ${routing ? "can-route" : ""}`, testid: `stop-${hex.hex}-${i}`, "data-hex": hex.hex, "data-kind": hex.stops && hex.stops[i] ? hex.stops[i].kind : "" });
    g.append(stop);
    for (const token of here) {
      g.append(s("circle", { cx: p.x, cy: p.y, r: 8, fill: familyColour(token.owner), class: "zoo-token", "data-owner": token.owner }),
        s("text", { x: p.x, y: p.y + 3, class: "zoo-token-text", "text-anchor": "middle" }, token.owner));
    }
    if (!here.length) {
      for (const r of reserved) g.append(s("circle", { cx: p.x, cy: p.y, r: 8, fill: "none", stroke: familyColour(r.family), "stroke-dasharray": "2 2", "stroke-width": 2 }));
    }
  }
  if (hex.revenue.length) {
    const value = [...new Set(hex.revenue)].join("/");
    g.append(s("circle", { cx: x + 15, cy: y - 15, r: 8, fill: "#fff", stroke: "#6b7280" }), s("text", { x: x + 15, y: y - 12, class: "zoo-rev", "text-anchor": "middle" }, value));
  }
  if (hex.label) g.append(s("text", { x: x - 17, y: y - 11, class: "zoo-label" }, hex.label));
  g.append(s("text", { x, y: y + R * 0.78, class: "zoo-coord", "text-anchor": "middle" }, hex.hex));
  if (hex.tile) {
    g.append(s("text", { x: x - 20, y: y + 15, class: "zoo-tile" }, hex.tile));
    // A small notch on the edge the tile's rotation points to.
    const p = edgePoint(x, y, hex.rotation % 6);
    g.append(s("circle", { cx: p.x, cy: p.y, r: 2.2, fill: "#1f2937", class: "zoo-rotation" }));
  }
  if (laying || tokening) {
    g.style.cursor = "pointer";
    g.addEventListener("click", () => state.choose(hex.hex));
  }
  if (state.routing) {
    // In the route step the stops themselves are the targets (drawn last, so they take clicks).
    for (const stop of g.querySelectorAll(".zoo-stop.can-route")) {
      g.append(stop);
      stop.style.cursor = "pointer";
      stop.addEventListener("click", (event) => {
        event.stopPropagation();
        state.clickStop(hex.hex);
      });
    }
  }
  return g;
}

function mapSvg(view, state) {
  const points = view.hexes.map((hx) => centre(hx.hex));
  const minX = Math.min(...points.map((p) => p.x)) - R - 4;
  const maxX = Math.max(...points.map((p) => p.x)) + R + 4;
  const minY = Math.min(...points.map((p) => p.y)) - R - 4;
  const maxY = Math.max(...points.map((p) => p.y)) + R + 4;
  const svg = s("svg", { viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`, class: "zoo-map", role: "img", "aria-label": `Map ${view.map}`, testid: "zoo-map" });
  for (const hex of view.hexes) svg.append(hexShape(hex, state));
  const overlay = s("g", { class: "zoo-routes", testid: "zoo-routes", "pointer-events": "none" });
  svg.append(overlay);
  state.overlay = overlay;
  return svg;
}

/** Draws a run_routes command's routes over the map. */
function drawRoutes(overlay, command) {
  clear(overlay);
  if (!command) return;
  command.routes.forEach((route, i) => {
    const colour = ["#dc2626", "#2563eb", "#16a34a", "#9333ea"][i % 4];
    for (const connection of route.connections) {
      const pts = connection.map((coord) => centre(coord));
      if (pts.length < 2) continue;
      overlay.append(s("polyline", { points: pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "), class: "zoo-route", stroke: colour }));
      for (const p of [pts[0], pts[pts.length - 1]]) overlay.append(s("circle", { cx: p.x, cy: p.y, r: 5, fill: colour }));
    }
  });
}

function marketTable(view) {
  return h("table", { class: "zoo-market", testid: "zoo-market" },
    h("tbody", {}, view.market.map((row) => h("tr", {}, row.map((cell) => h("td", { class: cell.families.length ? "held" : "", title: `price ${cell.price}, dividend ${cell.dividend}${cell.president_bonus ? `, president +${cell.president_bonus}` : ""}` },
      h("div", { class: "zoo-price" }, cell.price),
      h("div", { class: "zoo-cell-fams" }, cell.families.map((sym) => h("span", { class: "zoo-fam", style: { background: familyColour(sym) } }, sym)))))))));
}

function families(view, ctx) {
  return h("table", { class: "vtable zoo-families", testid: "zoo-families" },
    h("thead", {}, h("tr", {}, ["Family", "President", "Cash", "Price", "Trains", "Tokens", "IPO", "Pool", "Powers"].map((c) => h("th", {}, c)))),
    h("tbody", {}, view.families.map((f) => h("tr", { class: f.open ? "" : "closed" },
      h("td", {}, h("span", { class: "zoo-fam", style: { background: familyColour(f.sym) } }, f.sym), " ", f.name.replace(/^\(H\d\)\s*/, "")),
      h("td", {}, f.president === null || f.president === undefined ? "—" : seatName(ctx.names, f.president)),
      h("td", {}, f.open ? `${f.cash}$N` : "—"),
      h("td", {}, f.price ?? "—"),
      h("td", {}, f.trains.length ? f.trains.map((t) => h("span", { class: `em-chip ${t.obsolete ? "obsolete" : ""}` }, t.runs_as)) : "—"),
      h("td", {}, `${f.tokens_left}${f.next_token_price !== null && f.next_token_price !== undefined ? ` (next ${f.next_token_price})` : ""}`),
      h("td", {}, f.ipo.length),
      h("td", {}, f.market_pool.length),
      h("td", {}, f.powers.map((p) => p.name).join(", ") || "—")))));
}

function players(view, ctx) {
  return h("div", { class: "zoo-players" }, view.players.map((p) => h("div", { class: `zoo-player ${view.awaiting.seat === p.seat ? "awaited" : ""}`, testid: `zoo-player-${p.seat}` },
    h("div", { class: "bab-sheet-head" }, h("strong", {}, seatName(ctx.names, p.seat)),
      p.seat === ctx.seat ? h("span", { class: "em-tag you" }, "you") : null,
      view.priority[0] === p.seat ? h("span", { class: "em-tag role principal" }, "priority") : null,
      h("span", { class: "spacer" }), h("span", { class: "vg-money" }, `${p.cash}$N`)),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Shares"), Object.entries(p.shares).map(([sym, pct]) => h("span", { class: "zoo-fam", style: { background: familyColour(sym) } }, `${sym} ${pct}%`)), Object.keys(p.shares).length ? null : h("span", { class: "muted" }, "none")),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Powers"), p.powers.length ? p.powers.map((w) => h("span", { class: "em-chip" }, w.name)) : h("span", { class: "muted" }, "none")),
    h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Tickets"), `${p.tickets.length}`, h("span", { class: "spacer" }), h("span", { class: "muted" }, `value ${p.value}`)))));
}

/** The hex of an 18xx.games city id ("<tile copy or preprinted id>-<city index>"), if known. */
export function cityHex(view, cityId) {
  const tileId = String(cityId).slice(0, String(cityId).lastIndexOf("-"));
  const laid = view.hexes.find((hx) => hx.tile === tileId);
  if (laid) return laid.hex;
  const coord = tileId.split("-")[0];
  return view.hexes.some((hx) => hx.hex === coord) ? coord : null;
}

/** Tile laying (hex -> tile -> rotation) and token placing, started from the map or the list. */
function layChooser(ctx, state) {
  const box = h("div", { class: "zoo-lay", testid: "zoo-lay" });
  const targets = [...new Set([...state.lays.keys(), ...state.tokens.keys()])];
  if (!targets.length) return box;
  const hex = state.selected;
  if (!hex) {
    const what = [state.lays.size ? "lay a tile" : null, state.tokens.size ? "place a token" : null].filter(Boolean).join(" or ");
    box.append(h("p", { class: "muted" }, `To ${what}, click one of the ${targets.length} highlighted hexes on the map (or choose below).`),
      h("div", { class: "cmd-row" }, targets.map((coord) => h("button", { type: "button", class: "ghost", testid: "zoo-lay-hex", "data-hex": coord, onClick: () => state.choose(coord) }, coord))));
    return box;
  }
  box.append(h("div", { class: "bab-row" }, h("strong", {}, `Hex ${hex}`), h("button", { type: "button", class: "ghost", onClick: () => state.choose(null) }, "Another hex")));
  const commands = state.lays.get(hex) || [];
  const tiles = [...new Set(commands.map((c) => `${c.tile}|${c.power || ""}`))];
  for (const key of tiles) {
    const [tile, power] = key.split("|");
    const rotations = commands.filter((c) => c.tile === tile && (c.power || "") === power);
    box.append(h("div", { class: "zoo-lay-tile" },
      h("span", { class: "em-chip" }, `Tile ${tile}${power ? ` (${power})` : ""}`),
      h("span", { class: "muted" }, "rotation:"),
      rotations.map((c) => commandButton(c, ctx, `↻ ${c.rotation}`, { title: `Lay tile ${c.tile} on ${c.hex}, rotation ${c.rotation}` }))));
  }
  const tokens = state.tokens.get(hex) || [];
  if (tokens.length) {
    box.append(h("div", { class: "zoo-lay-tile" }, h("span", { class: "em-chip" }, "Token"),
      tokens.map((c) => commandButton(c, ctx, `● city ${c.city.slice(c.city.lastIndexOf("-") + 1)}${c.slot !== null && c.slot !== undefined ? `, slot ${c.slot}` : ""}${c.power ? ` (${c.power})` : ""}`))));
  }
  return box;
}

const ROUND = { sr: "Stock round", or: "Operating round", draft: "Powers draft", over: "Game over" };

export default {
  minor: new Set(["flow_changed", "priority_changed"]),
  render(root, ctx) {
    const view = ctx.view;
    if (!view.started) {
      root.append(h("p", { class: "muted" }, "Setting up…"));
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
    const state = { lays, tokens, selected: null, overlay: null, choose: null, routing: drawing, clickStop: (hex) => clickStop(ctx, drawing, hex) };
    const panel = drawing ? drawPanel(ctx, drawing) : null;
    const drawOverlay = () => {
      const drawn = drawing && Object.values(drawing.stops).some((stops) => stops.length);
      drawRoutes(state.overlay, drawn ? null : ctx.legal.find((c) => c.type === "run_routes"));
      if (drawn) drawDrawing(state.overlay, drawing, centre);
    };
    if (drawing) {
      drawing.refresh = () => {
        drawOverlay();
        panel.fill();
      };
    }
    const mapBox = h("div", { class: "zoo-map-box" });
    const layBox = h("div", {});
    const draw = () => {
      clear(mapBox).append(mapSvg(view, state));
      clear(layBox).append(layChooser(ctx, state));
      drawOverlay();
    };
    state.choose = (hex) => {
      state.selected = hex;
      draw();
    };
    draw();
    const routeCommands = ctx.legal.filter((c) => c.type === "run_routes");
    const rest = ctx.legal.filter((c) => c.type !== "lay_tile" && c.type !== "run_routes" && !mapped.has(c));
    const round = view.round;
    const mine = view.awaiting.seat === ctx.seat && ctx.live && ctx.legal.length;
    root.append(h("div", { class: "zoo-board", testid: "zoo-board" },
      view.ended ? null : h("div", { class: `em-banner ${mine ? "mine" : ""}`, role: "status", testid: "zoo-awaited" },
        mine ? `Your turn (${view.awaiting.entity}).` : view.awaiting.seat === null || view.awaiting.seat === undefined ? "…" : ["Waiting for ", h("strong", {}, seatName(ctx.names, view.awaiting.seat)), ` (${view.awaiting.entity}).`]),
      h("section", { class: "panel zoo-status", testid: "zoo-status" },
        h("div", { class: "vg-council-row" },
          h("div", {}, h("div", { class: "em-label" }, "Round"), h("strong", { testid: "zoo-round" }, `${ROUND[round.kind] || round.kind}${round.day ? ` · ${round.day}` : ""}${round.operating_round ? ` · OR ${round.operating_round}` : ""}`), round.step ? h("span", { class: "muted" }, ` (${round.step})`) : null),
          h("div", {}, h("div", { class: "em-label" }, "Phase"), h("strong", { testid: "zoo-phase" }, view.phase)),
          h("div", {}, h("div", { class: "em-label" }, "Map"), h("strong", {}, view.map)),
          h("div", {}, h("div", { class: "em-label" }, "ZOOTicket"), h("strong", {}, view.ticket_value)),
          h("div", {}, h("div", { class: "em-label" }, "Trains for sale"), view.depot.map((t) => h("span", { class: "em-chip" }, t.name)), view.depot.length ? null : "none"),
          view.last_run.family ? h("div", {}, h("div", { class: "em-label" }, "Last run"), `${view.last_run.family} ${view.last_run.revenue}${view.last_run.subsidy ? ` + ${view.last_run.subsidy}` : ""}`) : null)),
      h("div", { class: "zoo-top" },
        h("section", { class: "panel zoo-mappanel" }, h("h3", {}, "Map"), mapBox),
        h("div", { class: "zoo-side" },
          ctx.legal.length ? h("section", { class: "panel em-actions", testid: "zoo-actions" },
            h("h3", {}, "Your move"),
            layBox,
            panel ? panel.box : null,
            routeCommands.length ? h("div", { class: "zoo-route-choices" }, h("div", { class: "em-label" }, panel ? "Or run an offered route set (hover to see it on the map)" : "Routes (drawn on the map; hover to compare)"),
              routeCommands.map((c) => {
                const button = commandButton(c, ctx, `Run: ${c.routes.map((r) => `${r.train} ${r.connections.map((x) => x.join("-")).join(" + ")}`).join("; ")}`);
                button.addEventListener("mouseenter", () => drawRoutes(state.overlay, c));
                button.addEventListener("focus", () => drawRoutes(state.overlay, c));
                button.addEventListener("mouseleave", () => drawOverlay());
                return button;
              })) : null,
            rest.length ? legalPanel(rest, ctx, "Other choices") : null) : null,
          h("section", { class: "panel" }, h("h3", {}, "Powers"),
            h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Offered"), view.powers.offered.map((p) => h("span", { class: "em-chip", title: p.kind === "SR" ? "stock-round power" : "operating-round power" }, `${p.name} (${p.price})`))),
            h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Next"), view.powers.future.map((p) => h("span", { class: "em-chip small" }, p.name)))),
          h("section", { class: "panel" }, h("h3", {}, "Players"), players(view, ctx)))),
      h("section", { class: "panel" }, h("h3", {}, "Families"), families(view, ctx)),
      h("section", { class: "panel" }, h("h3", {}, "Stock market"), marketTable(view))));
  },
  describeEvent(e, names) {
    const who = (id) => (typeof id === "string" && /^p\d+$/.test(id) ? seatName(names, parseInt(id.slice(1), 10)) : id);
    switch (e.type) {
      case "zoo_started": return `18ZOO starts on map ${e.map} with ${e.players.length} players`;
      case "paid": return `${who(e.payer)} pays ${e.amount} to ${who(e.payee)}`;
      case "shares_moved": return `${e.shares.join(", ")} → ${who(e.to)}`;
      case "parred": return `${e.family} opens on the market`;
      case "price_moved": return `${e.family} moves on the market (row ${e.row}, column ${e.col})`;
      case "power_moved": return `Power ${e.power} → ${who(e.to)}`;
      case "tile_laid": return `${e.family} lays tile ${e.tile} on ${e.hex} (rotation ${e.rotation})`;
      case "token_placed": return `${e.family} places a token on ${e.hex}`;
      case "train_moved": return `Train ${e.train} → ${who(e.to)}`;
      case "phase_changed": return `Phase ${e.phase} begins`;
      case "run_recorded": return `${e.family} runs for ${e.revenue}${e.subsidy ? ` + ${e.subsidy} subsidy` : ""}`;
      case "flow_changed": {
        const f = e.flow || {};
        const turn = f.round === "or" ? `OR ${f.or_num}` : `${ROUND[f.round] || f.round} ${f.turn}`;
        const actor = f.order?.[f.index];
        return `${turn}${f.step ? ` · ${f.step.replace(/_/g, " ")}` : ""} · ${who(/^\d+$/.test(actor ?? "") ? `p${actor}` : actor) ?? "—"} to act`;
      }
      case "priority_changed": return `Priority: ${e.order.map((seat) => seatName(names, seat)).join(", ")}`;
      case "penalised": return `${seatName(names, e.seat)} is penalised ${e.amount}`;
      default: return null;
    }
  },
  describeCommand(c) {
    switch (c.type) {
      case "bid": return `Bid ${c.price} on ${c.power}`;
      case "pass": return "Pass";
      case "par": return `Open ${c.family} at ${c.price}`;
      case "buy_shares": return `Buy ${c.shares.join(", ")}`;
      case "sell_shares": return `Sell ${c.shares.join(", ")}`;
      case "buy_power": return `Buy ${c.power} for ${c.price}`;
      case "lay_tile": return `Tile ${c.tile} on ${c.hex} ↻${c.rotation}`;
      case "place_token": return `Token in ${c.city}${c.slot !== null && c.slot !== undefined ? ` slot ${c.slot}` : ""}`;
      case "dividend": return c.kind === "payout" ? "Pay out" : "Withhold";
      case "buy_train": return `Buy ${c.variant || c.train} for ${c.price}`;
      case "discard_train": return `Discard ${c.train}`;
      case "sell_ticket": return `Sell ${c.ticket}`;
      case "use_power": return `Use ${c.power}${c.family ? ` for ${c.family}` : ""}`;
      case "protect_train": return c.train ? `Protect ${c.train}` : "Protect nothing";
      case "assign": return `Put ${c.power} on ${c.hex}`;
      case "end_game": return "End the game";
      default: return null;
    }
  },
};
