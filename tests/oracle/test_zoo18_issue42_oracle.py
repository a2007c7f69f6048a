"""Issue 42: what real games on 18xx.games do and Plateau refused, judged by the site's engine
(`../shared/oracle/18xx`): a game played here up to the situation, exported and replayed by
the reference, which must accept every action and agree with every state."""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from domain.exchange.zoo18.exporter import export_game
from domain.exchange.zoo18.importer import import_game
from domain.exchange.zoo18.recover import Recovered, Step
from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.messages import (
    Command,
    Event,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    SellShares,
)
from domain.games.zoo18.setup import start_events
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import at_rules, recovered_of
from tests.domain.zoo18.test_explore import explored
from tests.domain.zoo18.test_rules8_token_slot import first_token_in_an_open_two_slot_city
from tests.domain.zoo18.test_situation4_shared_edge import BY_THE_SHARED_EDGE
from tests.paths import ROOT, ZOO18_TWICE_IN_A_HEX
from tools import zoo18_oracle as oracle

pytestmark = pytest.mark.skipif(bool(oracle.available()), reason=oracle.available() or "ok")

ROW_ZERO = re.compile(r"^[A-Z]0$")
BOARD_DUMP = ROOT / "tools" / "zoo18_board.rb"
PATCH_PROBE = ROOT / "tools" / "zoo18_patch_probe.rb"


def _exported(keep: Path) -> dict[str, Any]:
    (path,) = keep.glob("*.json")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _hexes(action: dict[str, Any]) -> set[str]:
    return {
        hex
        for route in action.get("routes", ())
        for chain in route.get("connections", ())
        for hex in chain
    }


def test_the_site_runs_trains_through_row_0_as_rules_8_does(tmp_path: Path) -> None:
    # D 4p seed 42012 (rules 8): CR's 2S runs J3-I2-I0-H1, through the grey I0 of row 0
    outcome = oracle.play_one("D", 4, 42012, tmp_path, pool=oracle.REACH)
    assert outcome.divergence is None, outcome.divergence
    runs = [a for a in _exported(tmp_path)["actions"] if a["type"] == "run_routes"]
    assert any(ROW_ZERO.match(hex) for run in runs for hex in _hexes(run))


def _site_board(game_json: Path) -> dict[str, Any]:
    done = subprocess.run(
        ["ruby", str(BOARD_DUMP), str(oracle.ORACLE), str(game_json)],
        capture_output=True,
        text=True,
        check=True,
    )
    board: dict[str, Any] = json.loads(done.stdout)
    return board


def _played_again(
    recovered: Recovered, last: int, rules: int, tmp_path: Path, change: Command | None = None
) -> tuple[State, Path]:
    """The seeded game decided again by `rules` up to decision `last` (which `change`
    replaces), and its export."""
    steps, started = recovered.steps, recovered.started
    players = len(started.players)
    start = game.initial(players, replace(steps[0].before.options, rules=rules))
    deck = tuple(power for power in started.deck if power is not None)
    events: list[Event] = start_events(start, started.players, deck, started.seed)
    state = game.fold(events, start)
    for n, step in enumerate(steps[: last + 1]):
        command = change if n == last and change is not None else step.command
        new = game.decide(state, step.seat, command, random.Random(0))
        state = game.fold(new, state)
        events.extend(new)
    exported = tmp_path / f"game-{rules}.json"
    exported.write_text(json.dumps(export_game(start, events)))
    return state, exported


def _site_slots(exported: Path) -> dict[str, list[str | None]]:
    return {
        f"{coord}-{index}": city["tokens"]
        for coord, hex in _site_board(exported).items()
        for index, city in enumerate(hex["cities"])
        if any(city["tokens"])
    }


