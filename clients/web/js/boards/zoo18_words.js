// 18ZOO in words: families, powers, shares, trains and players by name; the log in sentences
// with prices (a payment and what it bought read as one line), grouped by round.

import { listWords, plural, seatName } from "../words.js";
import { tileWords } from "./zoo18_tiles.js"; // used when called, so the cycle is harmless

export const FAMILIES = {
  CR: { name: "Crocodiles", colour: "#15803d", ink: "#ffffff" },
  GI: { name: "Giraffes", colour: "#ca8a04", ink: "#111827" },
  PB: { name: "Polar bears", colour: "#0ea5e9", ink: "#111827" },
  PE: { name: "Penguins", colour: "#1e293b", ink: "#ffffff" },
  LI: { name: "Lions", colour: "#b45309", ink: "#ffffff" },
  TI: { name: "Tigers", colour: "#ea580c", ink: "#111827" },
  BB: { name: "Brown bears", colour: "#78350f", ink: "#ffffff" },
  EL: { name: "Elephants", colour: "#6b7280", ink: "#ffffff" },
};

export const POWERS = {
  DAYS_OFF: "Days off",
  MIDAS: "Midas",
  TOO_MUCH_RESPONSIBILITY: "Too much responsibility",
  LEPRECHAUN_POT_OF_GOLD: "Leprechaun pot of gold",
  IT_S_ALL_GREEK_TO_ME: "It's all greek to me",
  WHATSUP: "Whatsup",
  RABBITS: "Rabbits",
  MOLES: "Moles",
  ANCIENT_MAPS: "Ancient maps",
  HOLE: "Hole",
  ON_A_DIET: "On a diet",
  SHINING_GOLD: "Shining gold",
  THAT_S_MINE: "That's mine!",
  WORK_IN_PROGRESS: "Work in progress",
  WHEAT: "Wheat",
  TWO_BARRELS: "Two barrels",
  A_SQUEEZE: "A squeeze",
  PATCH: "Patch",
  WINGS: "Wings",
  A_TIP_OF_SUGAR: "A tip of sugar",
};

// What each power does, in a line (after the 18ZOO rules and 18xx.games' cards).
export const POWER_HELP = {
  DAYS_OFF: "In a stock round, move one family's share price one step right.",
  MIDAS: "In a stock round, take the priority (first in the next stock round).",
  TOO_MUCH_RESPONSIBILITY: "Its owner gets 3$N at once.",
  LEPRECHAUN_POT_OF_GOLD: "Its owner gets 2$N now and 2$N at the start of every stock round.",
  IT_S_ALL_GREEK_TO_ME: "In a stock round, play a second turn right after yours.",
  WHATSUP: "In a stock round, a family buys the next train of the depot, which runs only from the next operating round; its share price moves one step right.",
  RABBITS: "The family may upgrade two tiles ahead of the phase, even on mountains and water.",
  MOLES: "The family gets four special tiles to upgrade any plain track, even on mountains and water.",
  ANCIENT_MAPS: "The family may lay two extra yellow tiles.",
  HOLE: "Join two R areas of the map: from then on trains run from one to the other.",
  ON_A_DIET: "The family may place a token in a full city: nobody can block it out.",
  SHINING_GOLD: "The family earns 2$N for each tile it lays on an M hex, 1$N on an MM hex.",
  THAT_S_MINE: "The family keeps a free city slot anywhere for itself; others still run through it.",
  WORK_IN_PROGRESS: "Block a free city slot anywhere, for every family.",
  WHEAT: "Put it on a city with the family's token: that stop is worth 30$N more to the family.",
  TWO_BARRELS: "Twice, double what the O hexes pay the family's trains; those times the family does not collect its usual 1$N per O.",
  A_SQUEEZE: "The family earns 3$N more when one of its trains runs through or to an O hex.",
  PATCH: "At a phase change, keep one train from rusting: it runs as a 1S (never sold), and while it stays patched the family buys no train.",
  WINGS: "One train may run past a city whose slots are full of others' tokens.",
  A_TIP_OF_SUGAR: "One train runs to one more stop (not the 4J or 2J).",
};

/** What a power does, in words; null for a ticket or an unknown power. */
export function powerHelp(id) {
  return POWER_HELP[id] || (/^ZOOTicket/.test(String(id)) ? "A ZOOTicket: sell it for its value, which grows during the game." : null);
}

