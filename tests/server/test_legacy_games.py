"""Games stored before salts: they load, play on and resume, and their unsalted hashes (which
would confirm guesses) are never sent; the events appended from now on are salted."""

from __future__ import annotations

import random

from clients.python.client import GameClient
from domain import games
from domain.bots import random_bot
from domain.rules import FIRST, options_for
from domain.table import GameStarted, SeatClaimed, TableOpened
from projections.codec import encode
from server.store.redis import events_key
from server.store.sqlite import SqliteStore
from server.table.tokens import new_token, token_hash
from tests.server.conftest import Running
from tests.store import unsalted


async def stored_before_salts(server: Running) -> tuple[str, list[str], list[str]]:
    """A Bienvenue à bord game, started and a few moves in, written as the stores did before
    salts: its id, the seats' tokens and the unsalted hashes."""
    game = games.get("bienvenue_a_bord")
    options = options_for(game, {}, FIRST)  # stored before versions: version 1's rules
    tokens = [new_token() for _ in range(2)]
    events = [TableOpened(game=game.name, seats=2, options={})]
    events += [
        SeatClaimed(seat=n, name=f"p{n}", token_hash=token_hash(t)) for n, t in enumerate(tokens)
    ]
    events.append(GameStarted(seats=2))
    state = game.initial(2, options)
    rng = random.Random(4)
    setup = game.setup(state, rng)
    state = game.fold(setup, state)
    events += setup
    for _ in range(6):
        seat = next(s for s in range(2) if game.legal(state, s))
        new = game.decide(
            state, seat, random_bot(game, state, seat, game.legal(state, seat), rng), rng
        )
        state = game.fold(new, state)
        events += new
    records = unsalted([encode(e) for e in events])
    game_id = f"legacy{random.randrange(1 << 30)}"
    store = server.state.store
    if isinstance(store, SqliteStore):
        store.db.executemany(
            "INSERT INTO events (stream, version, data, prev_hash, hash, at_ms)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, r.version, r.data, r.prev_hash, r.hash, r.at_ms) for r in records],
        )
    else:
        for r in records:
            fields = {"d": r.data, "p": r.prev_hash, "h": r.hash, "t": r.at_ms}
            await store.client.xadd(events_key(game_id), fields, id=f"0-{r.version}")
    await store.register(game_id)
    return game_id, tokens, [r.hash for r in records]


def sent(client: GameClient) -> bytes:
    return b"".join(encode(frame) for frame in client.frames)


async def kinds_on_resume(client: GameClient) -> list[str]:
    """The frames a client gets when it reconnects from where it was, up to a ping's pong."""
    await client.close()
    client.frames.clear()
    await client.connect(resume=True)
    await client.send({"type": "ping"})
    await client.wait_for(lambda c: any(f["type"] == "pong" for f in c.frames))
    return [f["type"] for f in client.frames]


async def test_an_old_game_loads_resumes_and_plays_on_salted(server: Running) -> None:
    game_id, tokens, old_hashes = await stored_before_salts(server)
    watcher = await server.client(game_id, record=True)
    assert watcher.hash == ""  # nothing is published for a version stored unsalted
    seat = await server.client(game_id, tokens[0], record=True)
    other = await server.client(game_id, tokens[1], record=True)
    # a resume from an old version gets a fresh snapshot: an empty hash never matches
    resumed = await server.client(game_id, record=True)
    assert await kinds_on_resume(resumed) == ["welcome", "snapshot", "pong"]
    # the game plays on; what is appended now is salted and its hash published
    mover = seat if seat.legal else other
    reply = await mover.command(mover.legal[0], seen_version=mover.version)
    assert reply["type"] == "ack"
    await watcher.wait_version(reply["version"])
    stored = await server.state.store.read(game_id)
    assert all(not r.salt for r in stored[: len(old_hashes)])
    assert all(len(r.salt) == 16 for r in stored[len(old_hashes) :])
    assert watcher.hash == stored[-1].hash != ""
    # and a resume from there is an update again
    assert await kinds_on_resume(watcher) == ["welcome", "pong"]  # nothing missed
    # no unsalted hash ever left the server, by socket or by the time-travel endpoint
    http = server.lobby.http
    views = b"".join(
        [
            (await http.get(f"/api/games/{game_id}/view?version={v}")).content
            for v in range(1, len(stored) + 1)
        ]
    )
    for client in (watcher, seat, other, resumed):
        received = sent(client) + views
        assert not any(h.encode() in received for h in old_hashes)
        await client.close()