def _slots(board: B.Board) -> dict[str, list[str | None]]:
    """Each tokened city's slots as the site lists them: the owner of each ("blocking" for the
    WORK IN PROGRESS block), None when empty."""
    cities: dict[str, list[str | None]] = {}
    for token in board.tokens:
        stop = B.face(board, token.hex)[0].stops[token.city]
        row = cities.setdefault(f"{token.hex}-{token.city}", [None] * stop.slots)
        if token.slot < stop.slots:  # an ON A DIET slot the site keeps apart
            row[token.slot] = "blocking" if token.owner == "WIP" else token.owner
    return cities


@pytest.mark.parametrize("rules", [8, 7])
def test_the_site_puts_a_token_naming_slot_1_in_the_first_open_slot(
    tmp_path: Path, rules: int
) -> None:
    # F 3p seed 42101: PE tokens L16's two-slot city, both slots open; here it names slot 1.
    # Rules 8 puts it in slot 0 as the site does; rules 7 kept slot 1, which the site's board
    # (tools/zoo18_board.rb) tells apart though its state digest lists no slots
    recovered = recovered_of("F", 3, 42101, 8)
    target = next(
        n for n, s in enumerate(recovered.steps) if first_token_in_an_open_two_slot_city(s)
    )
    command = recovered.steps[target].command
    assert isinstance(command, PlaceToken)
    state, exported = _played_again(
        recovered, target, rules, tmp_path, PlaceToken(command.city, slot=1)
    )
    theirs = _site_slots(exported)
    assert state.board is not None
    ours = _slots(state.board)
    assert theirs["L16-0"] == ["PE", None]
    assert (ours == theirs) is (rules == 8), (ours, theirs)


# positions of the harness where a purchase rusts trains of two families of one president:
# (map, players, seed, decision index, that president's seat)
TWO_FAMILIES_RUSTING = [("E", 2, 42316, 198, 1), ("D", 3, 42321, 199, 1), ("F", 3, 42305, 196, 1)]


@pytest.mark.parametrize(("map_id", "players", "seed", "index", "seat"), TWO_FAMILIES_RUSTING)
def test_patch_holds_back_what_the_site_holds_back_at_a_rusting(
    tmp_path: Path, map_id: str, players: int, seed: int, index: int, seat: int
) -> None:
    # the game exported up to the purchase; the reference and Plateau each given PATCH in the
    # president's hands before it (tools/zoo18_patch_probe.rb): rules 9 holds back the trains
    # the site holds back, rules 8 fewer
    recovered = recovered_of(map_id, players, seed, 9)
    steps, started = recovered.steps, recovered.started
    start = game.initial(players, steps[0].before.options)
    deck = tuple(power for power in started.deck if power is not None)
    events: list[Event] = start_events(start, started.players, deck, started.seed)
    for step in steps[: index + 1]:
        events.extend(step.events)
    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(export_game(start, events)))
    probe = [str(PATCH_PROBE), str(oracle.ORACLE), str(exported), started.players[seat]]
    site = json.loads(subprocess.run(["ruby", *probe], capture_output=True, check=True).stdout)
    assert site["chooser"] == started.players[seat]
    held = {}
    for rules in (8, 9):
        before = at_rules(steps[index].before, rules)
        patch = replace(before.power("PATCH"), owner=f"p{seat}", uses=0, data="")  # unused
        given = tuple(patch if p.id == "PATCH" else p for p in before.powers)
        before = replace(before, powers=given)
        command = steps[index].command
        after = game.fold(game.decide(before, steps[index].seat, command, random.Random(0)), before)
        held[rules] = set(after.flow.patch_trains)
    assert held[9] == set(site["held"])
    assert held[8] < held[9]


