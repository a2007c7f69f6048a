// Turn clocks as the table view gives them (docs/protocol.md, "Turn clocks"): what each seat
// had left at the last stamp, in server time, and whose clocks run since. The page ticks
// from there, correcting for the gap between this browser's clock and the server's.

// Server time minus this browser's: the largest of the estimates from each
// `GET /api/games/{id}`. Each answer's `at_ms` is older than it looks by the time the answer
// took to arrive, so every estimate is short of the truth by that much; the largest is the
// nearest, and keeping it stops a running clock from jumping back up after a slow answer.
let offsetMs = null;

export function learnServerTime(info) {
  if (!info || !info.clock || typeof info.clock.at_ms !== "number") return;
  const estimate = info.clock.at_ms - Date.now();
  offsetMs = offsetMs === null ? estimate : Math.max(offsetMs, estimate);
}

// What `seat` has left now, in milliseconds; null for a table without a clock. A running clock
// never shows more than it had at its stamp: the offset is learnt from an answer that took time
// to arrive, so a stamp made just after it can look a little in the future.
export function leftNow(clock, seat) {
  if (!clock) return null;
  const left = clock.left_ms[seat] ?? clock.initial_ms;
  if (!clock.since_ms || !clock.running.includes(seat)) return left;
  const elapsed = Math.max(0, Date.now() + (offsetMs ?? 0) - clock.since_ms);
  return Math.max(0, left - elapsed);
}

/** Whether `seat` has no time left now: a bot plays its turns until a move earns it some. */
export function outOfTime(clock, seat) {
  if (!clock || seat === null || seat === undefined) return false;
  const left = leftNow(clock, seat);
  return left !== null && left <= 0;
}

/** The seats whose last move a bot played because their time had run out (`time_ran_out`
 * right after that move's stamp): out of time until they move again themselves. */
export function timedOutSeats(log) {
  const out = new Set();
  let stamped = null; // the seat of the last stamp seen
  for (const entry of log || []) {
    const event = entry.event;
    if (!event) continue;
    if (event.type === "clock_stamped") {
      stamped = event.seat;
      if (typeof event.seat === "number") out.delete(event.seat);
    } else if (event.type === "time_ran_out" && event.seat === stamped) {
      out.add(event.seat);
    }
  }
  return out;
}

export function clockWords(ms) {
  const seconds = Math.ceil(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
