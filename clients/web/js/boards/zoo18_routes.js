// 18ZOO route drawing: in the route step the president clicks stops on the map, in order, for
// each train; after every click the board asks the server to `explain` the run (the server
// finds the track between consecutive stops, checks the run exactly as it would decide it and
// answers the revenue, or why not in words). The route is drawn along the track the server
// found; "Run these routes" sends the very command the server explained.
//
// The command asked about gives each route as its clicked stops: connections [[s0, s1], [s1, s2],
// ...] (one stop: [[s0]]); the answer's `command` carries the engine's 18xx.games format
// (full hex paths), and that is what is submitted. Clicking the last stop again takes it back.
// A hex is named by its coordinate only (the recorded format has no stop index): on a hex with
// two stops the engine takes the first that fits the track.

import { clear, h, s } from "../dom.js";

const COLOURS = ["#dc2626", "#2563eb", "#16a34a", "#9333ea"];

/** Ask the server to explain `command` on the page's own connection; resolves with the
 * `explained` or `rejected` frame. */
export function askExplain(ctx, command) {
  return ctx.explain(command);
}

// ------------------------------------------------------------------ the drawing

let drawing = null; // survives re-renders of the board while the same route step lasts

/** The trains the family awaited in its route step may run, or null outside that step. */
export function routeStep(view, ctx) {
  if (!ctx.live || !ctx.legal.some((c) => c.type === "run_routes")) return null;
  if (view.round.kind !== "or" || view.round.step !== "route") return null;
  const family = view.families.find((f) => f.sym === view.awaiting.entity);
  if (!family) return null;
  const trains = family.trains.filter((t) => !t.ran);
  if (!trains.length) return null;
  return { family: family.sym, trains };
}

/** The drawing of this route step (a new one when the step changed). */
export function drawingFor(view, step) {
  const key = `${view.round.turn}|${view.round.operating_round}|${step.family}|${step.trains.map((t) => t.id).join(",")}`;
  if (!drawing || drawing.key !== key) {
    drawing = { key, family: step.family, trains: step.trains, current: step.trains[0].id, stops: {}, asked: 0, answer: null, pending: false, refresh: () => {} };
  }
  return drawing;
}

function stopsOf(d, train) {
  return d.stops[train] || [];
}

function commandOf(d) {
  const routes = d.trains
    .map((t) => ({ train: t.id, stops: stopsOf(d, t.id) }))
    .filter((r) => r.stops.length)
    .map((r) => ({ train: r.train, connections: r.stops.length === 1 ? [[r.stops[0]]] : r.stops.slice(1).map((hex, i) => [r.stops[i], hex]) }));
  return { type: "run_routes", routes };
}

async function ask(ctx, d) {
  const command = commandOf(d);
  d.asked += 1;
  const mine = d.asked;
  if (!command.routes.length) {
    d.answer = null;
    d.pending = false;
    d.refresh();
    return;
  }
  d.pending = true;
  d.refresh();
  const answer = await askExplain(ctx, command);
  if (d !== drawing || mine !== d.asked) return; // a later click asked again
  d.pending = false;
  d.answer = answer;
  d.refresh();
}

/** "Auto route": the best run the server offers (its legal run_routes), explained and drawn on
 * the map as if clicked, for the player to run as it is or to change stop by stop. */
export async function autoRoute(ctx, d, best) {
  if (!best) return;
  d.asked += 1;
  const mine = d.asked;
  d.pending = true;
  d.refresh();
  const answer = await askExplain(ctx, best);
  if (d !== drawing || mine !== d.asked) return;
  d.pending = false;
  d.answer = answer;
  if (answer.type === "explained") {
    d.stops = {};
    for (const route of answer.result.routes) d.stops[route.train] = [...route.stops];
    d.auto = true;
  }
  d.refresh();
}

export function clickStop(ctx, d, hex) {
  d.auto = false;
  const stops = stopsOf(d, d.current);
  d.stops[d.current] = stops[stops.length - 1] === hex ? stops.slice(0, -1) : [...stops, hex];
  ask(ctx, d);
}

function undo(ctx, d) {
  d.auto = false;
  d.stops[d.current] = stopsOf(d, d.current).slice(0, -1);
  ask(ctx, d);
}

function clearRoute(ctx, d) {
  d.auto = false;
  d.stops[d.current] = [];
  ask(ctx, d);
}