@pytest.mark.parametrize("rules", [10, 9])
def test_the_site_puts_a_home_token_over_the_block_in_its_kept_slot(
    tmp_path: Path, rules: int
) -> None:
    # E 2p seed 42428: WORK IN PROGRESS blocked I6's slot 0, kept for BB, no one presiding it
    # (#115); at BB's par (#184) the site's home token covers the block, as rules 10 does;
    # rules 9 put it in slot 1 and kept the block
    recovered = recovered_of("E", 2, 42428, 9)
    par = next(
        n
        for n, s in enumerate(recovered.steps)
        if isinstance(s.command, Par) and s.command.family == "BB"
    )
    state, exported = _played_again(recovered, par, rules, tmp_path)
    theirs = _site_slots(exported)
    assert state.board is not None
    ours = _slots(state.board)
    assert theirs["I6-0"] == ["BB", None]
    assert (ours["I6-0"] == theirs["I6-0"]) is (rules == 10), (ours["I6-0"], theirs["I6-0"])


@pytest.mark.parametrize("rules", [12, 10])
def test_the_site_sells_the_presidents_certificate_in_part_as_rules_11_does(
    tmp_path: Path, rules: int
) -> None:
    # D 2p seed 42000, #30: Player 1 sells 20% of CR's president's certificate; the reference
    # takes it and ends where rules 12 does (Player 2 president, CR_1 back to Player 1, CR_3 in
    # the pool); rules 10 refuses it
    recovered = recovered_of("D", 2, 42000, 10)
    if rules == 10:
        with pytest.raises(Rejected):
            _played_again(recovered, 30, rules, tmp_path, SellShares(("CR_0",), 20))
        return
    state, exported = _played_again(recovered, 30, rules, tmp_path, SellShares(("CR_0",), 20))
    lines, _ = oracle._replay(exported)
    assert "error" not in lines[-1], lines[-1]
    ours, theirs = oracle.plateau_digest(state), oracle.reference_digest(lines[30]["state"])
    assert oracle.first_difference(ours, theirs) is None


@pytest.mark.parametrize("rules", [10, 12])
def test_both_directions_find_the_sale_in_part_rules_10_did_not_offer(
    tmp_path: Path, rules: int
) -> None:
    # the two-way comparison (tools/zoo18_both.py) on the same game: the reference allows the
    # sale in part at #30 and rules 10 does not offer it; rules 12 does, and the game played
    # by rules 12 meets no such difference
    outcome = oracle.play_one("D", 2, 42000, tmp_path, pool=oracle.REACH, rules=rules, both=True)
    assert outcome.divergence is None, outcome.divergence
    sales = [o for o in outcome.offers or () if o["kind"] == "sell"]
    if rules == 10:
        assert {"index": 30, "kind": "sell", "only": "reference", "key": "sell CR 20"} in sales
    else:
        assert sales == []
    assert outcome.compared["lay"] and outcome.compared["train"] and outcome.compared["par"]


@pytest.mark.parametrize("rules", [13, 12])
def test_the_site_lets_a_player_over_the_certificate_limit_pass(tmp_path: Path, rules: int) -> None:
    # F 5p seed 45023 of the explorer, #477: the player is over the certificate limit; the
    # reference takes a pass there and agrees with rules 13's state after it; rules 12 refused
    recovered = explored("F", 5, 45023)
    if rules == 12:
        with pytest.raises(Rejected, match="sell first"):
            _played_again(recovered, 477, rules, tmp_path, Pass())
        return
    state, exported = _played_again(recovered, 477, rules, tmp_path, Pass())
    lines, _ = oracle._replay(exported)
    assert "error" not in lines[-1], lines[-1]
    ours, theirs = oracle.plateau_digest(state), oracle.reference_digest(lines[477]["state"])
    assert oracle.first_difference(ours, theirs) is None


@pytest.mark.parametrize("rules", [14, 13])
def test_the_site_sells_a_presidents_certificate_in_part_in_an_emergency(
    tmp_path: Path, rules: int
) -> None:
    # F 2p seed 45029 of the explorer, #173: EL must buy a train; its president sells 20% of
    # PE's president's certificate. The reference takes it and agrees with rules 14's state
    # after it (Player 2 president of PE, PE_3 back to the seller); rules 13 refused it
    recovered = explored("F", 2, 45029)
    change = SellShares(("PE_0",), 20)
    if rules == 13:
        with pytest.raises(Rejected):
            _played_again(recovered, 173, rules, tmp_path, change)
        return
    state, exported = _played_again(recovered, 173, rules, tmp_path, change)
    lines, _ = oracle._replay(exported)
    assert "error" not in lines[-1], lines[-1]
    assert lines[173]["type"] == "sell_shares"
    ours, theirs = oracle.plateau_digest(state), oracle.reference_digest(lines[173]["state"])
    assert oracle.first_difference(ours, theirs) is None
    assert state.president("PE") == 1


