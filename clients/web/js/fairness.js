// The "Verify fairness" page of a finished game (#/game/<id>/fairness): its draws recomputed in
// this browser from the secret revealed at the end (fair.js), the secret checked against the
// commitment stored at the start, and the log's hash chain recomputed (proof.js).

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { checkFairness } from "./fair.js";
import { checkProof, remembered } from "./proof.js";
import { humanize, plural, seatName } from "./words.js";

function decisionName(label) {
  return label === "setup" ? "the setup" : `decision ${label}`;
}

function summary(result, proof) {
  if (result.state === "fair") {
    return `Fair: the secret revealed at the end matches the commitment stored at the start, and all ${plural(result.draws, "draw")} of ${plural(result.decisions.length, "decision")} recomputed in this browser from it are the ones in the log (${proof.version} events).`;
  }
  if (result.state === "none") {
    return "This game has no commitment: it was stored before fair randomness (or imported from another site), so nothing binds its draws, and there is nothing to check.";
  }
  if (result.state === "running") return "The game's secret is revealed when it ends: come back then.";
  return `These draws do not follow from the committed secret: ${result.problems.slice(0, 3).join("; ")}.`;
}

export function fairnessPage(root, gameId) {
  let stopped = false;
  const back = h("a", { href: `#/game/${encodeURIComponent(gameId)}`, testid: "back-to-table" }, "Back to the table");
  const title = h("h2", { class: "table-title" }, "Verify fairness");
  const status = h("p", { class: "muted", testid: "fairness-check", "data-state": "checking" }, "Recomputing the game's draws…");
  const chain = h("p", { class: "muted", testid: "fairness-log", "data-state": "checking" }, "");
  const details = h("div", { class: "fairness-details" });
  clear(root).append(h("div", { class: "table-page fairness-page", testid: "fairness-page" },
    h("div", { class: "table-head" }, h("div", {}, title), back),
    h("section", { class: "panel" }, status, chain),
    details,
    h("section", { class: "panel" }, h("h3", {}, "What this proves"),
      h("p", {}, "At the start the server stored the SHA-256 of a secret it drew (the commitment). Every shuffle, deal and die roll of the game was drawn from that secret alone: decision by decision, HMAC-SHA256 of the secret over the decision's label and a counter. At the end the secret is published; this page recomputes each draw the log records from it, and checks that the secret is the committed one. So the server could not pick a draw once the game began."),
      h("p", { class: "muted" }, "The events each draw led to follow from the game's rules: ", h("code", {}, `plateau verify-fairness ${gameId}`), " replays the rules too, and the log's hash chain, checked here, binds those events to the log you were shown."))));

  Promise.all([api.game(gameId), api.proof(gameId)]).then(([info, proof]) => {
    if (stopped) return;
    title.textContent = `Verify fairness: ${info.title}`;
    const result = checkFairness(proof);
    if (info.fairness && result.commitment !== null && info.fairness.commitment !== result.commitment) {
      result.problems.push("the commitment the server shows is not the one in the log");
      result.state = "unfair";
    }
    status.dataset.state = result.state;
    status.className = result.state === "unfair" ? "notice rejected" : "muted";
    status.textContent = summary(result, proof);
    const problems = checkProof(proof, remembered(gameId));
    chain.dataset.state = problems.length ? "altered" : "verified";
    chain.className = problems.length ? "notice rejected" : "muted";
    chain.textContent = problems.length
      ? `The log does not match its hashes: ${problems.slice(0, 3).join("; ")}.`
      : `The log's ${proof.version} hashes recomputed from its events and salts hold together.`;
    renderDetails(info, result);
  }).catch((error) => {
    if (stopped) return;
    status.dataset.state = error.status === 403 ? "running" : "unavailable";
    status.textContent = error.status === 403
      ? "The game is still running: its secret is revealed when it ends, and its draws can be checked then."
      : `The draws could not be checked: ${error.message}`;
  });

  function renderDetails(info, result) {
    clear(details);
    if (result.commitment === null) return;
    details.append(h("section", { class: "panel" },
      h("h3", {}, "The secret"),
      h("dl", { class: "fairness-secret" },
        h("dt", {}, "Commitment (stored at the start)"), h("dd", {}, h("code", { testid: "commitment" }, result.commitment)),
        h("dt", {}, "Secret (revealed at the end)"), h("dd", {}, h("code", { testid: "revealed" }, result.revealed || "not yet")))));
    if (!result.decisions.length) return;
    details.append(h("section", { class: "panel" },
      h("h3", {}, "Draws"),
      h("div", { class: "wide-scroll" }, h("table", { class: "vtable", testid: "draws-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "Version"), h("th", {}, "Decision"), h("th", {}, "By"), h("th", {}, "Draws"), h("th", {}, "Check"))),
        h("tbody", {}, result.decisions.map((d) => h("tr", { "data-version": d.version, "data-state": d.problem ? "differs" : "matches" },
          h("td", {}, d.version),
          h("td", {}, decisionName(d.label), d.command ? ` (${humanize(d.command.type)})` : ""),
          h("td", {}, d.seat === null ? "the server" : seatName(info.names, d.seat)),
          h("td", {}, d.draws),
          h("td", {}, d.problem ? `✗ ${d.problem}` : "✓"))))))));
  }

  return () => { stopped = true; };
}
