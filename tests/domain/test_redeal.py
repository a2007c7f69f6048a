"""`Game.redeal`, the position of a what-if fork, tested as an attacker works.

For positions of random games (every one where a seat is to move, as a fork is made at) and
every knower (each seat, and the spectator of a finished game's fork):
- the fork keeps what the knower knew: its view, its legal commands and every public fact;
- the fork tells nothing the knower could not know: its whole state, hidden parts included,
  is the same byte for byte for every "hidden twin" of the original (states that differ only
  in what the knower may not see), drawn with the same randomness. So whoever sees the fork
  whole (its players as it is played, everyone once it is over, its published log) learns
  nothing of the original's secrets at that version, even knowing the fork's randomness;
- what the knower could not know is really drawn again (it varies with the randomness);
- the fork plays on to an end.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from clients.python.simulate import play
from domain import games
from domain.bots import random_bot
from domain.chance import shuffle
from domain.games.vertigo.data import VOTE_CHOICES
from domain.games.zoo18.ctx import revealed
from domain.kernel import SPECTATOR, Game, Seat, Viewer
from tests.domain.bienvenue_a_bord.test_secrecy import shuffled_pile
from tests.domain.eiffel_mania.test_secrecy import hidden_twins as eiffel_twins
from tests.domain.rock_paper_scissors.test_secrecy import hidden_twins as rps_twins

encode = msgspec.json.encode
Twins = Callable[[Any, Viewer], list[Any]]


def bienvenue_twins(state: Any, viewer: Viewer) -> list[Any]:
    """The pile in other orders (nobody sees it: the same for every viewer)."""
    if len(state.pile) < 2:
        return []
    twins = [shuffled_pile(state, seed) for seed in range(3)]
    return [twin for twin in twins if twin != state]


def vertigo_twins(state: Any, viewer: Viewer) -> list[Any]:
    """Another choice for each vote the viewer may not see."""
    twins = []
    for index, (seat, vote) in enumerate(state.votes):
        if isinstance(viewer, Seat) and viewer.n == seat:
            continue
        for other in VOTE_CHOICES:
            if other != vote:
                votes = (*state.votes[:index], (seat, other), *state.votes[index + 1 :])
                twins.append(replace(state, votes=votes))
    return twins


def zoo_twins(state: Any, viewer: Viewer) -> list[Any]:
    """The powers below the face-up ones in another order (the holdings in that order too)."""
    face_up = revealed(state) + 4 if state.players else 0
    below = state.deck[face_up:]
    if len(below) < 2:
        return []
    order = (*below[1:], below[0])
    deck = (*state.deck[:face_up], *order)
    holding = {power.id: power for power in state.powers}
    again = iter(holding[power] for power in order)
    powers = tuple(next(again) if power.id in below else power for power in state.powers)
    return [replace(state, deck=deck, powers=powers)]


TWINS: dict[str, Twins] = {
    "rock_paper_scissors": rps_twins,
    "eiffel_mania": eiffel_twins,
    "bienvenue_a_bord": bienvenue_twins,
    "vertigo": vertigo_twins,
    "18zoo": zoo_twins,
}
SEATS = {"rock_paper_scissors": (2,), "eiffel_mania": (3, 4), "bienvenue_a_bord": (2,)}
# each game's State, field by field, as its redeal judged them (kept, or dealt again): a field
# added later may hold a secret (a seed the deck is dealt from), so it must be judged too
JUDGED = {
    "eiffel_mania": "seats phase pile pile_ids office_seer lot_owner held discarded betrayals "
    "inactive next_from negotiation principal partner queue revealed offers stances committed "
    "stances_revealed denouncer denounced denunciation_correct effective effective_stances "
    "outcome awaiting give_to give_reason end_reason",
    "bienvenue_a_bord": "seats options phase pile tokens turn splitter revealed single taken "
    "hands received sheets stopovers pending discard scores ranks",
    "vertigo": "seats countries treasury bank level witness placed turn first order proposed "
    "dice end_die agenda vote_law vote_proposer voters votes cleaned eliminations over "
    "end_reason rules queued",
    "18zoo": "seats options map players families shares powers tickets deck trains phase board "
    "flow priority arrivals par_order bank_flow last_run last_routes ended acquired",
    "rock_paper_scissors": "seats rounds round chosen hands scores played over",
}
GAMES = list(TWINS)


@cache
def positions(name: str, wanted: int = 60) -> tuple[Any, ...]:
    """Positions where a seat is to move, from random games, at least `wanted` with a secret
    for some knower (Vertigo's votes are rare: games are played until enough are found)."""
    game = games.get(name)
    found: list[Any] = []
    secret = 0
    seed = 0
    while secret < wanted and seed < 400:
        rng = random.Random(seed)
        seats = rng.choice(SEATS.get(name, (2, 3, 4)))
        options = msgspec.convert({}, game.options_type)
        kept: list[Any] = []
        play(game, seats, options, [random_bot] * seats, rng, 3000, keep(kept))
        for state in kept[:-1]:  # the last one is over: nothing to fork
            if any(TWINS[name](state, knower) for knower in knowers(state.seats)):
                found.append(state)
                secret += 1
            elif rng.random() < 0.05:
                found.append(state)
        seed += 1
    return tuple(found)


@pytest.mark.parametrize("name", games.names())
def test_every_field_of_the_state_was_judged_by_the_redeal(name: str) -> None:
    game = games.get(name)
    state = game.initial(game.min_seats, msgspec.convert({}, game.options_type))
    new = set(type(state).__struct_fields__) - set(JUDGED[name].split())
    assert not new, (
        f"{name}'s State has new fields {sorted(new)}: a fork must keep each (public, or known "
        f"to the forker) or deal it again in its redeal module; then add it to JUDGED"
    )


def keep(states: list[Any]) -> Callable[[Any, list[Any]], None]:
    return lambda state, _: states.append(state)


def knowers(seats: int) -> list[Viewer]:
    return [SPECTATOR, *(Seat(n) for n in range(seats))]


def redealt(game: Game[Any, Any, Any], state: Any, knower: Viewer, seed: int) -> Any:
    assert game.redeal is not None
    return game.redeal(state, knower, random.Random(seed))


@pytest.mark.parametrize("name", GAMES)
def test_the_fork_keeps_what_its_knower_knew_and_every_public_fact(name: str) -> None:
    game = games.get(name)
    for number, state in enumerate(positions(name)):
        for knower in knowers(state.seats):
            fork = redealt(game, state, knower, number)
            assert msgspec.json.decode(encode(fork), type=type(state)) == fork  # it is stored
            assert encode(game.view(fork, knower)) == encode(game.view(state, knower))
            assert encode(game.view(fork, SPECTATOR)) == encode(game.view(state, SPECTATOR))
            if isinstance(knower, Seat):  # another seat's may follow its own secrets
                assert encode(game.legal(fork, knower.n)) == encode(game.legal(state, knower.n))


def leaks(game: Game[Any, Any, Any], name: str) -> tuple[list[str], int]:
    """Originals the knower cannot tell apart whose forks differ; and how many were compared."""
    found, compared = [], 0
    for number, state in enumerate(positions(name)):
        for knower in knowers(state.seats):
            fork = encode(redealt(game, state, knower, number))
            for twin in TWINS[name](state, knower):
                compared += 1
                if encode(redealt(game, twin, knower, number)) != fork:
                    found.append(f"{knower} at position {number}")
    return found, compared


@pytest.mark.parametrize("name", GAMES)
def test_the_fork_depends_on_nothing_its_knower_could_not_know(name: str) -> None:
    found, compared = leaks(games.get(name), name)
    assert found == []
    assert compared >= 60, compared  # secrets were compared, not only public positions


def _keeps_the_order(state: Any, knower: Viewer, rng: Any) -> Any:
    return replace(state, pile=shuffle(rng, state.pile))  # the original order, permuted


def _keeps_the_choice(state: Any, knower: Viewer, rng: Any) -> Any:
    return state


def _keeps_the_deck_order(state: Any, knower: Viewer, rng: Any) -> Any:
    face_up = revealed(state) + 4
    return replace(state, deck=(*state.deck[:face_up], *shuffle(rng, state.deck[face_up:])))


@pytest.mark.parametrize(
    ("name", "leaky"),
    [
        ("eiffel_mania", _keeps_the_order),
        ("bienvenue_a_bord", _keeps_the_order),
        ("rock_paper_scissors", _keeps_the_choice),
        ("vertigo", _keeps_the_choice),
        ("18zoo", _keeps_the_deck_order),
    ],
)
def test_the_check_catches_a_fork_that_carries_a_secret(name: str, leaky: Any) -> None:
    """A re-deal that shuffles the original order (its outcome, with the fork's randomness
    published at its end, gives the original back) or keeps a choice is caught."""
    found, _ = leaks(dataclasses.replace(games.get(name), redeal=leaky), name)
    assert found


@pytest.mark.parametrize("name", GAMES)
def test_what_the_knower_could_not_know_is_drawn_again(name: str) -> None:
    """Each secret varies from one fork to the next, and the original's is not kept: over
    twelve forks of one position, the hidden part takes several values."""
    game = games.get(name)
    checked = 0
    for state in positions(name):
        for knower in knowers(state.seats):
            if not TWINS[name](state, knower):
                continue
            forks = {encode(redealt(game, state, knower, seed)) for seed in range(12)}
            assert len(forks) > 1, f"{knower}: every fork is dealt the same"
            checked += 1
    assert checked >= 60


def test_a_pile_is_never_dealt_in_its_original_order() -> None:
    """Bienvenue à bord and Eiffel Mania: a pile of more than a few cards comes out in
    another order, the same cards, stopovers still closing their blocks."""
    for name in ("bienvenue_a_bord", "eiffel_mania"):
        game = games.get(name)
        for number, state in enumerate(positions(name)):
            if len(state.pile) < 8 or getattr(state, "office_seer", None) is not None:
                continue
            fork = redealt(game, state, SPECTATOR, number)
            assert fork.pile != state.pile
            assert sorted(fork.pile) == sorted(state.pile)
            stopover = [str(card).startswith("E") for card in state.pile]
            if name == "bienvenue_a_bord":
                assert [str(card).startswith("E") for card in fork.pile] == stopover


@pytest.mark.parametrize("name", GAMES)
def test_a_fork_plays_on_to_an_end(name: str) -> None:
    game = games.get(name)
    for number, state in enumerate(positions(name)[::15]):
        fork = redealt(game, state, Seat(0), number)
        rng = random.Random(number)
        for _ in range(3000):
            if game.is_over(fork):
                break
            movers = [seat for seat in range(fork.seats) if game.legal(fork, seat)]
            seat = rng.choice(movers)
            command = random_bot(game, fork, seat, game.legal(fork, seat), rng)
            fork = game.fold(game.decide(fork, seat, command, rng), fork)
        assert game.is_over(fork)
