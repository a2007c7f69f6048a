"""Provably fair randomness through the server, on both stores.

Every game commits to its secret at the start (GET /api/games/{id} shows the commitment), draws
from it alone, and reveals it with the events that end it; `plateau verify-fairness` then
decides every recorded decision again from the revealed secret. A draw, an outcome or the
revealed secret altered in the store (with the hash chain rebuilt around it, as an operator
hiding the change would) is caught and named. Games stored before this load, play on, and
the check says they have no commitment.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random

import msgspec
import pytest

from clients.python.remote_bots import play_seat
from domain import games
from domain.fairness import DrawsRecorded, FairnessCommitted, SecretRevealed
from domain.rules import ResultRecorded
from plateau.cli import main
from projections.codec import decoder
from tests.per_game import draws, seats
from tests.server.conftest import Running
from tests.server.test_legacy_games import stored_before_salts
from tests.server.test_log_proof import finished, rewrite

STORES_ONLY = True  # the stock websocket path runs the other modules (conftest.py)


async def stored(server: Running, game_id: str) -> list[tuple[int, object]]:
    records = await server.state.store.read(game_id)
    game = msgspec.json.decode(records[0].data)["game"]
    decode = decoder(game).decode
    return [(r.version, decode(r.data)) for r in records]


async def verify_fairness(server: Running, game_id: str, *where: str) -> int:
    args = ["verify-fairness", game_id, *(where or ("--server", server.url))]
    return await asyncio.to_thread(main, args)


@pytest.mark.parametrize("name", sorted(games.names()))
async def test_every_game_reveals_the_secret_it_committed_to_and_checks_out(
    server: Running, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = await finished(server, name, seats(name))
    events = await stored(server, game_id)
    kinds = [type(e) for _, e in events]
    # the commitment comes with the start, before the setup's draws and events
    assert kinds[kinds.index(FairnessCommitted) - 1].__name__ == "GameStarted"
    committed = next(e for _, e in events if isinstance(e, FairnessCommitted))
    revealed = next(e for _, e in events if isinstance(e, SecretRevealed))
    assert len(revealed.secret) == 64 and committed.secret == revealed.secret
    assert hashlib.sha256(bytes.fromhex(revealed.secret)).hexdigest() == committed.commitment
    assert kinds[-2:] == [SecretRevealed, ResultRecorded]  # stored with the end
    if draws(name):  # a game may draw nothing (rock-paper-scissors)
        assert DrawsRecorded in kinds
    summary = (await server.lobby.http.get(f"/api/games/{game_id}")).json()
    assert summary["fairness"] == {
        "commitment": committed.commitment,
        "revealed": revealed.secret,
    }
    capsys.readouterr()
    assert await verify_fairness(server, game_id) == 0
    out = capsys.readouterr().out
    assert (
        f"{game_id}: fair: the revealed secret matches the commitment {committed.commitment}" in out
    )
    assert "give exactly the stored draws and events" in out


async def test_while_the_game_runs_the_secret_reaches_nobody(server: Running) -> None:
    game_id, tokens = await server.seated_game("eiffel_mania", 4)
    events = await stored(server, game_id)
    secret = next(e for _, e in events if isinstance(e, FairnessCommitted)).secret
    http = server.lobby.http
    summary = (await http.get(f"/api/games/{game_id}")).json()
    assert summary["fairness"]["revealed"] is None
    assert summary["fairness"]["commitment"] == hashlib.sha256(bytes.fromhex(secret)).hexdigest()
    received = [json.dumps(summary)]
    for token in [None, *tokens]:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        received.append((await http.get(f"/api/games/{game_id}/events", headers=headers)).text)
        for version in range(1, len(events) + 1):
            view = await http.get(f"/api/games/{game_id}/view?version={version}", headers=headers)
            received.append(view.text)
        client = await server.client(game_id, token, record=True)
        received += [json.dumps(frame) for frame in client.frames]
        await client.close()
    assert all(secret not in text for text in received)
    shown = [json.loads(line)["event"] for line in received[1].splitlines()]
    sealed = [e for e in shown if e["type"] in ("fairness_committed", "draws_recorded")]
    assert sealed[0] == {
        "type": "fairness_committed",
        "commitment": summary["fairness"]["commitment"],
        "secret": "",
    }
    assert all(
        e
        == {
            "type": "draws_recorded",
            "label": "",
            "seat": None,
            "command": None,
            "draws": [],
            "events": 0,
        }
        for e in sealed[1:]
    )
    assert await verify_fairness(server, game_id) == 2  # the proof is not published yet


async def vertigo_with_dice(server: Running) -> tuple[str, list[tuple[int, object]]]:
    """A finished Vertigo game in which some command drew (a die rolled after a move)."""
    for _ in range(5):
        game_id = await finished(server, "vertigo", 3)
        events = await stored(server, game_id)
        if any(isinstance(e, DrawsRecorded) and e.label != "setup" for _, e in events):
            return game_id, events
    raise AssertionError("no Vertigo game rolled a die after its setup")


async def test_an_altered_draw_is_caught(
    server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, events = await vertigo_with_dice(server)
    version, record = next(
        (v, e) for v, e in events if isinstance(e, DrawsRecorded) and e.label != "setup"
    )
    assert isinstance(record, DrawsRecorded)
    (bound, result), *rest = record.draws
    altered = msgspec.structs.replace(record, draws=((bound, (result + 1) % bound), *rest))
    await rewrite(server, game_id, version, msgspec.json.encode(altered), rechain=True)
    capsys.readouterr()
    assert await verify_fairness(server, game_id) == 1
    assert (
        f"{game_id}: version {version}: draw 1 of decision '{record.label}': the log says"
        f" {(result + 1) % bound} (below {bound}), the secret gives {result}"
    ) in capsys.readouterr().out.splitlines()
    assert await asyncio.to_thread(main, ["verify-log", game_id, "--server", server.url]) == 0


async def test_an_altered_outcome_is_caught(
    server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    """A die face changed in the stored event that followed the draw; the record of the draw
    is left alone, and the chain rebuilt: only deciding again from the secret tells."""
    game_id, events = await vertigo_with_dice(server)
    by_version = dict(events)
    version, face = next(
        (v, by_version[v].face)
        for at, record in events
        if isinstance(record, DrawsRecorded) and record.label != "setup"
        for v in range(at + 1, at + 1 + record.events)
        if hasattr(by_version[v], "face")
    )
    other = "sun" if face != "sun" else "cloud"
    altered = msgspec.structs.replace(by_version[version], face=other)
    await rewrite(server, game_id, version, msgspec.json.encode(altered), rechain=True)
    capsys.readouterr()
    assert await verify_fairness(server, game_id) == 1
    out = capsys.readouterr().out
    assert f"version {version} (" in out
    assert f'face: the log has "{other}", the secret gives "{face}"' in out


async def test_an_altered_revealed_secret_is_caught(
    server: Running, capsys: pytest.CaptureFixture[str], redis_url: str
) -> None:
    game_id = await finished(server, "bienvenue_a_bord", 2)
    version = next(v for v, e in await stored(server, game_id) if isinstance(e, SecretRevealed))
    forged = SecretRevealed(secret=random.Random(1).randbytes(32).hex())
    await rewrite(server, game_id, version, msgspec.json.encode(forged), rechain=True)
    capsys.readouterr()
    assert await verify_fairness(server, game_id) == 1
    assert f"version {version}: the revealed secret does not match the commitment" in (
        capsys.readouterr().out
    )
    if server.state.store.__class__.__name__ == "RedisStore":  # an operator reads the store
        assert await verify_fairness(server, game_id, "--store", redis_url) == 1


async def test_a_game_stored_before_fair_randomness_plays_on_and_says_it_has_no_commitment(
    server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, tokens, _ = await stored_before_salts(server)
    summary = (await server.lobby.http.get(f"/api/games/{game_id}")).json()
    assert summary["fairness"] is None and summary["rules"] == 1
    clients = [await server.client(game_id, token) for token in tokens]
    stop = asyncio.Event()
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, random.Random(n), stop) for n, c in enumerate(clients))),
        120,
    )
    assert all(c.over for c in clients)
    for client in clients:
        await client.close()
    kinds = [type(e) for _, e in await stored(server, game_id)]
    assert FairnessCommitted not in kinds and SecretRevealed not in kinds
    assert kinds[-1] is ResultRecorded  # its end is recorded all the same
    capsys.readouterr()
    assert await verify_fairness(server, game_id) == 2
    assert "no commitment: this game was stored before fair randomness" in capsys.readouterr().err
