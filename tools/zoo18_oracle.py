"""Differential test of 18ZOO against the 18xx.games engine (issue 25): bots play seeded games
here, each is exported, replayed by `ruby ../shared/oracle/18xx/replay.rb --routes`, and the
reference's digest after every action is compared with Plateau's own state, field by field.
At each run_routes the run Plateau recorded must be worth at least the reference walk's `best`
and be accepted. The first divergence of each game is reported (action, field, both values).

    python tools/zoo18_oracle.py [--games N] [--seed S] [--maps ABCDEF] [--players 2345]
                                 [--bots random,greedy,eager,reckless] [--keep DIR] [--json]
                                 (--bots pump: one family pushed up the market)
    python tools/zoo18_oracle.py --table RUN.jsonl [RUN.jsonl ...]   (earlier --json runs)

Each game reports what it reached (domain.exchange.zoo18.coverage): its end trigger, the
bank covering a president, forced train purchases, emergency sales and the powers used; with
--json a last line gives them per map.

Exit status 1 when any game diverged. Needs ruby and the oracle beside the repo (`make oracle`).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from clients.python.simulate import play
from domain.bots import Strategy, strategy
from domain.exchange.zoo18.coverage import Coverage, coverage
from domain.exchange.zoo18.exporter import export_game
from domain.exchange.zoo18.recover import recover
from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, game, market, operating
from domain.games.zoo18.board.graph import graph_of
from domain.games.zoo18.board.routes import track_keys
from domain.games.zoo18.board.search import _candidate_routes
from domain.games.zoo18.bots_reach import STYLES
from domain.games.zoo18.ctx import offered_powers
from domain.games.zoo18.data import POWER_PRICE, STARTING_CASH
from domain.games.zoo18.evolve import evolve
from domain.games.zoo18.messages import LayTile, Options, RunRecorded
from domain.games.zoo18.state import State
from tools import zoo18_both

ROOT = Path(__file__).resolve().parents[1]
POWERS = sorted(POWER_PRICE)  # the twenty powers, by name
ROUND_NAMES = {"draft": "Draft", "sr": "Stock", "or": "Operating"}
ORACLE = ROOT / "../shared/oracle/18xx"
REPLAY = ORACLE / "replay.rb"


def available() -> str:
    """Why the oracle cannot run here ("" when it can)."""
    if not REPLAY.exists():
        return f"the reference engine is not at {ORACLE.resolve()}"
    if shutil.which("ruby") is None:
        return "ruby is not installed (apt-get install -y ruby)"
    return ""


@dataclass
class Outcome:
    map: str
    players: int
    seed: int
    bots: list[str]
    actions: int = 0
    runs: int = 0
    divergence: dict[str, Any] | None = None
    walk_crashed: int | None = None  # the run where the reference's own route walk crashed
    sugar_overcounts: list[int] = field(default_factory=list)  # runs its `best` over-counted
    shared_tile: int | None = None  # the lay after which the reference's board is not judged
    reached: Coverage = field(default_factory=Coverage)
    # --both: every difference of the two engines' offers (tools/zoo18_both.py), and the keys
    # compared per kind
    offers: list[dict[str, Any]] | None = None
    compared: dict[str, int] = field(default_factory=dict)

    @property
    def powers_used(self) -> set[str]:
        return self.reached.powers_used

    @property
    def end(self) -> str:
        return self.reached.end


def plateau_digest(state: State) -> dict[str, Any]:
    """Plateau's state in the reference digest's terms (the fields both sides have)."""
    names = [p.name for p in state.players]

    offered = set(offered_powers(state))

    def owner(holding: str, who: str) -> str | None:
        if who.startswith("p"):
            return names[int(who[1:])]
        if who == "bank":  # the site's bank holds the powers on offer; the deck holds none
            return "The Bank" if holding in offered else None
        return who

    tokens: dict[str, list[str]] = {}
    tiles: dict[str, str] = {}
    if state.board is not None:
        for h in B.describe(state.board, boardlink.colours(state.phase)):
            if h.tile is not None:
                tiles[h.hex] = f"{h.tile.rsplit('-', 1)[0]}@{h.rotation}"
            for stop in h.stops:
                for _, sym in stop.tokens:
                    tokens.setdefault(sym, []).append(h.hex)
    holdings = (*state.powers, *state.tickets)
    flow = state.flow
    # the site's unlimited bank starts at 0 and pays the starting cash out of it
    dealt = STARTING_CASH[state.map][len(names)] * len(names)
    return {
        "round": ROUND_NAMES.get(flow.round, flow.round),
        "turn": flow.turn,
        "round_num": flow.or_num if flow.round == "or" else 1,
        "phase": state.phase,
        "bank": -state.bank_flow - dealt,
        "depot": [t.name for t in state.trains if t.owner == "depot"],
        "players": {
            names[n]: {
                "cash": p.cash,
                "shares": {
                    f.sym: state.percent_of(f"p{n}", f.sym)
                    for f in state.families
                    if state.percent_of(f"p{n}", f.sym)
                },
                "companies": sorted(h.id for h in holdings if h.owner == f"p{n}"),
            }
            for n, p in enumerate(state.players)
        },
        "corporations": {
            f.sym: {
                "cash": f.cash,
                "price": market.price((f.row, f.col)) if f.parred else None,
                "floated": f.parred,
                "president": None
                if state.president(f.sym) is None
                else names[state.president(f.sym) or 0],
                # a train by the variant it runs as: the site renames a 4J bought as a 2J
                "trains": sorted(t.variant or t.name for t in state.family_trains(f.sym)),
                "tokens": sorted(tokens.get(f.sym, [])),
                "ipo": state.percent_of("ipo", f.sym),
                "market": state.percent_of("market", f.sym),
            }
            for f in state.families
        },
        "tiles": tiles,
        "companies": {
            h.id: "closed" if h.owner == "closed" else owner(h.id, h.owner) for h in holdings
        },
    }


def reference_digest(digest: dict[str, Any]) -> dict[str, Any]:
    """The reference's digest cut to the same fields, in the same shape."""
    return {
        **{key: digest[key] for key in ("round", "turn", "round_num", "phase", "bank")},
        # PATCH's 1S is never for sale: the site leaves it in the depot even while it runs
        "depot": [train for train in digest["depot"] if train != "1S"],
        "players": digest["players"],
        "corporations": {
            sym: {
                "cash": c["cash"],
                "price": c["price"],
                "floated": c["floated"],
                "president": c["president"],
                "trains": sorted(c["trains"]),
                "tokens": sorted(t for t in c["tokens"] if t is not None),
                "ipo": c["ipo"],
                "market": c["market"],
            }
            for sym, c in digest["corporations"].items()
        },
        # HOLE's tunnel shows as a tile named for its hex there; Plateau draws it as a face
        "tiles": {h: t for h, t in digest["tiles"].items() if t.split("@")[0] != h},
        "companies": digest["companies"],
    }


