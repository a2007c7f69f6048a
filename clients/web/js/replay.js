// The replay bar: a slider over the game's moments, arrow keys to step, a way back to live.
// It appears once the game has a history to look back on; "Back to live" only in the past;
// "Fork from here" where the person may fork the moment shown (`canFork`).

import { h } from "./dom.js";

/**
 * `seek(version)` goes to a past version (or back to live with null); `position()` says where
 * the board is now (a seek on its way counts) and `latest()` the live version. `fork(version)`
 * makes a what-if fork of the moment shown, offered when `canFork()` says so.
 */
export function replayBar({ seek, position, latest, fork = null, canFork = () => false }) {
  let debounce = null;
  let shownAny = false;
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, step: 1, testid: "replay-slider", "aria-label": "Look back in the game" });
  const label = h("span", { class: "slider-label", testid: "replay-label", "aria-live": "polite" }, "");
  const live = h("button", { type: "button", class: "ghost", testid: "go-live", onClick: () => seek(null) }, "Back to live");
  const forkHere = h("button", { type: "button", class: "ghost", testid: "fork-here", hidden: true, title: "A new game from this moment, as you knew it: what you could not see is dealt again", onClick: () => fork && fork(Number(element.dataset.version)) }, "Fork from here");
  const element = h("div", { class: "replay", testid: "replay-bar", hidden: true }, h("span", { class: "replay-title" }, "Replay"), slider, label, live, forkHere);

  const words = (version, max) => `step ${version} of ${max}`;

  slider.addEventListener("input", () => {
    const version = Number(slider.value);
    label.textContent = words(version, slider.max);
    clearTimeout(debounce);
    debounce = setTimeout(() => seek(version), 120);
  });

  /** Left and right arrows step one moment, anywhere but in a text field. */
  function onKey(event) {
    if (element.hidden) return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" && event.target !== slider) return;
    if (tag === "TEXTAREA" || tag === "SELECT") return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = position() + (event.key === "ArrowLeft" ? -1 : 1);
    slider.value = String(Math.max(0, Math.min(next, latest())));
    seek(Number(slider.value));
  }

  /** `history`: whether there is anything to look back on (the game has started and moved). */
  function render(shown, history) {
    const max = latest();
    shownAny = shownAny || history || !shown.live;
    element.hidden = !shownAny;
    slider.max = String(max);
    if (document.activeElement !== slider || shown.live) slider.value = String(shown.version ?? max);
    label.textContent = shown.live ? "live" : words(shown.version, max);
    live.hidden = shown.live;
    element.classList.toggle("past", !shown.live);
    element.dataset.live = shown.live ? "true" : "false";
    element.dataset.version = String(shown.version ?? 0);
    forkHere.hidden = !(fork && canFork());
  }

  function moveTo(version) {
    slider.value = String(version);
  }

  return { element, render, onKey, moveTo };
}
