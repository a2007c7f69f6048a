"""Rules 22 (found by the harness's explorer, B 2p seed 70625 #116 at rules 21): 18xx.games
clears its graph's memo only at a lay, a token or HOLE (`Graph#clear`), and its lays read the
memo (`connected_hexes`). BB's graph was computed at its turn after its lay on N11 (#67), with
N11's city empty; PB's par (#80) put PB's home token there without clearing it; nothing cleared
it until BB's next track step (#116), where the site let BB lay on M12 past N11. Rules 21 read
the board as it is and refused."""

from __future__ import annotations

import random
from functools import cache

import pytest

from domain.games.zoo18 import game
from domain.games.zoo18.boardlink import seen_board
from domain.games.zoo18.messages import LayTile, Par, Pass
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import decided_again, recovered_of

LAID, PARRED, ASKED = 67, 80, 116
UNSEEN = ("BB", "PB", "N11", 0)
PAST_N11 = LayTile("M12", "7-2", 4)


@cache
def played_again(rules: int) -> tuple[State, ...]:
    recovered = recovered_of("B", 2, 70625, 21, pool=("explore",))
    steps = recovered.steps
    assert steps[LAID].command == LayTile("N11", "6-1", 1)
    assert steps[PARRED].command == Par("PB", 6)
    assert steps[ASKED].command == Pass() and steps[ASKED].before.flow.step == "track"
    return tuple(decided_again(recovered, rules, ASKED))


def lays_on_m12(rules: int) -> list[LayTile]:
    before = played_again(rules)[ASKED - 1]
    return [c for c in game.legal(before, 0) if isinstance(c, LayTile) and c.hex == "M12"]


def test_a_home_token_put_at_a_par_is_not_in_the_graphs_the_site_keeps() -> None:
    states = played_again(22)
    assert "BB" in states[PARRED - 1].graphs_kept
    assert UNSEEN in states[PARRED].graph_unseen
    before = states[ASKED - 1]
    assert before.board is not None and any(
        (t.owner, t.hex, t.city) == ("PB", "N11", 0) for t in before.board.tokens
    )
    seen = seen_board(before, "BB")
    assert seen is not None and not any(t.owner == "PB" for t in seen.tokens)
    assert seen_board(before, "PB") is None  # PB's own graph was computed with its token


def test_rules_22_lays_past_it_as_the_site_does() -> None:
    assert {(c.tile.split("-")[0], c.rotation) for c in lays_on_m12(22)} == {("7", 4), ("9", 1)}
    before = played_again(22)[ASKED - 1]
    after = game.fold(game.decide(before, 0, PAST_N11, random.Random(0)), before)
    assert after.board is not None and any(t.hex == "M12" for t in after.board.tiles)
    assert after.graphs_kept == () and after.graph_unseen == ()  # a lay clears the memo


def test_rules_21_read_the_board_as_it_is() -> None:
    assert lays_on_m12(21) == []
    before = played_again(21)[ASKED - 1]
    with pytest.raises(Rejected, match="M12 is not reachable by BB's track"):
        game.decide(before, 0, PAST_N11, random.Random(0))
    assert before.graphs_kept == () and before.graph_unseen == ()


def test_the_memo_is_cleared_by_a_lay_and_computed_afresh_at_the_token_step() -> None:
    states = played_again(22)
    assert states[LAID - 1].graphs_kept == ()  # BB's first lay of the turn cleared it
    after = states[ASKED]  # BB passed its lays; its token step computes its graph again
    assert after.flow.step == "buy_train"
    assert UNSEEN not in after.graph_unseen and "BB" in after.graphs_kept
    assert ("PE", "PB", "N11", 0) in after.graph_unseen  # the others' memos are unchanged
