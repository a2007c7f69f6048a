// The fallback board: any view as readable structured HTML, every legal command as a button.

import { h } from "../dom.js";
import { describeObject, humanize, valueText } from "../words.js";

function isPlain(value) {
  // undefined: a table row without one of the columns other rows have
  return value === null || value === undefined || ["string", "number", "boolean"].includes(typeof value);
}

/** Renders any JSON value as nested, readable HTML. */
export function renderValue(value, names, key = null, depth = 0) {
  if (isPlain(value)) {
    if (value === undefined) return h("span", { class: "v v-null" }, "—");
    return h("span", { class: `v v-${value === null ? "null" : typeof value}` }, valueText(value, key, names));
  }
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "v v-null" }, "none");
    if (value.every(isPlain)) return h("span", { class: "v" }, valueText(value, key, names));
    const objects = value.every((item) => item && typeof item === "object" && !Array.isArray(item));
    if (objects) {
      const columns = [...new Set(value.flatMap((item) => Object.keys(item)))];
      if (columns.length <= 8 && value.every((item) => Object.values(item).every((v) => isPlain(v) || (Array.isArray(v) && v.every(isPlain))))) {
        return h(
          "table",
          { class: "vtable" },
          h("thead", {}, h("tr", {}, columns.map((c) => h("th", {}, humanize(c))))),
          h("tbody", {}, value.map((item) => h("tr", {}, columns.map((c) => h("td", {}, renderValue(item[c], names, c, depth + 1)))))),
        );
      }
    }
    return h("ol", { class: "vlist", start: 0 }, value.map((item) => h("li", {}, renderValue(item, names, null, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "v v-null" }, "empty");
  return h(
    "dl",
    { class: `vdict depth-${Math.min(depth, 3)}` },
    entries.map(([k, v]) => [h("dt", {}, humanize(k)), h("dd", {}, renderValue(v, names, k, depth + 1))]),
  );
}

/** A button that sends exactly one legal command. */
export function commandButton(command, ctx, label, extra = {}) {
  return h(
    "button",
    {
      class: `cmd ${extra.class || ""}`.trim(),
      type: "button",
      testid: "legal-command",
      "data-type": command.type,
      "data-command": JSON.stringify(command),
      title: extra.title || describeObject(command, ctx.names),
      onClick: () => ctx.submit(command),
      style: extra.style,
    },
    label ?? ctx.describeCommand(command),
  );
}

/** Whose turn it is and the moves: kept in view (sticky) while the board scrolls. */
export function turnDock(banner, actions) {
  if (!banner && !actions) return null;
  return h("div", { class: "turn-dock", testid: "turn-dock" }, banner, actions);
}

/** Every legal command as a button, grouped by command type. */
export function legalPanel(legal, ctx, heading = "Your moves") {
  if (!legal.length) return null;
  const groups = new Map();
  for (const command of legal) {
    if (!groups.has(command.type)) groups.set(command.type, []);
    groups.get(command.type).push(command);
  }
  return h(
    "section",
    { class: "panel legal", testid: "legal-panel" },
    h("h3", {}, heading),
    [...groups.entries()].map(([type, commands]) =>
      h("div", { class: "cmd-group" }, h("div", { class: "cmd-group-title" }, humanize(type)),
        h("div", { class: "cmd-row" }, commands.map((command) => commandButton(command, ctx)))),
    ),
  );
}

export default {
  render(root, ctx) {
    root.append(
      h("section", { class: "panel generic-view", testid: "generic-view" },
        h("h3", {}, "Game state"),
        ctx.view ? renderValue(ctx.view, ctx.names) : h("p", { class: "muted" }, "Nothing to show yet.")),
    );
    const panel = legalPanel(ctx.legal, ctx);
    if (panel) root.prepend(turnDock(null, panel));
  },
  describeEvent: null,
  describeCommand: null,
};
