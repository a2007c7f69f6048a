"""§2 setup (D1, D2) and §3 turn structure: draw, split, choose, resolve, pass the role."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.data import CRUISE_IDS, STOPOVER_IDS
from domain.games.bienvenue_a_bord.messages import (
    CabinsOpened,
    CardsRevealed,
    Choice,
    FirstSplitterDrawn,
    ObjectiveTaken,
    Options,
    PileBuilt,
    PileSplit,
    PileTaken,
    Resolve,
    Split,
    TakePile,
)
from domain.kernel import Reason
from tests.domain.bienvenue_a_bord.positions import at, dealt, opened, started


def setup_events(seed: int) -> list[object]:
    return game.setup(game.initial(2, Options()), random.Random(seed))


def test_the_pile_is_four_blocks_of_fifteen_cruise_cards_over_a_stopover() -> None:
    built = setup_events(1)[0]
    assert isinstance(built, PileBuilt)
    cards = built.cards
    assert len(cards) == 64
    assert [n for n, c in enumerate(cards) if c in STOPOVER_IDS] == [15, 31, 47, 63]
    assert Counter(cards) == Counter([*CRUISE_IDS, *STOPOVER_IDS])
    assert len(CRUISE_IDS) == 60  # 33 passengers + 18 cabins + 9 objectives (D2)
    assert len(set(built.tokens)) == 64


def test_shuffles_and_first_splitter_come_from_the_rng() -> None:
    firsts = set()
    orders = set()
    stopover_orders = set()
    for seed in range(20):
        built, first, drawn = setup_events(seed)
        assert isinstance(built, PileBuilt) and isinstance(first, FirstSplitterDrawn)
        firsts.add(first.seat)
        orders.add(built.cards)
        stopover_orders.add(tuple(c for c in built.cards if c in STOPOVER_IDS))
        assert drawn == CardsRevealed(turn=1, splitter=first.seat, cards=built.cards[:3])
    assert firsts == {0, 1}
    assert len(orders) == 20 and len(stopover_orders) > 1


def test_exactly_two_players() -> None:
    with pytest.raises(ValueError, match="exactly 2"):
        game.initial(3, Options())


def test_the_splitter_puts_one_revealed_card_alone() -> None:
    state = at(started("PAS19", "CAB08", "PAS05", splitter=1)).state
    assert state.revealed == ("PAS19", "CAB08", "PAS05")
    at(started("PAS19", "CAB08", "PAS05", splitter=1)).when(1, Split(single="CAB08")).then(
        PileSplit(seat=1, single="CAB08", pair=("PAS19", "PAS05"))
    )


def test_only_the_splitter_splits() -> None:
    at(started("PAS19", "CAB08", "PAS05", splitter=1)).when(0, Split(single="CAB08")).rejects(
        Reason.NOT_YOUR_TURN, "seat 1 is the splitter"
    )


def test_the_single_must_be_a_revealed_card() -> None:
    at(started("PAS19", "CAB08", "PAS05")).when(0, Split(single="PAS01")).rejects(
        Reason.ILLEGAL, "PAS01 is not a revealed card"
    )


def test_the_other_player_takes_a_pile_and_the_splitter_gets_the_other() -> None:
    position = at(
        started("OBJ02", "OBJ03", "CAB17"),
        PileSplit(seat=0, single="OBJ02", pair=("OBJ03", "CAB17")),
    )
    after = position.when(1, TakePile(pile="single")).then(
        PileTaken(seat=1, pile="single", hands=(("OBJ03", "CAB17"), ("OBJ02",)))
    )
    assert after.phase == "resolve"


def test_only_the_other_player_takes_a_pile() -> None:
    position = at(
        started("OBJ02", "OBJ03", "CAB17"),
        PileSplit(seat=0, single="OBJ02", pair=("OBJ03", "CAB17")),
    )
    position.when(0, TakePile(pile="pair")).rejects(Reason.NOT_YOUR_TURN, "seat 1 chooses")


def test_no_pile_is_taken_before_the_split() -> None:
    at(started("OBJ02", "OBJ03", "CAB17")).when(1, TakePile(pile="pair")).rejects(
        Reason.ILLEGAL, "splitting"
    )


def test_both_players_may_resolve_in_any_interleaving() -> None:
    position = at(dealt("OBJ02", ("CAB17", "OBJ06")))
    assert {c.card for c in game.legal(position.state, 0)} == {"OBJ02"}  # type: ignore[attr-defined]
    assert {c.card for c in game.legal(position.state, 1)} == {"CAB17", "OBJ06"}  # type: ignore[attr-defined]
    # the chooser goes first here; the splitter's card waits for him
    after = position.when(1, Resolve(card="OBJ06")).then(ObjectiveTaken(seat=1, card="OBJ06"))
    assert after.hands == (("OBJ02",), ("CAB17",))


def test_a_card_is_resolved_only_by_its_owner() -> None:
    at(dealt("OBJ02", ("CAB17", "OBJ06"))).when(0, Resolve(card="OBJ06")).rejects(
        Reason.ILLEGAL, "OBJ06 is not yours"
    )


def test_an_only_legal_command_is_applied_by_the_engine() -> None:
    """D26: the single card OBJ06 has one choice, so taking the pile also resolves it."""
    position = at(
        started("OBJ06", "OBJ02", "CAB17"),
        PileSplit(seat=0, single="OBJ06", pair=("OBJ02", "CAB17")),
    )
    position.when(1, TakePile(pile="pair")).then(
        PileTaken(seat=1, pile="pair", hands=(("OBJ06",), ("OBJ02", "CAB17"))),
        ObjectiveTaken(seat=0, card="OBJ06"),
    )


def test_the_engine_never_picks_the_order_of_several_cards() -> None:
    """Two one-choice cards are still two legal commands: the player orders them."""
    position = at(
        started("OBJ02", "OBJ05", "OBJ06"),
        PileSplit(seat=0, single="OBJ02", pair=("OBJ05", "OBJ06")),
    )
    events = position.when(1, TakePile(pile="pair")).events
    assert events == [PileTaken(seat=1, pile="pair", hands=(("OBJ02",), ("OBJ05", "OBJ06")))]


def test_when_both_are_done_the_role_passes_and_three_cards_are_drawn() -> None:
    position = at(
        dealt("OBJ02", ("CAB13", "OBJ06")),
        ObjectiveTaken(seat=1, card="OBJ06"),
        CabinsOpened(seat=1, source="CAB13", cabins=("3A",)),
    )
    after = position.when(0, Resolve(card="OBJ02", choice=Choice(symbol="sun"))).then(
        ObjectiveTaken(seat=0, card="OBJ02", symbol="sun"),
        CardsRevealed(turn=2, splitter=1, cards=position.state.pile[:3]),  # type: ignore[arg-type]
    )
    assert after.discard == ("OBJ06", "CAB13", "OBJ02")
    assert after.phase == "split" and after.splitter == 1


def test_commands_of_another_phase_are_refused() -> None:
    position = at(dealt("OBJ02", ("CAB13", "OBJ06")), opened(0, "1A"))
    position.when(0, Split(single="OBJ02")).rejects(Reason.ILLEGAL, "resolving")
