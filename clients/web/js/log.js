// The game log: one sentence per event, coloured by seat, under a heading per round or turn;
// a click on a line goes to that moment. A board's wording may leave an event out (an empty
// string): bookkeeping such as "whose turn it is" is shown by the headings instead.

import { clear, h } from "./dom.js";
import { seatColour } from "./words.js";

/**
 * `describe(event, {prev, next, following()})` gives the words ("" to leave the event out), `heading(event)`
 * a heading that starts a new group (or null), `minor(event)` dims a line, `pick(version)` seeks.
 */
export function gameLog({ describe, heading, minor, pick }) {
  const element = h("ol", { class: "log", testid: "log", "aria-label": "Game log", tabindex: 0 });
  let lastLength = -1;

  function render(entries, shown) {
    const at = shown.version ?? 0;
    clear(element);
    let current = null;
    let lastHeading = null;
    entries.forEach((entry, index) => {
      const event = entry.event;
      const title = event && heading ? heading(event) : null;
      if (title && title !== lastHeading) {
        lastHeading = title;
        element.append(h("li", { class: `log-group ${entry.version > at ? "future" : ""}`, testid: "log-group", "data-version": entry.version }, title));
      }
      // `following`: a few events after, for words that need what came next (18ZOO's dividend)
      const following = () => entries.slice(index + 1, index + 25).map((e) => e.event).filter(Boolean);
      const words = describe(event, { prev: entries[index - 1]?.event, next: entries[index + 1]?.event, following });
      if (words === "") return;
      const seat = event && typeof event.seat === "number" ? event.seat : null;
      const classes = [
        event && event.type === "chat_posted" ? "chat-line" : "",
        event && minor(event) ? "minor" : "",
        entry.version > at ? "future" : "",
      ];
      const line = h("li", {
        class: classes.filter(Boolean).join(" "),
        testid: "log-entry",
        "data-version": entry.version,
        "data-type": event ? event.type : "hidden",
        style: seat !== null ? { "--seat": seatColour(seat) } : undefined,
        title: "Show the game at this moment",
        onClick: () => pick(entry.version),
      }, words);
      if (entry.version <= at) current = line;
      element.append(line);
    });
    if (current && !shown.live) current.classList.add("current");
    if (shown.live && entries.length !== lastLength) element.scrollTop = element.scrollHeight;
    if (!shown.live && current) element.scrollTop = Math.max(0, current.offsetTop - element.offsetTop - element.clientHeight / 2);
    lastLength = entries.length;
  }

  return { element, render };
}
