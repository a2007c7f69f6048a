"""A player cannot freeze a table by sending a move under the id the server's bot or clock
will use for its next move (`bot-<seat>-<version>`, `clock-<seat>-<version>`): client ids are
stored in a namespace of their own, so the bot's move and the clock's timeout still land, each
tried once. In a game stored before that namespace (a client's id kept as sent), the bot's
move lands all the same, under a second id nobody could know in advance. On both stores, with
the server's own bot player."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import pytest
from msgspec.json import encode as encode_json

from clients.python.client import GameClient
from projections.live import LiveGame
from server.ops.metrics import Metrics
from server.store.sqlite import SqliteStore
from server.table import moves
from server.table.service import GameService
from tests.server.conftest import Running
from tests.server.test_table_bots import bot_table

CLOCK = {"initial_s": 60, "increment_s": 5}


def count_appends(server: Running, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every append the store is asked for, by command id (a spinning bot shows here)."""
    store = server.state.store
    tries: Counter[str] = Counter()
    append = store.append

    async def counted(
        stream: str, expected: int, events: Any, command_id: str | None = None, *more: Any
    ) -> int:
        tries[command_id or ""] += 1
        version: int = await append(stream, expected, events, command_id, *more)
        return version

    monkeypatch.setattr(store, "append", counted)
    return tries


async def until(server: Running, game_id: str, done: Any, seconds: float = 5) -> LiveGame:
    """The game's fold once `done(live)` holds; AssertionError after `seconds`."""
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        live = await server.state.service.load(game_id, fresh=True)
        if done(live):
            return live
        await asyncio.sleep(0.02)
    raise AssertionError(f"{game_id} stopped at version {live.version}")


def chosen(live: LiveGame, round_: int, seat: int) -> bool:
    state = live.table.state
    return bool(state.round == round_ and state.chosen[seat])


async def choose(player: GameClient, seen: int, command_id: str | None = None) -> int:
    """The player's hand at `seen` (acked); the version it ended at."""
    reply = await player.command(player.legal[0], command_id=command_id, seen_version=seen)
    assert reply["type"] == "ack", reply
    assert command_id is None or reply["id"] == command_id  # the ack carries the client's id
    version: int = reply["version"]
    await player.wait_version(version)
    return version


async def poison_the_bots_next_move(server: Running, game_id: str, token: str) -> str:
    """Ada (seat 0) against the bot (seat 1): in round 2, Ada's hand ends the round under the
    id of the bot's first move of round 3; that id."""
    player = await server.client(game_id, token)
    try:
        seen = (await until(server, game_id, lambda live: chosen(live, 1, 1))).version
        ends_round = await choose(player, seen) - seen  # versions a round's last hand adds
        seen = (await until(server, game_id, lambda live: chosen(live, 2, 1))).version
        bots_next = f"bot-1-{seen + ends_round}"
        assert await choose(player, seen, bots_next) == seen + ends_round
    finally:
        await player.close()
    return bots_next