@pytest.mark.parametrize("rules", [15, 14])
def test_the_site_waits_at_a_token_step_it_memoized(tmp_path: Path, rules: int) -> None:
    # B 5p seed 48211 of the explorer: THAT'S MINE keeps BB's only city (#475) without the
    # site clearing its memo of BB's token step; rules 15 waits there as the site does, and
    # the whole game agrees both ways; rules 14 skipped the step, refused at #481
    outcome = oracle.play_one(
        "B", 5, 48211, tmp_path, pool=("explore",), rules=rules, both=rules == 15
    )
    if rules == 14:
        assert outcome.divergence is not None and outcome.divergence["index"] == 481
        assert "Place a Token" in outcome.divergence["reference"]
        return
    assert outcome.divergence is None, outcome.divergence
    assert outcome.offers == [] and outcome.actions > 481


@pytest.mark.parametrize(
    ("nodes", "revenue"), [(None, 180), (["H1-0", "H3-0", "E6-1", "D5-0"], 170)]
)
def test_the_site_pays_both_ponds_of_a_run_by_their_shared_edge_without_nodes(
    tmp_path: Path, nodes: list[str] | None, revenue: int
) -> None:
    # situation 4 (tests/domain/zoo18/test_situation4_shared_edge.py): BB's 2S at #351 of E 5
    # 20142 enters E6's X26 by the edge its ponds share and leaves by pond 1's other edge.
    # Without `nodes` the site joins the connections pair by pair, reads the arrival at pond 0
    # and the departure from pond 1, and pays both (180); with them, pond 1 alone (170), what
    # Plateau pays
    data = json.loads(ZOO18_TWICE_IN_A_HEX.read_text())
    data["actions"] = data["actions"][:352]
    run = data["actions"][351]["routes"][0]
    run["connections"] = [list(c) for c in BY_THE_SHARED_EDGE]
    if nodes is None:
        run.pop("nodes")
    else:
        run["nodes"] = nodes
    path = tmp_path / "shared-edge.json"
    path.write_text(json.dumps(data))
    lines, _ = oracle._replay(path)
    assert "final" in lines[-1], lines[-1]
    assert lines[351]["type"] == "run_routes" and lines[351]["revenue"] == revenue


def test_an_imported_run_by_the_shared_edge_is_paid_as_the_site_paid_it(tmp_path: Path) -> None:
    # the same run recorded without `nodes`, and BB's payout after it: imported by rules 16,
    # Plateau pays 180 as the site did and agrees with its state after the dividend; exported
    # again, the run is written as recorded and the site reads it the same
    data = json.loads(ZOO18_TWICE_IN_A_HEX.read_text())
    data["actions"] = data["actions"][:353]
    routes = data["actions"][351]["routes"]
    routes[0]["connections"] = [list(c) for c in BY_THE_SHARED_EDGE]
    for route in routes:
        route.pop("nodes")
    recorded = tmp_path / "recorded.json"
    recorded.write_text(json.dumps(data))
    lines, _ = oracle._replay(recorded)
    assert lines[351]["revenue"] == 180 and lines[352]["type"] == "dividend"
    imported = import_game(data)
    assert imported.error == ""
    state = game.fold(imported.events, State(imported.seats, imported.options))
    ours, theirs = oracle.plateau_digest(state), oracle.reference_digest(lines[352]["state"])
    assert oracle.first_difference(ours, theirs) is None
    again = tmp_path / "again.json"
    again.write_text(
        json.dumps(export_game(State(imported.seats, imported.options), imported.events))
    )
    lines, _ = oracle._replay(again)
    assert (
        lines[351]["revenue"] == 180
        and "nodes" not in json.loads(again.read_text())["actions"][351]["routes"][0]
    )


