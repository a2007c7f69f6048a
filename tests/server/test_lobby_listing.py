"""The lobby's listing keeps a summary per game: the store is read once per game and refresh
period however often the lobby asks, finished games never again, watched games not at all."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain import games
from domain.bots import random_bot
from domain.table import GameStarted, SeatClaimed, TableOpened
from projections.codec import encode
from server.live import lobby as lobby_module
from server.live.lobby import REFRESH_SECONDS, Listing
from server.store import StoreUnavailable
from tests.server.conftest import Running


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def reads(server: Running, monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Store reads per game, from the moment the test asks; `(game, after)` counts each read
    by where it started, "heads" the calls for the streams' heads."""
    store, counted = server.state.store, Counter[Any]()
    original, original_heads = store.read, store.heads

    async def read(stream: str, after: int = 0, upto: int | None = None) -> Any:
        counted[stream] += 1
        counted[stream, after] += 1
        return await original(stream, after, upto)

    async def heads(streams: list[str]) -> Any:
        counted["heads"] += 1
        return await original_heads(streams)

    monkeypatch.setattr(store, "read", read)
    monkeypatch.setattr(store, "heads", heads)
    yield counted


def listing(server: Running, clock: Clock) -> Listing:
    return Listing(server.state.service, server.state.hub, clock)


def ids(lists: dict[str, list[dict[str, Any]]], kind: str, among: list[str]) -> list[str]:
    """The games of `among` in the list of `kind`, in its order (the Redis of the suite is
    shared, so it lists other tests' games too)."""
    return [item["game_id"] for item in lists[kind] if item["game_id"] in among]


def entry(lists: dict[str, list[dict[str, Any]]], kind: str, game_id: str) -> dict[str, Any]:
    return next(item for item in lists[kind] if item["game_id"] == game_id)


async def opened_elsewhere(server: Running) -> str:
    """An open table created by another process, one seat taken: this one has no fold of it."""
    game_id = f"elsewhere{random.randrange(1 << 30)}"
    opened = TableOpened(game="eiffel_mania", seats=4, options={})
    claim = SeatClaimed(seat=0, name="near", token_hash="ab" * 32)
    await server.state.store.append(game_id, 0, [encode(opened), encode(claim)])
    await server.state.store.register(game_id)
    return game_id


async def finished_elsewhere(server: Running) -> str:
    """A game played to its end and stored by another process: its whole stream at once."""
    game = games.get("bienvenue_a_bord")
    options = msgspec.convert({}, game.options_type)
    played = play(game, 2, options, [random_bot, random_bot], random.Random(3))
    events = [TableOpened(game=game.name, seats=2, options=msgspec.to_builtins(options))]
    events += [SeatClaimed(seat=s, name=f"p{s}", token_hash="ab" * 32) for s in range(2)]
    events += [GameStarted(seats=2), *played.events]
    game_id = f"elsewhere{random.randrange(1 << 30)}"
    await server.state.store.append(game_id, 0, [encode(e) for e in events])
    await server.state.store.register(game_id)
    return game_id


async def test_asking_again_reads_nothing_until_the_refresh(
    server: Running, reads: Counter[str]
) -> None:
    opened = [(await server.seated_game(start=False))[0] for _ in range(3)]
    started = [(await server.seated_game())[0] for _ in range(3)]
    clock = Clock()
    lobby = listing(server, clock)
    first = await lobby.lists()
    assert ids(first, "open", opened) == opened[::-1]
    assert ids(first, "live", started) == started[::-1]
    reads.clear()
    for _ in range(5):  # every open lobby polls: none of it reaches the store
        assert await lobby.lists() == first
    assert not reads
    clock.now += REFRESH_SECONDS  # then one call asks for every game's head
    assert await lobby.lists() == first
    assert reads == {"heads": 1}  # and none of them moved: nothing is read


async def test_a_finished_game_is_read_once(server: Running, reads: Counter[str]) -> None:
    game_id = await finished_elsewhere(server)
    clock = Clock()
    lobby = listing(server, clock)
    assert entry(await lobby.lists(), "finished", game_id)["over"]
    assert reads[game_id] == 1
    for _ in range(3):
        clock.now += 10 * REFRESH_SECONDS
        assert ids(await lobby.lists(), "finished", [game_id]) == [game_id]
    assert reads[game_id] == 1


