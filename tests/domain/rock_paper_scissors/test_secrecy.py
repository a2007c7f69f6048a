"""Secrecy, tested as an attacker: nothing the other seat or a spectator receives (the view,
the redacted events, its legal commands, the refusals it gets) differs with the pending hand.

For every version of random games and every viewer, the "hidden twins" of a state differ only
in a hand that viewer may not know yet; whatever the viewer is sent must be byte-identical
across them, or the viewer could tell the hands apart."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import msgspec
from msgspec.structs import replace

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.rock_paper_scissors import game
from domain.games.rock_paper_scissors.data import HANDS
from domain.games.rock_paper_scissors.messages import Choose, HandChosen, Options
from domain.games.rock_paper_scissors.state import State
from domain.kernel import OMNISCIENT, SPECTATOR, Game, Rejected, Seat, Viewer

encode = msgspec.json.encode
Rps = Game[State, Any, Any]


def hidden_twins(state: State, viewer: Viewer) -> list[State]:
    """States that differ from `state` only in another seat's pending hand."""
    if all(state.chosen) or state.over:
        return []  # both chosen: the round is being revealed, the reveal shows the hands
    twins = []
    for seat, hand in enumerate(state.hands):
        if hand is None or (isinstance(viewer, Seat) and viewer.n == seat):
            continue
        for other in HANDS:
            if other != hand:
                hands = tuple(other if n == seat else h for n, h in enumerate(state.hands))
                twins.append(replace(state, hands=hands))
    return twins


def answer(g: Rps, state: State, seat: int, hand: str) -> str:
    """What a seat is told when it sends a hand: its refusal, or the events it is shown."""
    try:
        events = g.decide(state, seat, Choose(hand), random.Random(0))  # type: ignore[arg-type]
    except Rejected as refusal:
        return f"{refusal.reason}: {refusal.detail}"
    return encode([g.redact(e, Seat(seat)) for e in events]).decode()


def received(g: Rps, state: State, viewer: Viewer) -> list[bytes]:
    """Everything `viewer` can obtain in `state`: its view, its legal commands and, for a seat
    that has chosen, the answers to every hand it might send again (refusals)."""
    out = [encode(g.view(state, viewer))]
    if isinstance(viewer, Seat):
        out.append(encode(g.legal(state, viewer.n)))
        if state.chosen[viewer.n]:
            out += [answer(g, state, viewer.n, h).encode() for h in HANDS]
    return out


def leaks(g: Rps, seeds: range, rounds: int = 4) -> tuple[list[str], int]:
    """What viewers could tell apart over random games, and how many twins were compared."""
    found: list[str] = []
    compared = 0
    for seed in seeds:
        played = play(g, 2, Options(rounds=rounds), [random_bot] * 2, random.Random(seed))
        state = g.initial(2, Options(rounds=rounds))
        for event in played.events:  # every version, as time travel may show any of them
            state = g.evolve(state, event)
            for viewer in [SPECTATOR, Seat(0), Seat(1)]:
                shown = received(g, state, viewer)
                for twin in hidden_twins(state, viewer):
                    compared += 1
                    if received(g, twin, viewer) != shown:
                        found.append(f"{viewer} tells {twin.hands} from {state.hands}")
                entitled = isinstance(viewer, Seat) and viewer.n == getattr(event, "seat", None)
                if isinstance(event, HandChosen) and not entitled:
                    redacted = {encode(g.redact(replace(event, hand=h), viewer)) for h in HANDS}
                    if len(redacted) > 1:
                        found.append(f"{viewer} reads the hand in {event}")
    return found, compared


def test_no_viewer_can_tell_the_pending_hand_apart() -> None:
    found, compared = leaks(game, range(30))
    assert found == []
    assert compared > 100  # pending hands were compared, not only revealed rounds


def test_the_check_catches_a_view_or_a_log_that_leaks() -> None:
    def leaky_view(state: State, viewer: Viewer) -> Any:
        return replace(game.view(state, viewer), pending_hands=list(state.hands))

    def leaky_redact(event: Any, viewer: Viewer) -> Any:
        return event

    for leaky in (
        dataclasses.replace(game, view=leaky_view),
        dataclasses.replace(game, redact=leaky_redact),
    ):
        found, _ = leaks(leaky, range(3))
        assert found


def test_the_chooser_and_the_omniscient_viewer_see_the_hand() -> None:
    start = game.initial(2, Options())
    state = game.fold([*game.setup(start, random.Random(0)), HandChosen(1, 1, "paper")], start)
    assert game.view(state, Seat(1)).my_hand == "paper"
    assert game.view(state, OMNISCIENT).pending_hands == [None, "paper"]
    for viewer in (Seat(0), SPECTATOR):
        shown = game.view(state, viewer)
        assert shown.my_hand is None and shown.pending_hands is None
        assert shown.waiting_for_seats == [0]  # that seat 1 has chosen is public
        assert b"paper" not in encode(shown)
    event = HandChosen(1, 1, "paper")
    assert game.redact(event, Seat(1)) == game.redact(event, OMNISCIENT) == event
    assert game.redact(event, Seat(0)) == game.redact(event, SPECTATOR) == HandChosen(1, 1, None)
