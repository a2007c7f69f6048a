// The table page: seats, join/start, the board, the log in words, chat and the replay slider.

import { adoptAccountSeat } from "./account.js";
import { notifyButton, turnAlerts } from "./alerts.js";
import { api } from "./api.js";
import { boardFor } from "./boards/index.js";
import generic from "./boards/generic.js";
import { clockWords, leftNow, learnServerTime, outOfTime, timedOutSeats } from "./clock.js";
import { Connection } from "./connection.js";
import { clear, h, toast } from "./dom.js";
import { howToPlay } from "./help.js";
import { gameLog } from "./log.js";
import { eventWords } from "./wording.js";
import { checkProof, remembered } from "./proof.js";
import { noticesPanel, noticesState } from "./push.js";
import { replayBar } from "./replay.js";
import { forgetHost, forgetSeat, loadHost, loadSeat, rememberName, saveSeat, savedName } from "./seats.js";
import { undoPanel } from "./undo.js";
import { describeObject, durationWords, humanize, seatColour, seatName, setPalette } from "./words.js";

export function tablePage(root, gameId, { replay: openInReplay = false, raw = false } = {}) {
  let conn = null;
  let board = generic;
  let info = null; // the lobby item: names, connected, ...
  let types = [];
  let rejection = null;
  let startedReplay = !openInReplay;
  let pregameKey = null;
  let sawOver = false;
  let lastMove = null; // this page's last acked command and its version (what Undo takes back)
  let noticePaused = null; // the seat's paused notice channels (null: not asked yet)
  const alertTurn = turnAlerts(() => els.title.textContent);

  const shareUrl = `${location.origin}${location.pathname}#/game/${gameId}`;
  const els = {
    title: h("h2", { class: "table-title", testid: "table-title" }, "Table"),
    status: h("span", { class: "badge", testid: "table-status" }, "…"),
    watching: h("span", { class: "badge watching", testid: "watching", hidden: true }, "You are watching"),
    origin: h("p", { class: "muted fork-origin", testid: "fork-origin", hidden: true }),
    howto: h("div", { class: "howto-area" }),
    connection: h("div", { class: "connection-area" }),
    seats: h("div", { class: "seats", testid: "seats" }),
    lobby: h("div", { class: "pregame", testid: "pregame" }),
    notice: h("div", { class: "notice-area" }),
    undo: h("div", { class: "undo-area", testid: "undo-area" }),
    alerts: h("span", { class: "alerts-area" }),
    result: h("div", { class: "result-area" }),
    proof: h("div", { class: "proof-area" }),
    board: h("div", { class: "board", testid: "board" }),
    chatInput: h("input", { type: "text", placeholder: "Say something…", maxlength: 500, testid: "chat-input", "aria-label": "Chat message" }),
  };

  const chatNote = h("p", { class: "muted chat-note", testid: "chat-note", hidden: true }, "Only the players at the table can chat; you are watching.");
  const chatForm = h("form", { class: "chat", testid: "chat-form", onSubmit: (e) => {
    e.preventDefault();
    const text = els.chatInput.value.trim();
    if (text && conn && conn.chat(text)) els.chatInput.value = "";
  } }, els.chatInput, h("button", { type: "submit" }, "Send"));

  const replay = replayBar({
    seek: seekTo,
    position: () => (conn ? conn.seeking ?? conn.shown().version ?? 0 : 0),
    latest: () => (conn ? conn.version ?? 0 : 0),
    fork: forkAt,
    canFork: mayFork,
  });
  const log = gameLog({
    describe: describeEvent,
    heading: (event) => {
      try {
        return board.heading ? board.heading(event, names()) : null;
      } catch (error) {
        console.error(error);
        return null;
      }
    },
    minor: (event) => Boolean(board.minor && board.minor.has(event.type)),
    pick: (version) => {
      replay.moveTo(version);
      seekTo(version);
    },
  });

  const page = h("div", { class: "table-page", testid: "table-page" });
  clear(root).append(page);
  page.append(
      h("div", { class: "table-head" },
        h("div", {}, els.title, " ", els.status, " ", els.watching, " ", els.alerts, els.origin),
        h("div", { class: "share" },
          h("label", { for: "share-link" }, "Invite: "),
          h("input", { id: "share-link", readonly: true, value: shareUrl, testid: "share-link", onFocus: (e) => e.target.select() }),
          h("button", { type: "button", class: "ghost", onClick: () => navigator.clipboard?.writeText(shareUrl).then(() => toast("Link copied", "info")) }, "Copy"))),
      els.seats,
      els.connection,
      replay.element,
      els.lobby,
      els.howto,
      els.notice,
      els.undo,
      els.result,
      els.proof,
      h("div", { class: "table-main" },
        els.board,
        h("aside", { class: "side" },
          h("section", { class: "panel" }, h("h3", {}, "Game log"), log.element, chatForm, chatNote))),
  );

  function seekTo(version) {
    if (!conn) return;
    if (version === null || version >= (conn.version ?? 0)) conn.seek(null);
    else conn.seek(Math.max(0, version));
  }

  function onKey(event) {
    if (conn && document.body.contains(root)) replay.onKey(event);
  }
  document.addEventListener("keydown", onKey);

  async function refreshInfo() {
    try {
      info = await api.game(gameId);
      learnServerTime(info);
    } catch (error) {
      if (error.status === 404) {
        clear(root).append(h("p", { class: "error", testid: "not-found" }, `No game ${gameId}.`));
        stop();
        return;
      }
    }
    renderSeats();
    renderPregame();
    renderOrigin();
  }

  /** A what-if fork says what it is a fork of, with a link to that moment of the original. */
  function renderOrigin() {
    const from = info && info.forked_from;
    els.origin.hidden = !from;
    if (!from) return;
    clear(els.origin).append("A what-if fork of ", h("a", { href: `#/game/${encodeURIComponent(from.game_id)}/replay` }, `game ${from.game_id}`), ` at step ${from.version}: what its forker could not know then was dealt again.`);
  }

  /** A seat may fork its game's past; anyone a finished game (the live table says which). */
  function mayFork() {
    const live = conn && conn.view && conn.view.table;
    const shown = tableView();
    return Boolean(live && shown && shown.started && (live.over || mySeat() !== null));
  }

  /** Fork the moment shown (`POST /fork`); the new table opens, this person in its seat. */
  async function forkAt(version) {
    const stored = loadSeat(gameId);
    try {
      const forked = await api.fork(gameId, version, stored);
      if (forked.token) saveSeat(forked.game_id, { seat: forked.seat, token: forked.token, name: names()[forked.seat] });
      location.hash = `#/game/${forked.game_id}`;
    } catch (error) {
      toast(error.message);
    }
  }

  /** The socket dropped after it was up: moves and chat wait until it is back. */
  function lost() {
    return Boolean(conn && conn.status === "reconnecting");
  }

  function mySeat() {
    return conn && conn.welcome ? conn.welcome.seat : null;
  }

  function tableView() {
    const shown = conn ? conn.shown() : null;
    return (shown && shown.view && shown.view.table) || null;
  }

  function names() {
    const table = tableView();
    return (table && table.names) || (info && info.names) || [];
  }

  function renderSeats() {
    const table = tableView();
    const count = (table && table.seats) || (info && info.seats) || 0;
    const connected = new Set((info && info.connected) || []);
    const me = mySeat();
    const list = names();
    const labels = (info && info.forked_from && info.forked_from.labels) || [];
    const unknown = lost();
    const bots = (table && table.bots) || (info && info.bots) || [];
    const clock = table && table.started && !table.over ? table.clock : null;
    // a seat out of time stays so until it moves in time; a deadline per move is whole again
    const timedOut = clock && !clock.per_move ? timedOutSeats(conn ? conn.log : []) : new Set();
    clear(els.seats).append(
      ...Array.from({ length: count }, (_, seat) => {
        const name = list[seat];
        const left = leftNow(clock, seat);
        return h("div", {
          class: `seat-chip ${name ? "taken" : "free"} ${seat === me ? "me" : ""}`,
          testid: `seat-${seat}`,
          style: { "--seat": seatColour(seat) },
        },
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("span", { class: "seat-name" }, name || (labels[seat] ? `free (was ${labels[seat]})` : "empty seat")),
        seat === me ? h("span", { class: "you" }, "you") : null,
        info && info.rated && info.ratings && info.ratings[seat] !== null && info.ratings[seat] !== undefined
          ? h("span", { class: "rating", testid: `seat-${seat}-rating`, title: "the player's rating at this game" }, info.ratings[seat].toFixed(1)) : null,
        bots[seat] ? h("span", { class: "bot", testid: `seat-${seat}-bot`, title: `the server's ${bots[seat]} bot plays this seat` }, "bot") : null,
        left === null ? null : timedOut.has(seat) && !bots[seat]
          ? h("span", { class: "clock out", testid: `seat-${seat}-clock`, title: "its time ran out: a bot plays its turns until it moves in time again" }, "out of time")
          : h("span", { class: `clock ${clock.running.includes(seat) ? "running" : ""}`, testid: `seat-${seat}-clock` }, clockWords(left)),
        name && unknown && !bots[seat] ? h("span", { class: "online unknown", testid: `seat-${seat}-online`, title: "unknown while you are disconnected" }, "?") : null,
        name && !unknown && !bots[seat] ? h("span", { class: `online ${connected.has(seat) ? "on" : "off"}`, testid: `seat-${seat}-online`, title: connected.has(seat) ? "connected" : "not connected" }, connected.has(seat) ? "online" : "offline") : null);
      }),
      botToggle(table, me, bots) ?? "",
    );
  }

  // My seat to the server's bot and back (docs/protocol.md, "Bots in seats").
  function botToggle(table, me, bots) {
    const stored = loadSeat(gameId);
    if (me === null || !stored || !table || table.over) return null;
    const botNow = Boolean(bots[me]);
    return h("button", {
      type: "button",
      class: "ghost",
      testid: "bot-toggle",
      onClick: async () => {
        try {
          await api.seatBot(gameId, me, !botNow, stored);
        } catch (error) {
          toast(error.message);
        }
      },
    }, botNow ? "Take my seat back" : "Let a bot play for me");
  }

  function renderPregame() {
    const table = tableView();
    const started = table ? table.started : info && info.started;
    if (started) {
      pregameKey = null;
      forgetHost(gameId); // it only ever starts the table
      clear(els.lobby);
      return;
    }
    const count = (table && table.seats) || (info && info.seats) || 0;
    const taken = names().filter(Boolean).length;
    const stored = loadSeat(gameId);
    const host = loadHost(gameId);
    const gameType = types.find((t) => t.name === ((info && info.game) || (table && table.game)));
    const forked = Boolean(info && info.forked_from); // a fork starts with every seat taken
    const minimum = forked ? count : gameType ? gameType.min_seats : 1;
    // until every seat is taken, only the table's creator starts it (a table made before
    // creators had a host token: any seated player)
    // the creator signed in on another device has no host token there: the server says so
    const hosting = Boolean(host) || Boolean(info && info.you_host);
    const mayStart = hosting || taken >= count || Boolean(info && info.hosted === false);
    // a fork's forker may give its free seats to bots rather than wait for strangers
    const forker = forked && stored && info.forked_from.forker === stored.seat && taken < count;
    const key = JSON.stringify([count, taken, Boolean(stored), hosting, mayStart, minimum, forker]);
    if (key === pregameKey) return; // unchanged: keep what the person is typing
    pregameKey = key;
    clear(els.lobby);
    if (!stored && taken < count) {
      const nameInput = h("input", { type: "text", required: true, maxlength: 40, placeholder: "Your name", value: savedName(), testid: "join-name", "aria-label": "Your name" });
      els.lobby.append(h("form", { class: "join", testid: "join-form", onSubmit: async (e) => {
        e.preventDefault();
        const name = nameInput.value.trim();
        if (!name) return;
        try {
          const claimed = await api.join(gameId, name);
          rememberName(name);
          saveSeat(gameId, { seat: claimed.seat, token: claimed.token, name });
          reconnect();
          refreshInfo();
        } catch (error) {
          toast(error.message);
        }
      } }, h("span", {}, "Take a seat:"), nameInput, h("button", { type: "submit", testid: "join-button" }, "Join")));
    }
    if (stored || hosting) {
      const enough = taken >= minimum;
      const words = !enough ? `Waiting for players: ${taken} of at least ${minimum}.`
        : mayStart ? `${taken} of ${count} seats taken. Start when everyone is here.`
          : `${taken} of ${count} seats taken. The table's creator starts it (anyone seated may once every seat is taken).`;
      els.lobby.append(h("div", { class: "start" },
        h("span", { testid: "start-words" }, words),
        h("button", { type: "button", testid: "start-button", disabled: !enough || !mayStart, onClick: async () => {
          try {
            // the host token; the session alone if its account created the table; else the seat
            await api.start(gameId, host ? { token: host } : info && info.you_host ? null : stored);
          } catch (error) {
            toast(error.message);
          }
        } }, "Start the game")));
      if (forker) {
        els.lobby.append(h("div", { class: "start" },
          h("span", {}, "Nobody else yet? The server's bots can play the other seats."),
          h("button", { type: "button", class: "ghost", testid: "fork-bots-button", onClick: async () => {
            try {
              await api.forkBots(gameId, stored);
              refreshInfo();
            } catch (error) {
              toast(error.message);
            }
          } }, "Give the free seats to bots")));
      }
    } else if (taken >= count) {
      els.lobby.append(h("p", { class: "muted" }, "Every seat is taken; you are watching."));
    }
  }

  function describeEvent(event, around = {}) {
    return eventWords(board, event, names(), around, types);
  }

  function describeCommand(command) {
    let words = null;
    try {
      words = board.describeCommand ? board.describeCommand(command, names()) : null;
    } catch (error) {
      console.error(error);
    }
    return words || describeObject(command, names());
  }

  let proofShown = null; // the log's check, made once the game is over

  /** Recompute the finished game's hash chain from the published proof, in this page. */
  function checkLog() {
    const panel = h("p", { class: "muted", testid: "log-proof", "data-state": "checking" }, "Checking the game's log…");
    api.proof(gameId).then((proof) => {
      const problems = checkProof(proof, remembered(gameId));
      panel.dataset.state = problems.length ? "altered" : "verified";
      panel.className = problems.length ? "notice rejected" : "muted";
      panel.textContent = problems.length
        ? `This log does not match: ${problems.slice(0, 3).join("; ")}.`
        : `Log verified: all ${proof.version} events recomputed in this browser from the published events and salts${Object.keys(remembered(gameId)).length ? ", matching the hashes it was sent during the game" : ""}.`;
    }).catch((error) => {
      panel.dataset.state = "unavailable";
      panel.textContent = `The log could not be checked: ${error.message}`;
    });
    return panel;
  }

  function renderResult(table) {
    clear(els.result);
    if (!table || !table.over || !table.result) return;
    const result = table.result;
    const order = result.ranks.map((rank, seat) => ({ rank, seat, score: result.scores[seat] })).sort((a, b) => a.rank - b.rank);
    // a board may say its scores and reasons its own way (18ZOO: money, its endings in words)
    const words = board.resultWords || {};
    const reason = result.reason ? (words.reason && words.reason(result.reason)) || humanize(String(result.reason).toLowerCase()) : "";
    els.result.append(h("section", { class: "panel result", testid: "result" },
      h("h3", {}, "Game over", reason ? ` — ${reason}` : ""),
      words.rankedBy ? h("p", { class: "muted" }, `Ranked by ${words.rankedBy}.`) : null,
      h("ol", { class: "ranking" }, order.map(({ rank, seat, score }) =>
        h("li", { style: { "--seat": seatColour(seat) }, class: rank === 1 ? "winner" : "" },
          h("span", { class: "rank" }, rank === 1 ? "★ 1st" : `${rank}.`), " ",
          h("span", { class: "dot" }), " ", seatName(names(), seat), " — ", h("strong", { testid: "result-score" }, words.score ? words.score(score) : score), words.score ? "" : " points")))));
  }

  /** Once the game is over (live, whatever moment is shown), its log's check. */
  function renderProof() {
    const live = conn.view && conn.view.table;
    if (!live || !live.over || proofShown) return;
    proofShown = checkLog();
    els.proof.append(proofShown, h("p", {},
      h("a", { href: `#/game/${encodeURIComponent(gameId)}/fairness`, testid: "fairness-link" }, "Verify fairness"),
      h("span", { class: "muted" }, ": every shuffle, deal and roll recomputed in this browser from the secret revealed at the end")));
  }

  function renderNotice(shown) {
    clear(els.notice);
    if (!shown.live) {
      els.notice.append(h("div", { class: "notice past", testid: "past-notice" }, `You are looking back at step ${shown.version} of ${conn.version ?? shown.version}, as you saw the game then. Moves are off until you go back to live. `,
        h("button", { type: "button", class: "ghost", onClick: () => seekTo(null) }, "Back to live")));
    }
    const mine = botPlaysFor(shown);
    if (mine) els.notice.append(mine);
    if (rejection) {
      els.notice.append(h("div", { class: "notice rejected", role: "alert", testid: "rejection" },
        h("strong", {}, "Refused: "), rejection.detail || humanize(rejection.reason), " ",
        h("button", { type: "button", class: "ghost", "aria-label": "Dismiss", onClick: () => { rejection = null; render(); } }, "OK")));
    }
    if (conn.lastError) {
      els.notice.append(h("div", { class: "notice rejected", role: "alert", testid: "server-error" }, conn.lastError.detail || humanize(conn.lastError.reason)));
    }
  }

  /** What a bot playing this page's seat means for it, or null: the seat handed to a bot
   * (taken back with one click) or out of time (a bot plays each turn its time runs out). */
  function botPlaysFor(shown) {
    const table = shown.view && shown.view.table;
    const me = mySeat();
    if (me === null || !table || !table.started || table.over || !shown.live) return null;
    if (table.bots && table.bots[me]) {
      const stored = loadSeat(gameId);
      return h("div", { class: "notice bot-plays", role: "status", testid: "bot-plays" },
        h("strong", {}, "A bot plays for you. "), "It moves as soon as it is your turn. ",
        stored ? h("button", { type: "button", class: "ghost", testid: "bot-plays-back", onClick: () => api.seatBot(gameId, me, false, stored).catch((error) => toast(error.message)) }, "Take my seat back") : null);
    }
    const clock = table.clock;
    if (!clock || !timedOutSeats(conn.log).has(me)) return null;
    if (clock.per_move) {
      return h("div", { class: "notice bot-plays", role: "status", testid: "time-ran-out" },
        h("strong", {}, "Your move's time ran out: a bot made it for you. "),
        `Your next move is yours again, within ${durationWords(clock.initial_ms)}.`);
    }
    const extra = clock.increment_ms;
    return h("div", { class: "notice bot-plays", role: "status", testid: "time-ran-out" },
      h("strong", {}, "Your time ran out: a bot plays for you. "),
      extra
        ? `Each move it plays gives you ${durationWords(extra)}: to take your seat back, make your move within them when your turn comes.`
        : "This table adds no time per move, so the bot plays your turns to the end of the game.");
  }

  /** Whether a bot, not this page's person, makes this seat's moves now. */
  function botPlays(shown, table) {
    const me = mySeat();
    if (me === null || !table || !shown.live) return false;
    return Boolean(table.bots && table.bots[me]) || (Boolean(table.clock) && table.started && !table.over && outOfTime(table.clock, me));
  }

  async function submit(command) {
    if (lost()) {
      toast("You are offline: your move was not sent. Wait until the connection is back.");
      return;
    }
    rejection = null;
    const answer = await conn.command(command);
    if (answer.type === "ack") {
      lastMove = { version: answer.version, command };
      render(); // its update may have come first: offer the Undo now
    }
    if (answer.type === "rejected") {
      rejection = answer;
      render();
    }
  }

  function render() {
    if (!conn) return;
    const shown = conn.shown();
    const table = shown.view ? shown.view.table : null;
    try {
      setPalette(board.palette && shown.view && shown.view.game ? board.palette(shown.view.game) : null);
    } catch {
      setPalette(null);
    document.title = "Plateau";
    }
    if (table) {
      const type = types.find((t) => t.name === table.game);
      els.title.textContent = type ? type.title : humanize(table.game);
      // the game as it is now, whatever moment is shown: a finished game looked back at is finished
      const now = (conn.view && conn.view.table) || table;
      const state = now.over ? "finished" : now.started ? "in play" : "waiting for players";
      els.status.textContent = state;
      els.status.dataset.state = now.over ? "over" : now.started ? "live" : "open";
      const waiting = shown.live && shown.legal.length > 0 && !botPlays(shown, table);
      document.title = `${waiting ? "● Your move · " : ""}${els.title.textContent} · Plateau`;
      if (shown.live) alertTurn(waiting && !table.over);
    }
    renderUndo(shown, table);
    renderSeats();
    renderPregame();
    renderNotice(shown);
    renderResult(table);
    renderProof();
    renderConnection();
    renderWatching(table);
    renderHowTo(table);
    log.render(conn.log, shown);
    replay.render(shown, hasHistory(table));
    clear(els.board);
    const seat = mySeat();
    els.board.dataset.game = table ? table.game : "";
    els.board.dataset.version = String(shown.version ?? "");
    els.board.dataset.legal = String(shown.legal.length);
    if (!table) return;
    if (!table.started || !shown.view.game) {
      els.board.append(h("p", { class: "muted waiting" }, "The board appears when the game starts."));
      return;
    }
    const ctx = {
      gameId,
      log: shown.log || conn.log,
      game: table.game,
      view: shown.view.game,
      table,
      legal: botPlays(shown, table) ? [] : shown.legal, // its moves are the bot's
      choices: botPlays(shown, table) ? [] : shown.choices || [], // the same, as sent
      botPlays: botPlays(shown, table),
      seat,
      names: names(),
      live: shown.live,
      version: shown.version,
      submit,
      explain: (command) => conn.explain(command),
      describeCommand,
    };
    try {
      board.render(els.board, ctx);
    } catch (error) {
      console.error("board failed, showing the generic one", error);
      clear(els.board);
      generic.render(els.board, ctx);
    }
    if (lost()) for (const button of els.board.querySelectorAll("button")) button.disabled = true;
  }

  /** Whether the game has moved since it started: only then is there anything to replay. */
  function hasHistory(table) {
    if (!table || !table.started) return false;
    const start = conn.log.find((entry) => entry.event && entry.event.type === "game_started");
    return Boolean(start) && (conn.version ?? 0) > start.version;
  }

  function renderUndo(shown, table) {
    const stored = loadSeat(gameId);
    const held = stored && mySeat() !== null ? { seat: mySeat(), token: stored.token } : null;
    const panel = undoPanel({ gameId, table, seat: mySeat(), held, log: conn.log, lastMove, live: shown.live && !lost(), mode: info && info.undo });
    clear(els.undo);
    if (panel) els.undo.append(panel);
    clear(els.alerts);
    const ask = mySeat() !== null && table && !table.over ? notifyButton(render) : null;
    if (ask) els.alerts.append(ask);
    if (mySeat() !== null && stored && table && !table.over) {
      if (noticePaused === null) {
        noticePaused = []; // asked once per page, again after a subscription or a test
        noticesState(gameId, stored.token).then((found) => { noticePaused = found; render(); });
      }
      const notices = noticesPanel(gameId, stored.token, noticePaused, () => { noticePaused = null; render(); });
      if (notices) els.alerts.append(notices);
    }
  }

  function renderConnection() {
    const down = lost();
    page.classList.toggle("offline", down);
    page.dataset.connection = down ? "lost" : conn.status;
    els.chatInput.disabled = down;
    clear(els.connection);
    if (down) {
      els.connection.append(h("div", { class: "notice offline", role: "alert", testid: "connection-lost" },
        h("strong", {}, "Connection lost. "), "Reconnecting… Moves and chat are paused until the connection is back; nothing you see is lost."));
    }
  }

  function renderWatching(table) {
    const watching = Boolean(conn.welcome) && mySeat() === null;
    els.watching.hidden = !watching;
    chatForm.hidden = watching;
    chatNote.hidden = !watching;
    if (watching && table && !table.started && !loadSeat(gameId)) {
      chatNote.textContent = "Take a seat to chat with the players.";
    } else {
      chatNote.textContent = "Only the players at the table can chat; you are watching.";
    }
  }

  let howtoKey = null;
  function renderHowTo(table) {
    if (!table) return;
    const key = `${table.game}|${table.started}`;
    if (key === howtoKey) return; // keep it open or closed as the person left it
    howtoKey = key;
    const type = types.find((t) => t.name === table.game);
    const panel = howToPlay(table.game, type ? type.title : humanize(table.game), !table.started);
    clear(els.howto);
    if (panel) els.howto.append(panel);
  }

  function onChange(kind) {
    if (kind === "update" || kind === "snapshot") {
      conn.lastError = null;
      if (!startedReplay && kind === "snapshot" && conn.shown().live) {
        startedReplay = true;
        const start = conn.log.find((entry) => entry.event && entry.event.type === "game_started");
        if (start) {
          conn.seek(start.version);
          return;
        }
      }
    }
    if (kind === "update" && conn.view && conn.view.table && conn.view.table.over && !sawOver) {
      // The game just ended: everyone may now see everything, so fetch the log unredacted.
      sawOver = true;
      reconnect();
      return;
    }
    if (kind === "snapshot" && conn.view && conn.view.table && conn.view.table.over) sawOver = true;
    if (kind === "welcome") refreshInfo();
    if (kind === "error" && conn.closed && loadSeat(gameId)) {
      toast(loadSeat(gameId).token ? "This seat's token was refused; you are now watching." : "This seat is your account's: sign in to play it. You are now watching.");
      forgetSeat(gameId);
      reconnect();
      return;
    }
    if (kind === "update" && conn.log.length && conn.log[conn.log.length - 1].event && ["seat_claimed", "game_started"].includes(conn.log[conn.log.length - 1].event.type)) refreshInfo();
    render();
  }

  function reconnect() {
    if (conn) conn.close();
    const stored = loadSeat(gameId);
    conn = new Connection(gameId, stored ? stored.token : null, onChange, stored ? stored.seat : null);
    window.plateau = { conn };
  }

  async function boot() {
    try {
      types = await api.types();
    } catch {
      types = [];
    }
    await refreshInfo();
    const game = info ? info.game : null;
    board = game ? await boardFor(game) : generic;
    if (raw) board = { ...board, render: generic.render }; // the game's words, the generic drawing
    await adoptAccountSeat(gameId);
    if (!document.body.contains(root) || stopped) return;
    reconnect();
  }

  let stopped = false;
  let botPlayedAtTick = false;
  const poll = setInterval(refreshInfo, 3000);
  // a running turn clock ticks: only the clocks' words change, each second
  const tick = setInterval(() => {
    const table = tableView();
    if (!table || !table.clock || !table.started || table.over) return;
    for (const seat of table.clock.running) {
      const el = els.seats.querySelector(`[data-testid="seat-${seat}-clock"]`);
      if (el && !el.classList.contains("out")) el.textContent = clockWords(leftNow(table.clock, seat));
    }
    const gone = botPlays(conn.shown(), table);
    if (gone !== botPlayedAtTick) render(); // my time just ran out: the bot's turn, not mine
    botPlayedAtTick = gone;
  }, 1000);
  function stop() {
    stopped = true;
    clearInterval(poll);
    clearInterval(tick);
    document.removeEventListener("keydown", onKey);
    setPalette(null);
    document.title = "Plateau";
    if (conn) conn.close();
  }
  boot();
  return stop;
}
