// Vertigo: the UN council (planetary pollution, witnesses, treasury, vote), then each country's
// three regions of ten provinces with population, factories, engineers and pollution.
// Moves are made on the boards: pick a piece or an action from the palette, then click a
// highlighted province, region or the UN (a move from one place to another takes two clicks);
// with nothing picked, a click on a highlighted province lists what can be done there. Every
// choice is also listed as a button, folded away as a fallback.

import { clear, h, s } from "../dom.js";
import { listWords, seatColour, seatName } from "../words.js";
import { commandButton, legalPanel, turnDock } from "./generic.js";

const REGION_NAMES = { R: "Right", C: "Centre", L: "Left" };
const LAWS = { 1: "Development aid", 2: "Stop pollution!", 3: "Exceptional bonus", 4: "International solidarity", 5: "Subsidies" };
const FACTORY = { polluting: { fill: "#1f2937", label: "polluting factory" }, clean: { fill: "#16a34a", label: "clean factory" }, treatment: { fill: "#2563eb", label: "treatment plant" } };
const FACES = { sun: "☀ sun", one_cloud: "☁ one cloud", two_clouds: "☁☁ two clouds", cloud_arrow: "☁➚ cloud + arrow" };
const ROWS = [[1, 2, 3], [4, 5, 6, 7], [8, 9, 10]];
const where = (place) => (REGION_NAMES[place] ? `the ${REGION_NAMES[place].toLowerCase()} region` : place === "UN" ? "the UN" : place);

const isProvince = (id) => typeof id === "string" && /^[RCL]\d+$/.test(id);
const isRegion = (id) => typeof id === "string" && /^(R|C|L|UN)$/.test(id);

/** Where a command is made on the board: [first place, second place or null]. A place is
 * {kind: "province"|"region", id, seat} (seat null: the mover's own country). */
function placesOf(c) {
  const province = (id) => ({ kind: "province", id, seat: null });
  const region = (id, seat = null) => ({ kind: id === "UN" ? "un" : "region", id, seat });
  switch (c.type) {
    case "move_population": return [province(c.from), province(c.to)];
    case "move_scholar": return [region(c.from_region), region(c.to)];
    case "setup_scholar": return [region(c.to), null];
    case "release_scholar": return [region(c.from), null];
    case "train_scholar": return [region(c.region), null];
    case "choose_pollution_target": return [region(c.region, c.player), null];
    default: return isProvince(c.province) ? [province(c.province), null] : null;
  }
}

// The palette: one tool per kind of move that is made on the board.
const TOOLS = {
  setup_population: { label: "Population", price: "$1", icon: "☺" },
  setup_scholar: { label: "Scholar", price: "$5", icon: "♟" },
  "setup_factory:polluting": { label: "Polluting factory", price: "$10", icon: "■" },
  "setup_factory:clean": { label: "Clean factory", price: "$20", icon: "■" },
  "setup_factory:treatment": { label: "Treatment plant", price: "$20", icon: "■" },
  release_scholar: { label: "Release a scholar", icon: "↩" },
  abandon_factory: { label: "Abandon a factory", icon: "✕" },
  move_scholar: { label: "Move a scholar", icon: "⇄" },
  "build_factory:polluting": { label: "Build polluting factory", icon: "■" },
  "build_factory:clean": { label: "Build clean factory", icon: "■" },
  "build_factory:treatment": { label: "Build treatment plant", icon: "■" },
  transform_factory: { label: "Make a factory clean", icon: "♻" },
  depollute: { label: "Depollute", icon: "✧" },
  buy_population: { label: "Buy population", icon: "☺" },
  move_population: { label: "Move population", icon: "⇄" },
  train_scholar: { label: "Train a scholar", icon: "♟" },
  choose_pollution_target: { label: "Aim the arrow", icon: "➚" },
  place_pollution: { label: "Place pollution", icon: "☁" },
  clean_province: { label: "Clean a province", icon: "✧" },
  destroy_polluting: { label: "Destroy a polluting factory", icon: "✕" },
};
const toolKey = (c) => (c.kind ? `${c.type}:${c.kind}` : c.type);

// The tool in hand and the first place of a two-click move survive redraws of the same choices.
let hand = { key: null, tool: null, from: null };

// Events after which the next marker is a new one: before any of them, an arrow no longer aims.
const NEW_MARKER = new Set(["pollution_placed", "marker_lost", "pollution_die_rolled", "global_increase", "turn_started"]);

