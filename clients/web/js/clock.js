// Turn clocks as the table view gives them (docs/protocol.md, "Turn clocks"): what each seat
// had left at the last stamp, in server time, and whose clocks run since. The page ticks
// from there, correcting for the gap between this browser's clock and the server's.

let offsetMs = 0; // server time minus this browser's, from the last `GET /api/games/{id}`

export function learnServerTime(info) {
  if (info && info.clock && typeof info.clock.at_ms === "number") offsetMs = info.clock.at_ms - Date.now();
}

// What `seat` has left now, in milliseconds; null for a table without a clock. A running clock
// never shows more than it had at its stamp: the offset is learnt from an answer that took time
// to arrive, so a stamp made just after it can look a little in the future.
export function leftNow(clock, seat) {
  if (!clock) return null;
  const left = clock.left_ms[seat] ?? clock.initial_ms;
  if (!clock.since_ms || !clock.running.includes(seat)) return left;
  const elapsed = Math.max(0, Date.now() + offsetMs - clock.since_ms);
  return Math.max(0, left - elapsed);
}

export function clockWords(ms) {
  const seconds = Math.ceil(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
