"""decide refuses any well-typed but arbitrary command with Rejected, never another error."""

from __future__ import annotations

import random
from typing import Any

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import State
from domain.kernel import Rejected

PROVINCES = ["R1", "C5", "L10", "R11", "Z1", "", "c5"]
PLACES = ["R", "C", "L", "UN", "X", ""]
KINDS = ["polluting", "clean", "treatment", "nuclear"]


def arbitrary(rng: random.Random) -> Any:
    p, q = rng.choice(PROVINCES), rng.choice(PROVINCES)
    where, there = rng.choice(PLACES), rng.choice(PLACES)
    return rng.choice(
        [
            m.SetupPopulation(p),
            m.SetupScholar(where),
            m.SetupFactory(p, rng.choice(KINDS)),
            m.EndStep(),
            m.DesignateFirstPlayer(rng.randrange(-1, 6)),
            m.ReleaseScholar(where),
            m.AbandonFactory(p),
            m.PayUpkeep(),
            m.MoveScholar(where, there),
            m.BuildFactory(p, rng.choice(KINDS)),
            m.TransformFactory(p),
            m.Depollute(p),
            m.BuyPopulation(p),
            m.MovePopulation(p, q),
            m.TrainScholar(where),
            m.ChoosePollutionTarget(rng.randrange(-1, 6), where),
            m.PlacePollution(p),
            m.CleanProvince(p),
            m.ProposeLaw(rng.randrange(0, 7)),
            m.PassLaw(),
            m.Vote(rng.choice(["yes", "no", "abstain", "maybe"])),
            m.DestroyPolluting(p),
        ]
    )


def test_arbitrary_commands_are_refused_or_applied_never_crash() -> None:
    rng = random.Random(7)
    tried = refused = 0
    for seed in range(4):
        seats = 2 + seed % 3

        def poke(state: State, new: list[Any], seats: int = seats) -> None:
            nonlocal tried, refused
            if state.over or rng.random() > 0.2:
                return
            for _ in range(5):
                command = arbitrary(rng)
                seat = rng.randrange(-1, seats + 1)
                tried += 1
                try:
                    events = game.decide(state, seat, command, random.Random(0))
                except Rejected:
                    refused += 1
                    continue
                game.fold(events, state)

        play(game, seats, m.Options(), [random_bot] * seats, random.Random(seed), 20_000, poke)
    assert tried > 500 and refused > tried // 2
