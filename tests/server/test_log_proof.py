"""Once a game is over anyone can check its whole log; while it runs, nobody can.

`GET /api/games/{id}/proof` gives every stored event with its salt and hash after the end, and
`plateau verify-log` recomputes the chain from it. Altering one stored event, or rewriting the
whole chain so that it holds together again, is caught: the first by the chain, the second by
the hashes a player kept from the game (`--seen`).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3

import msgspec
import pytest

from clients.python.remote_bots import play_seat
from plateau.cli import main
from server.records.proof import check, from_json, proof_of
from server.store import chained
from server.store.redis import events_key
from server.store.sqlite import SqliteStore
from tests.server.conftest import Running


async def finished(server: Running, game: str = "bienvenue_a_bord", seats: int = 2) -> str:
    game_id, tokens = await server.seated_game(game, seats)
    clients = [await server.client(game_id, token) for token in tokens]
    stop = asyncio.Event()
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, random.Random(n), stop) for n, c in enumerate(clients))),
        120,
    )
    for client in clients:
        await client.close()
    return game_id


async def verify(server: Running, game_id: str, *more: str) -> int:
    """`plateau verify-log` against the running server, in a thread (it runs its own loop)."""
    return await asyncio.to_thread(main, ["verify-log", game_id, "--server", server.url, *more])


async def rewrite(server: Running, game_id: str, version: int, data: bytes, rechain: bool) -> None:
    """Alter the stored event at `version`; with `rechain`, also every hash from there on so
    that the chain holds together (what an operator hiding the change would do)."""
    store = server.state.store
    records = await store.read(game_id)
    altered = [r.data if r.version != version else data for r in records]
    if rechain:
        new = chained(altered[version - 1 :], version - 1, records[version - 2].hash)
        records = records[: version - 1] + new
    else:
        records = [
            r if r.version != version else msgspec.structs.replace(r, data=data) for r in records
        ]
    if isinstance(store, SqliteStore):
        for r in records[version - 1 :]:
            store.db.execute(
                "UPDATE events SET data=?, prev_hash=?, hash=?, salt=?"
                " WHERE stream=? AND version=?",
                (r.data, r.prev_hash, r.hash, r.salt, game_id, r.version),
            )
        return
    client, key = store.client, events_key(game_id)
    await client.delete(key)
    for r in records:
        fields = {"d": r.data, "p": r.prev_hash, "h": r.hash, "t": r.at_ms, "s": r.salt}
        await client.xadd(key, fields, id=f"0-{r.version}")


async def test_the_proof_is_refused_while_the_game_runs(server: Running) -> None:
    game_id, _ = await server.seated_game("bienvenue_a_bord", 2)
    response = await server.lobby.http.get(f"/api/games/{game_id}/proof")
    assert response.status_code == 403
    assert "over" in response.json()["detail"]
    assert await verify(server, game_id) == 2  # cannot check yet: says why, checks nothing


async def test_a_finished_games_log_checks_out_and_an_altered_event_is_caught(
    server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = await finished(server)
    response = await server.lobby.http.get(f"/api/games/{game_id}/proof")
    assert response.status_code == 200
    proof = from_json(response.content)
    records = await server.state.store.read(game_id)
    assert proof == proof_of(game_id, records)
    assert all(r.salt for r in proof.records) and check(proof) == []
    kept = {5: records[4].hash, proof.version: proof.hash}  # hashes a player was sent
    seen = [f"--seen={v}:{h}" for v, h in kept.items()]
    assert await verify(server, game_id, *seen) == 0
    assert f"{proof.version} events" in capsys.readouterr().out

    # one stored event changed: its hash no longer follows from its bytes
    await rewrite(server, game_id, 10, records[9].data + b" ", rechain=False)
    assert await verify(server, game_id) == 1
    assert "version 10: the stored event does not give its hash" in capsys.readouterr().out


async def test_a_rewritten_chain_is_caught_by_the_hashes_a_player_kept(
    server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = await finished(server)
    records = await server.state.store.read(game_id)
    kept = f"--seen={len(records)}:{records[-1].hash}"
    await rewrite(server, game_id, 10, records[9].data + b" ", rechain=True)
    assert await verify(server, game_id) == 0  # it holds together by itself...
    capsys.readouterr()
    assert await verify(server, game_id, kept) == 1  # ...but not with what was sent
    assert f"version {len(records)}: the hash you were sent is not in this log" in (
        capsys.readouterr().out
    )


async def test_verify_log_reads_a_store_directly(tmp_path: object) -> None:
    path = f"{tmp_path}/events.db"
    store = SqliteStore(path)
    await store.append("g", 0, [b'{"type":"e","i":1}', b'{"type":"e","i":2}'])
    await store.close()
    assert await asyncio.to_thread(main, ["verify-log", "g", "--store", f"sqlite:///{path}"]) == 0
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET data=? WHERE version=2", (b'{"type":"e","i":3}',))
    db.commit()
    db.close()
    assert await asyncio.to_thread(main, ["verify-log", "g", "--store", f"sqlite:///{path}"]) == 1
