"""Options, commands and events of Bienvenue à bord: the wire and storage formats."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from domain.games.bienvenue_a_bord.data import RULES, Symbol


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """No variants: the 2019 game is played as printed. `rules` is the rules version the game
    was opened with (`domain.rules`: the table sets it; a player does not choose it)."""

    rules: Annotated[int, msgspec.Meta(ge=1, le=RULES)] = RULES


# ---------------------------------------------------------------- commands


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Split(_Command, frozen=True, tag="split"):
    """The splitter puts `single` alone; the other two revealed cards form the pair."""

    single: str


class TakePile(_Command, frozen=True, tag="take_pile"):
    """The other player takes one of the two piles; the splitter gets the other."""

    pile: Literal["single", "pair"]


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """How a card is resolved (§4): `open` for cabin cards, `cabin` (+ `symbol` for a wild
    passenger) for passengers and love, `symbol` for objective O2, nothing otherwise."""

    open: tuple[int | None, ...] | None = None
    cabin: str | None = None
    symbol: Symbol | None = None


class Resolve(_Command, frozen=True, tag="resolve"):
    simultaneous: ClassVar[bool] = True

    card: str
    choice: Choice = Choice()


class ChooseBonusSymbol(_Command, frozen=True, tag="choose_bonus_symbol"):
    simultaneous: ClassVar[bool] = True

    symbol: Symbol


class OpenCabins(_Command, frozen=True, tag="open_cabins"):
    simultaneous: ClassVar[bool] = True

    levels: tuple[int, ...]


class PlaceLove(_Command, frozen=True, tag="place_love"):
    simultaneous: ClassVar[bool] = True

    cabin: str | None


Command = Split | TakePile | Resolve | ChooseBonusSymbol | OpenCabins | PlaceLove


# ---------------------------------------------------------------- events


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class PileBuilt(_Event, frozen=True, tag="pile_built"):
    """The 64-card pile, top first. `cards` is hidden (None) from every seat and spectator;
    `tokens` are opaque public ids of the face-down cards (which never return face down)."""

    cards: tuple[str | None, ...]
    tokens: tuple[str, ...]


class FirstSplitterDrawn(_Event, frozen=True, tag="first_splitter_drawn"):
    seat: int


class CardsRevealed(_Event, frozen=True, tag="cards_revealed"):
    """Turn `turn` starts: `splitter` draws the top three cards face up."""

    turn: int
    splitter: int
    cards: tuple[str, ...]


class PileSplit(_Event, frozen=True, tag="pile_split"):
    seat: int
    single: str
    pair: tuple[str, ...]


class PileTaken(_Event, frozen=True, tag="pile_taken"):
    """`seat` took `pile`; each seat now holds `hands[seat]` to resolve."""

    seat: int
    pile: str
    hands: tuple[tuple[str, ...], ...]


class CabinsOpened(_Event, frozen=True, tag="cabins_opened"):
    """`source` is the cabin card resolved, or "E3" for the stopover compensation."""

    seat: int
    source: str
    cabins: tuple[str, ...]


class PassengerBoarded(_Event, frozen=True, tag="passenger_boarded"):
    seat: int
    card: str
    cabin: str
    vp: int | None = None
    symbol: str | None = None


class PassengerTurnedAway(_Event, frozen=True, tag="passenger_turned_away"):
    """No cabin for him: the card is discarded (its Unhappy comes as PeopleChecked)."""

    seat: int
    card: str


class LovePlaced(_Event, frozen=True, tag="love_placed"):
    """`source` is the love card, or "E4" for the stopover compensation."""

    seat: int
    source: str
    cabin: str | None
    vp: int


class ObjectiveTaken(_Event, frozen=True, tag="objective_taken"):
    seat: int
    card: str
    symbol: str | None = None


class ObjectiveDiscarded(_Event, frozen=True, tag="objective_discarded"):
    seat: int
    card: str


class PeopleChecked(_Event, frozen=True, tag="people_checked"):
    """Boxes checked on the Satisfied / Unhappy tracks, and why."""

    seat: int
    satisfied: int
    unhappy: int
    why: str


class SunScored(_Event, frozen=True, tag="sun_scored"):
    stopover: int  # 1..4
    points: tuple[int, ...]


class StopoverRevealed(_Event, frozen=True, tag="stopover_revealed"):
    stopover: int  # 1..4
    card: str


class MajorityDecided(_Event, frozen=True, tag="majority_decided"):
    """`winner` writes 6 VP (None on a tie); every other seat receives the compensation."""

    stopover: int
    card: str
    metrics: tuple[int, ...]
    winner: int | None
    receivers: tuple[int, ...]


class BonusSymbolChosen(_Event, frozen=True, tag="bonus_symbol_chosen"):
    seat: int
    symbol: str


class GameEnded(_Event, frozen=True, tag="game_ended"):
    scores: tuple[int, ...]
    ranks: tuple[int, ...]


Event = (
    PileBuilt
    | FirstSplitterDrawn
    | CardsRevealed
    | PileSplit
    | PileTaken
    | CabinsOpened
    | PassengerBoarded
    | PassengerTurnedAway
    | LovePlaced
    | ObjectiveTaken
    | ObjectiveDiscarded
    | PeopleChecked
    | SunScored
    | StopoverRevealed
    | MajorityDecided
    | BonusSymbolChosen
    | GameEnded
)
