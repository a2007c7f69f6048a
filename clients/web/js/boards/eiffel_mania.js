// Eiffel Mania: the tower plan in owners' colours, the two cards on the table, stances, offers,
// denunciations, clauses, warnings, special cards and the pile.

import { h, s } from "../dom.js";
import { seatColour, seatName } from "../words.js";
import { commandButton, legalPanel, turnDock } from "./generic.js";
import { GIVE_REASONS, SPECIALS, cardInfo, cardName, describeCommand, describeEvent } from "./eiffel_words.js";

const PHASES = {
  setup: "Setting up",
  check: "Between negotiations",
  office_window: "Office window",
  office: "Office window: who plays an Office card?",
  reorder: "The Office user orders the pile",
  reveal: "Revealing two contract cards",
  talk: "Talk, offer, and secretly choose: collaborate or betray",
  denounce_window: "Denunciation window",
  denounce: "Denunciation window: anyone accusing a betrayer?",
  r1: "Revealing the stances",
  r2: "Judging the denunciation",
  r3: "Deciding the outcome",
  pick: "The first picker chooses a card",
  r4: "Warnings",
  clause: "A betrayed player may invoke a contract clause",
  give: "A card is owed",
  r7: "Placing the lots",
  over: "Game over",
};

const DECISIONS = {
  negotiate_and_commit: "make offers and choose a stance",
  answer_and_commit: "answer offers and choose a stance",
  play_or_pass_office: "play an Office card or pass",
  set_pile_order: "order the pile",
  denounce_or_pass: "denounce or pass",
  pick_card: "pick a card",
  give_card: "give a card",
  invoke_or_pass_clause: "invoke a clause or pass",
};

function lighten(colour, amount) {
  return `color-mix(in srgb, ${colour} ${amount}%, white)`;
}

/** A face-up card as HTML (lot or special); `big` for the table. */
function cardFace(card, { big = false, testid = null } = {}) {
  const info = cardInfo(card);
  if (!info) return h("div", { class: `em-card hidden ${big ? "big" : ""}` }, h("span", { class: "em-card-icon" }, "?"));
  if (info.kind === "lot") {
    return h("div", { class: `em-card lot ${big ? "big" : ""}`, testid, "data-card": card },
      h("span", { class: "em-card-kind" }, "Lot"),
      h("span", { class: "em-card-number" }, info.number),
      h("span", { class: "em-card-points" }, `${info.points} pt${info.points > 1 ? "s" : ""}`));
  }
  return h("div", { class: `em-card special ${info.kind} ${big ? "big" : ""}`, testid, "data-card": card, title: info.help },
    h("span", { class: "em-card-icon", "aria-hidden": "true" }, info.icon),
    h("span", { class: "em-card-name" }, info.name),
    big ? h("span", { class: "em-card-help" }, info.help) : null);
}

/** The tower: 12 plan cards in 5 rows, each lot in its owner's colour. */
function tower(view, names) {
  const width = 420;
  const cardW = 74;
  const cardH = 58;
  const rowY = [14, 92, 170, 248, 340];
  const byNumber = new Map(view.plan.map((lot) => [lot.number, lot]));
  const svg = s("svg", { viewBox: `0 0 ${width} 420`, class: "em-tower", role: "img", "aria-label": "The tower plan", testid: "em-tower" });
  // Silhouette of the tower behind the plan cards.
  svg.append(
    s("path", {
      d: "M210 2 L236 70 L262 150 L300 232 L350 320 L402 410 L322 410 Q210 300 98 410 L18 410 L70 320 L120 232 L158 150 L184 70 Z",
      fill: "#e9e3d3", stroke: "#cbbf9f", "stroke-width": 2,
    }),
    s("line", { x1: 92, y1: 236, x2: 328, y2: 236, stroke: "#cbbf9f", "stroke-width": 3 }),
    s("line", { x1: 140, y1: 156, x2: 280, y2: 156, stroke: "#cbbf9f", "stroke-width": 3 }),
  );
  view.plan_rows.forEach((row, r) => {
    const gap = r === 4 ? 170 : 10;
    const total = row.length * cardW + (row.length - 1) * gap;
    row.forEach((number, i) => {
      const lot = byNumber.get(number);
      const x = (width - total) / 2 + i * (cardW + gap);
      const y = rowY[r];
      const owner = lot ? lot.owner : null;
      const colour = owner === null ? null : seatColour(owner);
      const group = s("g", { testid: `lot-${number}`, "data-owner": owner === null ? "" : owner, class: "em-lot" },
        s("title", {}, `Lot ${number}: ${lot ? lot.points : "?"} points, ${owner === null ? "not yet won" : `owned by ${seatName(names, owner)}`}`),
        s("rect", {
          x, y, width: cardW, height: cardH, rx: 8,
          fill: colour ? lighten(colour, 30) : "#ffffff",
          stroke: colour || "#a8a29e", "stroke-width": colour ? 3 : 1.5,
          "stroke-dasharray": colour ? null : "4 3",
        }),
        s("text", { x: x + 10, y: y + 24, class: "em-lot-number" }, number),
        s("text", { x: x + cardW - 8, y: y + 20, class: "em-lot-points", "text-anchor": "end" }, `${lot ? lot.points : ""}★`),
        s("text", { x: x + cardW / 2, y: y + cardH - 10, class: "em-lot-owner", "text-anchor": "middle" },
          owner === null ? "free" : seatName(names, owner).slice(0, 9)),
      );
      svg.append(group);
    });
  });
  return svg;
}

