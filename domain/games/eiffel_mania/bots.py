"""A greedy Eiffel Mania bot: it weighs each command by its effect on its own score margin.

It reads only `game.view(state, Seat(seat))`: public holdings, the two cards on the table, its
own stance, and the pile order when it is the Office user.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.chance import Rng, choice
from domain.games.eiffel_mania.data import LOT_NUMBER
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    AcceptOffer,
    CommitStance,
    GiveCard,
    InvokeClause,
    PassDenounce,
    PassOffice,
    PickCard,
    PlayOffice,
    SetPileOrder,
)
from domain.games.eiffel_mania.scoring import score_lines
from domain.games.eiffel_mania.view import EiffelView
from domain.kernel import Game, Seat

BETRAY_GAIN = 3  # betray when taking both cards beats sharing by at least this margin
OFFICE_MIN_PILE = 6  # an Office card is worth more held than played on a short pile

Holdings = tuple[list[int | None], list[list[str]], list[int]]


def _holdings(view: EiffelView) -> Holdings:
    owners: list[int | None] = [None] * 12
    for lot in view.plan:
        owners[lot.number - 1] = lot.owner
    held = [[s.card for s in p.specials] for p in view.players]
    betrayals = [p.betrayals for p in view.players]
    return owners, held, betrayals


def _moved(holdings: Holdings, moves: Sequence[tuple[str, int | None]]) -> Holdings:
    owners, held, betrayals = list(holdings[0]), [list(h) for h in holdings[1]], holdings[2]
    for card, seat in moves:
        if card in LOT_NUMBER:
            owners[LOT_NUMBER[card] - 1] = seat
        else:
            for cards in held:
                if card in cards:
                    cards.remove(card)
            if seat is not None:
                held[seat].append(card)
    return owners, held, betrayals


def margin(holdings: Holdings, seat: int) -> int:
    """My total minus the best other total."""
    totals = [line.total for line in score_lines(*holdings)]
    others = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - max(others, default=0)


def _gain(view: EiffelView, seat: int, moves: Sequence[tuple[str, int | None]]) -> int:
    base = _holdings(view)
    return margin(_moved(base, moves), seat) - margin(base, seat)


def greedy(game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    view: EiffelView = game.view(state, Seat(seat))
    nego = view.negotiation
    table = nego.revealed if nego else []
    other = None
    if nego:
        other = (
            nego.effective_partner if seat == nego.effective_principal else nego.effective_principal
        )

    def best(commands: Sequence[Any], score: Any) -> Any:
        return max(commands, key=score)

    kinds = {type(c) for c in legal}
    if PickCard in kinds:
        return best(
            legal,
            lambda c: _gain(
                view, seat, [(c.card, seat), *((x, other) for x in table if x != c.card)]
            ),
        )
    if GiveCard in kinds:
        to = nego.give_to if nego else None
        return best(legal, lambda c: _gain(view, seat, [(c.card, to)]))
    if InvokeClause in kinds:
        return InvokeClause()
    if PlayOffice in kinds:
        return PlayOffice() if view.pile_count >= OFFICE_MIN_PILE else PassOffice()
    if SetPileOrder in kinds:
        return best(legal, lambda c: sum(_gain(view, seat, [(x, seat)]) for x in c.order[:2]))
    if PassDenounce in kinds:
        return PassDenounce()
    if AcceptOffer in kinds:
        return AcceptOffer()
    if CommitStance in kinds and nego is not None:
        share = max(
            (_gain(view, seat, [(x, seat), *((y, other) for y in table if y != x)]) for x in table),
            default=0,
        )
        both = _gain(view, seat, [(x, seat) for x in table])
        mine = view.players[seat].betrayals
        stance = BETRAY if mine < 2 and both - share >= BETRAY_GAIN else COLLABORATE
        return CommitStance(stance=stance)
    return choice(rng, legal)
