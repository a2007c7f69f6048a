// 18ZOO tile laying and token placing: a highlighted hex is chosen on the map (or from the
// list), its tiles are shown as pictures, the chosen one is previewed on the map and turned
// through its legal rotations (button, R key, or a click on the hex) before it is confirmed.

import { h } from "../dom.js";
import { commandButton } from "./generic.js";
import { tileFace, tilePicture, tileWords } from "./zoo18_tiles.js";
import { powerName } from "./zoo18_words.js";

// The choice in progress survives redraws while the same lays are offered.
let lay = { key: null, hex: null, option: null, turn: 0 };

export function layState() {
  return lay;
}

/** Lay options of a hex: one per tile (and power), each with its legal rotations. */
export function optionsOf(commands) {
  const options = new Map();
  for (const c of commands) {
    const key = `${c.tile}|${c.power || ""}`;
    if (!options.has(key)) options.set(key, { key, tile: c.tile, power: c.power || null, commands: [] });
    options.get(key).commands.push(c);
  }
  return [...options.values()];
}

/** Starts or keeps the choice for these offered lays and tokens; returns the preview. */
export function syncLay(lays, tokens) {
  const key = JSON.stringify([[...lays.keys()].sort(), [...tokens.keys()].sort(), [...lays.values()].flat().length]);
  if (lay.key !== key) lay = { key, hex: null, option: null, turn: 0 };
  if (lay.hex && !lays.has(lay.hex) && !tokens.has(lay.hex)) lay = { key, hex: null, option: null, turn: 0 };
  return preview(lays);
}

function preview(lays) {
  if (!lay.hex || !lays.has(lay.hex)) return null;
  const option = optionsOf(lays.get(lay.hex)).find((o) => o.key === lay.option);
  if (!option) return null;
  const command = option.commands[lay.turn % option.commands.length];
  const face = tileFace(command.tile);
  if (!face) return null;
  return { hex: lay.hex, tile: command.tile, rotation: command.rotation, face, command };
}

/** A click on a highlighted hex: choose it, or turn the tile previewed there. */
export function chooseHex(hex, lays) {
  if (hex && lay.hex === hex && lay.option) {
    lay.turn += 1;
    return;
  }
  lay.hex = hex;
  lay.turn = 0;
  const options = hex && lays.has(hex) ? optionsOf(lays.get(hex)) : [];
  lay.option = options.length ? options[0].key : null;
}

export function turnTile(step) {
  if (!lay.option) return false;
  lay.turn += step;
  if (lay.turn < 0) lay.turn += 600;
  return true;
}

/** The panel under "Your move" for laying and placing. */
export function layChooser(ctx, lays, tokens, redraw) {
  const box = h("div", { class: "zoo-lay", testid: "zoo-lay" });
  const targets = [...new Set([...lays.keys(), ...tokens.keys()])].sort();
  if (!targets.length) return box;
  const hex = lay.hex;
  if (!hex) {
    const what = [lays.size ? "lay a tile" : null, tokens.size ? "place a token" : null].filter(Boolean).join(" or ");
    box.append(h("p", { class: "zoo-hint" }, `To ${what}, click one of the ${targets.length} highlighted hexes on the map, or choose one here:`),
      h("div", { class: "cmd-row" }, targets.map((coord) => h("button", { type: "button", class: "ghost", testid: "zoo-lay-hex", "data-hex": coord, onClick: () => { chooseHex(coord, lays); redraw(); } }, coord))));
    return box;
  }
  box.append(h("div", { class: "bab-row" }, h("strong", {}, `Hex ${hex}`),
    h("button", { type: "button", class: "ghost", testid: "zoo-lay-cancel", onClick: () => { chooseHex(null, lays); redraw(); } }, "Choose another hex")));
  const options = lays.has(hex) ? optionsOf(lays.get(hex)) : [];
  if (options.length) {
    box.append(h("div", { class: "em-label" }, options.length === 1 ? "The tile that fits" : `Choose a tile (${options.length} fit)`));
    box.append(h("div", { class: "zoo-tile-options" }, options.map((option) => {
      const chosen = lay.option === option.key;
      const shownRotation = chosen ? option.commands[lay.turn % option.commands.length].rotation : option.commands[0].rotation;
      return h("button", {
        type: "button",
        class: `zoo-tile-option ${chosen ? "chosen" : ""}`,
        testid: "zoo-tile-option",
        "data-tile": option.tile,
        "aria-pressed": String(chosen),
        "aria-label": `${tileWords(option.tile)}${option.power ? ` with ${powerName(option.power, ctx.names)}` : ""}`,
        onClick: () => { lay.option = option.key; lay.turn = 0; redraw(); },
      }, tilePicture(option.tile, shownRotation, 58), h("span", {}, tileWords(option.tile).split(" (")[0]), option.power ? h("span", { class: "zoo-power-note" }, powerName(option.power, ctx.names)) : null);
    })));
    const option = options.find((o) => o.key === lay.option);
    if (option) {
      const index = lay.turn % option.commands.length;
      const command = option.commands[index];
      box.append(h("div", { class: "zoo-rotate-row" },
        h("button", { type: "button", class: "ghost", testid: "zoo-rotate-back", "aria-label": "Turn the tile back", disabled: option.commands.length < 2, onClick: () => { turnTile(-1); redraw(); } }, "↺"),
        h("button", { type: "button", class: "ghost", testid: "zoo-rotate", disabled: option.commands.length < 2, onClick: () => { turnTile(1); redraw(); } }, "↻ Rotate (R)"),
        h("span", { class: "muted", testid: "zoo-rotation-note" }, option.commands.length < 2 ? "only one way fits" : `way ${index + 1} of ${option.commands.length} that fit`)),
      h("div", { class: "zoo-confirm-row" }, commandButton(command, ctx, `Lay the ${tileWords(command.tile)} on ${command.hex}`, { class: "zoo-confirm" })));
    }
  }
  const here = tokens.get(hex) || [];
  if (here.length) {
    box.append(h("div", { class: "em-label" }, "Place a token"),
      h("div", { class: "cmd-row" }, here.map((c, i) => commandButton(c, ctx, `Place a token in ${hex}${here.length > 1 ? ` (choice ${i + 1}${c.slot !== null && c.slot !== undefined ? `, slot ${c.slot + 1}` : ""})` : ""}${c.power ? ` with ${powerName(c.power, ctx.names)}` : ""}`))));
  }
  return box;
}
