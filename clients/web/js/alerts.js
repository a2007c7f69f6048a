// "Your turn" while the page is in a background tab: a short beep (WebAudio) and, if the
// person allowed it, a browser notification. Only a change from "not your turn" to "your
// turn" alerts, never the first frame a page gets (it is not news then).

import { h } from "./dom.js";

let audio = null;

/** A 0.2 s beep at 880 Hz; silent where WebAudio is missing or not allowed yet. */
export function beep() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.2);
  } catch (error) {
    console.warn("no sound", error);
  }
}

function notify(title, body) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const shown = new Notification(title, { body, tag: title });
    shown.onclick = () => window.focus();
  } catch (error) {
    console.warn("no notification", error);
  }
}

/** A watcher of one table's turn: call it with whether this seat is awaited now. */
export function turnAlerts(title) {
  let was = null; // unknown until the first frame
  return (awaited) => {
    const news = was === false && awaited;
    was = awaited;
    if (!news || !document.hidden) return;
    beep();
    notify("Your turn", `${title()}: it is your turn to play.`);
  };
}

/** A button asking for permission to notify (it must follow a click); once decided, what
 * was decided, so the button does not just vanish. */
export function notifyButton(onDone) {
  if (!("Notification" in window)) return null;
  if (Notification.permission === "granted") {
    return h("span", { class: "badge alerts-on", testid: "notify-state", "data-state": "granted", title: "A notification when it is your turn and this tab is in the background" }, "🔔 Alerts on");
  }
  if (Notification.permission === "denied") {
    return h("span", { class: "badge", testid: "notify-state", "data-state": "denied", title: "Allow notifications for this site in the browser's settings to be alerted" }, "Alerts blocked by the browser");
  }
  return h("button", { type: "button", class: "ghost", testid: "notify-button", title: "A notification when it is your turn and this tab is in the background", onClick: async () => {
    try {
      await Notification.requestPermission();
    } finally {
      onDone();
    }
  } }, "Alert me on my turn");
}
