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

export function savedName() {
  return localStorage.getItem("plateau.name") || "";
}

export function rememberName(name) {
  localStorage.setItem("plateau.name", name);
}
