"""Bienvenue à bord's two rules versions through the server (issue 31): a game opened under
version 1, before the change, plays on by version 1 and a new game by version 2, and `plateau
verify` on a store holding games of both versions counts each population folding the same."""

from __future__ import annotations

import asyncio
import random
import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.bots import random_bot
from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.messages import Choice, Event, PeopleChecked, Resolve
from domain.table import GameStarted, SeatClaimed, TableOpened
from plateau.cli import main
from projections.codec import decoder, encode
from server.ops.metrics import Metrics
from server.records.verify import report, verify_store
from server.store import EventStore
from server.store.adapters import open_store
from server.table.service import GameService
from server.table.tokens import new_token, token_hash
from tests.domain.bienvenue_a_bord.positions import boarded, dealt, opened
from tests.domain.bienvenue_a_bord.rules_model import symbol_checks
from tests.server.conftest import Running
from tools import golden

NAME = "bienvenue_a_bord"
GAME_EVENTS = typing.get_args(Event)


async def stored_at(store: EventStore, rules: int, position: list[Any]) -> str:
    """A game opened under `rules`, seated and started, then at `position` (its own events),
    written into the store as the server of its day wrote it."""
    table: list[Any] = [TableOpened(game=NAME, seats=2, options={}, rules=rules)]
    table += [SeatClaimed(seat=n, name=f"p{n}", token_hash=token_hash(new_token())) for n in (0, 1)]
    table.append(GameStarted(seats=2))
    game_id = f"rules{rules}-{random.randrange(1 << 30)}"
    await store.append(game_id, 0, [encode(e) for e in [*table, *position]])
    await store.register(game_id)
    return game_id


def flat(*parts: Any) -> list[Any]:
    return [e for part in parts for e in (part if isinstance(part, list) else [part])]


def board(card: str, cabin: str) -> bytes:
    return msgspec.json.encode(Resolve(card=card, choice=Choice(cabin=cabin)))


# Seat 1 took a Sun passenger with one who needs Sun; it resolves the Sun first.
SUN_FIRST = (
    flat(dealt("PAS14", ("PAS27", "PAS05")), opened(0, "1A"), opened(1, "1A", "2A", "2B")),
    [board("PAS05", "1A"), board("PAS27", "2A")],
)
# Two Games in cabins and one chosen for the bonus box: a third cabin Game boards.
THIRD_GAME = (
    flat(
        dealt("PAS14", ("PAS10", "OBJ02")),
        opened(0, "1A"),
        boarded(1, "1A", symbol="game"),
        boarded(1, "1B", symbol="game"),
        msgspec.convert({"type": "bonus_symbol_chosen", "seat": 1, "symbol": "game"}, Event),
        opened(1, "2A"),
    ),
    [board("PAS10", "2A")],
)


async def played(server: Running, rules: int, case: tuple[list[Any], list[bytes]]) -> Any:
    """The game stored at the case's position under `rules`, after seat 1's commands went
    through the service: its id, and the people checked by them."""
    position, commands = case
    service = server.state.service
    game_id = await stored_at(server.state.store, rules, position)
    before = len(await server.state.store.read(game_id))
    for n, command in enumerate(commands):
        live = await service.load(game_id, fresh=True)
        assert live.table.rules == live.table.state.options.rules == rules
        await service.submit(game_id, 1, f"c{n}", live.version, command)
    records = (await server.state.store.read(game_id))[before:]
    decode = decoder(NAME).decode
    checked = [e for e in map(decode, (r.data for r in records)) if isinstance(e, PeopleChecked)]
    return game_id, [(e.satisfied, e.unhappy, e.why) for e in checked if e.seat == 1]


async def test_a_version_1_game_plays_on_by_version_1_a_new_one_by_version_2(
    server: Running,
) -> None:
    old_sun, checked = await played(server, 1, SUN_FIRST)
    assert checked == []  # version 1: the Sun resolved first contents him
    new_sun, checked = await played(server, 2, SUN_FIRST)
    assert checked == [(0, 1, "no_sun_when_taken")]
    old_game, checked = await played(server, 1, THIRD_GAME)
    assert checked == [(4, 0, "game")]
    new_game, checked = await played(server, 2, THIRD_GAME)
    assert checked == [(3, 0, "game_in_cabins")]

    ids = [old_sun, new_sun, old_game, new_game]
    verdicts = [v for game_id in ids for v in await verify_store(server.state.store, game_id)]
    assert report(verdicts) == (
        [
            f"{NAME}, rules 1: 2 of 2 fold the same (0 finished, 2 running, 0 open)",
            f"{NAME}, rules 2: 2 of 2 fold the same (0 finished, 2 running, 0 open)",
            "4 games checked",
        ],
        False,
    )


# ---------------------------------------------------------------- a store of both versions


async def filled(url: str) -> tuple[str, int]:
    """The store at `url` holding the golden streams of both versions as they were stored, the
    running version-1 one played on to its end and a new game played to its end: the id of
    the version-1 game played on, and how many commands it took to end."""
    store = open_store(url)
    service = GameService(store, Metrics())
    try:
        ids = {}
        for path in sorted(golden.STREAMS.glob(f"{NAME}*.jsonl")):
            if ".undo-fork" in path.name:  # a fork of a version-2 game: not one of its plays
                continue
            ids[path.stem] = path.stem.replace(".", "-")
            await store.append(ids[path.stem], 0, path.read_bytes().splitlines())
            await store.register(ids[path.stem])
        old = ids[f"{NAME}.running"]
        moves = await play_on(service, old, rules=1)
        new = await service.create(msgspec.json.encode({"game": NAME, "seats": 2}))
        names = [msgspec.json.encode({"name": f"p{n}"}) for n in range(2)]
        tokens = [(await service.join(new, name))[1] for name in names]
        await service.start(new, tokens[0])
        await play_on(service, new, rules=2)
    finally:
        await store.close()
    return old, moves


async def play_on(service: GameService, game_id: str, rules: int) -> int:
    """Random bots play the game to its end through the service, by its rules version."""
    bots = random.Random(31)
    for n in range(100_000):
        live = await service.load(game_id, fresh=True)
        if live.over:
            return n
        state = live.table.state
        assert state.options.rules == rules
        seat = bots.choice([s for s in (0, 1) if game.legal(state, s)])
        command = random_bot(game, state, seat, game.legal(state, seat), bots)
        await service.submit(game_id, seat, f"on{n}", live.version, msgspec.json.encode(command))
    raise AssertionError("the game did not end")


def test_verify_counts_both_versions_of_a_store_as_folding_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path}/plateau.db"
    old, moves = asyncio.run(filled(url))
    assert moves > 10
    capsys.readouterr()
    assert main(["verify", "--store", url]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{NAME}, rules 1: 2 of 2 fold the same (2 finished, 0 running, 0 open)",
        f"{NAME}, rules 2: 3 of 3 fold the same (2 finished, 1 running, 0 open)",
        "5 games checked",
    ]
    # the version-1 game played on today was decided by version 1 to its end
    events = asyncio.run(read(url, old))
    symbol_checks(game.initial(2, Options(rules=1)), events, 1)


async def read(url: str, game_id: str) -> list[Any]:
    store = open_store(url)
    try:
        records = await store.read(game_id)
    finally:
        await store.close()
    decode = decoder(NAME).decode
    return [e for e in (decode(r.data) for r in records) if isinstance(e, GAME_EVENTS)]