async def test_a_move_under_a_bots_next_id_leaves_the_bot_playing(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await bot_table(server, "rock_paper_scissors", 2, [1], bot_level="random")
    _, token = await server.lobby.join(game_id, "Ada")
    tries = count_appends(server, monkeypatch)
    await server.lobby.start(game_id, token)
    bots_next = await poison_the_bots_next_move(server, game_id, token)
    await until(server, game_id, lambda live: chosen(live, 3, 1))
    records = await server.state.store.read(game_id)
    by_id = {r.command_id: r.version for r in records if r.command_id}
    assert by_id[bots_next] > int(bots_next.split("-")[-1])  # the bot's own move, after Ada's
    await asyncio.sleep(0.5)  # what a spinning bot would fill with tries
    assert tries[bots_next] == 1


async def test_a_bots_id_taken_in_a_game_stored_before_the_namespace_is_played_around(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await bot_table(server, "rock_paper_scissors", 2, [1], bot_level="random")
    _, token = await server.lobby.join(game_id, "Ada")
    tries = count_appends(server, monkeypatch)
    await server.lobby.start(game_id, token)
    with monkeypatch.context() as before:  # as a server stored clients' ids before the prefix
        before.setattr(moves, "CLIENT_COMMAND", "")
        bots_next = await poison_the_bots_next_move(server, game_id, token)
    await until(server, game_id, lambda live: chosen(live, 3, 1))
    await asyncio.sleep(0.5)
    assert tries[bots_next] == 2  # Ada's, then the bot's once, then once under a fresh id
    assert sum(n for cid, n in tries.items() if cid.startswith(bots_next + "-")) == 1
    counters = server.state.metrics.counters
    assert counters["bot_ids_taken"] == 1
    records = await server.state.store.read(game_id)
    bots = [r.command_id for r in records if r.command_id.startswith("bot-")]
    # all but Ada's move under the bot's id; a spinning bot counts thousands
    assert counters["bot_moves"] == len(bots) - 1, (counters["bot_moves"], bots)


async def test_a_move_under_a_clocks_next_id_leaves_the_clock_running(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [int(time.time() * 1000)]  # the server's time, moved by the test alone

    def server_time() -> int:
        return now[0]

    server.state.service.now_ms = server_time
    server.state.bots.now_ms = server_time
    made = await server.lobby.http.post(
        "/api/games", json={"game": "rock_paper_scissors", "seats": 2, "clock": CLOCK}
    )
    game_id = made.json()["game_id"]
    tokens = [(await server.lobby.join(game_id, name))[1] for name in ("Ada", "Bob")]
    tries = count_appends(server, monkeypatch)
    await server.lobby.start(game_id, tokens[0])
    ada, bob = [await server.client(game_id, token) for token in tokens]
    try:
        seen = await choose(bob, bob.version)
        ends_round = await choose(ada, seen) - seen
        seen = await choose(bob, seen + ends_round)
        clocks_next = f"clock-0-{seen + ends_round}"  # Ada's own timeout in round 3
        assert await choose(ada, seen, clocks_next) == seen + ends_round
    finally:
        await ada.close()
        await bob.close()
    now[0] += 200_000  # every clock runs out
    poisoned_at = seen + ends_round
    await until(server, game_id, lambda live: live.version > poisoned_at)
    records = await server.state.store.read(game_id)
    ran_out = [r for r in records if r.command_id == clocks_next]
    assert len(ran_out) == 1 and ran_out[0].version > poisoned_at
    assert b"time_ran_out" in b"".join(r.data for r in records[poisoned_at:])
    await asyncio.sleep(0.5)
    assert tries[clocks_next] == 1


async def test_a_command_whose_id_had_landed_is_answered_but_not_counted() -> None:
    """A client that reuses a command id gets its first answer: nothing is written, and the
    metrics count the commands that appended, not the tries."""
    metrics = Metrics()
    service = GameService(SqliteStore(), metrics)
    game_id = await service.create(encode_json({"game": "rock_paper_scissors", "seats": 2}))
    tokens = [(await service.join(game_id, encode_json({"name": n})))[1] for n in ("a", "b")]
    await service.start(game_id, tokens[0])
    rock = encode_json({"type": "choose", "hand": "rock"})
    live = await service.load(game_id, fresh=True)
    first = await service.submit(game_id, 0, "mine", live.version, rock)
    await service.submit(game_id, 1, "theirs", first, rock)  # the round ends
    live = await service.load(game_id, fresh=True)
    stored = live.version
    assert await service.submit(game_id, 0, "mine", live.version, rock) == first
    assert (await service.load(game_id, fresh=True)).version == stored  # nothing written
    assert metrics.counters["commands"] == 2 and metrics.append_count == 2
    ids = [r.command_id for r in await service.store.read(game_id) if r.command_id]
    assert ids[-2:] == ["c-mine", "c-theirs"]  # clients' ids, in their own namespace
