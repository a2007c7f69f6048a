// 18ZOO tiles drawn as tiles, in the manner of 18xx.games: the hex in its colour, track as
// straight lines and arcs, cities as white circles with their token slots, ponds (towns) as
// dots, revenue in a circle, the label and the terrain cost. The same drawing serves the map
// and the tile pictures of the lay choice.
//
// A face is {color, paths, stops, label}: path ends are 0..5 for the edges (0 bottom, then
// clockwise: 1 lower-left, 2 upper-left, 3 top, 4 upper-right, 5 lower-right), 6 + i for the
// i-th stop and -1 for a junction, before rotation (as the server's view gives them).

import { s } from "../dom.js";
import { familyColour, familyInk } from "./zoo18_words.js";

export const HEX_FILL = { white: "#efe6cf", yellow: "#f7e15a", green: "#7cc67a", brown: "#c98a4b", gray: "#b9bcc2", red: "#e0605a", blue: "#8ec5ea" };

let manifest = null;
let loading = null;

/** Loads the tile manifest (shapes of every tile by name) once. */
export function loadTiles() {
  if (manifest) return Promise.resolve(manifest);
  if (!loading) {
    loading = fetch("/static/data/zoo18_tiles.json")
      .then((response) => response.json())
      .then((data) => {
        manifest = data.tiles;
        return manifest;
      })
      .catch(() => {
        loading = null;
        return null;
      });
  }
  return loading;
}

export function tilesLoaded() {
  return Boolean(manifest);
}

/** The face of a manifest tile ("7", "X7", "611"), as the view describes a hex; null if unknown. */
export function tileFace(name) {
  const tile = manifest && manifest[String(name).replace(/-\d+$/, "")];
  if (!tile) return null;
  const cities = tile.cities || [];
  const towns = tile.towns || [];
  const end = (text) => {
    if (text === "junction") return -1;
    const n = parseInt(text.replace(/^\D+/, ""), 10);
    if (text.startsWith("edge")) return n;
    if (text.startsWith("city")) return 6 + n;
    return 6 + cities.length + n;
  };
  return {
    color: tile.color,
    label: tile.label || null,
    paths: tile.paths.map(([a, b]) => [end(a), end(b)]),
    stops: [
      ...cities.map((c) => ({ kind: "city", revenue: c.revenue, slots: c.slots, hidden: false })),
      ...towns.map((t) => ({ kind: "town", revenue: t.revenue, slots: 0, hidden: false })),
    ],
  };
}

/** "yellow #57 (a city, 20)": a tile as a player names it, its copy number left out. */
export function tileWords(name) {
  const number = String(name).replace(/-\d+$/, "");
  const face = tileFace(number);
  if (!face) return `tile #${number}`;
  const cities = face.stops.filter((st) => st.kind === "city");
  const towns = face.stops.filter((st) => st.kind === "town");
  const parts = [];
  if (cities.length) parts.push(`${cities.length === 1 ? "a city" : `${cities.length} cities`}, ${cities[0].revenue}`);
  if (towns.length) parts.push(`${towns.length === 1 ? "a town" : `${towns.length} towns`}, ${towns[0].revenue}`);
  return `${face.color} #${number}${parts.length ? ` (${parts.join("; ")})` : " (track)"}`;
}

const SQ3 = Math.sqrt(3);

/** Flat-topped hex corners around (x, y). */
export function corners(x, y, r) {
  return Array.from({ length: 6 }, (_, k) => `${(x + r * Math.cos((Math.PI / 3) * k)).toFixed(1)},${(y + r * Math.sin((Math.PI / 3) * k)).toFixed(1)}`).join(" ");
}

/** Midpoint of edge e after rotation. */
export function edgePoint(x, y, r, edge) {
  const angle = (Math.PI / 180) * (90 + 60 * edge);
  const d = (SQ3 / 2) * r;
  return { x: x + d * Math.cos(angle), y: y + d * Math.sin(angle) };
}

const fmt = (n) => n.toFixed(1);

