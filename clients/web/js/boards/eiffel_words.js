// Eiffel Mania in words: card names, events and commands.

import { listWords, plural, seatName } from "../words.js";

export const GIVE_REASONS = { arrangement: "the gift of the deal", clause: "a contract clause", denunciation: "a wrong denunciation" };
const because = (reason) => (reason ? ` (${GIVE_REASONS[reason] || reason.replace(/_/g, " ")})` : "");

export const SPECIALS = {
  office: { name: "Office", fr: "Le bureau", icon: "✉", help: "Before the reveal: look at the whole pile and reorder it." },
  denunciation: { name: "Denunciation", fr: "Dénonciation", icon: "☝", help: "After both stances: accuse a betrayer and take his place." },
  clause: { name: "Contract clause", fr: "Clauses contractuelles", icon: "✎", help: "When betrayed: the betrayer owes you a card." },
  eiffel: { name: "Gustave Eiffel", fr: "Gustave Eiffel", icon: "♜", help: "Majority: +2 per lot you own." },
};
const SPECIAL_ORDER = ["office", "office", "office", "denunciation", "denunciation", "denunciation", "clause", "clause", "clause", "eiffel", "eiffel", "eiffel"];

export function lotPoints(number) {
  if (number <= 2) return 1;
  if (number <= 6) return 2;
  if (number <= 9) return 3;
  if (number <= 11) return 4;
  return 5;
}

/** {kind: "lot", number, points} or {kind: "office"|..., name}; null for a hidden card. */
export function cardInfo(card) {
  if (!card || typeof card !== "string") return null;
  if (card[0] === "L") {
    const number = parseInt(card.slice(1), 10);
    return { kind: "lot", number, points: lotPoints(number) };
  }
  if (card[0] === "S") {
    const kind = SPECIAL_ORDER[parseInt(card.slice(1), 10) - 1];
    if (kind) return { kind, ...SPECIALS[kind] };
  }
  return null;
}

export function cardName(card) {
  const info = cardInfo(card);
  if (!info) return card ? `card ${card}` : "a hidden card";
  if (info.kind === "lot") return `lot ${info.number} (${info.points} pt${info.points > 1 ? "s" : ""})`;
  return info.name;
}

const who = (names, seat) => seatName(names, seat);

