"""Rules 10 (found by the harness at rules 9, E 2p seed 42428 #206): WORK IN PROGRESS may block
the slot a home keeps for a family no one presides yet (rules 3: the site matches the block's
missing owner with that family's); when the family is opened, 18xx.games puts its home token
in that kept slot all the same (`City#get_slot` gives it the reservation, which the block left
in place), over the block. Rules 9 put it in the next slot and kept the block: BB's home I6 was
full here, where the site had a slot free, and CR's token step was skipped ("Blocking step
Place a Token cannot process action run_routes")."""

from __future__ import annotations

import random

from domain.games.zoo18 import game
from domain.games.zoo18.messages import Par, TokenPut
from domain.games.zoo18.state import State
from tests.domain.zoo18.harness_games import at_rules, recovered_of


def opened(rules: int) -> tuple[State, TokenPut]:
    """BB's par (#184) of E 2p seed 42428, by `rules`: the block has sat on I6's slot 0, the
    slot kept for BB, since #115."""
    step = next(
        s
        for s in recovered_of("E", 2, 42428, 9).steps
        if isinstance(s.command, Par) and s.command.family == "BB"
    )
    before = at_rules(step.before, rules)
    assert before.board is not None
    assert [(t.slot, t.owner) for t in before.board.tokens if t.hex == "I6"] == [(0, "WIP")]
    events = game.decide(before, step.seat, step.command, random.Random(0))
    put = next(e for e in events if isinstance(e, TokenPut))
    return game.fold(events, before), put


def test_the_home_token_covers_the_block_in_its_kept_slot_at_rules_10() -> None:
    after, put = opened(10)
    assert (put.family, put.hex, put.slot) == ("BB", "I6", 0)
    assert after.board is not None
    assert [(t.slot, t.owner) for t in after.board.tokens if t.hex == "I6"] == [(0, "BB")]


def test_rules_9_put_it_beside_the_block_and_filled_the_city() -> None:
    after, put = opened(9)
    assert put.slot == 1
    assert after.board is not None
    in_i6 = sorted((t.slot, t.owner) for t in after.board.tokens if t.hex == "I6")
    assert in_i6 == [(0, "WIP"), (1, "BB")]
