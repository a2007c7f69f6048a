// The 18ZOO map: every hex drawn as its tile, coordinates along the sides, the hexes where the
// player may act highlighted, the chosen tile previewed in place; zoom and pan with the wheel,
// a pinch, a drag or the buttons (the camera outlives the redraws of the board).

import { h, s } from "../dom.js";
import { drawFace } from "./zoo18_tiles.js";
import { FAMILIES, familyColour } from "./zoo18_words.js";
import { HEX_FILL } from "./zoo18_tiles.js";

export const R = 30;
const SQ3 = Math.sqrt(3);

export function parse(coord) {
  return { col: coord.charCodeAt(0) - 65, row: parseInt(coord.slice(1), 10) };
}

export function centre(coord) {
  const { col, row } = parse(coord);
  return { x: col * 1.5 * R, y: (row * SQ3 * R) / 2 };
}

const cameras = new Map(); // map key -> {x, y, w, h} while zoomed in, kept across redraws

function bounds(view) {
  const points = view.hexes.map((hx) => centre(hx.hex));
  const minX = Math.min(...points.map((p) => p.x)) - R - 16;
  const maxX = Math.max(...points.map((p) => p.x)) + R + 4;
  const minY = Math.min(...points.map((p) => p.y)) - R - 16;
  const maxY = Math.max(...points.map((p) => p.y)) + R + 4;
  return { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
}

function hexTitle(hex) {
  const bits = [hex.hex];
  if (hex.tile) bits.push(`tile ${hex.face}`);
  if (hex.label === "O") bits.push("pond");
  if (hex.label === "Y") bits.push("Y city");
  if (hex.label === "R") bits.push("off-board area");
  if (hex.terrain) bits.push(`${hex.terrain}, laying costs ${hex.lay_cost}$N`);
  const revenue = [...new Set(hex.stops.filter((st) => !st.hidden && st.revenue).map((st) => st.revenue))];
  if (revenue.length) bits.push(`pays ${revenue.join("/")}`);
  if (hex.home_of) bits.push(`home of the ${FAMILIES[hex.home_of] ? FAMILIES[hex.home_of].name : hex.home_of}`);
  for (const token of hex.tokens) bits.push(`token of the ${FAMILIES[token.owner] ? FAMILIES[token.owner].name : token.owner}`);
  return bits.join(", ");
}

/**
 * The map panel. `state`: lays (hex -> commands), tokens (hex -> commands), routing (the route
 * drawing or null), preview ({hex, face, rotation} or null), choose(hex), clickStop(hex).
 * Returns {element, svg, overlay}.
 */
// On a phone the map opens zoomed so that a hex is a tap target of TAP px at least, around the
// hexes where the player may act (or the middle of the map).
const TAP = 50;
const PHONE = "(max-width: 700px)";

function opening(full, state) {
  if (!window.matchMedia || !window.matchMedia(PHONE).matches) return { ...full };
  const scale = TAP / (SQ3 * R); // screen px per map unit
  const boxW = Math.max(200, document.documentElement.clientWidth - 40); // the map's frame
  const boxH = window.innerHeight * 0.62; // .zoo-map's height on a phone
  const w = boxW / scale;
  if (w >= full.w) return { ...full };
  const hgt = boxH / scale;
  const spots = [...state.lays.keys(), ...state.tokens.keys()].map(centre);
  const focus = spots.length
    ? { x: spots.reduce((sum, p) => sum + p.x, 0) / spots.length, y: spots.reduce((sum, p) => sum + p.y, 0) / spots.length }
    : { x: full.x + full.w / 2, y: full.y + full.h / 2 };
  const x = Math.min(Math.max(focus.x - w / 2, full.x), full.x + full.w - w);
  const y = Math.min(Math.max(focus.y - hgt / 2, full.y), Math.max(full.y, full.y + full.h - hgt));
  return { x, y, w, h: hgt };
}

export function zooMap(view, state, key) {
  const full = bounds(view);
  let cam = cameras.get(key) || opening(full, state);
  const svg = s("svg", { class: "zoo-map", role: "img", "aria-label": `Map ${view.map}: ${view.hexes.length} hexes`, testid: "zoo-map" });
  const setView = () => {
    svg.setAttribute("viewBox", `${cam.x.toFixed(1)} ${cam.y.toFixed(1)} ${cam.w.toFixed(1)} ${cam.h.toFixed(1)}`);
    const zoomed = cam.w < full.w - 0.5;
    svg.dataset.zoom = (full.w / cam.w).toFixed(2);
    svg.style.touchAction = zoomed ? "none" : "pan-y";
    if (zoomed) cameras.set(key, { ...cam });
    else cameras.delete(key);
  };
  setView();

  // Coordinates along the top and the left, as on a printed map.
  const axis = s("g", { class: "zoo-axis", "aria-hidden": "true" });
  const cols = new Map();
  const rows = new Map();
  for (const hx of view.hexes) {
    const { col, row } = parse(hx.hex);
    const p = centre(hx.hex);
    if (!cols.has(col) || p.y < cols.get(col).y) cols.set(col, p);
    if (!rows.has(row) || p.x < rows.get(row).x) rows.set(row, p);
  }
  for (const [col, p] of cols) axis.append(s("text", { x: p.x, y: full.y + 11, "text-anchor": "middle", class: "zoo-axis-text" }, String.fromCharCode(65 + col)));
  for (const [row, p] of rows) axis.append(s("text", { x: full.x + 7, y: p.y + 4, "text-anchor": "middle", class: "zoo-axis-text" }, row));
  svg.append(axis);

  for (const hex of view.hexes) svg.append(hexGroup(hex, state));
  const overlay = s("g", { class: "zoo-routes", testid: "zoo-routes", "pointer-events": "none" });
  svg.append(overlay);

  // Zoom: wheel around the pointer, pinch with two fingers, buttons; pan: drag.
  const zoomAt = (factor, px, py) => {
    const w = Math.min(full.w, Math.max(full.w / 6, cam.w / factor));
    const hgt = (w / cam.w) * cam.h;
    const fx = (px - cam.x) / cam.w;
    const fy = (py - cam.y) / cam.h;
    cam = { x: px - fx * w, y: py - fy * hgt, w, h: hgt };
    if (w >= full.w - 0.5) cam = { ...full };
    clamp();
    setView();
  };
  const clamp = () => {
    cam.x = Math.min(Math.max(cam.x, full.x - cam.w * 0.25), full.x + full.w - cam.w * 0.75);
    cam.y = Math.min(Math.max(cam.y, full.y - cam.h * 0.25), full.y + full.h - cam.h * 0.75);
  };
  const toMap = (clientX, clientY) => {
    const box = svg.getBoundingClientRect();
    const scale = Math.max(cam.w / box.width, cam.h / box.height);
    const offX = (box.width * scale - cam.w) / 2;
    const offY = (box.height * scale - cam.h) / 2;
    return { x: cam.x - offX + (clientX - box.left) * scale, y: cam.y - offY + (clientY - box.top) * scale, scale };
  };
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const p = toMap(event.clientX, event.clientY);
    zoomAt(event.deltaY < 0 ? 1.25 : 0.8, p.x, p.y);
  }, { passive: false });
  const pointers = new Map();
  let drag = null;
  let moved = false;
  svg.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    moved = false;
    drag = { x: event.clientX, y: event.clientY, cam: { ...cam }, dist: null };
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      drag.dist = Math.hypot(a.x - b.x, a.y - b.y);
      drag.mid = toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
    }
  });
  svg.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId) || !drag) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2 && drag.dist) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      if (dist > 0) {
        cam = { ...drag.cam };
        zoomAt(dist / drag.dist, drag.mid.x, drag.mid.y);
      }
      moved = true;
      return;
    }
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!moved && Math.hypot(dx, dy) < 6) return;
    if (cam.w >= full.w - 0.5) return; // nothing to pan at full view
    moved = true;
    const scale = toMap(0, 0).scale;
    cam = { ...drag.cam, x: drag.cam.x - dx * scale, y: drag.cam.y - dy * scale };
    clamp();
    setView();
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (!pointers.size) drag = null;
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  // A drag is no click: the hex under the finger is not chosen.
  svg.addEventListener("click", (event) => {
    if (moved) {
      event.stopPropagation();
      event.preventDefault();
      moved = false;
    }
  }, true);

  const zoomButton = (label, name, factor) => h("button", { type: "button", class: "ghost zoom", testid: `zoo-zoom-${name}`, "aria-label": label, title: label, onClick: () => {
    if (factor === null) cam = { ...full };
    else zoomAt(factor, cam.x + cam.w / 2, cam.y + cam.h / 2);
    setView();
  } }, { in: "+", out: "−", fit: "⤢" }[name]);
  const controls = h("div", { class: "zoo-zoom" }, zoomButton("Zoom in", "in", 1.4), zoomButton("Zoom out", "out", 1 / 1.4), zoomButton("Show the whole map", "fit", null));
  const element = h("div", { class: "zoo-map-frame" }, controls, svg);
  return { element, svg, overlay };
}

