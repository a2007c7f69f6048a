"""§3.5: the pile order and the next stopover are hidden from every seat and spectator until
revealed; drawn cards are public; face-down cards carry only opaque ids."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.data import STOPOVER_IDS
from domain.games.bienvenue_a_bord.messages import PileBuilt
from domain.games.bienvenue_a_bord.state import State
from domain.kernel import OMNISCIENT, SPECTATOR, Seat

PLAYERS_AND_SPECTATORS = (Seat(0), Seat(1), SPECTATOR)


def hidden_ids(state: State) -> set[str]:
    """Cards whose identity nobody may know yet: everything still in the pile."""
    return {c for c in state.pile if c is not None}


def mentions(encoded: bytes, card_ids: set[str]) -> set[str]:
    text = encoded.decode()
    return {c for c in card_ids if f'"{c}"' in text}


def shuffled_pile(state: State, seed: int) -> State:
    """The same public position with another hidden order (stopovers stay block bottoms)."""
    cards = list(state.pile)
    cruise = [c for c in cards if c not in STOPOVER_IDS]
    stops = [c for c in cards if c in STOPOVER_IDS]
    random.Random(seed).shuffle(cruise)
    random.Random(seed + 1).shuffle(stops)
    order = [stops.pop() if c in STOPOVER_IDS else cruise.pop() for c in cards]
    return msgspec.structs.replace(state, pile=tuple(order))


def check_step(state: State, new: list[Any]) -> None:
    secret = hidden_ids(state)
    for event in new:
        for viewer in PLAYERS_AND_SPECTATORS:
            shown = game.redact(event, viewer)
            assert shown is not None
            leaked = mentions(msgspec.json.encode(shown), secret)
            assert not leaked, f"{viewer} learns {leaked} from {type(event).__name__}"
    views = [game.view(state, viewer) for viewer in PLAYERS_AND_SPECTATORS]
    assert views[0] == views[1] == views[2], "players and spectators see the same table"
    public = views[0]
    undrawn = public.pile.undrawn_cruise
    assert undrawn == sorted(undrawn) == sorted(c for c in secret if c not in STOPOVER_IDS)
    pile = msgspec.structs.replace(public.pile, undrawn_cruise=[])
    assert not mentions(msgspec.json.encode(msgspec.structs.replace(public, pile=pile)), secret)
    assert public.pile.cards is msgspec.UNSET
    assert public.pile.size == len(public.pile.face_down) == len(state.pile)
    if state.pile:
        assert game.view(shuffled_pile(state, len(state.pile)), SPECTATOR) == game.view(
            state, SPECTATOR
        ), "the view depends on the hidden order"


@pytest.mark.parametrize("seed", range(40))
def test_no_seat_or_spectator_learns_the_pile_before_its_reveal(seed: int) -> None:
    played = play(
        game, 2, Options(), [random_bot, random_bot], random.Random(seed), after_step=check_step
    )
    assert game.is_over(played.state)


def test_the_shuffle_is_hidden_but_known_to_the_server() -> None:
    events = game.setup(game.initial(2, Options()), random.Random(3))
    built = events[0]
    assert isinstance(built, PileBuilt) and None not in built.cards
    for viewer in PLAYERS_AND_SPECTATORS:
        shown = game.redact(built, viewer)
        assert isinstance(shown, PileBuilt)
        assert shown.cards == (None,) * 64 and shown.tokens == built.tokens
    assert game.redact(built, OMNISCIENT) == built
    state = game.fold(events, game.initial(2, Options()))
    assert game.view(state, OMNISCIENT).pile.cards == list(state.pile)


def test_a_redacted_log_folds_to_the_public_position() -> None:
    """A client folding its own redacted events gets the state minus the pile's identities."""
    played = play(game, 2, Options(), [random_bot, random_bot], random.Random(11))
    cut = len(played.events) // 2
    live = game.fold(played.events[:cut], game.initial(2, Options()))
    redacted = [game.redact(e, Seat(0)) for e in played.events[:cut]]
    seen = game.fold(redacted, game.initial(2, Options()))
    assert seen == msgspec.structs.replace(live, pile=(None,) * len(live.pile))
    assert game.view(seen, Seat(0)) == game.view(live, Seat(0))


def test_drawn_cards_are_public_to_both_seats() -> None:
    played = play(game, 2, Options(), [random_bot, random_bot], random.Random(5))
    state = game.fold(played.events[:3], game.initial(2, Options()))
    assert state.phase == "split"
    for viewer in PLAYERS_AND_SPECTATORS:
        assert [c.id for c in game.view(state, viewer).table.revealed] == list(state.revealed)