def first_difference(ours: Any, theirs: Any, path: str = "") -> tuple[str, Any, Any] | None:
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in sorted(set(ours) | set(theirs), key=str):
            if key not in ours or key not in theirs:
                return (f"{path}.{key}".lstrip("."), ours.get(key), theirs.get(key))
            found = first_difference(ours[key], theirs[key], f"{path}.{key}")
            if found:
                return found
        return None
    return None if ours == theirs else (path.lstrip("."), ours, theirs)


CLASSIC = ("random", "greedy")  # the production bots
# the harness's default mix: the production bots and the styles that reach the rest
REACH = ("random", "greedy", "eager", "reckless")


def bot(name: str) -> Strategy:
    return STYLES[name] if name in STYLES else strategy("18zoo", name)


def play_one(
    map_id: str,
    players: int,
    seed: int,
    keep: Path | None,
    optional: tuple[str, ...] = (),
    pool: tuple[str, ...] = CLASSIC,
    rules: int | None = None,
    both: bool = False,
) -> Outcome:
    """`optional`: the site's optional rules to play with (power_visible, base_2, base_3);
    `pool`: the bots each seat is drawn from; `rules`: the rules version (today's by
    default), to replay a seed as an earlier version played it."""
    rng = random.Random(seed)
    bots = [rng.choice(pool) for _ in range(players)]
    chosen: dict[str, object] = {rule: True for rule in optional}  # dealt from a seed
    if rules is not None:
        chosen["rules"] = rules
    options = msgspec.convert({"map": map_id, "exportable": True, **chosen}, Options)
    played = play(game, players, options, [bot(b) for b in bots], rng)
    start = game.initial(players, options)
    outcome = Outcome(map_id, players, seed, bots)
    exported = export_game(start, played.events)
    steps = recover(start, played.events).steps
    outcome.actions = len(steps)
    after: list[State] = []
    for step in steps:
        state = step.before
        for event in step.events:
            state = evolve(state, event)
        after.append(state)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_text(json.dumps(exported))
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, keep / f"{map_id}{players}-{seed}.json")
        lines, outcome.walk_crashed = reference_lines(path)
        # the explorer runs any route, not the best: `--both` judges the best `legal` offers
        floor = "explore" not in bots
        shared = outcome.shared_tile = shared_lay(steps)
        upto = len(steps) if shared is None else shared  # then that lay is judged alone
        outcome.divergence = compare(
            steps[:upto], after[:upto], lines, outcome.sugar_overcounts, floor=floor
        )
        if outcome.divergence is None and shared is not None:
            line = lines[shared] if shared < len(lines) else {"error": "no output"}
            if "error" in line:  # the site must accept the lay itself
                outcome.divergence = refused(steps, line, shared)
        if both:
            judged = len(steps) if shared is None else shared + 1
            agreed = judged if outcome.divergence is None else outcome.divergence["index"]
            outcome.offers, outcome.compared = zoo18_both.compare(
                steps[:agreed], lines, ORACLE, path, sugar_explains
            )
    if outcome.divergence is None and outcome.shared_tile is None:
        final = lines[-1].get("final", {}) if lines else {}
        ours_end = [exported["result"], bool(played.state.ended), played.state.ended]
        theirs_end = [final.get("result"), final.get("finished"), final.get("end_reason")]
        if ours_end != theirs_end:
            outcome.divergence = {
                "index": len(steps),
                "action": "end",
                "field": "result, finished, end_reason",
                "plateau": ours_end,
                "reference": theirs_end,
            }
    outcome.runs = sum(1 for s in steps if type(s.command).__name__ == "RunRoutes")
    # what was reached counts up to the first divergence: the reference confirmed only that
    agreed = len(steps) if outcome.divergence is None else outcome.divergence["index"]
    outcome.reached = coverage(steps[:agreed], played.state.ended)
    return outcome


