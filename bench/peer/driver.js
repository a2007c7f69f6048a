// The load driver, one process for every system so clients cost the same on both sides:
// Plateau over plain websockets (`ws`), boardgame.io over socket.io-client (websocket
// transport only), and the raw websockets echo / broadcast / idle references.
// Usage: node driver.js '<json config>'; prints progress lines and one final JSON result line
// {"result": {...}} on stdout. Every loop is bounded in count and time.
'use strict';
const WebSocket = require('ws');
const { io } = require('socket.io-client');
const readline = require('readline');

const cfg = JSON.parse(process.argv[2]);
const now = () => Number(process.hrtime.bigint()) / 1e6; // ms
const HARD_LIMIT_MS = (cfg.hard_limit_s || 300) * 1000;
setTimeout(() => {
  console.log(JSON.stringify({ error: 'driver hard time limit reached' }));
  process.exit(3);
}, HARD_LIMIT_MS).unref();

function pct(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
function summary(values) {
  const s = Float64Array.from(values).sort();
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : null;
  return { n: s.length, p50: pct(s, 50), p90: pct(s, 90), p99: pct(s, 99), max: s.length ? s[s.length - 1] : null, mean };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function post(url, body, headers = {}) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body || {}),
    });
    if (res.status < 500) {
      const out = await res.json();
      if (res.status >= 400) throw new Error(`${url}: ${res.status} ${JSON.stringify(out)}`);
      return out;
    }
    await sleep(100 * (attempt + 1));
  }
  throw new Error(`${url}: server busy`);
}
async function inBatches(items, size, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  }
  return out;
}
const stdinLines = readline.createInterface({ input: process.stdin });
const stdinQueue = [];
const stdinWaiters = [];
stdinLines.on('line', (line) => {
  const w = stdinWaiters.shift();
  if (w) w(line);
  else stdinQueue.push(line);
});
function nextStdinLine(timeoutMs = 120000) {
  if (stdinQueue.length) return Promise.resolve(stdinQueue.shift());
  return Promise.race([
    new Promise((r) => stdinWaiters.push(r)),
    sleep(timeoutMs).then(() => ''),
  ]);
}
function phase(name, extra = {}) {
  console.log(JSON.stringify({ phase: name, ...extra }));
}

// ---------------------------------------------------------------------------------------
// Games in play: each has connections (players then spectators) and one action in flight.
// `record(game, conn, version)` is called by each system's adapter when a view arrives.

class Match {
  constructor(index, nconns) {
    this.index = index;
    this.nconns = nconns;
    this.pending = null; // {t0, version, seen: Set, mover, moverAt}
  }
}

class Meter {
  constructor(warmupMs, durationMs) {
    this.start = now() + warmupMs;
    this.end = this.start + durationMs;
    this.allLat = [];
    this.moverLat = [];
    this.actions = 0;
    this.views = 0;
    this.bytes = 0;
    this.frames = 0;
    this.errors = [];
    this.rejections = 0;
    this.stopped = false;
  }
  measuring(t) {
    return t >= this.start && t < this.end;
  }
}

// A view of `version` reached connection `c` of match `m`; true when every connection has it.
function delivered(meter, m, c, version, bytes, isMover) {
  const t = now();
  if (meter.measuring(t)) {
    meter.views += 1;
    meter.bytes += bytes;
  }
  const p = m.pending;
  if (!p || version < p.version) return false;
  if (isMover && p.moverAt === null) p.moverAt = t;
  if (p.seen.has(c)) return false;
  p.seen.add(c);
  if (p.seen.size < m.nconns) return false;
  if (meter.measuring(p.t0)) {
    meter.actions += 1;
    meter.allLat.push(t - p.t0);
    if (p.moverAt !== null) meter.moverLat.push(p.moverAt - p.t0);
  }
  m.pending = null;
  return true;
}

// --------------------------------------------------------------------------- Plateau (ws)

async function plateauMatch(base, index, players, spectators, meter) {
  const game = SCRIPT ? SCRIPT.game : 'bench_counter';
  const created = await post(`${base}/api/games`, { game, seats: players });
  const id = created.game_id;
  const tokens = [];
  for (let p = 0; p < players; p++) {
    tokens.push((await post(`${base}/api/games/${id}/seats`, { name: `p${p}` })).token);
  }
  if (cfg.webhook) await subscribe(base, id, index, [...tokens, created.host_token]);
  await post(`${base}/api/games/${id}/start`, {}, { authorization: `Bearer ${tokens[0]}` });
  const m = new Match(index, players + spectators);
  m.id = id;
  m.conns = [];
  const wsUrl = base.replace('http://', 'ws://') + '/ws';
  const roles = [];
  for (let p = 0; p < players; p++) roles.push({ seat: p, token: tokens[p] });
  for (let s = 0; s < spectators; s++) roles.push({ seat: null, token: null });
  await inBatches(roles, 25, (role) => plateauConnect(wsUrl, m, role, meter));
  return m;
}