// Share prices by market row and column (the published 18ZOO market).
const MARKET = [
  [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24],
  [6, 7, 8, 9, 10, 11, 12, 13, 14],
  [5, 6, 7, 8, 9, 10, 11],
  [4, 5, 6, 7, 8],
  [3, 4, 5],
  [2, 3],
];
const DAYS = { 1: "Monday", 2: "Tuesday", 3: "Wednesday" };
const PHASE_TILES = { "3S": "green tiles may now be laid", "4S Perm": "brown tiles may now be laid", "4J": "gray tiles may now be laid" };
const STEPS = {
  home: "lay the home tile",
  bonus: "lay bonus track",
  track: "lay track",
  token: "place a token",
  route: "run the trains",
  dividend: "pay out or withhold",
  discard: "discard a train",
  buy_train: "buy trains",
  done: "buy powers or finish the turn",
};
const LAY_MODES = { home: " (its home)", ancient_maps: " with Ancient maps", rabbits: " with Rabbits", moles: " with Moles" };
export const ENDINGS = {
  fixed_round: "The game ends after the last operating round of Wednesday",
  stock_market: "A family reached the top of the market: the game ends",
  manually_ended: "The players end the game",
};

export const familyName = (sym) => (FAMILIES[sym] ? FAMILIES[sym].name : sym === "WIP" ? "Work in progress" : String(sym));
export const familyColour = (sym) => (FAMILIES[sym] ? FAMILIES[sym].colour : "#7c3aed");
export const familyInk = (sym) => (FAMILIES[sym] ? FAMILIES[sym].ink : "#ffffff");
export const price = (row, col) => (MARKET[row] && MARKET[row][col] !== undefined ? MARKET[row][col] : null);
export const money = (amount) => `${amount}$N`;
export const trainName = (id) => String(id).replace(/-\d+$/, "");

/** "Ada's ZOOTicket 2" for "ZOOTicket 2 - Player 1"; a power's name; null for neither. */
export function powerName(id, names) {
  const ticket = /^ZOOTicket (\d+) - Player (\d+)$/.exec(String(id));
  if (ticket) return `${seatName(names, Number(ticket[2]) - 1)}'s ZOOTicket ${ticket[1]}`;
  return POWERS[id] || String(id).replace(/_/g, " ").toLowerCase();
}

/** A player ("p2"), a family ("CR"), the bank or the market, in words. */
export function entityName(id, names) {
  if (typeof id === "string" && /^p\d+$/.test(id)) return seatName(names, Number(id.slice(1)));
  if (/^\d+$/.test(String(id))) return seatName(names, Number(id));
  if (id === "bank") return "the bank";
  if (id === "market") return "the market";
  if (id === "ipo") return "the family's treasury";
  if (FAMILIES[id]) return `the ${FAMILIES[id].name}`;
  return String(id);
}

const Capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** "the Crocodiles' president's share (40%)", "2 shares of the Crocodiles (40%)". */
export function sharesWords(shares) {
  const sym = String(shares[0]).split("_")[0];
  const president = shares.some((id) => /_0$/.test(id));
  const percent = shares.reduce((sum, id) => sum + (/_0$/.test(id) ? 40 : 20), 0);
  const family = familyName(sym);
  if (president && shares.length === 1) return `the ${family}' president's share (40%)`;
  if (shares.length === 1) return `a 20% share of the ${family}`;
  return `${shares.length} shares of the ${family} (${percent}%)`;
}

/** The heading of the round an event starts, for the grouped log. */
export function roundTitle(flow) {
  if (!flow) return null;
  if (flow.round === "draft") return "Powers draft";
  if (flow.round === "sr") return `Stock round · ${DAYS[flow.turn] || `day ${flow.turn}`}`;
  if (flow.round === "or") return `Operating round ${flow.turn}.${flow.or_num} · ${DAYS[flow.turn] || ""}`.trim();
  if (flow.round === "over") return "Game over";
  return null;
}

export function stepWords(step) {
  return STEPS[step] || null;
}

const BOUGHT = new Set(["shares_moved", "power_moved", "train_moved"]);

/** A payment told together with the event it pays for (the next one). */
function paysForNext(e, next) {
  if (!next || !BOUGHT.has(next.type)) return false;
  if (next.type === "shares_moved") return next.to === e.payer || (next.to === "market" && e.payer === "bank");
  if (next.type === "power_moved" && next.to === "closed") return /^ZOOTicket/.test(next.power) && e.payer === "bank";
  return next.to === e.payer;
}

/** "their 2S over K9–L10–M11 (30$N)": one route of a run, from its claim. */
function routeWords(route) {
  const hexes = [];
  for (const connection of route.connections || []) {
    for (const hex of connection) if (hexes[hexes.length - 1] !== hex) hexes.push(hex);
  }
  if (!hexes.length) return null;
  return `their ${trainName(route.train)} over ${hexes.join("–")}${typeof route.revenue === "number" ? ` (${money(route.revenue)})` : ""}`;
}

