// Boards by game name; any game without its own board uses the generic one.

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
