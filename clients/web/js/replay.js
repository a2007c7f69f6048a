// The replay bar: a slider over the versions, arrow keys to step, a way back to live.

import { h } from "./dom.js";

/**
 * `seek(version)` goes to a past version (or back to live with null); `position()` says where
 * the board is now (a seek on its way counts) and `latest()` the live version.
 */
export function replayBar({ seek, position, latest }) {
  let debounce = null;
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, step: 1, testid: "replay-slider", "aria-label": "Replay: version" });
  const label = h("span", { class: "slider-label", testid: "replay-label" }, "");
  const live = h("button", { type: "button", class: "ghost", testid: "go-live", onClick: () => seek(null) }, "Back to live");
  const element = h("div", { class: "replay", testid: "replay-bar" }, h("span", { class: "replay-title" }, "Replay"), slider, label, live);

  slider.addEventListener("input", () => {
    const version = Number(slider.value);
    label.textContent = `version ${version} / ${slider.max}`;
    clearTimeout(debounce);
    debounce = setTimeout(() => seek(version), 120);
  });

  /** Left and right arrows step one version, anywhere but in a text field. */
  function onKey(event) {
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" && event.target !== slider) return;
    if (tag === "TEXTAREA" || tag === "SELECT") return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = position() + (event.key === "ArrowLeft" ? -1 : 1);
    slider.value = String(Math.max(0, Math.min(next, latest())));
    seek(Number(slider.value));
  }

  function render(shown) {
    const max = latest();
    slider.max = String(max);
    if (document.activeElement !== slider || shown.live) slider.value = String(shown.version ?? max);
    label.textContent = shown.live ? `version ${max} (live)` : `version ${shown.version} / ${max}`;
    live.hidden = shown.live;
    element.classList.toggle("past", !shown.live);
    element.dataset.live = shown.live ? "true" : "false";
    element.dataset.version = String(shown.version ?? 0);
  }

  function moveTo(version) {
    slider.value = String(version);
  }

  return { element, render, onKey, moveTo };
}
