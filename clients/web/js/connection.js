// One table's WebSocket: hello/resume, snapshot and updates, commands with acks, seek, chat.
// Reconnects with backoff and resumes from (last_version, last_hash): no missed or doubled update.

import { expandChoices } from "./choices.js";
import { patched } from "./patch.js";
import { remember } from "./proof.js";

function newId() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
}

export class Connection {
  // `seat` without a token: a seat of the signed-in account, played with its session
  constructor(gameId, token, onChange, seat = null) {
    this.gameId = gameId;
    this.token = token || null;
    this.seat = this.token ? null : seat;
    this.onChange = onChange;
    this.ws = null;
    this.closed = false;
    this.retries = 0;
    this.status = "connecting";
    // The live model (what the server pushes as the game moves on).
    this.welcome = null;
    this.version = null;
    this.hash = null;
    this.view = null;
    this.log = [];
    this.legal = []; // every complete command this seat may send now
    this.choices = []; // the same as sent: a price range is one choice (choices.js)
    // A past moment while seeking (a snapshot with live: false), or null when live.
    this.past = null;
    this.seeking = null; // the version asked for, until its snapshot arrives
    this.pending = new Map(); // command id -> {frame, resolve}
    this.lastError = null;
    this.timer = null;
    this.pinger = null;
    this.lastSeek = 0;
    this.seekTimer = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws`;
  }

  connect() {
    if (this.closed) return;
    this.setStatus(this.retries ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      ws.send(
        JSON.stringify({
          type: "hello",
          game_id: this.gameId,
          token: this.token,
          ...(this.seat === null ? {} : { seat: this.seat }),
          last_version: this.version,
          last_hash: this.hash,
        }),
      );
    };
    ws.onmessage = (message) => {
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      this.receive(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      if (this.closed) return;
      this.retries += 1;
      const delay = Math.min(5000, 200 * 2 ** Math.min(this.retries, 5)) * (0.75 + Math.random() / 2);
      this.setStatus("reconnecting");
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  setStatus(status) {
    this.status = status;
    const badge = document.querySelector("[data-testid=connection]");
    if (badge) {
      badge.dataset.state = status;
      badge.textContent = { live: "● connected", connecting: "connecting…", reconnecting: "reconnecting…", closed: "" }[status] || status;
    }
    this.onChange("status");
  }

  receive(frame) {
    switch (frame.type) {
      case "welcome":
        this.welcome = frame;
        this.retries = 0;
        this.setStatus("live");
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ type: "ping" }), 20000);
        // Commands sent before a drop are sent again under the same id (the server dedupes).
        for (const { frame: pendingFrame } of this.pending.values()) this.send(pendingFrame);
        if (this.seeking !== null) this.send({ type: "seek", version: this.seeking });
        this.onChange("welcome");
        break;
      case "snapshot":
        if (frame.live === false) {
          this.past = frame;
          this.seeking = frame.version;
        } else {
          this.past = null;
          this.seeking = null;
          this.version = frame.version;
          this.hash = frame.hash;
          remember(this.gameId, frame.version, frame.hash);
          this.view = frame.view;
          this.log = frame.log.slice();
          this.take(frame.legal);
        }
        this.onChange("snapshot");
        break;
      case "update": {
        if (this.version !== null && frame.version <= this.version) return; // already have it
        if (frame.base !== this.version) {
          // it follows a version this browser does not hold: resume from the one it holds
          if (this.ws) this.ws.close();
          return;
        }
        this.version = frame.version;
        this.hash = frame.hash;
        remember(this.gameId, frame.version, frame.hash);
        // the table part (names, started, over, result) comes only when it changed, the game's
        // view as the patch of the one held (or whole)
        const { patch, ...parts } = frame.view;
        const game = patch ? patched(this.view.game, patch) : parts.game;
        this.view = { table: this.view.table, ...parts, game };
        for (const entry of frame.events || []) {
          const last = this.log.length ? this.log[this.log.length - 1].version : -1;
          if (entry.version > last) this.log.push(entry);
        }
        this.take(frame.legal);
        this.onChange("update");
        break;
      }
      case "ack":
      case "explained":
      case "rejected": {
        const waiting = this.pending.get(frame.id);
        if (waiting) {
          this.pending.delete(frame.id);
          waiting.resolve(frame);
        }
        this.onChange(frame.type, frame);
        break;
      }
      case "error":
        this.lastError = frame;
        // A refused hello (unknown game, wrong token) would be refused again: stop retrying.
        if (frame.reason === "unauthorized" || frame.reason === "not_found") this.closed = true;
        this.onChange("error", frame);
        break;
      default:
        break;
    }
  }

  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  /** Sends a game command; resolves with the server's ack or rejected frame. */
  command(command) {
    const id = newId();
    const frame = { type: "command", id, seen_version: this.version ?? 0, command };
    return new Promise((resolve) => {
      this.pending.set(id, { frame, resolve });
      this.send(frame);
    });
  }

  /** Asks what a command would do (an 18ZOO run's revenue); resolves with the server's
   * `explained` or `rejected` frame. Nothing is decided or stored. */
  explain(command) {
    const id = newId();
    const frame = { type: "explain", id, command };
    return new Promise((resolve) => {
      this.pending.set(id, { frame, resolve });
      this.send(frame);
    });
  }

  /** Time travel; at most one seek frame per 100 ms (the server paces frames), the last wins. */
  seek(version) {
    this.seeking = version;
    if (version === null) this.past = null;
    const wait = this.lastSeek + 100 - Date.now();
    clearTimeout(this.seekTimer);
    if (wait <= 0) {
      this.lastSeek = Date.now();
      this.send({ type: "seek", version });
    } else {
      this.seekTimer = setTimeout(() => {
        this.lastSeek = Date.now();
        this.send({ type: "seek", version: this.seeking });
      }, wait);
    }
    this.onChange("seek");
  }

  chat(text) {
    return this.send({ type: "chat", text });
  }

  /** The legal list of a frame: its choices as sent, and the commands they hold. */
  take(legal) {
    this.choices = legal || [];
    this.legal = expandChoices(this.choices);
  }

  /** What to draw: the past moment while seeking, else the live model. */
  shown() {
    if (this.past) {
      return { version: this.past.version, view: this.past.view, legal: [], choices: [], live: false, log: this.past.log };
    }
    return { version: this.version, view: this.view, legal: this.legal, choices: this.choices, live: true, log: this.log };
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.seekTimer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    this.ws = null;
    this.setStatus("closed");
  }
}
