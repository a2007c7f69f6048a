"""The smarter rock-paper-scissors bot: it plays the hand that beats the opponent's most
frequent hand so far (a random one among the tied, and at random in the first round).

It reads only its own view: the revealed rounds, never the opponent's pending hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from domain.chance import Rng, choice
from domain.games.rock_paper_scissors.data import BEATS
from domain.games.rock_paper_scissors.messages import Choose
from domain.games.rock_paper_scissors.view import RpsView
from domain.kernel import Game, Seat

BEATEN_BY = {loser: winner for winner, loser in BEATS.items()}


def greedy(game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    shown: RpsView = game.view(state, Seat(seat))
    theirs = Counter(hands[1 - seat] for hands in (r.hands for r in shown.played))
    if not theirs:
        return choice(rng, legal)
    most = max(theirs.values())
    predicted = choice(rng, sorted(hand for hand, n in theirs.items() if n == most))
    wanted = Choose(hand=BEATEN_BY[predicted])
    return wanted if wanted in legal else choice(rng, legal)