def shared_lay(steps: list[Any]) -> int | None:
    """The first lay of a tile copy that lies on another hex (rules 20: the site's list holds
    it again). The site's engine lays its one tile object there, turning the first hex's tile
    and walking its track out of the second hex; Plateau lays a second piece. That lay is
    judged (the site must accept it) but not the board after it, nor anything later."""
    for index, step in enumerate(steps):
        command, board = step.command, step.before.board
        if isinstance(command, LayTile) and board is not None and command.tile in board.used:
            return index
    return None


def refused(steps: list[Any], line: dict[str, Any], index: int) -> dict[str, Any]:
    return {
        "index": index,
        "action": type(steps[index].command).__name__,
        "field": "refused",
        "reference": line["error"],
    }


def _replay(path: Path, *flags: str) -> tuple[list[dict[str, Any]], str]:
    done = subprocess.run(
        ["ruby", str(REPLAY), *flags, str(path)], capture_output=True, text=True, check=False
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line]
    return lines, done.stderr


def reference_lines(path: Path) -> tuple[list[dict[str, Any]], int | None]:
    """The reference's line for every action, and the index of the run where its own route walk
    crashed (None if it did not). That walk can recurse without end inside the engine's revenue
    of a route it found (SystemStackError, which `rescue` does not catch: B 5 9419 #383): the
    replay without `--routes` then judges every action from there, and those runs are checked
    without the walk's `best` (the reference still accepts the run and gives its revenue)."""
    lines, errors = _replay(path, "--routes")
    finished = bool(lines) and ("final" in lines[-1] or "error" in lines[-1])
    if finished or "SystemStackError" not in errors:
        return lines, None
    plain, _ = _replay(path)
    return lines + plain[len(lines) :], len(lines)