/** The country a place_pollution marker goes to: the one an arrow just aimed at, whoever
 * rolled it (its owner places it on an unpolluted region, the roller on a polluted one);
 * otherwise the placer's own. */
function pollutionOwner(ctx) {
  const log = ctx.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i].event;
    if (!e) continue;
    if (NEW_MARKER.has(e.type)) break;
    if (e.type === "pollution_target_chosen") return e.player;
  }
  return ctx.seat;
}

function regionSvg(region, targets, onPick, source = null, seatOf = 0) {
  const r = 22;
  const dx = r * 1.8;
  const dy = r * 1.6;
  const svg = s("svg", { viewBox: `0 0 ${dx * 4 + 8} ${dy * 3 + 10}`, class: "vg-region-map", role: "img", "aria-label": `${REGION_NAMES[region.name]} region` });
  const cells = new Map(region.provinces.map((p) => [parseInt(p.id.slice(1), 10), p]));
  ROWS.forEach((row, ri) => {
    const offset = row.length === 4 ? 4 + r : 4 + r + dx / 2;
    row.forEach((n, ci) => {
      const province = cells.get(n);
      if (!province) return;
      const cx = offset + ci * dx;
      const cy = 4 + r + ri * dy;
      const pts = Array.from({ length: 6 }, (_, k) => {
        const a = Math.PI / 6 + (k * Math.PI) / 3;
        return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
      const targeted = targets.has(province.id);
      const group = s("g", { class: `vg-province ${province.state} ${targeted ? "target" : ""} ${source === province.id ? "source" : ""}`, testid: `province-${seatOf}-${province.id}`, "data-province": province.id, "data-state": province.state, "data-factory": province.factory || "" });
      group.append(s("title", {}, `${province.id}: ${province.state}${province.factory ? `, ${FACTORY[province.factory].label} (${province.engineers} engineer${province.engineers > 1 ? "s" : ""})` : ""}`));
      group.append(s("polygon", { points: pts, fill: province.state === "polluted" ? "#57534e" : province.state === "populated" ? "#fef3c7" : "#ecfccb", stroke: source === province.id ? "#dc2626" : targeted ? "#f59e0b" : "#a8a29e", "stroke-width": targeted || source === province.id ? 3 : 1 }));
      if (province.state === "polluted") group.append(s("text", { x: cx, y: cy + 6, "text-anchor": "middle", class: "vg-cloud" }, "☁"));
      if (province.state === "populated") {
        group.append(s("circle", { cx: cx - 8, cy: cy - 5, r: 5, fill: "#a16207" }), s("rect", { x: cx - 13, y: cy + 1, width: 10, height: 9, rx: 3, fill: "#a16207" }));
        if (province.factory) {
          group.append(s("rect", { x: cx + 1, y: cy - 9, width: 13, height: 13, rx: 2, fill: FACTORY[province.factory].fill }));
          for (let e = 0; e < province.engineers; e++) group.append(s("circle", { cx: cx + 4 + e * 6, cy: cy + 10, r: 2.5, fill: "var(--seat)" }));
        }
      }
      group.append(s("text", { x: cx, y: cy - r + 11, "text-anchor": "middle", class: "vg-pid" }, n));
      if (targeted) {
        group.style.cursor = "pointer";
        group.addEventListener("click", () => onPick(province.id));
      }
      svg.append(group);
    });
  });
  return svg;
}

function countryPanel(country, view, ctx, board) {
  const seat = country.seat;
  const provinceTargets = board.provinceTargets(seat);
  const regionTarget = (name) => board.regionTarget(seat, name);
  const awaited = view.awaiting && view.awaiting.seats.includes(seat);
  return h("section", { class: `panel vg-country ${awaited ? "awaited" : ""} ${country.active ? "" : "out"}`, style: { "--seat": seatColour(seat) }, testid: `vg-country-${seat}` },
    h("div", { class: "bab-sheet-head" },
      h("span", { class: "dot" }), h("strong", {}, seatName(ctx.names, seat)),
      seat === ctx.seat ? h("span", { class: "em-tag you" }, "you") : null,
      seat === view.first_player ? h("span", { class: "em-tag role principal" }, "first player") : null,
      country.active ? null : h("span", { class: "em-tag out" }, "eliminated"),
      h("span", { class: "spacer" }),
      h("span", { class: "vg-money", testid: `vg-safe-${seat}` }, `$${country.safe}`)),
    h("div", { class: "vg-stats" },
      h("span", { title: "factories (all kinds)" }, h("strong", {}, country.factories), " factories"),
      h("span", { class: "vg-f polluting" }, `■ ${country.polluting}`),
      h("span", { class: "vg-f clean" }, `■ ${country.clean}`),
      h("span", { class: "vg-f treatment" }, `■ ${country.treatment}`),
      h("span", {}, `☺ ${country.population} people`),
      h("span", {}, `${country.scholars} scholars`),
      h("span", {}, `⚖ ${country.diplomats} diplomats`),
      country.non_polluting ? h("span", { class: "em-tag status accepted" }, "non-polluting") : null,
      h("span", { class: `em-tag ${country.eligible ? "status accepted" : ""}`, title: "enough money to pay one upkeep of all scholars" }, country.eligible ? "can win" : "cannot pay upkeep")),
    h("div", { class: "vg-regions" }, country.regions.map((region) =>
      h("div", { class: `vg-region ${region.overpopulated ? "over" : ""}` },
        h("div", { class: "vg-region-head" },
          regionTarget(region.name)
            ? h("button", { type: "button", class: "vg-region-target", testid: `region-${seat}-${region.name}`, "aria-label": `${REGION_NAMES[region.name]} region of ${seatName(ctx.names, seat)}`, onClick: () => board.clickRegion(seat, region.name) }, `${REGION_NAMES[region.name]} ◉`)
            : h("strong", {}, REGION_NAMES[region.name] || region.name),
          h("span", { class: "sr-only" }, ": "),
          h("span", { class: "vg-poll", style: { "--p": `${region.pollution}%` } }, `${region.pollution}% polluted`)),
        regionSvg(region, provinceTargets, (id) => board.clickProvince(seat, id), board.fromId(seat), seat),
        h("div", { class: "vg-region-foot" },
          `${region.idle_scholars} idle scholar${region.idle_scholars === 1 ? "" : "s"} · ${region.population} people`,
          region.treatment_plant ? " · treatment plant" : "",
          region.overpopulated ? h("span", { class: "vg-warn" }, " · overpopulated") : "",
          region.pollution_sources ? ` · ${region.pollution_sources} source${region.pollution_sources > 1 ? "s" : ""}` : "")))),
    country.laws_used.length ? h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Laws used"), country.laws_used.map((l) => h("span", { class: "em-chip" }, LAWS[l] || l))) : null);
}

function council(view, ctx) {
  const vote = view.vote;
  return h("section", { class: "panel vg-council", testid: "vg-council" },
    h("h3", {}, "United Nations council"),
    h("div", { class: "vg-council-row" },
      h("div", { class: "vg-gauge", title: "planetary pollution" },
        h("div", { class: "vg-gauge-label" }, "Planet"),
        h("div", { class: "vg-gauge-bar" }, h("div", { class: "vg-gauge-fill", style: { width: `${view.pollution}%` } })),
        h("strong", { testid: "vg-pollution" }, `${view.pollution}%`)),
      h("div", {}, h("div", { class: "em-label" }, "Turn"), h("strong", { testid: "vg-turn" }, view.turn), view.turn >= 10 ? h("span", { class: "muted" }, " (die may end it)") : null),
      h("div", {}, h("div", { class: "em-label" }, "Witnesses"), h("strong", {}, `${view.witness} / ${view.witness_threshold}`)),
      h("div", {}, h("div", { class: "em-label" }, "Treasury"), h("strong", {}, `$${view.treasury}`)),
      h("div", {}, h("div", { class: "em-label" }, "Order"), view.order.map((seat, i) => [i ? " → " : "", h("strong", { class: "who", style: { "--seat": seatColour(seat) } }, h("span", { class: "dot" }), " ", seatName(ctx.names, seat))])),
      h("div", {}, h("div", { class: "em-label" }, "Supply"), `■${view.supply.polluting} `, h("span", { style: { color: "#15803d" } }, `■${view.supply.clean} `), h("span", { style: { color: "#1d4ed8" } }, `■${view.supply.treatment} `), `☺${view.supply.population}`)),
    view.dice.length ? h("div", { class: "bab-row" }, h("span", { class: "em-label" }, "Dice"), view.dice.map((d) => h("span", { class: "em-chip" }, `${seatName(ctx.names, d.seat)} ${d.region}: ${FACES[d.face] || d.face}`))) : null,
    vote ? h("div", { class: "vg-vote", testid: "vg-vote" },
      h("strong", {}, `Vote on law ${vote.law}: ${vote.name}`), ` proposed by ${seatName(ctx.names, vote.proposer)}`,
      h("div", { class: "bab-row" }, vote.voters.map((p) => h("span", { class: "em-chip", style: { "--seat": seatColour(p) } }, `${seatName(ctx.names, p)} (${vote.weights[String(p)]}): ${vote.choices[String(p)]}`)))) : null);
}

export default {
  palette: (view) => view.countries.map((c) => c.color),
  render(root, ctx) {
    const view = ctx.view;
    const boardCommands = ctx.legal.filter((c) => placesOf(c));
    const plain = ctx.legal.filter((c) => !placesOf(c));
    const key = JSON.stringify(ctx.legal);
    if (hand.key !== key) hand = { key, tool: hand.tool, from: null };
    const tools = new Map();
    for (const c of boardCommands) {
      if (!tools.has(toolKey(c))) tools.set(toolKey(c), []);
      tools.get(toolKey(c)).push(c);
    }
    if (hand.tool && !tools.has(hand.tool)) hand.tool = null;
    if (!hand.tool && tools.size === 1) hand.tool = [...tools.keys()][0];
    const inHand = hand.tool ? tools.get(hand.tool) : boardCommands;
    const polluted = pollutionOwner(ctx);
    const seatOf = (place, c) => (place.seat !== null ? place.seat : c.type === "place_pollution" ? polluted : ctx.seat);
    const same = (place, c, seat, kind, id) => place && place.kind === kind && place.id === id && seatOf(place, c) === seat;
    /** Commands of the tool in hand that a click on (seat, kind, id) would make or start. */
    const matching = (seat, kind, id) => inHand.filter((c) => {
      const [first, second] = placesOf(c);
      if (hand.from) return second && first.id === hand.from.id && same(second, c, seat, kind, id);
      return same(first, c, seat, kind, id);
    });
    const picked = h("div", { class: "vg-picked", testid: "vg-picked" });
    const redraw = () => {
      clear(root);
      this.render(root, ctx);
    };
    const click = (seat, kind, id) => {
      const found = matching(seat, kind, id);
      if (!found.length) return;
      const twoStep = found.every((c) => placesOf(c)[1]) && !hand.from;
      if (twoStep && hand.tool) {
        hand.from = { seat, kind, id };
        redraw();
        return;
      }
      if (hand.tool && found.length === 1) {
        ctx.submit(found[0]);
        return;
      }
      clear(picked).append(h("div", { class: "em-label" }, kind === "province" ? `Province ${id}` : where(id)),
        h("div", { class: "cmd-row" }, found.map((c) => commandButton(c, ctx))));
    };
    const board = {
      provinceTargets: (seat) => new Set(view.countries[seat] ? view.countries[seat].regions.flatMap((r) => r.provinces.map((p) => p.id)).filter((id) => matching(seat, "province", id).length) : []),
      regionTarget: (seat, name) => matching(seat, "region", name).length > 0,
      clickProvince: (seat, id) => click(seat, "province", id),
      clickRegion: (seat, name) => click(seat, "region", name),
      fromId: (seat) => (hand.from && hand.from.seat === seat ? hand.from.id : null),
    };
    const unTarget = ctx.seat !== null && matching(ctx.seat, "un", "UN").length > 0;
    const palette = tools.size ? h("div", { class: "vg-palette", testid: "vg-palette", role: "group", "aria-label": "Pieces and actions" },
      [...tools.keys()].map((name) => {
        const tool = TOOLS[name] || { label: name.replace(/[_:]/g, " "), icon: "•" };
        const chosen = hand.tool === name;
        return h("button", {
          type: "button", class: `vg-tool ${chosen ? "chosen" : ""}`, testid: "vg-tool", "data-tool": name, "aria-pressed": String(chosen),
          onClick: () => { hand.tool = chosen ? null : name; hand.from = null; redraw(); },
        }, h("span", { class: `vg-tool-icon ${name.split(":")[1] || ""}`, "aria-hidden": "true" }, tool.icon), tool.label, tool.price ? h("span", { class: "vg-tool-price" }, tool.price) : null);
      })) : null;
    const hint = hand.from
      ? `Now click where to move it (from ${hand.from.kind === "province" ? `province ${hand.from.id}` : where(hand.from.id)}).`
      : hand.tool
        ? `${(TOOLS[hand.tool] || { label: "This move" }).label}: click a highlighted ${tools.get(hand.tool).some((c) => placesOf(c)[0].kind !== "province") ? "region or the UN" : "province"}.`
        : "Pick a piece or an action, then click a highlighted place; or click a highlighted province to see what you can do there.";
    const awaiting = view.awaiting;
    const mine = awaiting && awaiting.seats.includes(ctx.seat) && ctx.live && !ctx.botPlays;
    const banner = view.over ? null : h("div", { class: `em-banner ${mine ? "mine" : ""}`, role: "status", testid: "vg-awaited" },
      awaiting ? (mine ? `Your turn: ${awaiting.what}.` : ["Waiting for ", listWords(awaiting.seats.map((p) => seatName(ctx.names, p))), ` to ${awaiting.what}.`]) : "…");
    const actions = ctx.legal.length ? h("section", { class: "panel em-actions", testid: "vg-actions" },
      h("h3", {}, "Your move"),
      palette,
      tools.size ? h("p", { class: "zoo-hint", testid: "vg-hint" }, hint) : null,
      hand.from ? h("button", { type: "button", class: "ghost", testid: "vg-cancel-move", onClick: () => { hand.from = null; redraw(); } }, "Cancel this move") : null,
      unTarget ? h("button", { type: "button", class: "vg-region-target", testid: "vg-un-target", onClick: () => click(ctx.seat, "un", "UN") }, "The UN (as a diplomat) ◉") : null,
      picked,
      plain.length ? h("div", { class: "cmd-row vg-plain" }, plain.map((c) => commandButton(c, ctx))) : null,
      boardCommands.length ? h("details", { class: "vg-fallback", testid: "vg-fallback" },
        h("summary", {}, `All ${boardCommands.length} choices as a list`),
        legalPanel(boardCommands, ctx, "All your choices")) : null) : null;
    root.append(h("div", { class: "vg-board", testid: "vg-board" },
      turnDock(banner, actions),
      council(view, ctx),
      h("div", { class: "vg-countries" }, view.countries.map((c) => countryPanel(c, view, ctx, board)))));
  },
  heading(e) {
    if (e.type === "first_player_drawn") return "Setup";
    if (e.type === "turn_started") return `Turn ${e.turn}`;
    if (e.type === "game_ended") return "Game over";
    return null;
  },
  describeEvent(e, names) {
    const n = (seat) => seatName(names, seat);
    switch (e.type) {
      case "first_player_drawn": return `${n(e.seat)} plays first`;
      case "setup_population_placed": return `${n(e.seat)} settles population in ${e.province} ($${e.cost})`;
      case "setup_scholar_placed": return `${n(e.seat)} places a scholar in ${where(e.to)} ($${e.cost})`;
      case "setup_factory_placed": return `${n(e.seat)} builds a ${FACTORY[e.kind]?.label || e.kind} in ${e.province} ($${e.cost})`;
      case "step_ended": return `${n(e.seat)} is done with ${e.step}`;
      case "turn_started": return `Turn ${e.turn} begins`;
      case "end_die_rolled": return `End die: ${FACES[e.face] || e.face}`;
      case "game_ended": return `Game over (${e.reason.replace(/_/g, " ")})`;
      case "first_player_designated": return `${n(e.by)} names ${n(e.seat)} first player`;
      case "turn_order_set": return `Order: ${e.order.map(n).join(", ")}`;
      case "scholar_released": return `${n(e.seat)} releases a scholar from ${where(e.source)}`;
      case "factory_abandoned": return `${n(e.seat)} abandons the ${FACTORY[e.kind]?.label || e.kind} in ${e.province}`;
      case "upkeep_paid": return `${n(e.seat)} pays upkeep: $${e.to_bank} to the bank, $${e.to_treasury} to the UN`;
      case "scholar_moved": return `${n(e.seat)} moves a scholar from ${where(e.source)} to ${where(e.to)}`;
      case "factory_built": return `${n(e.seat)} builds a ${FACTORY[e.kind]?.label || e.kind} in ${e.province} ($${e.cost})`;
      case "factory_transformed": return `${n(e.seat)} makes the factory in ${e.province} clean ($${e.cost})`;
      case "province_depolluted": return `${n(e.seat)} depollutes ${e.province} ($${e.cost})`;
      case "population_bought": return `${n(e.seat)} buys population in ${e.province} ($${e.cost})`;
      case "population_moved": return `${n(e.seat)} moves population ${e.source} → ${e.to}${e.cost ? ` ($${e.cost})` : ""}`;
      case "scholar_trained": return `${n(e.seat)} trains a scholar in ${where(e.region)} ($${e.cost})`;
      case "pollution_sources_counted": return `${n(e.seat)}, ${(REGION_NAMES[e.region] || e.region).toLowerCase()} region: ${e.sources} pollution source${e.sources === 1 ? "" : "s"}`;
      case "pollution_die_rolled": return `${n(e.seat)} rolls for ${where(e.region)}: ${FACES[e.face] || e.face}`;
      case "arrow_lost": return `${n(e.seat)}'s arrow has no target`;
      case "pollution_target_chosen": return `${n(e.seat)} sends pollution to ${n(e.player)}'s ${(REGION_NAMES[e.region] || e.region).toLowerCase()} region`;
      case "marker_lost": return `A pollution marker for ${n(e.owner)}'s ${(REGION_NAMES[e.region] || e.region).toLowerCase()} region is lost`;
      case "pollution_placed": return `Pollution in ${n(e.owner)}'s ${e.province}${e.destroyed ? ` destroys the ${e.destroyed}` : ""}`;
      case "global_increase": return `Planetary pollution rises to ${e.level}%`;
      case "player_eliminated": return `${n(e.seat)} is eliminated ($${e.safe} to the UN)`;
      case "pollution_phase_ended": return `Pollution phase over: the planet is at ${e.level}%${e.decrease ? " (it went down)" : ""}`;
      case "province_cleaned": return `${n(e.seat)} cleans ${e.province}`;
      case "production_paid": return `Production: ${e.amounts.map((a, i) => `${n(i)} +$${a}`).join(", ")}`;
      case "law_proposed": return `${n(e.seat)} proposes law ${e.law}: ${LAWS[e.law] || ""}`;
      case "law_passed": return `${n(e.seat)} proposes no law`;
      case "vote_cast": return e.choice ? `${n(e.seat)} votes ${e.choice}` : `${n(e.seat)} has voted`;
      case "votes_revealed": return `Law ${e.law} ${e.adopted ? "adopted" : "rejected"}: ${e.yes} yes, ${e.no} no`;
      case "law_enacted": return `Law ${e.law} (${LAWS[e.law] || ""}) applies; ${n(e.proposer)} earns $${e.bonus}`;
      case "pollution_fined": return `${n(e.seat)} is fined $${e.amount}`;
      case "polluting_destroyed": return `${n(e.seat)}'s polluting factory in ${e.province} is destroyed`;
      case "turn_ended": return `End of turn ${e.turn}`;
      case "tasks_queued": return "";  // the agenda's bookkeeping: the events around it tell it
      default: return null;
    }
  },
  describeCommand(c, names) {
    switch (c.type) {
      case "setup_population": return `Settle population in ${c.province}`;
      case "setup_scholar": return `Scholar to ${where(c.to)}`;
      case "setup_factory": return `${FACTORY[c.kind]?.label || c.kind} in ${c.province}`;
      case "end_step": return "Done with this step";
      case "designate_first_player": return `Make ${seatName(names, c.player)} first player`;
      case "release_scholar": return `Release a scholar from ${where(c.source)}`;
      case "abandon_factory": return `Abandon the factory in ${c.province}`;
      case "pay_upkeep": return "Pay the upkeep";
      case "move_scholar": return `Scholar: ${where(c.source)} → ${where(c.to)}`;
      case "build_factory": return `Build a ${FACTORY[c.kind]?.label || c.kind} in ${c.province}`;
      case "transform_factory": return `Make ${c.province} clean`;
      case "depollute": return `Depollute ${c.province}`;
      case "buy_population": return `Buy population in ${c.province}`;
      case "move_population": return `Move population ${c.source} → ${c.to}`;
      case "train_scholar": return `Train a scholar in ${where(c.region)}`;
      case "choose_pollution_target": return `Pollute ${seatName(names, c.player)}'s ${(REGION_NAMES[c.region] || c.region).toLowerCase()} region`;
      case "place_pollution": return `Pollution in ${c.province}`;
      case "clean_province": return `Clean ${c.province}`;
      case "propose_law": return `Propose law ${c.law}: ${LAWS[c.law] || ""}`;
      case "pass_law": return "Propose no law";
      case "vote": return `Vote ${c.choice}`;
      case "destroy_polluting": return `Destroy the polluting factory in ${c.province}`;
      default: return null;
    }
  },
};
