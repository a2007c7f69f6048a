"""The checker must be able to fail: tampered frames, gaps, forks and lost acks are caught."""

from __future__ import annotations

import asyncio
import copy
import random
from types import SimpleNamespace

import pytest

from tests.reliability.checks import verify_game
from tests.reliability.player import Player, Received
from tests.reliability.scenario import Table, inject, stalls
from tests.server.conftest import running


async def test_the_checker_catches_tampering() -> None:
    async with running(None) as run:
        game_id, tokens = await run.seated_game()
        players = [
            Player(game_id, t, lambda: [run.ws], random.Random(n), max_commands=4)
            for n, t in enumerate([*tokens, None])
        ]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(p.run(stop)) for p in players]
        spectator = players[-1]
        for _ in range(200):
            updates = [r for r in spectator.received if r.kind == "update"]
            if sum(len(p.acked) for p in players) >= 3 and len(updates) >= 2:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        stop.set()
        await asyncio.gather(*tasks)
        store = run.state.store
        clean = await verify_game(store, game_id, players)
        assert clean.mismatches == [] and clean.frames_checked > 5 and clean.acked >= 3

        updates = [i for i, r in enumerate(spectator.received) if r.kind == "update"]
        assert len(updates) >= 2

        def tampered(change: str) -> list[Received]:
            frames = copy.deepcopy(spectator.received)
            target = frames[updates[-1]]
            if change == "view":
                target.frame["view"]["game"] = {"forged_by": "mallory"}
            elif change == "gap":  # as if an earlier update had been skipped
                target.before = frames[updates[0]].before
                target.before_hash = frames[updates[0]].before_hash
            elif change == "fork":  # it extends a history the stream does not have
                target.before_hash = "0" * 40
            elif change == "legal":
                target.frame["legal"] = [{"type": "pick_card", "card": "L01"}]
            return frames

        for change in ("view", "gap", "fork", "legal"):
            frames = tampered(change)
            check = await verify_game(store, game_id, [spectator], frames=lambda p, f=frames: f)
            assert check.mismatches, f"a tampered {change} went unnoticed"

        players[0].acked["never-sent"] = 3
        lost = await verify_game(store, game_id, players[:1])
        assert lost.acked_lost == 1


async def test_a_game_that_stops_moving_is_reported_with_its_players() -> None:
    stuck = Player("g1", "token", lambda: [], random.Random(0))
    stuck.version, stuck.legal = 7, [{"type": "commit_stance", "stance": "betray"}]
    table = Table("g1", ["token"], [stuck])
    with pytest.raises(
        AssertionError, match=r"stalled at version 7:\n  seat None v7 .*commit_stance"
    ):
        await asyncio.wait_for(stalls([table], asyncio.Event(), patience=1.5), 10)


async def test_faults_are_injected_as_often_as_asked_while_games_are_played() -> None:
    game = SimpleNamespace(over=False)  # the one player of the one table
    tables = [Table("g", [], [game])]  # type: ignore[list-item]
    calls: list[bool] = []

    async def fault() -> bool:
        calls.append(len(calls) != 0)  # the first could not happen then: tried again
        return calls[-1]

    rng = random.Random(1)
    began = await inject(fault, 2, (0, 0), tables, asyncio.Event(), rng)
    assert calls == [False, True, True] and len(began) == 2 and began == sorted(began)
    game.over = True
    assert await inject(fault, 2, (0, 0), tables, asyncio.Event(), rng) == []
    game.over, stop = False, asyncio.Event()
    stop.set()
    assert await inject(fault, 2, (0, 0), tables, stop, rng) == []
    assert len(calls) == 3  # neither after every game's end nor after `stop`
