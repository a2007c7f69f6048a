"""The differential harness against the 18xx.games engine runs, and judges: a few seeded games
are played, exported and replayed by the reference (`tools/zoo18_oracle.py`).

The games that agree today must keep agreeing (docs/18zoo.md lists what the harness finds), a
run worth less than the reference walk's best and a state Plateau did not reach are caught (so
the comparison can fail), and the reference's own faults (its route walk crashing, its A TIP OF
SUGAR over-count) are told apart from Plateau's.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace

from clients.python.simulate import play
from domain.exchange.zoo18.exporter import export_game
from domain.exchange.zoo18.importer import import_game
from domain.exchange.zoo18.recover import recover
from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import Options, Parred, RunRecorded, TrainMoved
from domain.games.zoo18.state import State
from tests.domain.zoo18.helpers import start
from tests.paths import ZOO18_READ_BACKWARDS as READ_BACKWARDS
from tests.paths import ZOO18_TWICE_IN_A_HEX as TWICE_IN_A_HEX
from tests.paths import ZOO18_TWO_PONDS as TWO_PONDS
from tools import zoo18_oracle as oracle

pytestmark = pytest.mark.skipif(bool(oracle.available()), reason=oracle.available() or "ok")


# seeded games the reference engine agrees with from the first action to the result today: a
# rules change that makes Plateau part from the site on any of them fails here
AGREED = [
    ("A", 2, 1),
    ("D", 4, 2),
    ("C", 2, 5),
    ("E", 3, 6),
    ("F", 5, 3),
    ("D", 2, 2003),
    ("E", 2, 2007),
]


@pytest.mark.parametrize(("map_id", "players", "seed"), AGREED)
def test_a_seeded_game_agrees_with_the_reference_throughout(
    map_id: str, players: int, seed: int
) -> None:
    outcome = oracle.play_one(map_id, players, seed, None)
    assert outcome.actions > 100
    assert outcome.divergence is None, outcome.divergence


def test_the_reference_s_sugar_over_count_is_told_apart_from_a_missed_route() -> None:
    # the reference's `best` (200) counts two trains over A TIP OF SUGAR, a set the site refuses
    # when it is run ("Only one train can use ..."): replay.rb's walk keeps each route's
    # memoized check, made before the routes were combined. Plateau runs 180, and its own
    # routes reach 200 only with every train lengthened: the over-count, not a missed route
    # (the game as rules 10 plays it: from rules 12 its bots sell a president's certificate
    # in part at #88, and the game goes another way)
    outcome = oracle.play_one("A", 4, 2027, None, rules=10)
    assert outcome.divergence is None, outcome.divergence
    assert outcome.sugar_overcounts == [392]
    rng = random.Random(2027)
    bots = [rng.choice(oracle.CLASSIC) for _ in range(4)]
    options = msgspec.convert({"map": "A", "exportable": True, "rules": 10}, Options)
    played = play(game, 4, options, [oracle.bot(b) for b in bots], rng)
    step = recover(game.initial(4, options), played.events).steps[392]
    sym = next(e for e in step.events if isinstance(e, RunRecorded)).family
    assert oracle.sugar_explains(step.before, sym, 200)
    assert not oracle.sugar_explains(step.before, sym, 300)  # a best no lengthening reaches
    without = replace(
        step.before,
        powers=tuple(
            replace(p, owner="closed") if p.id == "A_TIP_OF_SUGAR" else p
            for p in step.before.powers
        ),
    )
    assert not oracle.sugar_explains(without, sym, 200)  # no sugar held, nothing to explain
    # and a best no lengthening reaches stays a divergence of the run, named with both values
    line = {"type": "run_routes", "revenue": 180, "best": 300}
    found = oracle.compare([step], [game.fold(step.events, step.before)], [line])
    assert found is not None
    assert (found["field"], found["plateau"], found["reference"]) == (
        "run revenue (reference: revenue, best)",
        180,
        [180, 300],
    )


def test_a_difference_is_found_field_by_field() -> None:
    ours = {"players": {"A": {"cash": 3}}, "phase": "2S"}
    theirs = {"players": {"A": {"cash": 4}}, "phase": "2S"}
    assert oracle.first_difference(ours, theirs) == ("players.A.cash", 3, 4)
    assert oracle.first_difference(ours, ours) is None


def test_a_train_is_compared_by_the_variant_it_runs_as() -> None:
    # the site renames a 4J bought as a 2J; Plateau keeps the card and records the variant
    ctx = Ctx(start(2))
    ctx.emit(Parred("GI", 1, 1), TrainMoved("4J-0", "GI", "2J"))
    assert oracle.plateau_digest(ctx.state)["corporations"]["GI"]["trains"] == ["2J"]


# a game of the harness's default mix (tools/zoo18_oracle.py REACH: its bots include the
# harness-only styles) in which presidents pay for forced trains and the bank covers one who
# cannot (18ZOO's bankruptcy), the reference agreeing throughout
REACHED = ("A", 2, 6000)


def test_a_seeded_game_reaches_the_bank_covering_a_president_and_agrees() -> None:
    outcome = oracle.play_one(*REACHED, None, pool=oracle.REACH)
    assert outcome.divergence is None, outcome.divergence
    assert outcome.reached.bankruptcies > 0
    assert outcome.reached.forced_buys >= outcome.reached.bankruptcies
    assert outcome.end == "fixed_round"


def test_the_summary_counts_what_each_map_reached() -> None:
    def game(map_id: str, end: str, bankruptcies: int, powers: list[str]) -> dict[str, object]:
        return {
            "map": map_id,
            "actions": 100,
            "runs": 4,
            "end": end,
            "bankruptcies": bankruptcies,
            "forced_buys": bankruptcies + 1,
            "emergency_sales": 0,
            "powers_used": powers,
            "divergence": None,
        }

    summaries = [
        game("A", "fixed_round", 2, ["MIDAS"]),
        game("A", "stock_market", 0, ["WINGS", "MIDAS"]),
        game("B", "fixed_round", 0, []),
    ]
    maps = oracle.per_map(summaries)
    assert maps["A"]["ends"] == {"fixed_round": 1, "stock_market": 1}
    assert (maps["A"]["bankruptcies"], maps["A"]["forced_buys"]) == (2, 4)
    assert maps["A"]["powers_used"] == ["MIDAS", "WINGS"]
    assert len(maps["A"]["powers_unused"]) == 18 and "MIDAS" not in maps["A"]["powers_unused"]
    assert (
        "| A | 2 | 200 | 0 | 0 | 0 | 0 | fixed_round 1, stock_market 1 | 2 | 4 | 0 | 2 of 20 |"
        in (oracle.table(summaries))
    )


# games of the default mix the reference agrees with throughout, each with a use the
# production bots rarely reach: WORK IN PROGRESS under rules 5 (C 3 6032 crashed at a par under
# rules 4, after blocking EL's home), a WINGS flight (A 3 42430 since rules 8, whose row 0
# changed the game of B 4 6013 on map B: it flies no more), WHATSUP buying a discarded
# train under rules 6 (A 4 10084: rules 5 ended its player's turn where the site kept it open),
# PATCH on an obsolete train by choice under rules 7 (E 4 21096: rules 6 asked EL to discard at
# once, where the site waits until a train moves)
REACHED_POWERS = [
    ("C", 3, 6032, "WORK_IN_PROGRESS"),
    ("A", 3, 42430, "WINGS"),
    ("A", 4, 10084, "WHATSUP"),
    ("E", 4, 21096, "PATCH"),
]


@pytest.mark.parametrize(("map_id", "players", "seed", "power"), REACHED_POWERS)
def test_a_seeded_game_of_the_mix_uses_a_rare_power_and_agrees(
    map_id: str, players: int, seed: int, power: str
) -> None:
    outcome = oracle.play_one(map_id, players, seed, None, pool=oracle.REACH)
    assert outcome.divergence is None, outcome.divergence
    assert power in outcome.powers_used


# a game of the harness-only `pump` style (tools/zoo18_oracle.py --bots pump): its players push
# one family up the market until it reaches the END cell, the game's second end trigger
# (docs/18zoo.md, "Towards the END cell"); the reference agrees throughout, the end compared too
PUMPED = ("B", 2, 601)


def test_a_seeded_pump_game_ends_on_the_stock_market_as_the_reference_does() -> None:
    outcome = oracle.play_one(*PUMPED, None, pool=("pump",))
    assert outcome.divergence is None, outcome.divergence
    assert outcome.bots == ["pump", "pump"]
    assert outcome.end == "stock_market"


def test_a_crash_of_the_reference_route_walk_is_judged_by_its_plain_replay() -> None:
    # B 5 9419 as rules 7 plays it (rules 8 joins row 0, and map B's bots play another game):
    # at action 383 the reference's own route walk recurses without end inside the engine
    # (SystemStackError), so `--routes` prints nothing from there; the replay without the walk
    # still judges every action, the runs from 383 on without the walk's best
    outcome = oracle.play_one("B", 5, 9419, None, pool=oracle.REACH, rules=7)
    assert outcome.walk_crashed == 383
    assert outcome.divergence is None, outcome.divergence
    assert outcome.actions > 383


def _reexported(path: Path, to: Path) -> Path:
    """An export kept as test data, imported and exported again by today's code."""
    imported = import_game(json.loads(path.read_text()))
    to.write_text(json.dumps(export_game(State(imported.seats, imported.options), imported.events)))
    return to