/** An arc (or a straight line for opposite edges) joining the midpoints of two edges. */
function edgeToEdge(x, y, r, a, b) {
  const p = edgePoint(x, y, r, a);
  const q = edgePoint(x, y, r, b);
  const gap = Math.min((a - b + 6) % 6, (b - a + 6) % 6);
  if (gap === 3) return { d: `M${fmt(p.x)} ${fmt(p.y)} L${fmt(q.x)} ${fmt(q.y)}`, mid: { x, y } };
  const radius = gap === 1 ? r / 2 : 1.5 * r;
  // The arc bends towards the hex centre: its sweep follows the side the centre lies on.
  const cross = (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
  const sweep = cross > 0 ? 0 : 1;
  const mx = (p.x + q.x) / 2;
  const my = (p.y + q.y) / 2;
  const lean = gap === 1 ? 0.42 : 0.27; // where the arc's middle lies between chord and centre
  return { d: `M${fmt(p.x)} ${fmt(p.y)} A${fmt(radius)} ${fmt(radius)} 0 0 ${sweep} ${fmt(q.x)} ${fmt(q.y)}`, mid: { x: mx + (x - mx) * lean, y: my + (y - my) * lean } };
}

/** Where each stop sits: a town between two edges on its arc, one stop in the centre, several
 * pushed towards their edges. */
function stopPlaces(face, x, y, r, rotation) {
  const turn = (end) => (end >= 0 && end <= 5 ? (end + rotation) % 6 : end);
  const links = face.stops.map(() => ({ edges: [], other: 0 }));
  for (const [a0, b0] of face.paths) {
    const a = turn(a0);
    const b = turn(b0);
    for (const [stop, other] of [[a, b], [b, a]]) {
      if (stop < 6) continue;
      const link = links[stop - 6];
      if (!link) continue;
      if (other >= 0 && other <= 5) link.edges.push(other);
      else link.other += 1;
    }
  }
  const shown = face.stops.filter((stop) => !stop.hidden).length;
  return links.map((link, i) => {
    const stop = face.stops[i];
    if (stop.kind === "town" && link.edges.length === 2 && !link.other) {
      const arc = edgeToEdge(x, y, r, link.edges[0], link.edges[1]);
      return { x: arc.mid.x, y: arc.mid.y, onTrack: [link.edges[0], link.edges[1]] };
    }
    if (shown <= 1 || !link.edges.length) return { x, y };
    const pts = link.edges.map((edge) => edgePoint(x, y, r, edge));
    const mx = pts.reduce((sum, p) => sum + p.x, 0) / pts.length;
    const my = pts.reduce((sum, p) => sum + p.y, 0) / pts.length;
    return { x: x + (mx - x) * 0.45, y: y + (my - y) * 0.45 };
  });
}

/**
 * Draws `face` turned by `rotation` into a new <g> centred on (x, y), radius r.
 * `extra`: tokens [{city, slot, owner}], reserved [{city, family}], home (a family sym),
 * terrain cost, and `stopAttrs(i)` for attributes of each stop's circle (tests, clicks).
 */
export function drawFace(face, rotation, x, y, r, extra = {}) {
  const g = s("g", { class: "zoo-face" });
  g.append(s("polygon", { points: corners(x, y, r), fill: HEX_FILL[face.color] || "#e5e7eb", class: "zoo-hex-bg" }));
  const places = stopPlaces(face, x, y, r, rotation);
  const turn = (end) => (end >= 0 && end <= 5 ? (end + rotation) % 6 : end);
  const at = (end) => (end >= 0 && end <= 5 ? edgePoint(x, y, r, end) : end >= 6 ? places[end - 6] || { x, y } : { x, y });
  const track = s("g", { class: "zoo-track-layer" });
  const drawnTowns = new Set();
  for (const [a0, b0] of face.paths) {
    const a = turn(a0);
    const b = turn(b0);
    const townEnd = [a, b].find((end) => end >= 6 && places[end - 6] && places[end - 6].onTrack);
    if (townEnd !== undefined) {
      if (drawnTowns.has(townEnd)) continue;
      drawnTowns.add(townEnd);
      const [e1, e2] = places[townEnd - 6].onTrack;
      track.append(s("path", { d: edgeToEdge(x, y, r, e1, e2).d, class: "zoo-track" }));
      continue;
    }
    if (a <= 5 && a >= 0 && b <= 5 && b >= 0) {
      track.append(s("path", { d: edgeToEdge(x, y, r, a, b).d, class: "zoo-track" }));
    } else {
      const p = at(a);
      const q = at(b);
      track.append(s("path", { d: `M${fmt(p.x)} ${fmt(p.y)} L${fmt(q.x)} ${fmt(q.y)}`, class: "zoo-track" }));
    }
  }
  g.append(track);
  const values = [];
  face.stops.forEach((stop, i) => {
    if (stop.hidden) return;
    const p = places[i];
    const attrs = extra.stopAttrs ? extra.stopAttrs(i, stop) : {};
    if (stop.kind === "city") {
      const slots = Math.max(1, stop.slots || 1);
      const cr = r * 0.24;
      const width = slots * 2 * cr;
      const left = p.x - width / 2 + cr;
      if (slots > 1) g.append(s("rect", { x: p.x - width / 2, y: p.y - cr, width, height: 2 * cr, rx: cr, fill: "#ffffff", stroke: "#1f2937", "stroke-width": 1.2 }));
      for (let slot = 0; slot < slots; slot++) {
        const cx = left + slot * 2 * cr;
        g.append(s("circle", { cx, cy: p.y, r: cr, fill: "#ffffff", stroke: "#1f2937", "stroke-width": 1.2, class: "zoo-slot" }));
        const token = (extra.tokens || []).find((t) => t.city === i && (t.slot === slot || (t.slot === null && slot === 0)));
        const reserved = (extra.reserved || []).find((t) => t.city === i && (t.slot === slot || ((t.slot === null || t.slot === undefined) && slot === 0)));
        const home = !token && !reserved && extra.home && slot === 0 ? extra.home : null;
        if (token) {
          g.append(s("circle", { cx, cy: p.y, r: cr - 1, fill: familyColour(token.owner), class: "zoo-token", "data-owner": token.owner }),
            s("text", { x: cx, y: p.y + cr * 0.4, class: "zoo-token-text", fill: familyInk(token.owner), "text-anchor": "middle" }, token.owner === "WIP" ? "✕" : token.owner));
        } else if (reserved || home) {
          const sym = reserved ? reserved.family : home;
          g.append(s("circle", { cx, cy: p.y, r: cr - 2, fill: "none", stroke: familyColour(sym), "stroke-width": 2, "stroke-dasharray": "3 2", class: "zoo-reserved", "data-family": sym }),
            s("text", { x: cx, y: p.y + cr * 0.35, class: "zoo-home-text", fill: familyColour(sym), "text-anchor": "middle" }, sym));
        }
      }
      g.append(s("circle", { cx: p.x, cy: p.y, r: Math.max(cr, width / 2), fill: "transparent", class: "zoo-stop", ...attrs }));
    } else if (stop.kind === "town") {
      g.append(s("circle", { cx: p.x, cy: p.y, r: r * 0.14, fill: "#111827", class: "zoo-town" }));
      g.append(s("circle", { cx: p.x, cy: p.y, r: r * 0.22, fill: "transparent", class: "zoo-stop", ...attrs }));
    } else {
      g.append(s("circle", { cx: p.x, cy: p.y, r: r * 0.3, fill: "transparent", class: "zoo-stop", ...attrs }));
    }
    if (stop.revenue) values.push(stop.revenue);
  });
  const distinct = [...new Set(values)];
  if (distinct.length) {
    const text = distinct.join("/");
    const w = Math.max(r * 0.42, text.length * r * 0.17 + r * 0.16);
    const rx = x + r * 0.5;
    const ry = y - r * 0.52;
    g.append(s("rect", { x: rx - w / 2, y: ry - r * 0.2, width: w, height: r * 0.4, rx: r * 0.2, fill: "#ffffff", stroke: "#4b5563", "stroke-width": 0.8 }),
      s("text", { x: rx, y: ry + r * 0.13, class: "zoo-rev", "text-anchor": "middle" }, text));
  }
  if (face.label) g.append(s("text", { x: x - r * 0.62, y: y - r * 0.32, class: "zoo-label", "text-anchor": "middle" }, face.label));
  if (extra.cost) {
    const tx = x - r * 0.5;
    const ty = y + r * 0.5;
    g.append(s("path", { d: `M${fmt(tx - 7)} ${fmt(ty + 4)} L${fmt(tx)} ${fmt(ty - 7)} L${fmt(tx + 7)} ${fmt(ty + 4)} Z`, fill: "#8b5a2b", class: "zoo-terrain" }),
      s("text", { x: tx + 9, y: ty + 4, class: "zoo-cost" }, `${extra.cost}$N`));
  }
  return g;
}

/** A small picture of one tile in one rotation, for the lay choice. */
export function tilePicture(name, rotation, size = 64) {
  const face = tileFace(name);
  const r = 30;
  const svg = s("svg", { viewBox: `${-r - 2} ${-r - 2} ${2 * r + 4} ${2 * r + 4}`, width: size, height: size, class: "zoo-tile-pic", "aria-hidden": "true" });
  if (face) svg.append(drawFace(face, rotation, 0, 0, r));
  else svg.append(s("text", { x: 0, y: 4, "text-anchor": "middle", "font-size": 12 }, name));
  return svg;
}
