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

export const api = {
  types: () => call("GET", "/api/games/types"),
  list: () => call("GET", "/api/games"),
  game: (id) => call("GET", `/api/games/${encodeURIComponent(id)}`),
  // `bots`: the seats the server's bots play, at `botLevel`; `clock`: { initial_s, increment_s,
  // on_timeout } or null (docs/protocol.md); each is sent only when asked for
  create: (game, seats, options, undo = "consent", { bots = [], botLevel, clock = null } = {}) =>
    call("POST", "/api/games", {
      game, seats, options, undo,
      ...(bots.length ? { bots, ...(botLevel ? { bot_level: botLevel } : {}) } : {}),
      ...(clock ? { clock } : {}),
    }),
  join: (id, name) => call("POST", `/api/games/${encodeURIComponent(id)}/seats`, { name }),
  start: (id, token) => call("POST", `/api/games/${encodeURIComponent(id)}/start`, {}, token),
  proof: (id) => call("GET", `/api/games/${encodeURIComponent(id)}/proof`),
  askUndo: (id, token, command) => call("POST", `/api/games/${encodeURIComponent(id)}/undo`, command ? { command } : {}, token),
  answerUndo: (id, accept, token) => call("POST", `/api/games/${encodeURIComponent(id)}/undo/${accept ? "accept" : "refuse"}`, {}, token),
  // hand my seat to the server's bot (`bot: true`) or take it back (`bot: false`)
  seatBot: (id, seat, bot, token) => call("POST", `/api/games/${encodeURIComponent(id)}/seats/${seat}/bot`, { bot }, token),
  fork: (id, version, token) => call("POST", `/api/games/${encodeURIComponent(id)}/fork`, { version }, token),
  // notices out of the browser (docs/protocol.md, "Notices out of the browser")
  pushKey: () => call("GET", "/api/push/key"),
  channels: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/channels`, undefined, token),
  addChannel: (id, channel, token) => call("POST", `/api/games/${encodeURIComponent(id)}/channels`, channel, token),
  testChannel: (id, channel, token) => call("POST", `/api/games/${encodeURIComponent(id)}/channels/${encodeURIComponent(channel)}/test`, {}, token),
};