// Scenario 10: a webhook for every seat (`always`: its bot has the game open) and one for the
// table (the host token, the last of `owners`), all to the sink (bench/hook_sink.py).
async function subscribe(base, id, index, owners) {
  for (let n = 0; n < owners.length; n++) {
    const url = `${cfg.webhook}/g${index}/${n}`;
    const headers = { authorization: `Bearer ${owners[n]}` };
    await post(`${base}/api/games/${id}/channels`, { url, always: true }, headers);
  }
}

// The bare relay (bench/relay.py) and the lean server (bench/lean.py): Plateau's protocol with
// no lobby, so no HTTP set-up.
async function relayMatch(base, index, players, spectators, meter) {
  const m = new Match(index, players + spectators);
  m.id = `relay-${process.pid}-${Date.now()}-${index}`;
  m.conns = [];
  const roles = [];
  for (let p = 0; p < players; p++) roles.push({ seat: p, token: String(p) });
  for (let s = 0; s < spectators; s++) roles.push({ seat: null, token: null });
  await inBatches(roles, 25, (role) => plateauConnect(base.replace('http://', 'ws://') + '/ws', m, role, meter));
  return m;
}

// An update's patch applied to the game view held (clients/web/js/patch.js, docs/protocol.md).
function patched(view, ops) {
  for (const [path, ...value] of ops) {
    if (!path.length) {
      view = value[0];
      continue;
    }
    const copy = (node) => (Array.isArray(node) ? node.slice() : { ...node });
    view = copy(view);
    let node = view;
    for (const step of path.slice(0, -1)) node = node[step] = copy(node[step]);
    const last = path[path.length - 1];
    if (value.length) node[last] = value[0];
    else if (Array.isArray(node)) node.length = last;
    else delete node[last];
  }
  return view;
}

function plateauConnect(wsUrl, m, role, meter) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    const c = { ws, seat: role.seat, version: 0, turn: null, n: m.conns.length };
    m.conns.push(c);
    let ready = false;
    let stage = 'connecting';
    const timer = setTimeout(() => reject(new Error(`plateau connect timeout (${stage})`)), 60000);
    ws.on('open', () => {
      stage = 'open';
      ws.send(JSON.stringify({ type: 'hello', game_id: m.id, token: role.token }));
    });
    ws.on('error', (e) => {
      meter.errors.push(String(e.message || e));
      if (!ready) reject(e);
    });
    ws.on('close', (code) => {
      if (!meter.stopped) meter.errors.push(`closed ${code}`);
    });
    ws.on('message', (data) => {
      const msg = SCRIPT ? peek(data) : JSON.parse(data);
      if (!ready) stage = msg.type === 'error' ? `error ${msg.reason}: ${msg.detail}` : msg.type;
      if (msg.type === 'snapshot' || msg.type === 'update') {
        c.version = msg.version;
        c.game = msg.view && msg.view.patch ? patched(c.game, msg.view.patch) : msg.view && msg.view.game;
        c.turn = c.game ? c.game.turn : null;
        if (!ready) {
          ready = true;
          clearTimeout(timer);
          resolve(c);
          return;
        }
        const done = delivered(meter, m, c.n, msg.version, data.length, m.pending && m.pending.mover === c.n);
        if (done && !meter.stopped) m.act();
      } else if (msg.type === 'rejected') {
        meter.rejections += 1;
        meter.errors.push(`rejected ${msg.reason}`);
      } else if (msg.type === 'error') {
        meter.errors.push(`error ${msg.reason}`);
      }
    });
  });
}

// A real game's moves, decided before the run (bench/scripted.py): each match replays them
// in order, and the measured window closes when the first match has played them all.
const SCRIPT = cfg.script ? JSON.parse(require('fs').readFileSync(cfg.script, 'utf8')) : null;

