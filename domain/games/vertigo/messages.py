"""Options, commands and events of Vertigo: the wire and storage formats.

Province arguments are ids such as `C5`; region arguments `R`, `C` or `L` (`UN` where the council
is allowed); players are seat numbers. Events carry every amount they move, so a replay never needs
a price table, and every random outcome (die faces, first player) is written down.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec

from domain.games.vertigo.data import RULES


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Vertigo has no variants; `rules` is the version a game was opened with (`domain.rules`:
    set by the server, never by a client)."""

    rules: Annotated[int, msgspec.Meta(ge=1, le=RULES)] = RULES


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class SetupPopulation(_Command, frozen=True, tag="setup_population"):
    province: str


class SetupScholar(_Command, frozen=True, tag="setup_scholar"):
    to: str


class SetupFactory(_Command, frozen=True, tag="setup_factory"):
    province: str
    kind: str


class EndStep(_Command, frozen=True, tag="end_step"):
    pass


class DesignateFirstPlayer(_Command, frozen=True, tag="designate_first_player"):
    player: int


class ReleaseScholar(_Command, frozen=True, tag="release_scholar"):
    source: str = msgspec.field(name="from")


class AbandonFactory(_Command, frozen=True, tag="abandon_factory"):
    province: str


class PayUpkeep(_Command, frozen=True, tag="pay_upkeep"):
    pass


class MoveScholar(_Command, frozen=True, tag="move_scholar"):
    source: str = msgspec.field(name="from_region")
    to: str


class BuildFactory(_Command, frozen=True, tag="build_factory"):
    province: str
    kind: str


class TransformFactory(_Command, frozen=True, tag="transform_factory"):
    province: str


class Depollute(_Command, frozen=True, tag="depollute"):
    province: str


class BuyPopulation(_Command, frozen=True, tag="buy_population"):
    province: str


class MovePopulation(_Command, frozen=True, tag="move_population"):
    source: str = msgspec.field(name="from")
    to: str


class TrainScholar(_Command, frozen=True, tag="train_scholar"):
    region: str


class ChoosePollutionTarget(_Command, frozen=True, tag="choose_pollution_target"):
    player: int
    region: str


class PlacePollution(_Command, frozen=True, tag="place_pollution"):
    province: str


class CleanProvince(_Command, frozen=True, tag="clean_province"):
    province: str


class ProposeLaw(_Command, frozen=True, tag="propose_law"):
    law: int


class PassLaw(_Command, frozen=True, tag="pass_law"):
    pass


class Vote(_Command, frozen=True, tag="vote"):
    choice: str
    simultaneous: ClassVar[bool] = True


class DestroyPolluting(_Command, frozen=True, tag="destroy_polluting"):
    province: str


