// Plain words for tags, values, events and commands, used when a board has nothing better.

export const SEAT_COLOURS = ["#d64541", "#3b6fd8", "#2e9d5b", "#e3b21c", "#8e5bd6", "#e07b39", "#1fa3a3", "#b0567d"];
export const SEAT_COLOUR_NAMES = ["red", "blue", "green", "yellow", "purple", "orange", "teal", "pink"];

const NAMED = { red: "#d64541", blue: "#3b6fd8", green: "#2e9d5b", yellow: "#e3b21c", purple: "#8e5bd6", orange: "#e07b39", black: "#374151" };
let palette = null;

/** A game may colour its seats its own way (e.g. ["blue", "yellow", ...]); null restores ours. */
export function setPalette(names) {
  palette = names ? names.map((name) => NAMED[name] || name) : null;
}

export function seatColour(seat) {
  if (palette && palette[seat]) return palette[seat];
  return SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length];
}

/** "commit_stance" -> "Commit stance" */
export function humanize(tag) {
  const text = String(tag ?? "").replace(/_/g, " ").trim();
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

const SEAT_KEYS = new Set([
  "seat", "player", "target", "by", "to", "from", "giver", "receiver", "recipient", "denouncer",
  "principal", "partner", "winner", "first_player", "first", "splitter", "chooser", "picker",
  "betrayer", "victim", "owner", "president", "voter", "actor", "dealer", "next", "next_principal",
]);

export function seatName(names, seat) {
  if (seat === null || seat === undefined) return "nobody";
  const name = names && names[seat];
  return name ? name : `seat ${Number(seat) + 1}`;
}

/** A compact readable form of any JSON value. */
export function valueText(value, key, names) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" && key && (SEAT_KEYS.has(key) || key.endsWith("_seat")) && Number.isInteger(value)) {
    return seatName(names, value);
  }
  if (Array.isArray(value)) {
    if (key && (key.endsWith("seats") || key === "players" || key === "recipients") && value.every(Number.isInteger)) {
      return value.map((v) => seatName(names, v)).join(", ") || "none";
    }
    return value.length ? value.map((v) => valueText(v, null, names)).join(", ") : "none";
  }
  if (typeof value === "object") {
    if (value.type) return describeObject(value, names);
    return Object.entries(value)
      .map(([k, v]) => `${humanize(k).toLowerCase()} ${valueText(v, k, names)}`)
      .join("; ");
  }
  return String(value).replace(/_/g, " ");
}

/** "Commit stance (stance: betray)" for {type: "commit_stance", stance: "betray"}. */
export function describeObject(obj, names) {
  if (obj === null || obj === undefined) return "something hidden";
  const fields = Object.entries(obj).filter(([key]) => key !== "type");
  const title = humanize(obj.type);
  if (!fields.length) return title;
  const parts = fields.map(([key, value]) => `${humanize(key).toLowerCase()}: ${valueText(value, key, names)}`);
  return `${title} (${parts.join(", ")})`;
}

/** Words for the table's own events; null for game events. */
export function describeTableEvent(event, names) {
  switch (event.type) {
    case "table_opened":
      return `Table opened for ${event.seats} ${humanize(event.game)} players`;
    case "seat_claimed":
      return `${event.name} sat down at seat ${event.seat + 1}`;
    case "game_started":
      return `The game started with ${event.seats} players`;
    case "rating_asked":
      return "A rated table: its result counts for the ratings if every seat is an account's";
    case "chat_posted":
      return `${event.name}: ${event.text}`;
    case "game_forked": {
      const who = event.knower === null || event.knower === undefined ? "a spectator" : event.labels[event.knower] || `seat ${event.knower + 1}`;
      return `A what-if fork of game ${event.game_id} at step ${event.version}, as ${who} knew it then`;
    }
    case "fork_dealt":
      return "The position was dealt again: what the forker could not know, drawn anew";
    case "fairness_committed":
      return `The server committed to the secret every draw comes from (its SHA-256 begins ${String(event.commitment).slice(0, 12)})`;
    case "undo_requested":
      return `${seatName(names, event.seat)} asks to undo their last move`;
    case "undo_answered":
      return `${seatName(names, event.seat)} ${event.accept ? "accepts" : "refuses"} the undo`;
    case "undo_done":
      return `Undone by consent: ${seatName(names, event.seat)}'s move at step ${event.version}; the game is back at step ${event.back_to}`;
    case "bot_seated":
      return `${seatName(names, event.seat)} is played by the server's ${event.level || "greedy"} bot`;
    case "bot_left":
      return `${seatName(names, event.seat)} takes their seat back from the bot`;
    case "clock_set":
      return `Turn clock: ${durationWords(event.initial_ms)} each${event.increment_ms ? `, ${durationWords(event.increment_ms)} more per move` : ""}; a bot plays for a seat out of time`;
    case "deadline_set":
      return `Turn clock: each move within ${durationWords(event.per_move_ms)}; a bot moves for a seat past its deadline`;
    case "clock_stamped":
      return ""; // the time of a move: the seats' clocks show it
    case "time_ran_out":
      return `${seatName(names, event.seat)}'s time ran out: a bot moves for them`;
    case "secret_revealed":
      return "The server revealed the game's secret: every draw can be checked (Verify fairness)";
    default:
      return null;
  }
}

/** "10 minutes", "1 hour 30 minutes", "5 seconds", "2 days" for a duration in milliseconds. */
export function durationWords(ms) {
  const seconds = Math.round(ms / 1000);
  const units = [[86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];
  const parts = [];
  let rest = seconds;
  for (const [size, word] of units) {
    if (rest >= size) {
      parts.push(plural(Math.floor(rest / size), word));
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(" ") || "no time";
}

/** "1 move", "3 moves"; `many` for irregular plurals. */
export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}

/** "just now", "3 min ago", "2 h ago", "4 days ago" for a duration in milliseconds. */
export function timeAgo(ms) {
  const minutes = Math.floor(Math.max(0, ms) / 60000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** "Ada", "Ada and Bob", "Ada, Bob and Cy". */
export function listWords(items) {
  const list = [...items];
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}
