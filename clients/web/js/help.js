// What each game is, in words for newcomers: the lobby's one-line description, the options
// explained, and the "How to play" panel of every table (written from the rules specs).

import { h } from "./dom.js";

const ZOO_MAPS = {
  A: "Giraffes, Polar bears, Penguins, Lions, Tigers; 122 hexes; suggested for 2–3 players",
  B: "Crocodiles, Giraffes, Polar bears, Penguins, Brown bears; 91 hexes, the smallest; 2–3 players",
  C: "Crocodiles, Lions, Tigers, Brown bears, Elephants; 111 hexes; 2–3 players",
  D: "seven families (all but Elephants); 133 hexes; suggested for 4–5 players",
  E: "seven families (all but Lions); 122 hexes; 4–5 players",
  F: "seven families (all but Polar bears); 129 hexes; 4–5 players",
};

export const GAMES = {
  eiffel_mania: {
    line: "Bluff and negotiate to build the Eiffel Tower: collaborate or betray, in secret.",
    length: "about 30 minutes",
    howto: {
      goal: "Score the most points: lots of the tower you own (1 to 5 points each), 1 point per special card you still hold, +2 per lot for the most Gustave Eiffel cards, and +2 per card of the longest run of consecutive lots.",
      turn: [
        "Each negotiation pairs a principal with the next player (the partner). Two contract cards are turned face up between them.",
        "The principal may offer a deal (the partner picks first, or a gift card); the partner accepts or rejects it.",
        "Both choose in secret: Collaborate or Betray. Both collaborate: each takes one card. One betrays: the betrayer takes both. Both betray: the cards go to the others.",
        "Special cards: Office lets you reorder the pile, Denunciation lets an outsider accuse a betrayer and take his place, Contract clause makes a betrayer give you a card.",
        "Three betrayals and you are out of the negotiations (your warning card shows how many you have).",
      ],
      controls: [
        "The green and red buttons choose your secret stance; the other buttons are the offers and special cards you may play now.",
        "When you may take a card, click it on the table.",
      ],
      end: "The game ends when the contract pile is empty, or when at most one player may still negotiate.",
    },
  },
  bienvenue_a_bord: {
    line: "Two players fill their cruise liners: one splits three cards, the other picks a pile.",
    length: "about 20 minutes",
    howto: {
      goal: "Have the most points after 20 turns and 4 stopovers: passengers' points and love, fun and sun symbols, stopover majorities, objectives, and satisfied people (unhappy ones cost a point).",
      turn: [
        "The splitter reveals three cards and puts one alone: a pile of one and a pile of two.",
        "The other player takes one pile; the splitter gets the other. Then the roles swap.",
        "Cabin cards open cabins. Passengers must board an open cabin: a cabin above their level makes someone satisfied, below it someone unhappy. Love goes on an occupied cabin. Objectives score at the end.",
        "Symbols: Fun is worth more the more you have, each Sun scores 2 at every stopover, and each Game you draw in a cabin satisfies one person per Game in your cabins, the new one included.",
        "A passenger who needs a symbol looks at the symbols you had when you took his card: one drawn by a card of the same turn comes too late, whatever order you resolve them in. Without it he still scores his points, and one person is unhappy.",
        "After turns 5, 10, 15 and 20 a stopover compares a majority: the winner scores 6, the other gets a compensation. The symbol chosen for the bonus box counts as yours, but it is not in a cabin: a Game there satisfies nobody and is not counted when a Game is drawn in a cabin.",
      ],
      controls: [
        "To split, click the card you want alone. To choose, click “Take this card” or “Take these two”.",
        "Each card you took shows its possible placements as buttons beside it.",
      ],
      end: "The cruise ends after the fourth stopover; the liner with the most points wins (ties: more satisfied, then fewer unhappy).",
    },
  },
  vertigo: {
    line: "Grow your country's industry without choking the planet; vote laws at the UN.",
    length: "about 60 minutes",
    howto: {
      goal: "When the game ends, own the most factories of any kind, with enough money in your safe to pay the upkeep of all your scholars once.",
      turn: [
        "Setup: each player in turn spends his $40 on population ($1), scholars ($5) and factories (a factory comes with its engineers: $10 polluting, $20 clean or treatment).",
        "Management, one player after the other: pay upkeep, move scholars and build factories, depollute, buy and move population, train scholars.",
        "Pollution: every polluting factory and every overpopulated region rolls the pollution die. Clouds pollute provinces; too many markers raise the planet's pollution for everyone.",
        "Production pays $1 per population, $10 per polluting and $5 per clean factory. Then players with diplomats at the UN may propose a law and everyone with diplomats votes in secret.",
      ],
      controls: [
        "Highlighted provinces and regions on your country are the places you may act on: click one to see what you can do there.",
        "During setup, pick a piece (population, scholar, a factory kind) then click where to put it.",
        "Every choice is also listed under “All your choices”.",
      ],
      end: "From turn 11 a die roll at the start of each turn may end the game (at the latest at turn 31). A country that cannot pay is eliminated.",
    },
  },
  "18zoo": {
    line: "An 18xx for families: buy shares of animal families, lay track and run squirrels for nuts.",
    length: "2 to 3 hours",
    options: {
      map: "Which map: each holds its own families and size.",
      exportable: "Deal the powers as 18xx.games does, so that the finished game can be downloaded and replayed there. That deal hides less: someone running a program on the powers shown could work out the hidden ones. Leave it off unless you want the download.",
      power_visible: "18xx.games' “Powers visible”: every power the three days will bring is shown from the start, to everyone.",
      base_2: "18xx.games' “Base 2”: the centre of the map with less money (a red R area in the middle).",
      base_3: "18xx.games' “Base 3”: the centre of the map with more money (a city in the middle). With Base 2 too, Base 3 only.",
    },
    optionChoices: { map: ZOO_MAPS },
    // options for 18xx.games players, folded away; `imported` is set by the import alone
    advanced: { title: "For 18xx.games players", keys: ["exportable", "power_visible", "base_2", "base_3"] },
    hidden: ["imported"],
    // the players each map is made for: the form offers that many seats
    seatsFor: { option: "map", A: [2, 3], B: [2, 3], C: [2, 3], D: [4, 5], E: [4, 5], F: [4, 5] },
    howto: {
      goal: "Be the richest at the end: cash, plus your shares at their market price, plus 20 per unsold ZOOTicket.",
      turn: [
        "Draft: each player may buy one of the offered powers.",
        "Stock rounds (Monday, Tuesday, Wednesday): in turn, sell shares then buy one share, open a family at a par price (you become its president) or buy a power. Pass to end your turn; the round ends when everybody passes in a row.",
        "Operating rounds: each family, richest share price first, lays up to two tiles connected to its tokens, may place a token, runs its trains (squirrels) between stops for revenue, pays it out to shareholders or keeps it, and may buy trains.",
        "Selling a ZOOTicket gives you (or your family) money; its value grows during the game.",
      ],
      controls: [
        "Highlighted hexes are where you may lay a tile (orange) or place a token (purple): click one, pick a tile, turn it with the rotate button, the R key or a click on the hex, then confirm.",
        "To run trains, click stops on the map in order, or press “Auto route” to see the best run, change it if you like, and run it.",
        "Zoom with the wheel, a pinch or the + and − buttons; drag to move the map.",
      ],
      end: "The game ends after the third operating round on Wednesday, or at the end of the round in which a family reaches the top of the market.",
    },
  },
};

export function gameInfo(name) {
  return GAMES[name] || null;
}

/** "2–5 players" from a game type of /api/games/types. */
export function playerCount(type) {
  return type.min_seats === type.max_seats ? `${type.min_seats} players` : `${type.min_seats}–${type.max_seats} players`;
}

/** The "How to play" panel of a table; open while the game waits for players. */
export function howToPlay(name, title, open) {
  const info = gameInfo(name);
  if (!info) return null;
  const { goal, turn, controls, end } = info.howto;
  return h("details", { class: "panel howto", testid: "how-to-play", open: open || null },
    h("summary", {}, `How to play ${title}`),
    h("p", { class: "howto-line" }, info.line, info.length ? ` (${info.length})` : ""),
    h("h4", {}, "Goal"), h("p", {}, goal),
    h("h4", {}, "A turn"), h("ul", {}, turn.map((line) => h("li", {}, line))),
    h("h4", {}, "On this page"), h("ul", {}, controls.map((line) => h("li", {}, line))),
    h("h4", {}, "The end"), h("p", {}, end));
}