/** The warning card: a square turned a quarter per betrayal (3 = out of the negotiations). */
function warningDial(betrayals, colour) {
  const angle = betrayals * 90;
  return s("svg", { viewBox: "0 0 40 40", class: "em-warning", role: "img", "aria-label": `${betrayals} of 3 betrayals` },
    s("circle", { cx: 20, cy: 20, r: 18, fill: "#f8f5ee", stroke: "#d6d0c2" }),
    [0, 1, 2].map((i) => s("circle", { cx: 20 + 15 * Math.sin((i + 1) * Math.PI / 2), cy: 20 - 15 * Math.cos((i + 1) * Math.PI / 2), r: 2.5, fill: i < betrayals ? "#b91c1c" : "#d6d0c2" })),
    s("g", { transform: `rotate(${angle} 20 20)` },
      s("rect", { x: 11, y: 11, width: 18, height: 18, rx: 3, fill: colour, stroke: "#00000033" }),
      s("path", { d: "M20 13 L20 22", stroke: "#fff", "stroke-width": 3, "stroke-linecap": "round" }),
      s("circle", { cx: 20, cy: 26, r: 1.8, fill: "#fff" })));
}

function playerCard(player, view, ctx, awaitedSeats, score) {
  const colour = seatColour(player.seat);
  const lotPoints = player.lots.reduce((sum, card) => sum + (cardInfo(card)?.points || 0), 0);
  const roles = { principal: "Principal", partner: "Partner", outsider: null };
  return h("div", {
    class: `em-player ${awaitedSeats.has(player.seat) ? "awaited" : ""} ${player.active ? "" : "inactive"} ${player.seat === ctx.seat ? "me" : ""}`,
    style: { "--seat": colour }, testid: `em-player-${player.seat}`,
  },
  h("div", { class: "em-player-head" },
    h("span", { class: "dot" }),
    h("strong", {}, seatName(ctx.names, player.seat)),
    player.seat === ctx.seat ? h("span", { class: "em-tag you" }, "you") : null,
    roles[player.role] ? h("span", { class: `em-tag role ${player.role}` }, roles[player.role]) : null,
    player.active ? null : h("span", { class: "em-tag out" }, "out of negotiations"),
    h("span", { class: "spacer" }),
    warningDial(player.betrayals, colour),
    h("span", { class: "em-betrayals", testid: `em-betrayals-${player.seat}` }, `${player.betrayals}/3`)),
  h("div", { class: "em-row" },
    h("span", { class: "em-label" }, "Lots"),
    player.lots.length
      ? player.lots.map((card) => h("span", { class: "em-chip lot", title: cardName(card) }, cardInfo(card)?.number))
      : h("span", { class: "muted" }, "none"),
    h("span", { class: "em-sum" }, `${lotPoints} pts`)),
  h("div", { class: "em-row" },
    h("span", { class: "em-label" }, "Specials"),
    player.specials.length
      ? player.specials.map((sp) => h("span", { class: `em-chip special ${sp.kind}`, title: SPECIALS[sp.kind]?.help }, `${SPECIALS[sp.kind]?.icon || ""} ${SPECIALS[sp.kind]?.name || sp.kind}`))
      : h("span", { class: "muted" }, "none")),
  score ? h("div", { class: "em-row em-score", testid: `em-score-${player.seat}` },
    h("span", { class: "em-label" }, "Score"), h("strong", {}, score.total),
    h("span", { class: "muted" }, ` = ${score.lot_points} lots + ${score.special_points} specials + ${score.eiffel_bonus} Eiffel + ${score.series_bonus} series`)) : null);
}

