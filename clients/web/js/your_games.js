// "Your games" in the lobby: the games this browser holds a seat in (its tokens), those
// awaiting this person first (the one whose clock has the least time left first), then those
// being played, open, and finished ones last.

import { api } from "./api.js";
import { h } from "./dom.js";
import { heldSeats } from "./seats.js";
import { durationWords, humanize } from "./words.js";

const MAX_SHOWN = 20; // a browser that played hundreds of games asks for the first ones only

function order(item) {
  if (item.awaitingMe) return 0;
  if (item.summary.started && !item.summary.over) return 1;
  if (!item.summary.started) return 2;
  return 3;
}

/** What this seat's clock has left now (its server's time taken for ours), or Infinity
 * without a clock. */
export function timeLeft(item, now = Date.now()) {
  const clock = item.summary.clock;
  if (!clock) return Infinity;
  const running = (clock.running || []).includes(item.seat);
  return Math.max(0, clock.left_ms[item.seat] - (running ? Math.max(0, now - clock.at_ms) : 0));
}

function state(item) {
  const left = timeLeft(item);
  if (item.awaitingMe && Number.isFinite(left)) return `your turn: ${durationWords(left) || "no time"} left`;
  if (item.awaitingMe) return "your turn";
  if (item.summary.over) return "finished";
  if (!item.summary.started) return "waiting for players";
  return "their turn";
}

/** The held seats with their games' summaries (a game gone from the server is left out);
 * `listed` maps game ids to the summaries the lobby's lists already hold (none asked again). */
export async function yourGames(listed = new Map()) {
  const held = heldSeats().slice(0, MAX_SHOWN);
  const found = await Promise.all(held.map(async (seat) => {
    try {
      const summary = listed.get(seat.gameId) || await api.game(seat.gameId);
      const name = seat.name || (summary.names || [])[seat.seat]; // an account's seat: the table's name
      return { ...seat, name, summary, awaitingMe: (summary.awaiting || []).includes(seat.seat) };
    } catch {
      return null;
    }
  }));
  const now = Date.now();
  const sooner = (a, b) => Math.sign(timeLeft(a, now) - timeLeft(b, now)) || 0; // NaN: both none
  return found.filter(Boolean).sort((a, b) => order(a) - order(b) || sooner(a, b));
}

export function yourGamesRows(items, types) {
  return items.map((item) => {
    const type = types.find((t) => t.name === item.summary.game);
    const link = item.summary.over ? `#/game/${item.gameId}/replay` : `#/game/${item.gameId}`;
    return h("li", { class: `game-row ${item.awaitingMe ? "awaiting" : ""}`, testid: "your-game", "data-game-id": item.gameId, "data-awaiting": String(item.awaitingMe) },
      h("div", { class: "game-row-main" },
        h("strong", {}, type ? type.title : humanize(item.summary.game)),
        h("span", { class: "muted" }, ` · as ${item.name || `seat ${item.seat + 1}`} · `),
        h("span", { class: `badge ${item.awaitingMe ? "turn" : ""}`, testid: "your-game-state" }, state(item))),
      h("a", { class: "button", href: link }, item.awaitingMe ? "Play" : "Open"));
  });
}