async def test_a_change_elsewhere_shows_within_the_refresh(server: Running) -> None:
    game_id = await server.lobby.create("eiffel_mania", 4)
    clock = Clock()
    lobby = listing(server, clock)
    assert entry(await lobby.lists(), "open", game_id)["names"] == []
    # another process claims a seat: this one learns it from the store, not from `changed`
    claim = SeatClaimed(seat=0, name="far", token_hash="cd" * 32)
    await server.state.store.append(game_id, 1, [encode(claim)])
    assert entry(await lobby.lists(), "open", game_id)["names"] == []  # within the period
    clock.now += REFRESH_SECONDS
    assert entry(await lobby.lists(), "open", game_id)["names"] == ["far"]


async def test_an_untouched_game_costs_no_read(server: Running, reads: Counter[Any]) -> None:
    game_id = await opened_elsewhere(server)
    clock = Clock()
    lobby = listing(server, clock)
    assert entry(await lobby.lists(), "open", game_id)["version"] == 2
    for _ in range(3):
        clock.now += REFRESH_SECONDS
        assert entry(await lobby.lists(), "open", game_id)["names"] == ["near"]
    # read whole once, then told apart by its head, never folded into the players' cache
    assert reads[game_id] == 1 and reads["heads"] == 4
    assert game_id not in server.state.service.games
    claim = SeatClaimed(seat=1, name="far", token_hash="cd" * 32)
    await server.state.store.append(game_id, 2, [encode(claim)])
    assert entry(await lobby.lists(), "open", game_id)["names"] == ["near"]  # within the period
    clock.now += REFRESH_SECONDS
    assert entry(await lobby.lists(), "open", game_id)["names"] == ["near", "far"]
    assert reads[game_id] == 2 and game_id not in server.state.service.games


async def test_a_stream_rewritten_under_the_kept_version_is_read_again(
    server: Running, monkeypatch: pytest.MonkeyPatch, reads: Counter[Any]
) -> None:
    game_id = await opened_elsewhere(server)
    clock = Clock()
    lobby = listing(server, clock)
    await lobby.lists()
    store, original = server.state.store, server.state.store.heads

    async def forked(streams: list[str]) -> Any:  # same version, another last event
        return {
            g: (v, "ef" * 32 if g == game_id else h)
            for g, (v, h) in (await original(streams)).items()
        }

    monkeypatch.setattr(store, "heads", forked)
    clock.now += REFRESH_SECONDS
    assert entry(await lobby.lists(), "open", game_id)["version"] == 2
    assert reads[game_id] == 2


async def test_a_game_this_server_cannot_read_is_left_out(server: Running) -> None:
    readable = await opened_elsewhere(server)
    garbled = f"elsewhere{random.randrange(1 << 30)}"  # an event of another version, say
    opened = encode(TableOpened(game="eiffel_mania", seats=4, options={}))
    await server.state.store.append(garbled, 0, [opened, b'{"type": "seat_claimed"}'])
    await server.state.store.register(garbled)
    listed = await server.lobby.http.get("/api/games")
    assert listed.status_code == 200
    assert ids(listed.json(), "open", [readable, garbled]) == [readable]