// A replaying client needs an update's type and version only: it reads them from the frame's
// head (msgspec writes the tag, then the fields in order) and leaves the rest unparsed, so the
// driver's clients do not bound a game whose views are tens of kilobytes.
const HEAD = /^\{"type":"(update|snapshot)","version":(\d+),/;

function peek(data) {
  const head = HEAD.exec(data.toString('latin1', 0, 64));
  return head ? { type: head[1], version: Number(head[2]) } : JSON.parse(data);
}

function scriptedAct(m, meter) {
  const step = m.step || 0;
  if (step >= SCRIPT.moves.length) {
    meter.end = Math.min(meter.end, now());
    return;
  }
  const move = SCRIPT.moves[step];
  const mover = m.conns.find((c) => c.seat === move.seat);
  m.step = step + 1;
  const t0 = now();
  m.pending = { t0, version: mover.version + 1, seen: new Set(), mover: mover.n, moverAt: null };
  mover.ws.send(
    JSON.stringify({ type: 'command', id: `${m.index}-${step}`, seen_version: mover.version, command: move.command })
  );
}

function plateauAct(m) {
  const mover = m.conns.find((c) => c.seat !== null && c.seat === m.conns[0].turn);
  if (!mover) return;
  const t0 = now();
  m.pending = { t0, version: mover.version + 1, seen: new Set(), mover: mover.n, moverAt: null };
  mover.ws.send(
    JSON.stringify({
      type: 'command',
      id: `${m.index}-${mover.version}`,
      seen_version: mover.version,
      command: { type: 'bump', amount: 1 },
    })
  );
}

// ------------------------------------------------------------------- boardgame.io (socket.io)

async function bgioMatch(base, index, players, spectators, meter) {
  const created = await post(`${base}/games/counter/create`, { numPlayers: players });
  const id = created.matchID;
  const creds = [];
  for (let p = 0; p < players; p++) {
    const joined = await post(`${base}/games/counter/${id}/join`, { playerID: String(p), playerName: `p${p}` });
    creds.push(joined.playerCredentials);
  }
  const m = new Match(index, players + spectators);
  m.id = id;
  m.conns = [];
  const roles = [];
  for (let p = 0; p < players; p++) roles.push({ seat: String(p), cred: creds[p] });
  for (let s = 0; s < spectators; s++) roles.push({ seat: null, cred: undefined });
  await inBatches(roles, 25, (role) => bgioConnect(base, m, role, players, meter));
  return m;
}

function bgioConnect(base, m, role, players, meter) {
  return new Promise((resolve, reject) => {
    const socket = io(`${base}/counter`, { transports: ['websocket'], forceNew: true, reconnection: false });
    const c = { socket, seat: role.seat, cred: role.cred, version: 0, turn: null, n: m.conns.length };
    m.conns.push(c);
    let ready = false;
    const timer = setTimeout(() => reject(new Error('bgio connect timeout')), 60000);
    socket.on('connect', () => socket.emit('sync', m.id, role.seat, role.cred, players));
    socket.on('connect_error', (e) => {
      meter.errors.push(String(e.message || e));
      if (!ready) reject(e);
    });
    socket.on('disconnect', (why) => {
      if (!meter.stopped) meter.errors.push(`disconnect ${why}`);
    });
    socket.on('sync', (matchID, info) => {
      c.version = info.state._stateID;
      c.turn = info.state.ctx.currentPlayer;
      if (!ready) {
        ready = true;
        clearTimeout(timer);
        resolve(c);
      }
    });
    // socket.io hands us parsed objects; count the bytes of the frame the way it was sent
    socket.io.on('open', () => {
      socket.io.engine.on('data', (data) => {
        c.lastBytes = typeof data === 'string' ? data.length : data.byteLength;
      });
    });
    socket.on('update', (matchID, state) => {
      c.version = state._stateID;
      c.turn = state.ctx.currentPlayer;
      if (!ready) return;
      const done = delivered(meter, m, c.n, state._stateID, c.lastBytes || 0, m.pending && m.pending.mover === c.n);
      if (done && !meter.stopped) m.act();
    });
  });
}

function bgioAct(m) {
  const mover = m.conns.find((c) => c.seat !== null && c.seat === m.conns[0].turn);
  if (!mover) return;
  const t0 = now();
  m.pending = { t0, version: mover.version + 1, seen: new Set(), mover: mover.n, moverAt: null };
  const action = {
    type: 'MAKE_MOVE',
    payload: { type: 'bump', args: [1], playerID: mover.seat, credentials: mover.cred },
  };
  mover.socket.emit('update', action, mover.version, m.id, mover.seat);
}

// ------------------------------------------------------------------------- closed-loop games

async function closedLoop() {
  const { system, url, games, players, spectators } = cfg;
  const meter = new Meter(cfg.warmup_s * 1000, cfg.duration_s * 1000);
  const setupStart = now();
  const make = { plateau: plateauMatch, relay: relayMatch, lean: relayMatch, bgio: bgioMatch }[system];
  const matches = await inBatches([...Array(games).keys()], 10, (i) => make(url, i, players, spectators, meter));
  const setupMs = now() - setupStart;
  for (const m of matches) {
    m.act = () => (system === 'bgio' ? bgioAct(m) : SCRIPT ? scriptedAct(m, meter) : plateauAct(m));
  }
  meter.start = now() + cfg.warmup_s * 1000;
  meter.end = meter.start + cfg.duration_s * 1000;
  // the orchestrator reads the servers' CPU time at these two marks (a script may close the
  // window early: its end is then marked when the loop below sees it)
  setTimeout(() => phase('measuring'), meter.start - now());
  if (!SCRIPT) setTimeout(() => phase('measured'), meter.end - now());
  for (const m of matches) m.act();
  // watchdog: an action lost for 5 s (a dropped frame) is re-sent so one game cannot stall
  const watchdog = setInterval(() => {
    const t = now();
    for (const m of matches) {
      if (m.pending && t - m.pending.t0 > 5000) {
        meter.errors.push('stalled action re-sent');
        m.pending = null;
        if (SCRIPT) m.step -= 1; // the same move again, under the same command id
        m.act();
      }
    }
  }, 1000);
  while (now() < meter.end) await sleep(SCRIPT ? 5 : 50);
  if (SCRIPT) phase('measured');
  meter.stopped = true;
  const drainUntil = now() + 3000;
  while (now() < drainUntil && matches.some((m) => m.pending)) await sleep(10);
  clearInterval(watchdog);
  for (const m of matches) {
    for (const c of m.conns) {
      if (c.ws) c.ws.terminate();
      if (c.socket) c.socket.close();
    }
  }
  const seconds = SCRIPT ? Math.max(meter.end - meter.start, 1) / 1000 : cfg.duration_s;
  return {
    system,
    games,
    duration_s: seconds,
    game: SCRIPT ? SCRIPT.game : system,
    moves_played: matches.map((m) => m.step || 0),
    connections: games * (players + spectators),
    setup_s: setupMs / 1000,
    actions: meter.actions,
    actions_per_s: meter.actions / seconds,
    views_per_s: meter.views / seconds,
    mean_view_bytes: meter.views ? meter.bytes / meter.views : 0,
    latency_all_ms: summary(meter.allLat),
    latency_mover_ms: summary(meter.moverLat),
    errors: meter.errors.length,
    error_samples: [...new Set(meter.errors)].slice(0, 5),
  };
}

// ------------------------------------------------------------- raw websockets references

async function echo() {
  const ws = new WebSocket(cfg.url, { perMessageDeflate: false });
  await new Promise((r, j) => {
    ws.on('open', r);
    ws.on('error', j);
  });
  const payload = Buffer.alloc(cfg.size || 64, 120);
  const lat = [];
  const warmEnd = now() + cfg.warmup_s * 1000;
  const end = warmEnd + cfg.duration_s * 1000;
  let t0 = 0;
  let count = 0;
  await new Promise((resolve) => {
    ws.on('message', () => {
      const t = now();
      if (t0 >= warmEnd) {
        lat.push(t - t0);
        count += 1;
      }
      if (t >= end) return resolve();
      t0 = now();
      ws.send(payload);
    });
    t0 = now();
    ws.send(payload);
  });
  ws.terminate();
  return { system: 'echo', round_trips_per_s: count / cfg.duration_s, latency_ms: summary(lat) };
}

async function rawConnections(url, n, onMessage) {
  const conns = [];
  const errors = [];
  await inBatches([...Array(n).keys()], 100, (i) =>
    new Promise((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.on('open', () => resolve());
      ws.on('error', (e) => {
        errors.push(String(e.message || e));
        resolve();
      });
      if (onMessage) ws.on('message', (data) => onMessage(i, data));
      conns.push(ws);
    })
  );
  return { conns, errors };
}

async function broadcast() {
  // cfg.connections clients; client 0 asks the server to broadcast cfg.count frames of
  // cfg.size bytes to everyone; we time until every client has all of them.
  const n = cfg.connections;
  let received = 0;
  let target = 0;
  let done = null;
  const { conns, errors } = await rawConnections(cfg.url, n, () => {
    received += 1;
    if (received === target && done) done();
  });
  await sleep(300);
  const rates = [];
  const end = now() + (cfg.warmup_s + cfg.duration_s) * 1000;
  for (let round = 0; round < (cfg.rounds || 5) && now() < end; round++) {
    received = 0;
    target = n * cfg.count;
    const t0 = now();
    const finished = new Promise((r) => (done = r));
    conns[0].send(JSON.stringify({ count: cfg.count, size: cfg.size }));
    await Promise.race([finished, sleep(30000)]);
    const elapsed = now() - t0;
    if (round > 0 || cfg.rounds === 1) rates.push(received / (elapsed / 1000));
  }
  for (const ws of conns) ws.terminate();
  const s = Float64Array.from(rates).sort();
  return { system: 'broadcast', connections: n, frame_bytes: cfg.size, deliveries_per_s: pct(s, 50), rounds: rates, errors: errors.length };
}

async function idle() {
  // Hold cfg.games x (players + spectators) connections; report between phases so the
  // orchestrator can read the server's RSS; then check one action per game reaches everyone.
  const { system, url, games, players, spectators } = cfg;
  const meter = new Meter(0, 1e9);
  if (system === 'idle_raw') {
    phase('baseline');
    await nextStdinLine();
    const { conns, errors } = await rawConnections(url, games * (players + spectators), null);
    await sleep(1000);
    phase('connected', { connections: conns.length - errors.length, errors: errors.length });
    await nextStdinLine();
    for (const ws of conns) ws.terminate();
    return { system, connections: conns.length - errors.length, errors: errors.length };
  }
  // create every game before the baseline, so the connections are what the delta measures
  const base = url;
  const made = await inBatches([...Array(games).keys()], 10, async (i) => {
    const game = SCRIPT ? SCRIPT.game : 'bench_counter';
  const created = await post(`${base}/api/games`, { game, seats: players });
    const id = created.game_id;
    const tokens = [];
    for (let p = 0; p < players; p++) tokens.push((await post(`${base}/api/games/${id}/seats`, { name: `p${p}` })).token);
    await post(`${base}/api/games/${id}/start`, {}, { authorization: `Bearer ${tokens[0]}` });
    return { id, tokens };
  });
  phase('baseline');
  await nextStdinLine();
  const t0 = now();
  const wsUrl = base.replace('http://', 'ws://') + '/ws';
  const matches = [];
  let failed = 0;
  for (let i = 0; i < games; i++) {
    const m = new Match(i, players + spectators);
    m.id = made[i].id;
    m.conns = [];
    const roles = [];
    for (let p = 0; p < players; p++) roles.push({ seat: p, token: made[i].tokens[p] });
    for (let s = 0; s < spectators; s++) roles.push({ seat: null, token: null });
    await inBatches(roles, 50, (role) => plateauConnect(wsUrl, m, role, meter).catch(() => (failed += 1)));
    m.act = () => plateauAct(m);
    matches.push(m);
  }
  const connectS = (now() - t0) / 1000;
  await sleep(1000);
  const open = matches.reduce((a, m) => a + m.conns.filter((c) => c.ws.readyState === WebSocket.OPEN).length, 0);
  phase('connected', { connections: open, failed, errors: meter.errors.length, connect_s: connectS });
  await nextStdinLine();
  // one action per game, one game at a time, while everything stays connected
  meter.start = now();
  for (const m of matches) {
    await new Promise((resolve) => {
      m.act = () => resolve();
      plateauAct(m);
      setTimeout(resolve, 5000);
    });
  }
  meter.stopped = true;
  const open2 = matches.reduce((a, m) => a + m.conns.filter((c) => c.ws.readyState === WebSocket.OPEN).length, 0);
  for (const m of matches) for (const c of m.conns) c.ws.terminate();
  return {
    system,
    connections: open,
    still_open: open2,
    failed,
    connect_s: connectS,
    action_to_all_ms: summary(meter.allLat),
    actions: meter.actions,
    errors: meter.errors.length,
    error_samples: [...new Set(meter.errors)].slice(0, 5),
  };
}

async function main() {
  let result;
  if (['plateau', 'relay', 'lean', 'bgio'].includes(cfg.system)) result = await closedLoop();
  else if (cfg.system === 'echo') result = await echo();
  else if (cfg.system === 'broadcast') result = await broadcast();
  else if (cfg.system === 'idle' || cfg.system === 'idle_raw') result = await idle();
  else throw new Error(`unknown system ${cfg.system}`);
  console.log(JSON.stringify({ result }));
  process.exit(0);
}

main().catch((e) => {
  console.log(JSON.stringify({ error: String((e && e.stack) || e) }));
  process.exit(2);
});