Command = (
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


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class FirstPlayerDrawn(_Event, frozen=True, tag="first_player_drawn"):
    seat: int
    # rules 2 on: the game's tasks are queued by events (`TasksQueued`) from this one on;
    # False for a game of version 1, whose fold plans its agenda (`evolve.planned`)
    queued: bool = False


class QueuedTask(msgspec.Struct, frozen=True, omit_defaults=True):
    """A step of the agenda (`state.Task`), as `TasksQueued` stores it."""

    kind: str
    seat: int = -1
    region: int = -1
    owner: int = -1
    count: int = 0
    from_die: bool = False
    adjacency: bool = False
    law: int = 0


class TasksQueued(_Event, frozen=True, tag="tasks_queued"):
    """The agenda after the event before it, as the rules planned it: its first `done` tasks
    are done, and `tasks` come before the rest (rules 2 on)."""

    done: int
    tasks: tuple[QueuedTask, ...] = ()


class SetupPopulationPlaced(_Event, frozen=True, tag="setup_population_placed"):
    seat: int
    province: str
    cost: int


class SetupScholarPlaced(_Event, frozen=True, tag="setup_scholar_placed"):
    seat: int
    to: str
    cost: int


class SetupFactoryPlaced(_Event, frozen=True, tag="setup_factory_placed"):
    seat: int
    province: str
    kind: str
    cost: int


class StepEnded(_Event, frozen=True, tag="step_ended"):
    """The seat closed its current setup, sub-step or cleanup (`step` names which)."""

    seat: int
    step: str


class TurnStarted(_Event, frozen=True, tag="turn_started"):
    turn: int


class EndDieRolled(_Event, frozen=True, tag="end_die_rolled"):
    face: str


class GameEnded(_Event, frozen=True, tag="game_ended"):
    reason: str


class FirstPlayerDesignated(_Event, frozen=True, tag="first_player_designated"):
    by: int
    seat: int


class TurnOrderSet(_Event, frozen=True, tag="turn_order_set"):
    order: tuple[int, ...]


class ScholarReleased(_Event, frozen=True, tag="scholar_released"):
    seat: int
    source: str


class FactoryAbandoned(_Event, frozen=True, tag="factory_abandoned"):
    seat: int
    province: str
    kind: str


class UpkeepPaid(_Event, frozen=True, tag="upkeep_paid"):
    seat: int
    to_bank: int
    to_treasury: int


class ScholarMoved(_Event, frozen=True, tag="scholar_moved"):
    seat: int
    source: str
    to: str


class FactoryBuilt(_Event, frozen=True, tag="factory_built"):
    seat: int
    province: str
    kind: str
    cost: int


class FactoryTransformed(_Event, frozen=True, tag="factory_transformed"):
    seat: int
    province: str
    cost: int


class ProvinceDepolluted(_Event, frozen=True, tag="province_depolluted"):
    seat: int
    province: str
    cost: int


class PopulationBought(_Event, frozen=True, tag="population_bought"):
    seat: int
    province: str
    cost: int


class PopulationMoved(_Event, frozen=True, tag="population_moved"):
    seat: int
    source: str
    to: str
    cost: int


class ScholarTrained(_Event, frozen=True, tag="scholar_trained"):
    seat: int
    region: str
    cost: int


class PollutionSourcesCounted(_Event, frozen=True, tag="pollution_sources_counted"):
    seat: int
    region: str
    sources: int


class PollutionDieRolled(_Event, frozen=True, tag="pollution_die_rolled"):
    seat: int
    region: str
    face: str


class ArrowLost(_Event, frozen=True, tag="arrow_lost"):
    """A cloud + arrow with no unpolluted province in any other country: nothing happens."""

    seat: int


class PollutionTargetChosen(_Event, frozen=True, tag="pollution_target_chosen"):
    seat: int
    player: int
    region: str
    placer: int
    adjacency: bool


class MarkerLost(_Event, frozen=True, tag="marker_lost"):
    owner: int
    region: str


class PollutionPlaced(_Event, frozen=True, tag="pollution_placed"):
    placer: int
    owner: int
    province: str
    from_die: bool
    destroyed: str | None = None  # "population" or the factory kind wiped out, if any


class GlobalIncrease(_Event, frozen=True, tag="global_increase"):
    level: int  # the new planetary level in percent


class PlayerEliminated(_Event, frozen=True, tag="player_eliminated"):
    seat: int
    safe: int  # moved to the treasury


class PollutionPhaseEnded(_Event, frozen=True, tag="pollution_phase_ended"):
    decrease: bool
    level: int  # the planetary level in percent after the phase


class ProvinceCleaned(_Event, frozen=True, tag="province_cleaned"):
    seat: int
    province: str


class ProductionPaid(_Event, frozen=True, tag="production_paid"):
    amounts: tuple[int, ...]  # per seat, from the bank


class LawProposed(_Event, frozen=True, tag="law_proposed"):
    seat: int
    law: int
    voters: tuple[int, ...]


class LawPassed(_Event, frozen=True, tag="law_passed"):
    seat: int


class VoteCast(_Event, frozen=True, tag="vote_cast"):
    seat: int
    choice: str | None  # None for everyone but the voter until the reveal


class VotesRevealed(_Event, frozen=True, tag="votes_revealed"):
    law: int
    proposer: int
    votes: tuple[tuple[int, str, int], ...]  # (seat, choice, weight)
    yes: int
    no: int
    adopted: bool


class LawEnacted(_Event, frozen=True, tag="law_enacted"):
    """The bonus to the proposer, then the law's money moves (deltas per seat and treasury)."""

    law: int
    proposer: int
    bonus: int
    safes: tuple[int, ...]
    treasury: int


class PollutionFined(_Event, frozen=True, tag="pollution_fined"):
    seat: int
    fines: int
    amount: int
    destroy: int


class PollutingDestroyed(_Event, frozen=True, tag="polluting_destroyed"):
    seat: int
    province: str


class TurnEnded(_Event, frozen=True, tag="turn_ended"):
    turn: int


Event = (
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
    | TasksQueued
)