/** What the family did with a run's revenue, from the events after it: "payout" when the bank
 * paid players at its dividend step, "withhold" when it did not, null while undecided. */
export function dividendChosen(after) {
  let deciding = false;
  let players = false;
  for (const e of after) {
    if (e.type === "run_recorded") break;
    if (e.type === "flow_changed") {
      if (e.flow.step === "dividend") deciding = true;
      else if (deciding) return players ? "payout" : "withhold";
      continue;
    }
    if (deciding && e.type === "paid" && e.payer === "bank" && /^p\d+$/.test(e.payee)) players = true;
  }
  return null;
}

export function describeEvent(e, names, { prev, next, following } = {}) {
  const who = (id) => entityName(id, names);
  const paid = prev && prev.type === "paid" && paysForNext(prev, e) ? prev : null;
  switch (e.type) {
    case "zoo_started":
      return `18ZOO begins on map ${e.map} with ${listWords(e.players.map((_, seat) => seatName(names, seat)))}`;
    case "paid":
      if (paysForNext(e, next)) return "";
      if (e.payer === "bank") return `${Capital(who(e.payee))} ${e.payee.startsWith("p") ? "receives" : "receive"} ${money(e.amount)} from the bank`;
      return `${Capital(who(e.payer))} ${e.payer.startsWith("p") ? "pays" : "pay"} ${money(e.amount)} to ${who(e.payee)}`;
    case "shares_moved":
      if (e.to === "market") {
        const seller = paid && paid.payer === "bank" ? Capital(who(paid.payee)) : "Someone";
        return `${seller} sells ${sharesWords(e.shares)} to the market${paid ? ` for ${money(paid.amount)}` : ""}`;
      }
      return `${Capital(who(e.to))} buys ${sharesWords(e.shares)}${paid ? ` for ${money(paid.amount)}` : ""}`;
    case "parred": {
      const at = price(e.row, e.col);
      return `The ${familyName(e.family)} open${at === null ? "" : ` at ${money(at)} a share`}`;
    }
    case "price_moved": {
      const at = price(e.row, e.col);
      return `The ${familyName(e.family)}' share price is now ${at === null ? "off the market" : money(at)}`;
    }
    case "power_moved": {
      const power = powerName(e.power, names);
      if (e.to === "closed") {
        if (/^ZOOTicket/.test(e.power)) return `${Capital(power)} is sold${paid ? ` for ${money(paid.amount)}` : ""}`;
        return `${power} closes`;
      }
      if (e.to === "bank") return `${power} goes back to the bank`;
      if (paid && paid.payee && paid.payee.startsWith("p") && FAMILIES[e.to]) return `The ${familyName(e.to)} buy ${power} from ${who(paid.payee)} for ${money(paid.amount)}`;
      if (paid) return `${Capital(who(e.to))} ${FAMILIES[e.to] ? "buy" : "buys"} ${power} for ${money(paid.amount)}`;
      return `${Capital(who(e.to))} ${FAMILIES[e.to] ? "get" : "gets"} ${power}`;
    }
    case "power_updated":
      return `${powerName(e.power, names)} is used${e.uses > 1 ? ` (${plural(e.uses, "use")} so far)` : ""}`;
    case "tile_placed": // rules 4; tile_laid in games of rules 1-3
    case "tile_laid":
      return `The ${familyName(e.family)} lay the ${tileWords(e.tile).split(" (")[0]} on ${e.hex}${LAY_MODES[e.mode] || ""}`;
    case "token_put": // rules 4; token_placed in games of rules 1-3
    case "token_placed":
      if (e.family === "WIP") return `Work in progress blocks a city slot on ${e.hex}`;
      return `The ${familyName(e.family)} place a token on ${e.hex}${e.extra_slot ? " (an extra slot)" : ""}`;
    case "hole_opened": // rules 4: HOLE and THAT'S MINE, told by their power_updated
    case "slot_reserved":
    case "board_set":
      return "";
    case "train_moved": {
      const train = `a ${trainName(e.variant || e.train)} train`;
      if (e.to === "rusted") return `${Capital(train)} rusts and leaves the game`;
      if (e.to === "aside") return `${Capital(train)} is set aside by Patch`;
      if (e.to === "reserved") return `${Capital(train)} goes back to the reserve`;
      if (e.to === "depot" || e.to === "discard") return `${Capital(train)} goes back to the depot`;
      if (paid && FAMILIES[paid.payee]) return `The ${familyName(e.to)} buy ${train} from the ${familyName(paid.payee)} for ${money(paid.amount)}`;
      if (paid) return `The ${familyName(e.to)} buy ${train} for ${money(paid.amount)}`;
      return `The ${familyName(e.to)} get ${train}`;
    }
    case "train_created":
      return `A ${trainName(e.train)} train is made`;
    case "train_flagged":
      return e.obsolete ? `A ${trainName(e.train)} train is now obsolete (it runs one last time)` : "";
    case "phase_changed":
      return `Phase ${e.phase} begins${PHASE_TILES[e.phase] ? `: ${PHASE_TILES[e.phase]}` : ""}`;
    case "run_recorded": {
      const routes = (e.routes || []).map(routeWords).filter(Boolean);
      const ran = routes.length ? ` ${routes.join(", ")}` : "";
      if (!e.revenue && !e.subsidy) return `The ${familyName(e.family)} run${ran || ""} for nothing`;
      const choice = dividendChosen(following ? following() : []);
      const then = choice === "payout" ? ", and pay it out to the shareholders" : choice === "withhold" ? ", and withhold it (the family keeps it)" : "";
      return `The ${familyName(e.family)} run${ran} for ${money(e.revenue)}${e.subsidy ? ` and a subsidy of ${money(e.subsidy)}` : ""}${then}`;
    }
    case "penalised":
      return `${seatName(names, e.seat)} is penalised ${money(e.amount)} (the bank covered a shortfall)`;
    case "family_marked": {
      const [mark, where] = String(e.mark).split(":");
      if (mark === "wheat") return `The ${familyName(e.family)} put Wheat on ${where}`;
      if (mark === "barrel") return `The ${familyName(e.family)} use Two barrels`;
      return "";
    }
    case "flow_changed": // rules 1-10: the whole rounds machine; rules 11 stores its facts
    case "round_begun": // the rounds machine's facts: the headings and the board show them
    case "draft_turn_ended":
    case "stock_turn_ended":
    case "family_turn_begun":
    case "family_turn_ended":
    case "step_begun":
    case "home_lays_begun":
    case "bonus_lays_left":
    case "home_lays_done":
    case "stock_bought":
    case "stock_sold":
    case "order_changed":
    case "midas_claimed":
    case "greek_claimed":
    case "track_laid":
    case "family_tokened":
    case "president_helped":
    case "train_bonus_used":
    case "subsidy_raised":
    case "patch_offered":
    case "patch_decided":
    case "train_spared":
    case "limit_unchecked":
    case "token_step_waited": // rules 15: the site's memo of a token step, no news to read
      return "";
    case "priority_changed":
      return `Priority: ${listWords(e.order.map((seat) => seatName(names, seat)))}, in this order`;
    case "game_ended":
      return ENDINGS[e.reason] || "The game ends";
    default:
      return null;
  }
}