/** The panel: trains, clicked stops, the server's revenue or reason, undo/clear and run. */
export function drawPanel(ctx, d, onAuto = null) {
  const box = h("div", { class: "zoo-draw", testid: "zoo-draw" });
  const fill = () => {
    clear(box);
    box.append(h("div", { class: "em-label" }, "Run the trains: click stops on the map, in order, or let the server propose the best run"));
    if (onAuto) {
      box.append(h("div", { class: "cmd-row" }, h("button", { type: "button", class: "cmd", testid: "zoo-auto-route", disabled: d.pending, onClick: onAuto }, "Auto route")));
    }
    if (d.auto && d.answer && d.answer.type === "explained") {
      box.append(h("p", { class: "zoo-hint", testid: "zoo-auto-note" }, d.answer.result.routes.length
        ? "The best run the server found is drawn on the map: run it, or click stops to change it."
        : "No train can run a route now: run nothing."));
    }
    box.append(h("div", { class: "cmd-row" }, d.trains.map((t, i) => h("button", {
      type: "button",
      class: d.current === t.id ? "cmd" : "ghost",
      testid: "zoo-draw-train",
      "data-train": t.id,
      "aria-pressed": String(d.current === t.id),
      style: { borderBottom: `3px solid ${COLOURS[i % COLOURS.length]}` },
      onClick: () => { d.current = t.id; d.refresh(); },
    }, `${t.runs_as} train${d.trains.filter((o) => o.runs_as === t.runs_as).length > 1 ? ` ${i + 1}` : ""}${stopsOf(d, t.id).length ? ` · ${stopsOf(d, t.id).length} stops` : ""}`))));
    const stops = stopsOf(d, d.current);
    const currentTrain = d.trains.find((t) => t.id === d.current);
    box.append(h("div", { class: "bab-row", testid: "zoo-draw-stops" }, h("span", { class: "em-label" }, currentTrain ? `${currentTrain.runs_as} train` : "train"),
      stops.length ? stops.join(" → ") : h("span", { class: "muted" }, "no stop yet")));
    box.append(h("div", { class: "cmd-row" },
      h("button", { type: "button", class: "ghost", testid: "zoo-draw-undo", disabled: !stops.length, onClick: () => undo(ctx, d) }, "Undo last stop"),
      h("button", { type: "button", class: "ghost", testid: "zoo-draw-clear", disabled: !stops.length, onClick: () => clearRoute(ctx, d) }, "Clear this route")));
    const answer = d.answer;
    if (d.pending) {
      box.append(h("div", { class: "muted", testid: "zoo-draw-revenue", "data-state": "asking" }, "Asking the server…"));
    } else if (answer && answer.type === "explained") {
      const r = answer.result;
      box.append(h("div", { testid: "zoo-draw-revenue", "data-state": "ok", "data-revenue": r.revenue, "data-subsidy": r.subsidy, "data-total": r.total },
        r.routes.map((route) => h("div", { class: "bab-row", testid: "zoo-draw-route", "data-train": route.train }, h("strong", {}, `${String(route.train).replace(/-\d+$/, "")} train`), ` ${route.stops.join(" → ")}: ${route.revenue}$N`, route.subsidy ? ` + ${route.subsidy}$N subsidy` : "")),
        h("div", {}, h("strong", {}, `Revenue ${r.revenue}$N`), r.subsidy ? ` + subsidy ${r.subsidy}$N = ${r.total}$N` : "", h("span", { class: "muted" }, " (computed by the server)"))));
    } else if (answer) {
      box.append(h("div", { class: "notice rejected", role: "status", testid: "zoo-draw-error", "data-state": "refused", "data-reason": answer.reason }, answer.detail || answer.reason));
    }
    const ok = !d.pending && answer && answer.type === "explained";
    box.append(h("button", {
      type: "button",
      class: "cmd",
      testid: "zoo-draw-submit",
      disabled: !ok,
      "data-command": ok ? JSON.stringify(answer.result.command) : null,
      onClick: () => { if (ok) ctx.submit(answer.result.command); },
    }, ok ? `Run these routes for ${answer.result.total}$N` : "Run these routes"));
  };
  fill();
  return { box, fill };
}

function centre(coord, centreOf) {
  return centreOf(coord);
}

/** The drawn routes over the map: along the server's track when it accepted, else straight
 * dashed lines between the clicked stops. */
export function drawDrawing(overlay, d, centreOf) {
  const explained = d.answer && d.answer.type === "explained" && !d.pending ? d.answer.result.command.routes : null;
  d.trains.forEach((t, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const stops = stopsOf(d, t.id);
    if (!stops.length) return;
    const route = explained ? explained.find((r) => r.train === t.id) : null;
    const legs = route && route.connections[0][0] !== "local" ? route.connections : null;
    const group = s("g", { class: "zoo-drawn", testid: "zoo-drawn-route", "data-train": t.id, "data-state": legs ? "explained" : "clicked" });
    if (legs) {
      for (const leg of legs) {
        const pts = leg.map((coord) => centre(coord, centreOf));
        group.append(s("polyline", { points: pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "), class: "zoo-route", stroke: colour, fill: "none", "stroke-width": 6, "stroke-opacity": 0.8, "stroke-linecap": "round", "stroke-linejoin": "round" }));
      }
    } else if (stops.length > 1) {
      const pts = stops.map((coord) => centre(coord, centreOf));
      group.append(s("polyline", { points: pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "), stroke: colour, fill: "none", "stroke-width": 3, "stroke-dasharray": "6 4", "stroke-opacity": 0.8 }));
    }
    stops.forEach((coord, n) => {
      const p = centre(coord, centreOf);
      group.append(s("circle", { cx: p.x, cy: p.y, r: 7, fill: colour, "fill-opacity": 0.85, stroke: "#fff", "stroke-width": 1.5 }),
        s("text", { x: p.x, y: p.y + 3, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff", "pointer-events": "none" }, String(n + 1)));
    });
    overlay.append(group);
  });
}