function hexGroup(hex, state) {
  const { x, y } = centre(hex.hex);
  const laying = state.lays.has(hex.hex);
  const tokening = state.tokens.has(hex.hex);
  const preview = state.preview && state.preview.hex === hex.hex ? state.preview : null;
  const g = s("g", {
    class: `zoo-hex ${laying ? "can-lay" : ""} ${tokening ? "can-token" : ""} ${state.selected === hex.hex ? "selected" : ""} ${preview ? "previewing" : ""}`,
    testid: `hex-${hex.hex}`,
    "data-tile": hex.tile || "",
    "data-rotation": hex.rotation,
  });
  g.append(s("title", {}, hexTitle(hex)));
  const routing = state.routing;
  const face = preview ? preview.face : hex;
  const rotation = preview ? preview.rotation : hex.rotation || 0;
  g.append(drawFace(face, rotation, x, y, R, {
    tokens: preview ? [] : hex.tokens,
    reserved: preview ? [] : hex.reserved,
    home: preview ? null : hex.home_of && !hex.tokens.length ? hex.home_of : null,
    cost: !hex.tile && hex.lay_cost && hex.color === "white" ? hex.lay_cost : 0,
    stopAttrs: (i, stop) => {
      const can = Boolean(routing) && !stop.hidden && !preview;
      return { testid: `stop-${hex.hex}-${i}`, "data-hex": hex.hex, "data-kind": stop.kind, class: `zoo-stop ${can ? "can-route" : ""}` };
    },
  }));
  if (laying || tokening || preview) g.append(s("polygon", { points: ringPoints(x, y), class: "zoo-ring" }));
  if (preview) {
    g.dataset.previewTile = preview.tile;
    g.dataset.previewRotation = String(preview.rotation);
    g.setAttribute("data-testid", `hex-${hex.hex}`);
    g.append(s("g", { testid: "zoo-preview", "data-tile": preview.tile, "data-rotation": preview.rotation }));
  }
  if (laying || tokening) {
    g.style.cursor = "pointer";
    g.addEventListener("click", () => state.choose(hex.hex));
  }
  if (routing) {
    for (const stop of g.querySelectorAll(".zoo-stop.can-route")) {
      stop.style.cursor = "pointer";
      stop.addEventListener("click", (event) => {
        event.stopPropagation();
        state.clickStop(hex.hex);
      });
    }
  }
  return g;
}