def test_the_site_reads_a_run_through_two_ponds_as_the_import_pays_it(tmp_path: Path) -> None:
    # B 3 7127, exported at 6962e06 without `nodes`: the site read the run of action 330 through
    # the X28 on J3 as stopping at both ponds (100, where Plateau's game had valued 90). From
    # rules 16 the import pays what the site read (tests/domain/zoo18/test_exporter.py), and
    # exports the run back as recorded: the site pays it 100 again
    again = _reexported(TWO_PONDS, tmp_path / "again.json")

    def revenue_at_330(path: Path) -> int:
        lines, _ = oracle._replay(path)
        return next(line["revenue"] for line in lines if line.get("index") == 330)

    assert revenue_at_330(TWO_PONDS) == 100
    assert revenue_at_330(again) == 100


# games exported before a fix of the export, with the run the site refused then: E 5 20142 at
# 5ef902c named one of the two ponds of E6 its run at action 351 stops at (both named now);
# C 4 20470 at 4bb6047 wrote the 3S of action 147, through both ponds of the X29 on H2, from
# H2, where the site read one pond twice (written from J6 now). Re-exported, each run pays what
# Plateau valued and the game replays to its end
REFUSED_THEN = [
    (TWICE_IN_A_HEX, 351, "Cannot use E6 twice", 180),
    (READ_BACKWARDS, 147, "Cannot use H2 twice", 110),
]


@pytest.mark.parametrize(
    ("path", "index", "refusal", "revenue"), REFUSED_THEN, ids=[p.stem for p, *_ in REFUSED_THEN]
)
def test_the_site_accepts_a_run_it_refused_once_the_export_writes_it_anew(
    path: Path, index: int, refusal: str, revenue: int, tmp_path: Path
) -> None:
    lines, _ = oracle._replay(path)
    assert (lines[-1]["index"], lines[-1]["error"]) == (index, refusal)
    lines, _ = oracle._replay(_reexported(path, tmp_path / "again.json"))
    assert next(line["revenue"] for line in lines if line.get("index") == index) == revenue
    assert "final" in lines[-1]