function offerText(offer, names, principal) {
  const terms = [];
  if (offer.partner_picks_first) terms.push("the partner picks first");
  if (offer.gift_card) terms.push(`${seatName(names, principal)} gives ${cardName(offer.gift_card)}`);
  return terms.join(" and ") || "nothing";
}

function stanceBox(label, seat, committed, stance, ctx, mine) {
  let state;
  if (stance) state = h("span", { class: `em-stance ${stance}` }, stance === "betray" ? "Betrays" : "Collaborates");
  else if (committed) state = h("span", { class: "em-stance secret" }, mine ? `chose ${mine} (secret)` : "✓ chosen, secret");
  else if (ctx.view.phase === "talk") state = h("span", { class: "em-stance waiting" }, "thinking…");
  else state = h("span", { class: "em-stance waiting" }, "—");
  return h("div", { class: "em-side", style: { "--seat": seatColour(seat) }, testid: `em-${label.toLowerCase()}` },
    h("div", { class: "em-side-role" }, label),
    h("div", { class: "em-side-name" }, h("span", { class: "dot" }), seatName(ctx.names, seat)),
    state);
}

function negotiationPanel(view, ctx) {
  const n = view.negotiation;
  if (!n) {
    const ending = { pile_empty: "The contract pile is empty.", inactivity: "Too few players are still negotiating." }[view.end_reason];
    return h("section", { class: "panel em-nego", testid: "em-negotiation" }, h("h3", {}, PHASES[view.phase] || view.phase),
      view.over ? h("p", {}, ending || "", " Final scores are on each player's card below.") : null);
  }
  const stances = n.stances || {};
  const myStance = n.my_stance;
  const pickCommands = ctx.legal.filter((c) => c.type === "pick_card");
  const cards = n.revealed.map((card) => {
    const pick = pickCommands.find((c) => c.card === card);
    const face = cardFace(card, { big: true, testid: "em-table-card" });
    return pick ? commandButton(pick, ctx, [face, h("span", { class: "em-take" }, "Take this card")], { class: "em-pick" }) : face;
  });
  const principalMine = ctx.seat === n.principal ? myStance : null;
  const partnerMine = ctx.seat === n.partner ? myStance : null;
  const replaced = n.effective_principal !== n.principal || n.effective_partner !== n.partner;
  return h("section", { class: "panel em-nego", testid: "em-negotiation" },
    h("h3", {}, `Negotiation ${n.number}`),
    h("div", { class: "em-phase", testid: "em-phase" }, PHASES[view.phase] || view.phase),
    h("div", { class: "em-table" },
      stanceBox("Principal", n.principal, n.committed.principal, stances.principal, ctx, principalMine),
      h("div", { class: "em-cards", testid: "em-table-cards" }, cards.length ? cards : h("div", { class: "muted" }, "No cards on the table yet")),
      stanceBox("Partner", n.partner, n.committed.partner, stances.partner, ctx, partnerMine)),
    replaced ? h("p", { class: "em-note" }, `After the denunciation: ${seatName(ctx.names, n.effective_principal)} negotiates as principal, ${seatName(ctx.names, n.effective_partner)} as partner.`) : null,
    n.denouncer !== null && n.denouncer !== undefined
      ? h("p", { class: "em-note", testid: "em-denunciation" }, `☝ ${seatName(ctx.names, n.denouncer)} denounced ${seatName(ctx.names, n.denounced)}`,
        n.denunciation_correct === null || n.denunciation_correct === undefined ? "" : n.denunciation_correct ? " — rightly." : " — wrongly.")
      : null,
    n.outcome ? h("p", { class: "em-note em-outcome" }, { collaboration: "Both collaborated.", betrayal: "One betrayed the other.", double_betrayal: "Both betrayed." }[n.outcome] || n.outcome) : null,
    n.give_to !== null && n.give_to !== undefined ? h("p", { class: "em-note" }, `A card is owed to ${seatName(ctx.names, n.give_to)}${n.give_reason ? ` (${GIVE_REASONS[n.give_reason] || n.give_reason.replace(/_/g, " ")})` : ""}.`) : null,
    h("div", { class: "em-offers", testid: "em-offers" },
      h("div", { class: "em-label" }, `Offers (${n.offers_left} left)`),
      n.offers.length
        ? h("ul", {}, n.offers.map((offer) => h("li", { class: `em-offer ${offer.status}` }, offerText(offer, ctx.names, n.principal), " ", h("span", { class: `em-tag status ${offer.status}` }, offer.status))))
        : h("div", { class: "muted" }, "No offer made.")),
  );
}

