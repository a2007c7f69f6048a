// The game log: one line per event in words, coloured by seat; a click goes to that moment.

import { clear, h } from "./dom.js";
import { seatColour } from "./words.js";

/** `describe(event)` gives the words, `minor(event)` dims a line, `pick(version)` seeks. */
export function gameLog({ describe, minor, pick }) {
  const element = h("ol", { class: "log", testid: "log" });
  let lastLength = -1;

  function render(entries, shown) {
    const at = shown.version ?? 0;
    clear(element);
    for (const entry of entries) {
      const event = entry.event;
      const seat = event && typeof event.seat === "number" ? event.seat : null;
      const classes = [
        event && event.type === "chat_posted" ? "chat-line" : "",
        event && minor(event) ? "minor" : "",
        entry.version > at ? "future" : "",
        entry.version === at ? "current" : "",
      ];
      element.append(h("li", {
        class: classes.filter(Boolean).join(" "),
        testid: "log-entry",
        "data-version": entry.version,
        "data-type": event ? event.type : "hidden",
        style: seat !== null ? { "--seat": seatColour(seat) } : undefined,
        title: `version ${entry.version}: go to this moment`,
        onClick: () => pick(entry.version),
      }, h("span", { class: "ver" }, entry.version), " ", describe(event)));
    }
    if (shown.live && entries.length !== lastLength) element.scrollTop = element.scrollHeight;
    if (!shown.live) {
      const current = [...element.children].filter((li) => Number(li.dataset.version) <= at).pop();
      if (current) element.scrollTop = Math.max(0, current.offsetTop - element.offsetTop - element.clientHeight / 2);
    }
    lastLength = entries.length;
  }

  return { element, render };
}
