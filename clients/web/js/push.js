// Notices out of the browser, on this device: web push through the service worker
// (/sw.js), so a phone hears its turn with no tab open. A seat subscribes this device once per
// game; the server then pushes the seat's notices (docs/protocol.md, "Notices out of the
// browser"). Also says when one of the seat's channels is paused, with a button to test it.

import { api } from "./api.js";
import { h } from "./dom.js";

let serverKey; // undefined: not asked yet; null: the server sends no web push

async function pushKey() {
  if (serverKey === undefined) serverKey = (await api.pushKey()).key;
  return serverKey;
}

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function remembered(gameId) {
  return localStorage.getItem(`plateau:push:${gameId}`);
}

/** The key as the browser takes it (`applicationServerKey`): bytes from base64url. */
function bytesOf(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function subscribe(gameId, token) {
  const registration = await navigator.serviceWorker.register("/sw.js");
  if ((await Notification.requestPermission()) !== "granted") throw new Error("notifications are blocked for this site");
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOf(await pushKey()),
  });
  // `always`: this device is told even while another tab has the game open
  const made = await api.addChannel(gameId, { push: subscription.toJSON(), always: true }, token);
  localStorage.setItem(`plateau:push:${gameId}`, made.id);
}

/** The seat's notices panel: a button that subscribes this device, or what was decided, and
 * a warning for each paused channel. Null when there is nothing to offer. `onDone` re-renders. */
export function noticesPanel(gameId, token, paused, onDone) {
  const parts = [];
  for (const channel of paused) {
    parts.push(h("span", { class: "badge", testid: "channel-paused", title: `Notices to ${channel.host} failed ${channel.failures} times (${channel.error})` },
      `Notices to ${channel.host} paused `,
      h("button", { type: "button", class: "ghost", testid: "channel-test", onClick: () => api.testChannel(gameId, channel.id, token).finally(onDone) }, "Test it")));
  }
  if (supported() && serverKey) {
    if (remembered(gameId)) {
      parts.push(h("span", { class: "badge alerts-on", testid: "push-state", title: "This device is told of your turn, even with no tab open" }, "📱 Notices on this device"));
    } else {
      parts.push(h("button", { type: "button", class: "ghost", testid: "push-button", title: "This device is told of your turn, even with no tab open", onClick: () => subscribe(gameId, token).catch((error) => console.warn("no push", error)).finally(onDone) }, "Tell this device my turns"));
    }
  }
  return parts.length ? h("span", { class: "notices" }, ...parts) : null;
}

/** What the panel needs from the server: whether it pushes, and the seat's paused channels. */
export async function noticesState(gameId, token) {
  if (supported()) await pushKey().catch(() => null);
  const listed = await api.channels(gameId, token).catch(() => ({ channels: [] }));
  return listed.channels.filter((channel) => channel.paused);
}
