"""redeal: the position for a what-if fork, as one viewer knew it (`domain.forks`).

The only secret is the order of the pile: which cruise cards are left is public (every drawn
card is), which stopovers are left too, and where a stopover lies (the bottom of each block of
fifteen cruise cards, D1). Nobody knows more, so every knower gets the same: the cruise cards
left shuffled again into the cruise places, the stopovers left into the stopover places. The
opaque tokens stay with their places."""

from __future__ import annotations

from msgspec.structs import replace

from domain.chance import Rng, shuffle
from domain.games.bienvenue_a_bord.data import STOPOVER
from domain.games.bienvenue_a_bord.state import State
from domain.kernel import Viewer


def redeal(state: State, knower: Viewer, rng: Rng) -> State:
    cards = [card for card in state.pile if card is not None]
    cruise = list(shuffle(rng, sorted(card for card in cards if card not in STOPOVER)))
    stopovers = list(shuffle(rng, sorted(card for card in cards if card in STOPOVER)))
    pile = tuple(stopovers.pop() if card in STOPOVER else cruise.pop() for card in cards)
    return replace(state, pile=pile)
