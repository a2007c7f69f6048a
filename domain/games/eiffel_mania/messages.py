"""Options, commands and events of Eiffel Mania: the storage format (add fields with defaults)."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

Stance = Literal["collaborate", "betray"]
COLLABORATE: Stance = "collaborate"
BETRAY: Stance = "betray"


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """No variants yet; decodable from `{}`."""


# --- commands -----------------------------------------------------------------------------


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class PlayOffice(_Command, frozen=True, tag="play_office"):
    pass


class PassOffice(_Command, frozen=True, tag="pass_office"):
    pass


class SetPileOrder(_Command, frozen=True, tag="set_pile_order"):
    order: tuple[str, ...]


class OfferArrangement(_Command, frozen=True, tag="offer_arrangement"):
    partner_picks_first: bool = False
    gift_card: str | None = None


class WithdrawOffer(_Command, frozen=True, tag="withdraw_offer"):
    pass


class AcceptOffer(_Command, frozen=True, tag="accept_offer"):
    pass


class RejectOffer(_Command, frozen=True, tag="reject_offer"):
    pass


class CommitStance(_Command, frozen=True, tag="commit_stance"):
    simultaneous: ClassVar[bool] = True
    stance: Stance


class Denounce(_Command, frozen=True, tag="denounce"):
    target: int


class PassDenounce(_Command, frozen=True, tag="pass_denounce"):
    pass


class PickCard(_Command, frozen=True, tag="pick_card"):
    card: str


class GiveCard(_Command, frozen=True, tag="give_card"):
    card: str


class InvokeClause(_Command, frozen=True, tag="invoke_clause"):
    pass


class PassClause(_Command, frozen=True, tag="pass_clause"):
    pass


Command = (
    PlayOffice
    | PassOffice
    | SetPileOrder
    | OfferArrangement
    | WithdrawOffer
    | AcceptOffer
    | RejectOffer
    | CommitStance
    | Denounce
    | PassDenounce
    | PickCard
    | GiveCard
    | InvokeClause
    | PassClause
)


# --- events -------------------------------------------------------------------------------


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class PileShuffled(_Event, frozen=True, tag="pile_shuffled"):
    """The 24 cards, top first (None for every viewer but the omniscient one), with opaque ids."""

    cards: tuple[str | None, ...]
    ids: tuple[str, ...]


class FirstPrincipalDrawn(_Event, frozen=True, tag="first_principal_drawn"):
    seat: int


class NegotiationStarted(_Event, frozen=True, tag="negotiation_started"):
    number: int
    principal: int
    partner: int


class WindowOpened(_Event, frozen=True, tag="window_opened"):
    """An Office (N1) or Denunciation (N4) window: the seats to ask, in order."""

    kind: Literal["office", "denounce"]
    seats: tuple[int, ...]


class OfficePassed(_Event, frozen=True, tag="office_passed"):
    seat: int


class OfficePlayed(_Event, frozen=True, tag="office_played"):
    """The Office card is discarded; `pile` (top first) is shown to its user only."""

    seat: int
    card: str
    pile: tuple[str | None, ...]


class PileReordered(_Event, frozen=True, tag="pile_reordered"):
    """The Office user's new order (shown to him only) and fresh opaque ids (public)."""

    seat: int
    order: tuple[str | None, ...]
    ids: tuple[str, ...]


class CardsRevealed(_Event, frozen=True, tag="cards_revealed"):
    cards: tuple[str, ...]


class OfferMade(_Event, frozen=True, tag="offer_made"):
    seat: int
    partner_picks_first: bool
    gift_card: str | None


class OfferWithdrawn(_Event, frozen=True, tag="offer_withdrawn"):
    seat: int


class OfferAccepted(_Event, frozen=True, tag="offer_accepted"):
    seat: int


class OfferRejected(_Event, frozen=True, tag="offer_rejected"):
    seat: int


class StanceCommitted(_Event, frozen=True, tag="stance_committed"):
    """`stance` is None for everyone but the chooser until `stances_revealed`."""

    seat: int
    stance: Stance | None


class DenunciationPassed(_Event, frozen=True, tag="denunciation_passed"):
    seat: int


class Denounced(_Event, frozen=True, tag="denounced"):
    """The Denunciation card is discarded at once (R2: before any giving)."""

    seat: int
    target: int
    card: str


class StancesRevealed(_Event, frozen=True, tag="stances_revealed"):
    """R1: the stances of the principal and of the partner."""

    principal: int
    principal_stance: Stance
    partner: int
    partner_stance: Stance


class DenunciationJudged(_Event, frozen=True, tag="denunciation_judged"):
    """R2: a correct denouncer replaces the target (stance Collaborate); a wrong one owes a card."""

    denouncer: int
    target: int
    correct: bool


class DecisionRequested(_Event, frozen=True, tag="decision_requested"):
    """The engine waits for `seat`: pick (R3), give a card to `to_seat` (R2/R6), or clause (R6)."""

    seat: int
    decision: Literal["pick", "give", "clause"]
    to_seat: int | None = None
    reason: str = ""


class OutcomeDetermined(_Event, frozen=True, tag="outcome_determined"):
    """R3 between the effective negotiators."""

    principal: int
    partner: int
    outcome: Literal["collaboration", "betrayal", "double_betrayal"]
    betrayer: int | None = None


class Award(msgspec.Struct, frozen=True):
    card: str
    seat: int


class CardsAwarded(_Event, frozen=True, tag="cards_awarded"):
    """Cards taken from the table (or from the pile at the end); lots are placed (R7)."""

    awards: tuple[Award, ...]
    how: Literal["pick", "collaboration", "betrayal", "random_deal", "last_active"]


class WarningTurned(_Event, frozen=True, tag="warning_turned"):
    seat: int
    betrayals: int


class CardGiven(_Event, frozen=True, tag="card_given"):
    giver: int
    receiver: int
    card: str
    reason: Literal["arrangement", "denunciation", "clause"]


class ClauseInvoked(_Event, frozen=True, tag="clause_invoked"):
    seat: int
    card: str
    betrayer: int


class ClausePassed(_Event, frozen=True, tag="clause_passed"):
    seat: int


class BecameInactive(_Event, frozen=True, tag="became_inactive"):
    seats: tuple[int, ...]


class NegotiationEnded(_Event, frozen=True, tag="negotiation_ended"):
    """N6: the next principal is the first active seat clockwise from `next_from` (inclusive)."""

    next_from: int


class PileDiscarded(_Event, frozen=True, tag="pile_discarded"):
    cards: tuple[str, ...]


class GameEnded(_Event, frozen=True, tag="game_ended"):
    reason: Literal["pile_empty", "inactivity"]


Event = (
    PileShuffled
    | FirstPrincipalDrawn
    | NegotiationStarted
    | WindowOpened
    | OfficePassed
    | OfficePlayed
    | PileReordered
    | CardsRevealed
    | OfferMade
    | OfferWithdrawn
    | OfferAccepted
    | OfferRejected
    | StanceCommitted
    | DenunciationPassed
    | Denounced
    | StancesRevealed
    | DenunciationJudged
    | DecisionRequested
    | OutcomeDetermined
    | CardsAwarded
    | WarningTurned
    | CardGiven
    | ClauseInvoked
    | ClausePassed
    | BecameInactive
    | NegotiationEnded
    | PileDiscarded
    | GameEnded
)