@pytest.mark.parametrize("rules", [17, 16])
def test_the_site_marks_a_family_s_trains_as_run_at_its_dividend(
    tmp_path: Path, rules: int
) -> None:
    # B 2p seed 47025 of the default mix (tests/domain/zoo18/test_rules17_dividend_operates.py):
    # played by rules 17 it agrees with the reference throughout, both ways; by rules 16 the 3S
    # Long PATCH gives back is ready here and run-marked there, and the game parts at #125
    outcome = oracle.play_one(
        "B", 2, 47025, tmp_path, pool=oracle.REACH, rules=rules, both=rules == 17
    )
    if rules == 16:
        assert outcome.divergence is not None and outcome.divergence["index"] == 125
        return
    assert outcome.divergence is None, outcome.divergence
    assert outcome.offers == [] and outcome.actions > 125


@pytest.mark.parametrize("rules", [18, 17])
def test_the_site_lays_a_tile_its_supply_list_keeps(tmp_path: Path, rules: int) -> None:
    # B 2p seed 47049 of the default mix (tests/domain/zoo18/test_rules18_site_supply.py): a
    # bonus lay leaves the other face of its piece in the site's supply list, and with every
    # piece of 7 / X7 on the board the site still lays an X7 at #210 and #211; rules 17 counts
    # the pieces and refuses, rules 18 keeps the site's list and agrees both ways throughout
    outcome = oracle.play_one("B", 2, 47049, tmp_path, pool=oracle.REACH, rules=rules, both=True)
    assert outcome.divergence is None, outcome.divergence
    if rules == 17:
        keys = {(o["index"], o["key"]) for o in outcome.offers if o["only"] == "reference"}
        assert {(210, "lay N13 X7 2"), (211, "lay N13 X7 2")} <= keys
        return
    assert outcome.offers == []


@pytest.mark.parametrize("rules", [19, 18])
def test_the_site_keeps_a_train_patch_set_aside_as_its_family_s(tmp_path: Path, rules: int) -> None:
    # A 5p seed 49242 of the explorer (tests/domain/zoo18/test_patch_subsidy.py): TI runs its 2S
    # with TWO BARRELS on, puts PATCH on that 2S and pays out; the site still reads the run as
    # TI's and pays no subsidy. Rules 18 read it as ownerless and paid the pond's 1 at #448
    outcome = oracle.play_one("A", 5, 49242, tmp_path, pool=("explore",), rules=rules, both=True)
    if rules == 18:
        assert outcome.divergence is not None, "rules 18 agreed where it paid the pond"
        assert (outcome.divergence["index"], outcome.divergence["field"]) == (448, "bank")
        return
    assert outcome.divergence is None, outcome.divergence
    assert outcome.offers == [] and outcome.actions > 448


@pytest.mark.parametrize("rules", [19, 18])
def test_the_site_takes_a_skipped_city_off_a_1s_run(tmp_path: Path, rules: int) -> None:
    # C 5p seed 50020 of the explorer (tests/domain/zoo18/board/test_zoo18_board_routes.py):
    # BB's 1S runs from J6 over I3, full of CR, with WINGS, to the pond H2; the site pays 30 +
    # 10 - 30. Rules 18 paid 40, and the run parts at #417
    outcome = oracle.play_one("C", 5, 50020, tmp_path, pool=("explore",), rules=rules, both=True)
    if rules == 18:
        assert outcome.divergence is not None, "rules 18 agreed on the 1S's 40"
        assert (outcome.divergence["index"], outcome.divergence["plateau"]) == (417, 40)
        return
    assert outcome.divergence is None, outcome.divergence
    assert outcome.offers == [] and outcome.actions > 417


