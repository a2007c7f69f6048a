"""Options, commands and events of Vertigo: the wire and storage formats.

Province arguments are ids such as `C5`; region arguments `R`, `C` or `L` (`UN` where the council
is allowed); players are seat numbers. Events carry every amount they move, so a replay never needs
a price table, and every random outcome (die faces, first player) is written down.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec


class VertigoOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Vertigo has no variants; the struct exists so that `{}` decodes."""


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class SetupPopulation(Command, frozen=True, tag="setup_population"):
    province: str


class SetupScholar(Command, frozen=True, tag="setup_scholar"):
    to: str


class SetupFactory(Command, frozen=True, tag="setup_factory"):
    province: str
    kind: str


class EndStep(Command, frozen=True, tag="end_step"):
    pass


class DesignateFirstPlayer(Command, frozen=True, tag="designate_first_player"):
    player: int


class ReleaseScholar(Command, frozen=True, tag="release_scholar"):
    source: str = msgspec.field(name="from")


class AbandonFactory(Command, frozen=True, tag="abandon_factory"):
    province: str


class PayUpkeep(Command, frozen=True, tag="pay_upkeep"):
    pass


class MoveScholar(Command, frozen=True, tag="move_scholar"):
    source: str = msgspec.field(name="from_region")
    to: str


class BuildFactory(Command, frozen=True, tag="build_factory"):
    province: str
    kind: str


class TransformFactory(Command, frozen=True, tag="transform_factory"):
    province: str


class Depollute(Command, frozen=True, tag="depollute"):
    province: str


class BuyPopulation(Command, frozen=True, tag="buy_population"):
    province: str


class MovePopulation(Command, frozen=True, tag="move_population"):
    source: str = msgspec.field(name="from")
    to: str


class TrainScholar(Command, frozen=True, tag="train_scholar"):
    region: str


class ChoosePollutionTarget(Command, frozen=True, tag="choose_pollution_target"):
    player: int
    region: str


class PlacePollution(Command, frozen=True, tag="place_pollution"):
    province: str


class CleanProvince(Command, frozen=True, tag="clean_province"):
    province: str


class ProposeLaw(Command, frozen=True, tag="propose_law"):
    law: int


class PassLaw(Command, frozen=True, tag="pass_law"):
    pass


class Vote(Command, frozen=True, tag="vote"):
    choice: str
    simultaneous: ClassVar[bool] = True


class DestroyPolluting(Command, frozen=True, tag="destroy_polluting"):
    province: str


VertigoCommand = (
    SetupPopulation
    | SetupScholar
    | SetupFactory
    | EndStep
    | DesignateFirstPlayer
    | ReleaseScholar
    | AbandonFactory
    | PayUpkeep
    | MoveScholar
    | BuildFactory
    | TransformFactory
    | Depollute
    | BuyPopulation
    | MovePopulation
    | TrainScholar
    | ChoosePollutionTarget
    | PlacePollution
    | CleanProvince
    | ProposeLaw
    | PassLaw
    | Vote
    | DestroyPolluting
)


class Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class FirstPlayerDrawn(Event, frozen=True, tag="first_player_drawn"):
    seat: int


class SetupPopulationPlaced(Event, frozen=True, tag="setup_population_placed"):
    seat: int
    province: str
    cost: int


class SetupScholarPlaced(Event, frozen=True, tag="setup_scholar_placed"):
    seat: int
    to: str
    cost: int


class SetupFactoryPlaced(Event, frozen=True, tag="setup_factory_placed"):
    seat: int
    province: str
    kind: str
    cost: int


class StepEnded(Event, frozen=True, tag="step_ended"):
    """The seat closed its current setup, sub-step or cleanup (`step` names which)."""

    seat: int
    step: str


class TurnStarted(Event, frozen=True, tag="turn_started"):
    turn: int


class EndDieRolled(Event, frozen=True, tag="end_die_rolled"):
    face: str


class GameEnded(Event, frozen=True, tag="game_ended"):
    reason: str


class FirstPlayerDesignated(Event, frozen=True, tag="first_player_designated"):
    by: int
    seat: int


class TurnOrderSet(Event, frozen=True, tag="turn_order_set"):
    order: tuple[int, ...]


class ScholarReleased(Event, frozen=True, tag="scholar_released"):
    seat: int
    source: str


class FactoryAbandoned(Event, frozen=True, tag="factory_abandoned"):
    seat: int
    province: str
    kind: str


class UpkeepPaid(Event, frozen=True, tag="upkeep_paid"):
    seat: int
    to_bank: int
    to_treasury: int