function ringPoints(x, y) {
  const r = R - 2;
  return Array.from({ length: 6 }, (_, k) => `${(x + r * Math.cos((Math.PI / 3) * k)).toFixed(1)},${(y + r * Math.sin((Math.PI / 3) * k)).toFixed(1)}`).join(" ");
}

/** What the colours and marks of the map mean. */
export function legend(view) {
  const swatch = (fill, extra = {}) => h("span", { class: "zoo-swatch", style: { background: fill, ...extra }, "aria-hidden": "true" });
  const families = view.families.map((f) => f.sym);
  return h("details", { class: "zoo-legend", testid: "zoo-legend" },
    h("summary", {}, "Legend"),
    h("ul", {},
      h("li", {}, swatch(HEX_FILL.white), "Empty land: takes a yellow tile"),
      h("li", {}, swatch(HEX_FILL.yellow), swatch(HEX_FILL.green), swatch(HEX_FILL.brown), swatch(HEX_FILL.gray), "Tiles: yellow, then green (phase 3S), brown (4S Perm), gray (4J)"),
      h("li", {}, swatch(HEX_FILL.red), "Off-board area (R): pays 30, 60 once brown tiles are out"),
      h("li", {}, h("span", { class: "zoo-legend-icon" }, "▲ 1$N"), "Hill (M) or mountain (MM): laying there costs 1 or 2$N"),
      h("li", {}, h("span", { class: "zoo-legend-icon" }, "● O"), "Pond: a town worth 10, free to pass for S trains"),
      h("li", {}, h("span", { class: "zoo-legend-icon" }, "○ Y"), "Y city: worth 30, 40 then 50"),
      h("li", {}, h("span", { class: "zoo-legend-icon ring lay" }), "You may lay a tile here"),
      h("li", {}, h("span", { class: "zoo-legend-icon ring token" }), "You may place a token here"),
      h("li", {}, h("span", { class: "zoo-legend-icon" }, "- -"), "A family's home, or a reserved city slot")),
    h("div", { class: "zoo-legend-families" }, families.map((sym) =>
      h("span", { class: "zoo-fam", style: { background: familyColour(sym) } }, `${sym} ${FAMILIES[sym] ? FAMILIES[sym].name : sym}`))));
}
