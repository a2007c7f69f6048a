"""The harness's exploring bot (`bots_reach.explore`, issue 42 item 3) and what its games
showed of `legal`: the pass the site offers at a power's pending step."""

from __future__ import annotations

import random

import msgspec

from clients.python.simulate import play
from domain.bots import NO_DRAWS
from domain.exchange.zoo18.recover import Recovered, recover
from domain.games.zoo18 import game, powers
from domain.games.zoo18.bots_reach import explore
from domain.games.zoo18.legal import canonical, legal
from domain.games.zoo18.messages import LayTile, Options, Pass, RunRoutes
from domain.games.zoo18.rounds import acting_seat


def explored(map_id: str, players: int, seed: int, rules: int = 12) -> Recovered:
    """A game of explorers, dealt and played as the harness plays it (`--bots explore`), by
    `rules` (the version the harness played it by)."""
    rng = random.Random(seed)
    for _ in range(players):  # the harness draws each seat's bot first
        rng.choice(("explore",))
    options = msgspec.convert({"map": map_id, "exportable": True, "rules": rules}, Options)
    played = play(game, players, options, [explore] * players, rng)
    return recover(game.initial(players, options), played.events)


def test_ancient_maps_second_lay_may_be_passed() -> None:
    # B 2p seed 43003 of the explorer: ANCIENT MAPS laid once; the site offers its second lay
    # and a pass (found by the two-way comparison at #105); legal offered the lay only
    steps = explored("B", 2, 43003).steps
    pending = [
        s
        for s in steps
        if s.before.flow.round == "or"
        and powers.half_used(s.before, s.before.flow.order[s.before.flow.index]) == "ANCIENT_MAPS"
    ]
    assert pending
    state = pending[0].before
    offered = legal(state, pending[0].seat)
    assert Pass() in offered
    assert any(isinstance(c, LayTile) and c.power == "ANCIENT_MAPS" for c in offered)
    game.decide(state, pending[0].seat, Pass(), NO_DRAWS)


def test_the_explorer_plays_legal_moves_and_runs_other_routes_than_the_best() -> None:
    steps = explored("E", 3, 43101).steps  # three runs, two not the best
    kinds = {type(s.command).__name__ for s in steps}
    assert {"LayTile", "BuyTrain", "RunRoutes", "Par"} <= kinds
    off_best = 0
    for step in steps:
        seat = acting_seat(step.before)
        assert seat == step.seat
        offered = legal(step.before, seat)
        if isinstance(step.command, RunRoutes):
            best = next(c for c in offered if isinstance(c, RunRoutes))
            off_best += step.command != best
        else:  # the command recovered from the events, in legal's form
            forms = [canonical(c, step.before) for c in offered]
            assert canonical(step.command, step.before) in forms
    assert off_best > 0  # any route shape, not only the best