@pytest.mark.parametrize("rules", [20, 19])
def test_the_site_lays_a_listed_copy_that_lies_on_the_board(tmp_path: Path, rules: int) -> None:
    # D 2p seed 50003 of the explorer at rules 19 (tests/domain/zoo18/test_rules18_site_supply.py):
    # at #193 the site's list holds X7-0, which lies on J3, and it allows "lay N13 X7 2".
    # Rules 20 lays it as a second piece, J3 keeping its rotation; the site accepts the lay and
    # turns J3 with it (its one tile object on both hexes), past which the harness judges no
    # board (oracle.shared_lay). Rules 19 refuses it
    recovered = recovered_of("D", 2, 50003, 19, pool=("explore",))
    step, lay = recovered.steps[193], LayTile("N13", "X7-0", 2)
    assert step.before.board is not None and ("J3", "X7-0", 0) in {
        (t.hex, t.tile, t.rotation) for t in step.before.board.tiles
    }
    if rules == 19:
        with pytest.raises(Rejected, match="not in the supply any more"):
            game.decide(step.before, step.seat, lay, random.Random(0))
        return
    state, exported = _played_again(recovered, 193, rules, tmp_path, lay)
    lines, _ = oracle._replay(exported)
    assert "error" not in lines[193], lines[193]
    ours = oracle.plateau_digest(state)["tiles"]
    theirs = oracle.reference_digest(lines[193]["state"])["tiles"]
    assert (ours["J3"], ours["N13"]) == ("X7@0", "X7@2")
    assert (theirs["J3"], theirs["N13"]) == ("X7@2", "X7@2")
    steps = [*recovered.steps[:193], Step(step.seat, lay, step.before, ())]
    assert oracle.shared_lay(recovered.steps) is None and oracle.shared_lay(steps) == 193


@pytest.mark.parametrize("rules", [21, 20])
def test_the_site_marks_trains_at_the_dividend_not_at_the_run(tmp_path: Path, rules: int) -> None:
    # F 4p seed 62689 of the default mix (tests/domain/zoo18/test_rules21_aside_not_run.py): EL
    # runs its 3S Long and puts PATCH on it before the dividend; taken off in the next OR, the
    # train comes back ready on the site. Rules 20 brought it back marked and skipped EL's run
    # (its price a step down at #453); rules 21 agrees throughout, both directions
    outcome = oracle.play_one("F", 4, 62689, tmp_path, pool=oracle.REACH, rules=rules, both=True)
    if rules == 20:
        assert outcome.divergence is not None, "rules 20 agreed where it skipped EL's run"
        assert (outcome.divergence["index"], outcome.divergence["field"]) == (
            453,
            "corporations.EL.price",
        )
        return
    assert outcome.divergence is None, outcome.divergence
    assert outcome.offers == [] and outcome.actions > 453


@pytest.mark.parametrize("rules", [22, 21])
def test_the_site_lays_off_the_graph_it_memoized(tmp_path: Path, rules: int) -> None:
    # B 2p seed 70625 of the explorer (tests/domain/zoo18/test_rules22_graph_memo.py): at #116
    # BB's memoized graph has not got PB's home token on N11 (put at #80, after BB's graph
    # was computed), and the site lets BB lay on M12 past it. Rules 21 offered no such lay:
    # the reference alone allowed two keys; rules 22 offers them, and the engines agree
    # throughout, both directions
    outcome = oracle.play_one("B", 2, 70625, tmp_path, pool=("explore",), rules=rules, both=True)
    assert outcome.divergence is None, outcome.divergence
    if rules == 21:
        assert outcome.offers == [
            {"index": 116, "kind": "lay", "only": "reference", "key": "lay M12 7 4"},
            {"index": 116, "kind": "lay", "only": "reference", "key": "lay M12 9 1"},
        ]
        return
    assert outcome.offers == [] and outcome.actions > 116
