// The HTTP API of the server (JSON). Errors become ApiError with the server's words.

export class ApiError extends Error {
  constructor(status, reason, detail) {
    super(detail || reason || `HTTP ${status}`);
    this.status = status;
    this.reason = reason;
    this.detail = detail;
  }
}

async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  // the server takes a write only as JSON, a bodiless one too (docs/protocol.md, "HTTP writes")
  if (method !== "GET") headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, data && data.error, (data && data.detail) || text);
  }
  return data;
}

// Who acts for a seat: `held` is { seat, token }, the token sent as Bearer; a seat held only
// through the signed-in account (no token here) is named `?seat=N`, its session cookie sent
// along by the browser (docs/http.md, "Seats of an account").
function asSeat(path, held) {
  return held && !held.token && Number.isInteger(held.seat) ? `${path}?seat=${held.seat}` : path;
}

const tokenOf = (held) => (held ? held.token : null);

export const api = {
  types: () => call("GET", "/api/games/types"),
  list: () => call("GET", "/api/games"),
  game: (id) => call("GET", `/api/games/${encodeURIComponent(id)}`),
  // `bots`: the seats the server's bots play, at `botLevel`; `clock`: { initial_s, increment_s,
  // on_timeout } or null (docs/protocol.md); each is sent only when asked for
  create: (game, seats, options, undo = "consent", { bots = [], botLevel, clock = null, rated = false } = {}) =>
    call("POST", "/api/games", {
      game, seats, options, undo,
      ...(rated ? { rated } : {}),
      ...(bots.length ? { bots, ...(botLevel ? { bot_level: botLevel } : {}) } : {}),
      ...(clock ? { clock } : {}),
    }),
  join: (id, name) => call("POST", `/api/games/${encodeURIComponent(id)}/seats`, { name }),
  // `held`: the host token as { token }, or the seat that starts it
  start: (id, held) => call("POST", asSeat(`/api/games/${encodeURIComponent(id)}/start`, held), {}, tokenOf(held)),
  proof: (id) => call("GET", `/api/games/${encodeURIComponent(id)}/proof`),
  askUndo: (id, held, command) => call("POST", asSeat(`/api/games/${encodeURIComponent(id)}/undo`, held), command ? { command } : {}, tokenOf(held)),
  answerUndo: (id, accept, held) => call("POST", asSeat(`/api/games/${encodeURIComponent(id)}/undo/${accept ? "accept" : "refuse"}`, held), {}, tokenOf(held)),
  // hand my seat to the server's bot (`bot: true`) or take it back (`bot: false`)
  // (the seat is in the path: a seat of the account needs no `?seat=N`)
  seatBot: (id, seat, bot, held) => call("POST", `/api/games/${encodeURIComponent(id)}/seats/${seat}/bot`, { bot }, tokenOf(held)),
  leaderboard: (game) => call("GET", `/api/ratings/${encodeURIComponent(game)}`),
  player: (id) => call("GET", `/api/players/${encodeURIComponent(id)}`),
  fork: (id, version, held) => call("POST", asSeat(`/api/games/${encodeURIComponent(id)}/fork`, held), { version }, tokenOf(held)),
  // a fork's forker gives its free seats to the server's bots (greedy)
  forkBots: (id, held) => call("POST", asSeat(`/api/games/${encodeURIComponent(id)}/fork/bots`, held), {}, tokenOf(held)),
  // notices out of the browser (docs/protocol.md, "Notices out of the browser")
  pushKey: () => call("GET", "/api/push/key"),
  channels: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/channels`, undefined, token),
  addChannel: (id, channel, token) => call("POST", `/api/games/${encodeURIComponent(id)}/channels`, channel, token),
  testChannel: (id, channel, token) => call("POST", `/api/games/${encodeURIComponent(id)}/channels/${encodeURIComponent(channel)}/test`, {}, token),
};