/** Headings of the grouped log: a new round starts with the event that enters it. */
export function heading(e) {
  if (e.type === "flow_changed") return roundTitle(e.flow); // rules 1-10
  if (e.type === "round_begun") return roundTitle({ round: e.kind, turn: e.turn, or_num: e.number });
  if (e.type === "game_ended") return roundTitle({ round: "over" });
  return null;
}

export function describeCommand(c, names) {
  switch (c.type) {
    case "bid": return `Buy ${powerName(c.power, names)} for ${money(c.price)}`;
    case "pass": return "Pass";
    case "par": return `Open the ${familyName(c.family)} at ${money(c.price)}`;
    case "buy_shares": return `Buy ${sharesWords(c.shares)}`;
    case "sell_shares": return `Sell ${sharesWords(c.shares)}`;
    case "buy_power": return `Buy ${powerName(c.power, names)} for ${money(c.price)}`;
    case "lay_tile": return `Lay the ${tileWords(c.tile)} on ${c.hex}${c.power ? ` with ${powerName(c.power, names)}` : ""}`;
    case "place_token": return `Place a token${c.power ? ` with ${powerName(c.power, names)}` : ""}`;
    case "run_routes": return c.routes.length ? "Run the suggested routes" : "Run no train";
    case "dividend": return c.kind === "payout" ? "Pay out to shareholders" : "Withhold (keep the money)";
    case "buy_train": return `Buy a ${trainName(c.variant || c.train)} train for ${money(c.price)}`;
    case "discard_train": return `Discard the ${trainName(c.train)} train`;
    case "sell_ticket": return `Sell ${powerName(c.ticket, names)}${c.price ? ` for ${money(c.price)}` : ""}`;
    case "use_power": return `Use ${powerName(c.power, names)}${c.family ? ` for the ${familyName(c.family)}` : ""}${c.train ? ` on the ${trainName(c.variant || c.train)} train` : ""}`;
    case "protect_train": return c.train ? `Protect the ${trainName(c.train)} train with Patch` : "Protect no train";
    case "assign": return `Put ${powerName(c.power, names)} on ${c.hex}`;
    case "end_game": return "End the game now";
    default: return null;
  }
}
