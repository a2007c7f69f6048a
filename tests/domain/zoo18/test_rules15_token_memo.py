"""Rules 15 (B 5p seed 48211 #481 of the explorer, "Blocking step Place a Token cannot process
action buy_train"): 18xx.games memoizes whether a family can token (`Graph#can_token?`) and
forgets it only when its graph is cleared: a lay, a token other than a home one, the HOLE, a
WORK IN PROGRESS block. A THAT'S MINE reservation does not clear it. BB's token step waited at
#450 with G6 open to it; at #475 THAT'S MINE keeps G6 for GI, BB's only city; no tile or token
since, so when BB passes its track step at #480 the site still finds it able to token and
waits at its token step, offering only a pass. Rules 14 asked the board afresh, skipped the
step and took the next command as the train step's. A quirk of the site followed on purpose
(docs/18zoo.md); tests/oracle plays the whole game by rules 15 with the reference agreeing."""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, game
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import (
    Assign,
    Event,
    HoleOpened,
    Pass,
    TilePlaced,
    TokenPut,
    TokenStepWaited,
)
from domain.games.zoo18.setup import start_events
from domain.games.zoo18.state import State
from tests.domain.zoo18.test_explore import explored


def played_again(rules: int, last: int) -> tuple[State, list[tuple[Event, ...]]]:
    """B 5p seed 48211 of the explorer (played at rules 13) decided again by `rules` up to
    decision `last`, and each decision's events."""
    recovered = explored("B", 5, 48211, 13)
    steps, started = recovered.steps, recovered.started
    start = game.initial(5, replace(steps[0].before.options, rules=rules))
    deck = tuple(power for power in started.deck if power is not None)
    state = game.fold(start_events(start, started.players, deck, started.seed), start)
    decided: list[tuple[Event, ...]] = []
    for step in steps[: last + 1]:
        new = tuple(game.decide(state, step.seat, step.command, random.Random(0)))
        state = game.fold(new, state)
        decided.append(new)
    assert isinstance(steps[475].command, Assign) and steps[475].command.hex == "G6"
    return state, decided


def test_rules_15_keeps_the_token_step_the_site_memoized() -> None:
    state, decided = played_again(15, 480)
    assert TokenStepWaited("BB") in decided[450]
    assert not any(isinstance(e, TilePlaced | TokenPut) for new in decided[451:] for e in new)
    assert state.token_waited == ("BB",)
    assert state.board is not None  # G6, BB's only city, is kept for GI: nowhere to token
    assert not B.legal_tokens(state.board, boardlink.map_def(state), "BB", rules=15)
    assert (state.flow.order[state.flow.index], state.flow.step) == ("BB", "token")
    seat = state.president("BB")
    assert seat is not None
    assert Pass() in legal(state, seat)
    after = game.fold(game.decide(state, seat, Pass(), random.Random(0)), state)
    assert after.flow.step == "buy_train"


def test_rules_14_asked_the_board_afresh() -> None:
    state, decided = played_again(14, 480)
    assert not any(isinstance(e, TokenStepWaited) for new in decided for e in new)
    assert state.token_waited == ()
    assert (state.flow.order[state.flow.index], state.flow.step) == ("BB", "buy_train")


def test_the_memo_lasts_until_the_board_changes() -> None:
    # the game played by rules 15: every lay, token (not a home one) and HOLE forgets the
    # memo, every waited token step notes its family, and nothing else changes it
    noted = cleared = 0
    for step in explored("B", 5, 48211, 15).steps:
        state = step.before
        for event in step.events:
            after = game.fold([event], state)
            home = isinstance(event, TokenPut) and state.flow.round == "sr"
            if isinstance(event, TilePlaced | HoleOpened) or (
                isinstance(event, TokenPut) and not home
            ):
                cleared += bool(state.token_waited)
                assert after.token_waited == ()
            elif isinstance(event, TokenStepWaited):
                noted += 1
                assert after.token_waited == (*state.token_waited, event.family)
            else:
                assert after.token_waited == state.token_waited
            state = after
    assert noted >= 3 and cleared >= 1
