// Undo by consent: an Undo button for the player whose move was the last one, and Accept /
// Refuse for the others while an undo is asked. The server decides whether a move may be
// undone (nothing drawn, hidden or revealed by it) and says why not in words.

import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { seatName } from "./words.js";

// log events that are not moves: after them, the player's move is still the last one
const NOT_MOVES = new Set(["chat_posted", "undo_requested", "undo_answered"]);

/** Whether the move acked at `version` is still the last one in `log` (nothing but chat
 * and undo answers since) and its undo was not asked yet (a refused undo is not asked again). */
function stillLast(log, version) {
  const since = log.filter((entry) => entry.version > version);
  return since.every((entry) => entry.event && NOT_MOVES.has(entry.event.type))
    && !since.some((entry) => entry.event.type === "undo_requested");
}

/** Who refused the undo `seat` asked of its move at `version`, while that move is still the
 * last one; null otherwise. */
function refusedBy(log, version, seat) {
  const since = log.filter((entry) => entry.version > version);
  if (!since.every((entry) => entry.event && NOT_MOVES.has(entry.event.type))) return null;
  const asked = since.findIndex((entry) => entry.event.type === "undo_requested" && entry.event.seat === seat);
  if (asked < 0) return null;
  const no = since.slice(asked).find((entry) => entry.event.type === "undo_answered" && !entry.event.accept);
  return no ? no.event.seat : null;
}

/** The undo panel for this page's seat, or null when there is nothing to offer. */
export function undoPanel({ gameId, table, seat, held, log, lastMove, live, mode }) {
  // held: { seat, token } this page acts with (its token, or none for a seat of the signed-in
  // account); lastMove: { version, command } of this page's last acked command, or null; mode:
  // the creator's choice, "consent" or "never" (the game's summary)
  if (!table || !table.started || table.over || seat === null || !held || !live || mode === "never") return null;
  const asked = table.undo;
  const names = table.names;
  const send = (call) => call().catch((error) => toast(error.message));
  if (asked) {
    if (asked.seat === seat) {
      return h("div", { class: "notice undo", testid: "undo-waiting" }, "You asked to undo your last move: waiting for the other players to accept.");
    }
    if (asked.accepted.includes(seat)) {
      return h("div", { class: "notice undo", testid: "undo-accepted" }, `You accepted ${seatName(names, asked.seat)}'s undo: waiting for the others.`);
    }
    return h("div", { class: "notice undo", role: "alert", testid: "undo-asked" },
      h("span", {}, `${seatName(names, asked.seat)} asks to undo their last move. `),
      h("button", { type: "button", testid: "undo-accept", onClick: () => send(() => api.answerUndo(gameId, true, held)) }, "Accept"), " ",
      h("button", { type: "button", class: "ghost", testid: "undo-refuse", onClick: () => send(() => api.answerUndo(gameId, false, held)) }, "Refuse"));
  }
  const refused = lastMove ? refusedBy(log, lastMove.version, seat) : null;
  if (refused !== null) {
    return h("div", { class: "notice undo", role: "status", testid: "undo-refused" },
      `${seatName(names, refused)} refused to undo your last move: it stands.`);
  }
  if (!lastMove || !stillLast(log, lastMove.version)) return null;
  return h("div", { class: "undo-offer" },
    h("button", { type: "button", class: "ghost", testid: "undo-button", title: "Ask the other players to take back your last move", onClick: () => send(() => api.askUndo(gameId, held, lastMove.command)) }, "Undo my last move"));
}
