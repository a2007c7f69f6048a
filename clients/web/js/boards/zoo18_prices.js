// 18ZOO's moves with a price to fill in, sent as price ranges (docs/protocol.md, "Choices"): a
// train bought from another family, a ZOOTicket sold to the operating family, a power bought
// from a player. Each is one card naming what changes hands, from whom, with a price field held
// to the bounds the server sent and one button that sends the move at that price.

import { isChoice, withValue } from "../choices.js";
import { h } from "../dom.js";
import { seatName } from "../words.js";
import { familyName, money, powerName, trainName } from "./zoo18_words.js";

const PRICED = new Set(["buy_train", "sell_ticket", "buy_power"]);

/** The seat's price ranges this board draws as cards. */
export function pricedChoices(ctx) {
  return (ctx.choices || []).filter((c) => isChoice(c) && c.type === "range" && PRICED.has(c.command.type));
}

/** What the card says changes hands: [what, from whom and what the price means]. */
function words(choice, view, ctx) {
  const c = choice.command;
  const buyer = view.awaiting.entity ? `the ${familyName(view.awaiting.entity)}` : "your family";
  if (c.type === "buy_train") {
    const seller = view.families.find((f) => f.trains.some((t) => t.id === c.train));
    if (!seller) return [`A ${trainName(c.train)} train`, "from another family"];
    const owner = seller.president === null ? "no president" : `president ${seatName(ctx.names, seller.president)}`;
    const train = seller.trains.find((t) => t.id === c.train).runs_as;
    return [`A ${trainName(train)} train`, `sold by the ${familyName(seller.sym)} (${owner}) to ${buyer}`];
  }
  if (c.type === "sell_ticket") {
    return [powerName(c.ticket, ctx.names), `to ${buyer}, who pay the price; the bank pays you the rest of ${money(choice.max)}`];
  }
  const holder = view.players.find((p) => p.powers.some((w) => w.id === c.power));
  return [powerName(c.power, ctx.names) || c.power, `${holder ? `from ${seatName(ctx.names, holder.seat)}` : "from a player"} to ${buyer}`];
}

/** One card: what, from whom, the price (bounded) and the button that sends it. */
export function priceCard(choice, view, ctx) {
  const c = choice.command;
  const [title, from] = words(choice, view, ctx);
  // a ticket or a power is worth its top price; a used train is haggled up from the lowest
  const start = c.type === "buy_train" ? choice.min : choice.max;
  const verb = c.type === "sell_ticket" ? "Sell" : "Buy";
  const bounds = `${money(choice.min)} to ${money(choice.max)}`;
  const price = () => Number(input.value);
  const valid = () => Number.isInteger(price()) && price() >= choice.min && price() <= choice.max;
  const button = h("button", {
    class: "cmd", type: "button", testid: "legal-command", "data-type": c.type,
    onClick: () => { if (valid()) ctx.submit(withValue(choice, price())); },
  });
  const refresh = () => {
    const ok = valid();
    button.disabled = !ok;
    button.dataset.command = JSON.stringify(withValue(choice, ok ? price() : start));
    button.textContent = ok ? `${verb} for ${money(price())}` : `${bounds} only`;
  };
  const input = h("input", {
    type: "number", min: choice.min, max: choice.max, step: 1, value: start, inputmode: "numeric",
    testid: "zoo-price", "aria-label": `Price of ${title}, ${bounds}`, onInput: refresh,
  });
  refresh();
  return h("div", { class: "zoo-price-card", testid: `zoo-price-${c.type}`, "data-min": choice.min, "data-max": choice.max },
    h("div", { class: "zoo-price-what" }, h("strong", {}, title), h("span", { class: "muted" }, ` ${from}`)),
    h("div", { class: "zoo-price-row" }, input, h("span", { class: "muted", testid: "zoo-price-bounds" }, bounds), button));
}
