"""Options, commands and events of rock-paper-scissors: the wire and storage formats."""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec

from domain.games.rock_paper_scissors.data import DEFAULT_ROUNDS, MAX_ROUNDS, Hand


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: Annotated[int, msgspec.Meta(ge=1, le=MAX_ROUNDS)] = DEFAULT_ROUNDS


# ---------------------------------------------------------------- commands


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Choose(_Command, frozen=True, tag="choose"):
    """This round's hand, in secret; both players choose at the same time."""

    simultaneous: ClassVar[bool] = True
    hand: Hand


Command = Choose


# ---------------------------------------------------------------- events


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class RoundStarted(_Event, frozen=True, tag="round_started"):
    round: int


class HandChosen(_Event, frozen=True, tag="hand_chosen"):
    """`hand` is None for everyone but the chooser (the round's reveal shows it)."""

    seat: int
    round: int
    hand: Hand | None


class RoundRevealed(_Event, frozen=True, tag="round_revealed"):
    """Both hands, by seat; `winner` scores 1 (None on a draw)."""

    round: int
    hands: tuple[Hand, ...]
    winner: int | None


class GameEnded(_Event, frozen=True, tag="game_ended"):
    scores: tuple[int, ...]


Event = RoundStarted | HandChosen | RoundRevealed | GameEnded
