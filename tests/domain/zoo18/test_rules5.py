"""Rules 5, found by the harness's bots (tools/zoo18_oracle.py, its default mix):

- WORK IN PROGRESS blocks only a city with a slot free and kept for no one, as 18xx.games
  (`available_slots`): in C 3p seed 6032 rules 4 let the block take the only slot of EL's home,
  kept for EL, and later offered EL's par that then had no home slot;
- a family running PATCH's 1S waits at the train step (a pass only) only where it could buy a
  train otherwise, as the site's BuyTrain step (B 3p seed 8031: the site had moved on to the
  next family when Plateau's pass of that step came)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from clients.python.simulate import play
from domain.exchange.zoo18.recover import recover
from domain.games.zoo18 import game
from domain.games.zoo18.bots_reach import STYLES
from domain.games.zoo18.messages import Assign, Options, PlaceToken, TokenPut
from domain.games.zoo18.operating import buy_train_blocks
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tools.zoo18_oracle import bot

BLOCK = Assign("WORK_IN_PROGRESS", "E5")


class _Found(Exception):
    def __init__(self, state: State) -> None:
        self.state = state


def _harness_game(map_id: str, seed: int) -> tuple[Options, random.Random, list[str]]:
    """A 3-player game of the harness's default mix, as tools/zoo18_oracle.play_one deals it,
    by rules 4."""
    rng = random.Random(seed)
    names = [rng.choice(("random", "greedy", "eager", "reckless")) for _ in range(3)]
    options = msgspec.convert({"map": map_id, "exportable": True, "rules": 4}, Options)
    return options, rng, names


def _before_the_block() -> State:
    """The rules 4 position where the harness's bots blocked EL's home (map C, 3 players)."""
    options, rng, names = _harness_game("C", 6032)

    def watching(name: str) -> Any:
        def chosen(g: Any, state: State, seat: int, legal: Any, r: Any) -> Any:
            command = bot(name)(g, state, seat, legal, r)
            if command == BLOCK:
                raise _Found(state)
            return command

        return chosen

    with pytest.raises(_Found) as found:
        play(game, 3, options, [watching(n) for n in names], rng)
    return found.value.state


def test_rules_4_blocks_a_home_slot_kept_for_an_unopened_family_and_rules_5_does_not() -> None:
    assert "eager" in STYLES
    before = _before_the_block()
    seat = acting_seat(before)
    assert seat is not None
    assert BLOCK in game.legal(before, seat)  # rules 4 as stored games played it
    game.decide(before, seat, BLOCK, random.Random(0))
    now = replace(before, options=replace(before.options, rules=5))
    assert BLOCK not in game.legal(now, seat)
    with pytest.raises(Rejected, match="needs a free slot"):
        game.decide(now, seat, BLOCK, random.Random(0))


def test_a_patched_family_without_the_money_for_a_train_skips_the_train_step_from_rules_5() -> None:
    options, rng, names = _harness_game("B", 8031)
    played = play(game, 3, options, [bot(n) for n in names], rng)
    steps = recover(game.initial(3, options), played.events).steps
    patched = [
        s.before
        for s in steps
        if s.before.flow.step == "buy_train"
        and any(
            t.name == "1S" for t in s.before.family_trains(s.before.flow.order[s.before.flow.index])
        )
    ]
    assert patched
    for before in patched:
        sym = before.flow.order[before.flow.index]
        assert buy_train_blocks(before, sym)  # rules 4: a pass awaited, whatever the money
    skipped = [
        before
        for before in patched
        if not buy_train_blocks(
            replace(before, options=replace(before.options, rules=5)),
            before.flow.order[before.flow.index],
        )
    ]
    assert skipped, "the position of the divergence (PE, 1S, no money) waits no more"
    poor = skipped[0]
    assert poor.family(poor.flow.order[poor.flow.index]).cash < 7


def test_a_token_frees_the_slots_its_family_kept_in_that_city_from_rules_5() -> None:
    # B 3p seed 8055: PB kept G6's slot with THAT'S MINE, then put ON A DIET's token in G6's
    # extra slot; the site deletes PB's reservation there, so CR may token G6 after
    options, rng, names = _harness_game("B", 8055)
    played = play(game, 3, options, [bot(n) for n in names], rng)
    steps = recover(game.initial(3, options), played.events).steps

    def keeps_another_slot(step: Any) -> bool:
        board = step.before.board
        put = next((e for e in step.events if isinstance(e, TokenPut)), None)
        return (
            put is not None
            and board is not None
            and any(
                (r.hex, r.city, r.family) == (put.hex, put.city, put.family) and r.slot != put.slot
                for r in board.reservations
            )
        )

    step = next(s for s in steps if isinstance(s.command, PlaceToken) and keeps_another_slot(s))
    put = next(e for e in step.events if isinstance(e, TokenPut))
    assert not put.released  # rules 4, as stored games played it
    after4 = game.fold(step.events, step.before)
    assert after4.board is not None
    assert any(r.hex == put.hex and r.family == put.family for r in after4.board.reservations)
    before5 = replace(step.before, options=replace(step.before.options, rules=5))
    events = game.decide(before5, step.seat, step.command, random.Random(0))
    assert next(e for e in events if isinstance(e, TokenPut)).released
    after5 = game.fold(events, before5)
    assert after5.board is not None
    assert not any(r.hex == put.hex and r.family == put.family for r in after5.board.reservations)