class ScholarMoved(Event, frozen=True, tag="scholar_moved"):
    seat: int
    source: str
    to: str


class FactoryBuilt(Event, frozen=True, tag="factory_built"):
    seat: int
    province: str
    kind: str
    cost: int


class FactoryTransformed(Event, frozen=True, tag="factory_transformed"):
    seat: int
    province: str
    cost: int


class ProvinceDepolluted(Event, frozen=True, tag="province_depolluted"):
    seat: int
    province: str
    cost: int


class PopulationBought(Event, frozen=True, tag="population_bought"):
    seat: int
    province: str
    cost: int


class PopulationMoved(Event, frozen=True, tag="population_moved"):
    seat: int
    source: str
    to: str
    cost: int


class ScholarTrained(Event, frozen=True, tag="scholar_trained"):
    seat: int
    region: str
    cost: int


class PollutionSourcesCounted(Event, frozen=True, tag="pollution_sources_counted"):
    seat: int
    region: str
    sources: int


class PollutionDieRolled(Event, frozen=True, tag="pollution_die_rolled"):
    seat: int
    region: str
    face: str


class ArrowLost(Event, frozen=True, tag="arrow_lost"):
    """A cloud + arrow with no unpolluted province in any other country: nothing happens."""

    seat: int


class PollutionTargetChosen(Event, frozen=True, tag="pollution_target_chosen"):
    seat: int
    player: int
    region: str
    placer: int
    adjacency: bool


class MarkerLost(Event, frozen=True, tag="marker_lost"):
    owner: int
    region: str


class PollutionPlaced(Event, frozen=True, tag="pollution_placed"):
    placer: int
    owner: int
    province: str
    from_die: bool
    destroyed: str | None = None  # "population" or the factory kind wiped out, if any


class GlobalIncrease(Event, frozen=True, tag="global_increase"):
    level: int  # the new planetary level in percent


class PlayerEliminated(Event, frozen=True, tag="player_eliminated"):
    seat: int
    safe: int  # moved to the treasury


class PollutionPhaseEnded(Event, frozen=True, tag="pollution_phase_ended"):
    decrease: bool
    level: int  # the planetary level in percent after the phase


class ProvinceCleaned(Event, frozen=True, tag="province_cleaned"):
    seat: int
    province: str


class ProductionPaid(Event, frozen=True, tag="production_paid"):
    amounts: tuple[int, ...]  # per seat, from the bank


class LawProposed(Event, frozen=True, tag="law_proposed"):
    seat: int
    law: int
    voters: tuple[int, ...]


class LawPassed(Event, frozen=True, tag="law_passed"):
    seat: int


class VoteCast(Event, frozen=True, tag="vote_cast"):
    seat: int
    choice: str | None  # None for everyone but the voter until the reveal


class VotesRevealed(Event, frozen=True, tag="votes_revealed"):
    law: int
    proposer: int
    votes: tuple[tuple[int, str, int], ...]  # (seat, choice, weight)
    yes: int
    no: int
    adopted: bool


class LawEnacted(Event, frozen=True, tag="law_enacted"):
    """The bonus to the proposer, then the law's money moves (deltas per seat and treasury)."""

    law: int
    proposer: int
    bonus: int
    safes: tuple[int, ...]
    treasury: int


class PollutionFined(Event, frozen=True, tag="pollution_fined"):
    seat: int
    fines: int
    amount: int
    destroy: int


class PollutingDestroyed(Event, frozen=True, tag="polluting_destroyed"):
    seat: int
    province: str


class TurnEnded(Event, frozen=True, tag="turn_ended"):
    turn: int


VertigoEvent = (
    FirstPlayerDrawn
    | SetupPopulationPlaced
    | SetupScholarPlaced
    | SetupFactoryPlaced
    | StepEnded
    | TurnStarted
    | EndDieRolled
    | GameEnded
    | FirstPlayerDesignated
    | TurnOrderSet
    | ScholarReleased
    | FactoryAbandoned
    | UpkeepPaid
    | ScholarMoved
    | FactoryBuilt
    | FactoryTransformed
    | ProvinceDepolluted
    | PopulationBought
    | PopulationMoved
    | ScholarTrained
    | PollutionSourcesCounted
    | PollutionDieRolled
    | ArrowLost
    | PollutionTargetChosen
    | MarkerLost
    | PollutionPlaced
    | GlobalIncrease
    | PlayerEliminated
    | PollutionPhaseEnded
    | ProvinceCleaned
    | ProductionPaid
    | LawProposed
    | LawPassed
    | VoteCast
    | VotesRevealed
    | LawEnacted
    | PollutionFined
    | PollutingDestroyed
    | TurnEnded
)