def sugar_explains(state: State, sym: str, best: int) -> bool:
    """Whether the reference walk's `best` above Plateau's run is its known over-count: with A
    TIP OF SUGAR, `replay.rb` values each route alone, each train one stop further, and never
    checks that only one train may be (the site refuses such a set when it is run: A 4 2027
    #392, 200 against 180). True if Plateau's own candidate routes, every train lengthened,
    reach `best`: then the gap is that over-count, not a route Plateau missed."""
    mods = operating.modifiers(state, sym)
    if not mods.sugar or state.board is None:
        return False
    graph = graph_of(state.board)
    colours = boardlink.colours(state.phase)
    trains = [B.Train(t.id, t.variant or t.name) for t in state.family_trains(sym)]
    options = []
    for train in trains:
        routes = _candidate_routes(graph, sym, train, colours, mods)
        keyed = [(frozenset(k for p in r.pids for k in track_keys(graph, p)), r) for r in routes]
        options.append(keyed)
    ceiling = [max((r.result.revenue for _, r in o), default=0) for o in options]
    budget = [200_000]

    def reach(index: int, keys: frozenset[object], total: int, wings: int) -> bool:
        budget[0] -= 1
        if total >= best:
            return True
        if index == len(options) or budget[0] < 0 or total + sum(ceiling[index:]) < best:
            return False
        for route_keys, route in options[index]:
            if total + route.result.revenue + sum(ceiling[index + 1 :]) < best:
                break  # in falling revenue
            if route_keys & keys or wings + route.wings > 1:
                continue
            if reach(
                index + 1, keys | route_keys, total + route.result.revenue, wings + route.wings
            ):
                return True
        return reach(index + 1, keys, total, wings)

    return reach(0, frozenset(), 0, 0)


