// Router: #/ is the lobby, #/game/<id> a table, #/game/<id>/replay a table opened in replay.

import { lobbyPage } from "./lobby.js";
import { tablePage } from "./table.js";

let stop = null;

function route() {
  if (stop) stop();
  stop = null;
  const root = document.getElementById("app");
  const match = location.hash.match(/^#\/game\/([^/?]+)(\/replay)?/);
  if (match) stop = tablePage(root, decodeURIComponent(match[1]), { replay: Boolean(match[2]) });
  else stop = lobbyPage(root);
}

window.addEventListener("hashchange", route);
route();
