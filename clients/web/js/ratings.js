// Ratings (docs/http.md, ratings): a leaderboard per game in the lobby, and a player's page
// with their rating at each game and their rated games, in the order they ended.

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { humanize } from "./words.js";

const link = (accountId, name) => h("a", { href: `#/player/${encodeURIComponent(accountId)}`, testid: "player-link" }, name);

/** The lobby's leaderboards: one game at a time, chosen in a select. */
export function ratingsPanel() {
  const select = h("select", { id: "ratings-game", testid: "ratings-game", "aria-label": "Leaderboard of" });
  const board = h("ol", { class: "leaderboard", testid: "leaderboard" });

  async function show() {
    try {
      const places = await api.leaderboard(select.value);
      clear(board).append(...(places.length
        ? places.map((p) => h("li", { testid: "leaderboard-place", "data-account-id": p.account_id },
          link(p.account_id, p.name), h("span", { class: "muted" }, ` · ${p.rating.toFixed(1)} · ${p.games} rated ${p.games === 1 ? "game" : "games"}`)))
        : [h("li", { class: "muted empty" }, "No rated game yet.")]));
    } catch {
      clear(board);
    }
  }

  api.types().then((types) => {
    select.append(...types.map((t) => h("option", { value: t.name }, t.title)));
    show();
  }).catch(() => null);
  select.addEventListener("change", show);
  return h("section", { class: "panel", testid: "ratings-panel" }, h("h2", {}, "Ratings"), select, board);
}

export function playerPage(root, accountId) {
  clear(root).append(h("p", { class: "muted" }, "Loading…"));
  (async () => {
    let player;
    try {
      player = await api.player(accountId);
    } catch (error) {
      clear(root).append(h("p", { class: "error", testid: "not-found" }, error.message));
      return;
    }
    const ratings = Object.entries(player.ratings);
    clear(root).append(h("div", { class: "panel player", testid: "player-page" },
      h("h2", { testid: "player-name" }, player.name),
      h("ul", { testid: "player-ratings" }, ...(ratings.length
        ? ratings.map(([game, r]) => h("li", { "data-game": game }, h("strong", {}, humanize(game)), ` · ${r.rating.toFixed(1)} after ${r.games} rated ${r.games === 1 ? "game" : "games"}`))
        : [h("li", { class: "muted" }, "No rated game yet.")])),
      h("h3", {}, "Rated games"),
      h("ol", { testid: "player-history" }, ...player.history.map((line) =>
        h("li", { testid: "player-game", "data-game-id": line.game_id },
          h("a", { href: `#/game/${encodeURIComponent(line.game_id)}/replay` }, humanize(line.game)),
          ` · place ${line.rank} · ${line.before.toFixed(1)} → ${line.after.toFixed(1)}`))),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
  })();
  return () => {};
}
