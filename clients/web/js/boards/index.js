// Boards by game name; any game without its own board uses the generic one.
//
// A board module's default export may define:
// - render(root, ctx): draw ctx.view (the game's own view) into root. ctx holds game, view,
//   table (the table part of the view), legal (complete commands this seat may send now; [] for
//   spectators and in the past), choices (the same as the server sent them: a price range is
//   one, see choices.js), seat (null for spectators), names, live, version,
//   submit(command) and describeCommand(command). Offer only commands taken from ctx.legal, via
//   generic.commandButton (data-testid "legal-command", data-command = the command's JSON).
// - describeEvent(event, names) / describeCommand(command, names): words, or null for the
//   generic wording.
// - palette(view): the seats' colours when the game has its own (e.g. ["blue", "yellow"]).
// - minor: a Set of event types shown dimmed in the log.
// A board that throws while drawing is replaced by the generic board for that frame.

import generic from "./generic.js";

const MODULES = {
  eiffel_mania: "./eiffel_mania.js",
  bienvenue_a_bord: "./bienvenue_a_bord.js",
  vertigo: "./vertigo.js",
  "18zoo": "./zoo18.js",
};

const cache = new Map();

export async function boardFor(game) {
  if (cache.has(game)) return cache.get(game);
  let board = generic;
  if (MODULES[game]) {
    try {
      board = { ...generic, ...(await import(MODULES[game])).default };
    } catch (error) {
      console.warn(`no board for ${game}, using the generic one`, error);
    }
  }
  cache.set(game, board);
  return board;
}