async def test_only_the_newest_games_are_looked_at(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = [(await server.seated_game(start=False))[0] for _ in range(5)]
    clock = Clock()
    lobby = listing(server, clock)
    assert ids(await lobby.lists(), "open", opened) == opened[::-1]
    monkeypatch.setattr(lobby_module, "SCAN", 3)
    clock.now += REFRESH_SECONDS
    assert ids(await lobby.lists(), "open", opened) == opened[:1:-1]
    assert not {opened[0], opened[1]} & set(lobby.kept)  # what it no longer shows, it forgets


async def test_this_process_changes_show_at_once(server: Running) -> None:
    clock = Clock()
    lobby = listing(server, clock)
    await lobby.lists()  # the store's index is read, and kept for the period
    game_id = await server.state.service.create(b'{"game": "eiffel_mania", "seats": 4}')
    assert ids(await lobby.lists(), "open", [game_id]) == []  # newer than the kept index
    lobby.created(game_id)
    assert ids(await lobby.lists(), "open", [game_id]) == [game_id]
    await server.state.service.join(game_id, b'{"name": "near"}')
    assert entry(await lobby.lists(), "open", game_id)["names"] == []  # kept, until told
    lobby.changed(game_id)
    assert entry(await lobby.lists(), "open", game_id)["names"] == ["near"]


async def test_a_watched_game_is_listed_from_its_fold(server: Running, reads: Counter[str]) -> None:
    game_id, tokens = await server.seated_game("bienvenue_a_bord", 2)
    watcher = await server.client(game_id, tokens[0])
    clock = Clock()
    lobby = listing(server, clock)
    try:
        before = entry(await lobby.lists(), "live", game_id)
        version = await server.state.service.chat(game_id, 0, "hello")
        while server.state.service.games[game_id].version < version:  # the pump folds it
            await asyncio.sleep(0.01)
        reads.clear()
        clock.now += 10 * REFRESH_SECONDS
        after = entry(await lobby.lists(), "live", game_id)
        assert after["version"] == version > before["version"]
        assert reads[game_id] == 0  # the fold the pump keeps current, not the store
        assert after["connected"] == [0]
    finally:
        await watcher.close()


async def test_each_list_holds_the_newest_games_up_to_the_limit(server: Running) -> None:
    opened = [(await server.seated_game(start=False))[0] for _ in range(5)]
    shown = await listing(server, Clock()).lists(limit=3)
    assert ids(shown, "open", opened) == opened[:1:-1]  # the three newest, newest first
    http = server.lobby.http
    listed = (await http.get("/api/games?limit=2")).json()
    assert [g["game_id"] for g in listed["open"]] == [opened[4], opened[3]]
    for bad in ("0", "101", "two", "-1", "1.5", "²", ""):
        refused = await http.get(f"/api/games?limit={bad}")
        assert refused.status_code == 400, bad
        assert "limit must be a whole number from 1 to 100" in refused.json()["detail"]


def unseated(lists: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The lists without who is connected: presence, kept in the store too, is left out
    while the store is away, and other tests' servers on the shared Redis leave theirs
    behind for a few seconds (their seats may show, then not)."""
    return {kind: [{**item, "connected": None} for item in items] for kind, items in lists.items()}


async def test_while_the_store_is_away_the_lobby_shows_what_it_read(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = (await server.seated_game(start=False))[0]
    clock = Clock()
    lobby = listing(server, clock)
    shown = unseated(await lobby.lists())
    assert entry(shown, "open", game_id)["names"] == ["p0", "p1", "p2", "p3"]
    await server.state.service.chat(game_id, 0, "hello")  # it moves: the lobby reads it again
    store, hub, asked = server.state.store, server.state.hub, Counter[str]()

    def away(what: str) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            asked[what] += 1
            raise StoreUnavailable("connection refused")

        return call

    # the index and heads still answer, the games' reads (and presence, in the store too) not
    monkeypatch.setattr(store, "read", away("read"))
    monkeypatch.setattr(hub.presence, "seats", away("presence"))
    clock.now += REFRESH_SECONDS
    assert unseated(await lobby.lists()) == shown  # as last read
    assert asked == {"read": 1}  # the first failure leaves the store alone for a period
    assert unseated(await lobby.lists()) == shown and asked == {"read": 1}
    monkeypatch.setattr(store, "heads", away("heads"))
    clock.now += REFRESH_SECONDS
    assert unseated(await lobby.lists()) == shown and asked == {"read": 1, "heads": 1}
    monkeypatch.setattr(store, "streams", away("streams"))
    clock.now += REFRESH_SECONDS
    assert unseated(await lobby.lists()) == shown and asked == {"read": 1, "heads": 1, "streams": 1}
    with pytest.raises(StoreUnavailable):  # a process that never read it has nothing to show
        await listing(server, clock).lists()


async def test_the_http_routes_tell_the_listing_what_they_changed(server: Running) -> None:
    http = server.lobby.http
    await http.get("/api/games")  # the app's listing reads the index, and keeps it a period
    game_id = (await http.post("/api/games", json={"game": "eiffel_mania", "seats": 4})).json()
    game_id = game_id["game_id"]
    assert entry((await http.get("/api/games")).json(), "open", game_id)["names"] == []
    joined = await http.post(f"/api/games/{game_id}/seats", json={"name": "near"})
    assert joined.status_code == 201
    assert entry((await http.get("/api/games")).json(), "open", game_id)["names"] == ["near"]


async def test_http_says_the_store_is_away(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def away(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("connection refused")

    monkeypatch.setattr(server.state.store, "streams", away)
    monkeypatch.setattr(server.state.store, "append", away)
    http = server.lobby.http
    for reply in (
        await http.get("/api/games"),
        await http.post("/api/games", json={"game": "eiffel_mania", "seats": 4}),
    ):
        assert reply.status_code == 503
        assert reply.json() == {"error": "busy", "detail": "the event store is unavailable; retry"}