export function describeEvent(event, names) {
  const n = (seat) => who(names, seat);
  switch (event.type) {
    case "pile_shuffled":
      return `The ${event.ids.length} contract cards are shuffled into the pile`;
    case "first_principal_drawn":
      return `${n(event.seat)} is the first principal negotiator`;
    case "negotiation_started":
      return `Negotiation ${event.number}: ${n(event.principal)} (principal) with ${n(event.partner)} (partner)`;
    case "window_opened":
      return event.kind === "office"
        ? `Office window: ${event.seats.map(n).join(", ")} may play an Office card`
        : `Denunciation window: ${event.seats.map(n).join(", ")} may denounce`;
    case "office_passed":
      return `${n(event.seat)} did not play an Office card`;
    case "office_played":
      return `${n(event.seat)} played an Office card and looks at the pile`;
    case "pile_reordered":
      return `${n(event.seat)} put the pile in a new order`;
    case "cards_revealed":
      return `On the table: ${event.cards.map(cardName).join(" and ")}`;
    case "offer_made": {
      const terms = [];
      if (event.partner_picks_first) terms.push("the partner picks first");
      if (event.gift_card) terms.push(`${n(event.seat)} gives ${cardName(event.gift_card)}`);
      return `${n(event.seat)} offers: ${terms.join(" and ") || "nothing"}, if both collaborate`;
    }
    case "offer_withdrawn":
      return `${n(event.seat)} withdrew the offer`;
    case "offer_accepted":
      return `${n(event.seat)} accepted the offer`;
    case "offer_rejected":
      return `${n(event.seat)} rejected the offer`;
    case "stance_committed":
      return event.stance ? `${n(event.seat)} secretly chose to ${event.stance}` : `${n(event.seat)} committed a secret stance`;
    case "denunciation_passed":
      return `${n(event.seat)} did not denounce`;
    case "denounced":
      return `${n(event.seat)} denounced ${n(event.target)}`;
    case "stances_revealed":
      return `Stances revealed: ${n(event.principal)} ${event.principal_stance === "betray" ? "betrays" : "collaborates"}, ${n(event.partner)} ${event.partner_stance === "betray" ? "betrays" : "collaborates"}`;
    case "denunciation_judged":
      return event.correct
        ? `The denunciation was right: ${n(event.denouncer)} takes ${n(event.target)}'s place`
        : `The denunciation was wrong: ${n(event.denouncer)} owes ${n(event.target)} a card`;
    case "decision_requested":
      if (event.decision === "pick") return `${n(event.seat)} picks a card first`;
      if (event.decision === "give") return `${n(event.seat)} must give a card to ${n(event.to_seat)}${because(event.reason)}`;
      return `${n(event.seat)} may invoke a contract clause`;
    case "outcome_determined":
      if (event.outcome === "collaboration") return `Both collaborated: ${n(event.principal)} and ${n(event.partner)} share the cards`;
      if (event.outcome === "double_betrayal") return `Both betrayed: the cards go to the others`;
      return `${n(event.betrayer)} betrayed and takes both cards`;
    case "cards_awarded": {
      if (!event.awards.length) return "No card is awarded";
      if (event.awards.length <= 2) return event.awards.map((a) => `${n(a.seat)} gets ${cardName(a.card)}`).join("; ");
      // The rest of the pile at once (one player left): counted, not listed card by card.
      const bySeat = new Map();
      for (const a of event.awards) bySeat.set(a.seat, [...(bySeat.get(a.seat) || []), a.card]);
      return [...bySeat.entries()].map(([seat, cards]) => {
        const lots = cards.filter((c) => cardInfo(c)?.kind === "lot").length;
        return `${n(seat)} gets ${plural(cards.length, "card")}: ${plural(lots, "lot")} and ${plural(cards.length - lots, "special card")}`;
      }).join("; ");
    }
    case "warning_turned":
      return `${n(event.seat)}'s warning card turns: ${event.betrayals} betrayal${event.betrayals > 1 ? "s" : ""}`;
    case "card_given":
      return `${n(event.giver)} gives ${cardName(event.card)} to ${n(event.receiver)}${because(event.reason)}`;
    case "clause_invoked":
      return `${n(event.seat)} invoked a contract clause against ${n(event.betrayer)}`;
    case "clause_passed":
      return `${n(event.seat)} did not invoke a clause`;
    case "became_inactive":
      return event.seats.length === 1
        ? `${n(event.seats[0])} has betrayed three times and leaves the negotiations`
        : `${listWords(event.seats.map(n))} have betrayed three times and leave the negotiations`;
    case "negotiation_ended":
      return "The negotiation ends";
    case "pile_discarded":
      return `The remaining ${event.cards.length} pile cards are discarded`;
    case "game_ended":
      return event.reason === "pile_empty" ? "The pile is empty: game over" : "Too few active players: game over";
    default:
      return null;
  }
}

export function describeCommand(command, names) {
  switch (command.type) {
    case "play_office":
      return "Play my Office card";
    case "pass_office":
      return "Don't play Office";
    case "set_pile_order":
      return `Order: ${command.order.map((c) => { const i = cardInfo(c); return i ? (i.kind === "lot" ? `L${i.number}` : i.name) : "?"; }).join(" · ")}`;
    case "offer_arrangement": {
      const terms = [];
      if (command.partner_picks_first) terms.push("my partner picks first"); // the principal offers
      if (command.gift_card) terms.push(`I give ${cardName(command.gift_card)}`);
      return `Offer: ${terms.join(" + ")}`;
    }
    case "withdraw_offer":
      return "Withdraw my offer";
    case "accept_offer":
      return "Accept the offer";
    case "reject_offer":
      return "Reject the offer";
    case "commit_stance":
      return command.stance === "betray" ? "Betray" : "Collaborate";
    case "denounce":
      return `Denounce ${who(names, command.target)}`;
    case "pass_denounce":
      return "Don't denounce";
    case "pick_card":
      return `Take ${cardName(command.card)}`;
    case "give_card":
      return `Give ${cardName(command.card)}`;
    case "invoke_clause":
      return "Invoke the clause";
    case "pass_clause":
      return "Don't invoke";
    default:
      return null;
  }
}
