// Router: #/ is the lobby, #/game/<id> a table, #/game/<id>/replay a table opened in replay,
// #/game/<id>/raw a table drawn by the generic board (every view field, every legal command),
// #/game/<id>/fairness a finished game's draws checked from its revealed secret, #/player/<id>
// a player's ratings and rated games, #/link/<token> a sign-in link from a mail.

import { followLink } from "./account.js";
import { fairnessPage } from "./fairness.js";
import { lobbyPage } from "./lobby.js";
import { playerPage } from "./ratings.js";
import { tablePage } from "./table.js";

let stop = null;

function route() {
  if (stop) stop();
  stop = null;
  const root = document.getElementById("app");
  const match = location.hash.match(/^#\/game\/([^/?]+)(?:\/(replay|raw|fairness))?/);
  const player = location.hash.match(/^#\/player\/([^/?]+)/);
  const link = location.hash.match(/^#\/link\/([A-Za-z0-9_-]+)$/);
  if (link) followLink(root, link[1]);
  else if (player) stop = playerPage(root, decodeURIComponent(player[1]));
  else if (match && match[2] === "fairness") stop = fairnessPage(root, decodeURIComponent(match[1]));
  else if (match) {
    stop = tablePage(root, decodeURIComponent(match[1]), { replay: match[2] === "replay", raw: match[2] === "raw" });
  }
  else stop = lobbyPage(root);
}

window.addEventListener("hashchange", route);
route();
