// The words of one log line: the table's own events, then the board's wording of its game's
// events, then a generic description. "" leaves the event out of the log (bookkeeping).

import { describeObject, describeTableEvent, humanize } from "./words.js";

/** `types` are the game types of /api/games/types (for the game's title). */
export function eventWords(board, event, names, around = {}, types = []) {
  if (event === null || event === undefined) return "Something happened out of your sight";
  // bookkeeping: the Verify fairness page shows the draws, the result panel the result
  if (event.type === "draws_recorded" || event.type === "result_recorded") return "";
  if (event.type === "table_opened") {
    const type = types.find((t) => t.name === event.game);
    return `Table opened for ${event.seats} players of ${type ? type.title : humanize(event.game)}`;
  }
  const tableWords = describeTableEvent(event, names);
  if (tableWords !== null) return tableWords; // "": bookkeeping, left out
  let words = null;
  try {
    words = board.describeEvent ? board.describeEvent(event, names, around) : null;
  } catch (error) {
    console.error(error);
  }
  if (words === "") return "";
  return words || describeObject(event, names);
}