def compare(
    steps: list[Any],
    after: list[State],
    lines: list[dict[str, Any]],
    overcounts: list[int] | None = None,
    *,
    floor: bool = True,
) -> dict[str, Any] | None:
    """The first divergence; `overcounts` collects the runs whose `best` is the reference's
    A TIP OF SUGAR over-count (sugar_explains). With `floor` a run must reach the reference's
    `best` (a game whose bots may run less has its best judged by `--both`)."""
    overcounts = [] if overcounts is None else overcounts
    for index, state in enumerate(after):
        line: dict[str, Any] = lines[index] if index < len(lines) else {"error": "no output"}
        action = type(steps[index].command).__name__
        if "error" in line:
            return refused(steps, line, index)
        if line.get("type") == "run_routes":
            ran = next((e for e in steps[index].events if isinstance(e, RunRecorded)), None)
            revenue = ran.revenue if ran else None
            best = (line.get("best") or 0) if floor else 0
            over = ran is not None and revenue == line.get("revenue") and best > (revenue or 0)
            if over and ran is not None and sugar_explains(steps[index].before, ran.family, best):
                overcounts.append(index)
                best = 0
            if revenue != line.get("revenue") or best > (revenue or 0):
                return {
                    "index": index,
                    "action": action,
                    "field": "run revenue (reference: revenue, best)",
                    "plateau": revenue,
                    "reference": [line.get("revenue"), line.get("best")],
                }
        ours, theirs = plateau_digest(state), reference_digest(line["state"])
        if state.ended:  # the site's finished game stays in its last round: the end is judged
            for key in ("round", "turn", "round_num"):  # by the final line instead
                ours.pop(key), theirs.pop(key)
        found = first_difference(ours, theirs)
        if found:
            where, ours, theirs = found
            return {
                "index": index,
                "action": action,
                "field": where,
                "plateau": ours,
                "reference": theirs,
            }
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--maps", default="ABCDEF")
    parser.add_argument("--players", default="2345")
    parser.add_argument("--keep", type=Path, help="keep every export in this folder")
    parser.add_argument("--json", action="store_true", help="one JSON line per game")
    parser.add_argument(
        "--bots",
        default=",".join(REACH),
        help="the bots seats are drawn from (random, greedy, eager, reckless, pump, explore; "
        "random,greedy: the production bots only)",
    )
    parser.add_argument(
        "--both",
        action="store_true",
        help="also compare what each engine offers at every position (tools/zoo18_both.py)",
    )
    parser.add_argument(
        "--optional", default="", help="the site's optional rules, e.g. base_3,power_visible"
    )
    parser.add_argument(
        "--table",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="print the per-map table of earlier --json runs (one file each) and play nothing",
    )
    args = parser.parse_args(argv)
    if args.table:
        return print_table(args.table)
    missing = available()
    if missing:
        print(f"zoo18_oracle: {missing}", file=sys.stderr)
        return 2
    diverged = 0
    summaries: list[dict[str, Any]] = []
    for n in range(args.games):
        map_id = args.maps[n % len(args.maps)]
        players = int(args.players[(n // len(args.maps)) % len(args.players)])
        optional = tuple(rule for rule in args.optional.split(",") if rule)
        pool = tuple(args.bots.split(","))
        outcome = play_one(
            map_id, players, args.seed + n, args.keep, optional, pool, both=args.both
        )
        diverged += outcome.divergence is not None or bool(outcome.offers)
        summary = {
            "map": outcome.map,
            "players": outcome.players,
            "seed": outcome.seed,
            "bots": outcome.bots,
            "actions": outcome.actions,
            "runs": outcome.runs,
            "walk_crashed": outcome.walk_crashed,
            "sugar_overcounts": outcome.sugar_overcounts,
            "shared_tile": outcome.shared_tile,
            **outcome.reached.as_json(),
            "divergence": outcome.divergence,
        }
        if args.both:
            summary |= {"offers": outcome.offers, "compared": outcome.compared}
        summaries.append(summary)
        print(json.dumps(summary) if args.json else _words(summary), flush=True)
    if args.json:  # the per-map coverage, as the last line
        print(json.dumps({"coverage": per_map(summaries)}), flush=True)
    print(table(summaries), file=sys.stderr)
    if args.both:
        print(both_table(summaries), file=sys.stderr)
    print(f"{args.games} games, {diverged} diverged", file=sys.stderr)
    return 1 if diverged else 0


def print_table(files: list[Path]) -> int:
    """The table of games played by several runs (say, one per process), from their --json
    lines; exit status 1 when any of them diverged."""
    summaries = [
        line
        for path in files
        for line in map(json.loads, path.read_text().splitlines())
        if "map" in line
    ]
    diverged = [s for s in summaries if s["divergence"] is not None or s.get("offers")]
    print(table(summaries))
    if any("compared" in s for s in summaries):
        print(both_table(summaries))
    for s in diverged:
        print(_words(s))
    print(f"{len(summaries)} games, {len(diverged)} diverged")
    return 1 if diverged else 0


def per_map(summaries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per map: games, actions the reference agreed with (up to each first divergence), games
    that diverged, runs, end triggers, bankruptcies (the bank covering a president), forced
    train purchases, emergency sales, and the powers used and never used, by name."""
    out: dict[str, dict[str, Any]] = {}
    for map_id in sorted({s["map"] for s in summaries}):
        games = [s for s in summaries if s["map"] == map_id]
        ends: dict[str, int] = {}
        for s in games:
            ends[s["end"]] = ends.get(s["end"], 0) + 1
        used = sorted({p for s in games for p in s["powers_used"]})
        out[map_id] = {
            "games": len(games),
            "actions_agreed": sum(judged(s) for s in games),
            "diverged": sum(1 for s in games if s["divergence"] is not None),
            "runs": sum(s["runs"] for s in games),
            "walk_crashed": sum(1 for s in games if s.get("walk_crashed") is not None),
            "sugar_overcounts": sum(len(s.get("sugar_overcounts") or ()) for s in games),
            "shared_tile": sum(1 for s in games if s.get("shared_tile") is not None),
            "ends": dict(sorted(ends.items())),
            **{key: sum(s[key] for s in games) for key in COUNTED},
            "powers_used": used,
            "powers_unused": [p for p in POWERS if p not in used],
        }
    return out


COUNTED = ("bankruptcies", "forced_buys", "emergency_sales")


def judged(s: dict[str, Any]) -> int:
    """The actions of a game the reference judged: up to its first divergence, or through the
    lay of a copy lying on the board (shared_lay)."""
    if s["divergence"] is not None:
        return int(s["divergence"]["index"])
    shared = s.get("shared_tile")
    return int(s["actions"]) if shared is None else int(shared) + 1


def table(summaries: list[dict[str, Any]]) -> str:
    """The per-map figures as the Markdown table docs/18zoo.md shows."""
    rows = [
        "| map | games | actions agreed | diverged | walk crashed | sugar over-counts "
        "| ended at a shared tile | ends | bankruptcies | forced buys | emergency sales "
        "| powers used | never used |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for map_id, m in per_map(summaries).items():
        ended = ", ".join(f"{k} {v}" for k, v in m["ends"].items())
        unused = ", ".join(m["powers_unused"]) or "none"
        rows.append(
            f"| {map_id} | {m['games']} | {m['actions_agreed']} | {m['diverged']} "
            f"| {m['walk_crashed']} | {m['sugar_overcounts']} | {m['shared_tile']} | {ended} "
            f"| {m['bankruptcies']} | {m['forced_buys']} | {m['emergency_sales']} "
            f"| {len(m['powers_used'])} of {len(POWERS)} | {unused} |"
        )
    return "\n".join(rows)


def both_table(summaries: list[dict[str, Any]]) -> str:
    """Per map, the two-way comparison (--both): positions compared, keys compared per kind,
    and the differences found, each direction apart."""
    rows = [
        "| map | games | positions | keys compared | only the reference allows "
        "| only Plateau offers | runs short or refused | games differing |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for map_id in sorted({s["map"] for s in summaries if "compared" in s}):
        games = [s for s in summaries if s["map"] == map_id and "compared" in s]
        offers = [o for s in games for o in s["offers"] or ()]
        positions = sum(judged(s) for s in games)
        rows.append(
            f"| {map_id} | {len(games)} | {positions} "
            f"| {sum(sum(s['compared'].values()) for s in games)} "
            f"| {sum(1 for o in offers if o.get('only') == 'reference')} "
            f"| {sum(1 for o in offers if o.get('only') == 'plateau')} "
            f"| {sum(1 for o in offers if o['kind'] == 'run')} "
            f"| {sum(1 for s in games if s['offers'])} |"
        )
    return "\n".join(rows)


def _words(s: dict[str, Any]) -> str:
    head = f"map {s['map']} {s['players']}p seed {s['seed']} ({s['actions']} actions, {s['end']})"
    d = s["divergence"]
    offers = s.get("offers")
    if offers:
        head += f": {len(offers)} offers differ, first {offers[:3]!r}"
    if d is None:
        crashed = s.get("walk_crashed")
        gap = f" (its route walk crashed at run {crashed}: runs from there without best)"
        over = s.get("sugar_overcounts")
        sugar = f" (its best over-counted A TIP OF SUGAR at runs {over})" if over else ""
        shared = s.get("shared_tile")
        lay = f" (judged to action {shared}: a lay of a copy on the board)" if shared else ""
        return f"{head}: same as the reference" + (gap if crashed is not None else "") + sugar + lay
    return (
        f"{head}: diverges at action {d['index']} ({d['action']}), {d['field']}: "
        f"plateau {d.get('plateau')!r}, reference {d.get('reference')!r}"
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
