"""What each viewer may know: every revealed round; of the round being played, who has chosen,
and a seat's own hand. Another seat's pending hand reaches nobody but the omniscient viewer."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.games.rock_paper_scissors.data import Hand
from domain.games.rock_paper_scissors.messages import Event, HandChosen
from domain.games.rock_paper_scissors.state import Revealed, State, waiting_for
from domain.kernel import Omniscient, Seat, Viewer, sees_seat


class RpsView(msgspec.Struct, frozen=True):
    round: int
    rounds: int
    scores: list[int]
    waiting_for_seats: list[int]
    my_hand: Hand | None  # the viewer's own choice this round (seats only)
    pending_hands: list[Hand | None] | None  # every seat's choice: the omniscient viewer only
    played: list[Revealed]
    over: bool


def view(state: State, viewer: Viewer) -> RpsView:
    revealing = not waiting_for(state)  # between rounds, or over: nothing is pending
    mine = state.hands[viewer.n] if isinstance(viewer, Seat) and not revealing else None
    pending = list(state.hands) if isinstance(viewer, Omniscient) and not revealing else None
    return RpsView(
        round=state.round,
        rounds=state.rounds,
        scores=list(state.scores),
        waiting_for_seats=list(waiting_for(state)),
        my_hand=mine,
        pending_hands=pending,
        played=list(state.played),
        over=state.over,
    )


def redact(event: Event, viewer: Viewer) -> Event | None:
    if isinstance(event, HandChosen) and not sees_seat(viewer, event.seat):
        return replace(event, hand=None)
    return event