function actions(view, ctx) {
  const legal = ctx.legal.filter((c) => c.type !== "pick_card");
  if (!legal.length) return null;
  const stance = legal.filter((c) => c.type === "commit_stance");
  const order = legal.filter((c) => c.type === "set_pile_order");
  const rest = legal.filter((c) => c.type !== "commit_stance" && c.type !== "set_pile_order");
  return h("section", { class: "panel em-actions", testid: "em-actions" },
    h("h3", {}, "Your move"),
    stance.length ? h("div", { class: "em-stance-buttons" },
      stance.map((c) => commandButton(c, ctx, c.stance === "betray" ? "✘ Betray" : "✔ Collaborate", { class: `stance ${c.stance}` }))) : null,
    order.length ? pileOrderChoices(order, view, ctx) : null,
    rest.length ? legalPanel(rest, ctx, stance.length ? "Before you choose" : "Choose") : null);
}

/** The Office user's choices: keep the pile as it is, or bring one card to the top. */
function pileOrderChoices(commands, view, ctx) {
  const current = view.pile_order || [];
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  return h("div", { class: "em-order", testid: "em-order-choices" },
    h("div", { class: "em-label" }, "The pile, top first: keep it, or bring one card to the top"),
    h("ol", { class: "em-order-list" }, commands.map((command) => {
      const keep = same(command.order, current);
      const top = command.order[0];
      return h("li", {}, keep
        ? commandButton(command, ctx, "Keep the current order", { class: "ghost" })
        : commandButton(command, ctx, ["Put ", h("strong", {}, cardName(top)), " on top"], { class: "order" }));
    })));
}

function pilePanel(view, ctx) {
  return h("section", { class: "panel em-pile", testid: "em-pile" },
    h("h3", {}, "Contract pile"),
    h("div", { class: "em-pile-count" },
      h("span", { class: "em-stack", "aria-hidden": "true" }),
      h("strong", { testid: "em-pile-count" }, view.pile_count), " cards face down"),
    view.pile_order && view.pile_order.length && !view.over ? h("div", { class: "em-row", testid: "em-pile-order" },
      h("span", { class: "em-label" }, "Order you know (top first)"),
      view.pile_order.map((card) => h("span", { class: "em-chip", title: cardName(card) }, cardInfo(card)?.kind === "lot" ? `L${cardInfo(card).number}` : (cardInfo(card)?.icon || "?")))) : null,
    h("details", {},
      h("summary", {}, "Cards still in the pile"),
      h("div", { class: "em-row wrap" }, view.pile_cards.map((card) => h("span", { class: "em-chip small", title: cardName(card) }, cardInfo(card)?.kind === "lot" ? `L${cardInfo(card).number}` : cardName(card))))),
    view.discarded.length ? h("div", { class: "em-row wrap" }, h("span", { class: "em-label" }, "Discarded"),
      view.discarded.map((card) => h("span", { class: "em-chip small" }, cardName(card)))) : null);
}

function awaitedBanner(view, ctx) {
  if (view.over) return null;
  const mine = view.awaited.find((a) => a.seat === ctx.seat);
  if (mine && ctx.live && !ctx.botPlays) return h("div", { class: "em-banner mine", role: "status", testid: "em-awaited" }, `Your turn: ${DECISIONS[mine.decision] || mine.decision}.`);
  if (!view.awaited.length) return null;
  return h("div", { class: "em-banner", role: "status", testid: "em-awaited" }, "Waiting for ",
    view.awaited.map((a, i) => [i ? ", " : "", h("strong", { class: "who", style: { "--seat": seatColour(a.seat) } }, h("span", { class: "dot" }), " ", seatName(ctx.names, a.seat)), ` to ${DECISIONS[a.decision] || a.decision}`]), ".");
}

export default {
  render(root, ctx) {
    const view = ctx.view;
    const awaitedSeats = new Set(view.awaited.map((a) => a.seat));
    const scores = new Map((view.scores || []).map((line) => [line.seat, line]));
    root.append(
      h("div", { class: "em-board", testid: "em-board" },
        turnDock(awaitedBanner(view, ctx), actions(view, ctx)),
        h("div", { class: "em-top" },
          h("section", { class: "panel em-plan" }, h("h3", {}, "The tower"), tower(view, ctx.names)),
          h("div", { class: "em-center" }, negotiationPanel(view, ctx), pilePanel(view, ctx))),
        h("div", { class: "em-players" }, view.players.map((p) => playerCard(p, view, ctx, awaitedSeats, scores.get(p.seat))))),
    );
  },
  describeEvent,
  describeCommand,
  heading: (event) => (event.type === "negotiation_started" ? `Negotiation ${event.number}` : event.type === "game_ended" ? "Game over" : null),
};
