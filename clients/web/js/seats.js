// Seat tokens, kept in localStorage per game id, so a reload resumes the same seat.

const KEY = (gameId) => `plateau.seat.${gameId}`;

export function loadSeat(gameId) {
  try {
    const raw = localStorage.getItem(KEY(gameId));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function saveSeat(gameId, seat) {
  localStorage.setItem(KEY(gameId), JSON.stringify(seat));
}

export function forgetSeat(gameId) {
  localStorage.removeItem(KEY(gameId));
}

// The host token of each table this browser created: until every seat is taken, only it
// starts the table (docs/protocol.md, "Who starts a table"). Kept until the game starts.
const HOST = (gameId) => `plateau.host.${gameId}`;

export function loadHost(gameId) {
  try {
    return localStorage.getItem(HOST(gameId));
  } catch {
    return null;
  }
}

export function saveHost(gameId, token) {
  localStorage.setItem(HOST(gameId), token);
}

export function forgetHost(gameId) {
  localStorage.removeItem(HOST(gameId));
}

export function savedName() {
  return localStorage.getItem("plateau.name") || "";
}

export function rememberName(name) {
  localStorage.setItem("plateau.name", name);
}

/** Every seat this browser holds: [{ gameId, seat, token, name }], from localStorage. */
export function heldSeats() {
  const held = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("plateau.seat.")) continue;
    const gameId = key.slice("plateau.seat.".length);
    const seat = loadSeat(gameId);
    if (seat && Number.isInteger(seat.seat)) held.push({ gameId, ...seat });
  }
  return held;
}
