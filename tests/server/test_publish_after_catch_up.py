"""A fold that moves outside the hub's pump (a socket's hello or a command read the stream
itself) is published at once: the pump only reads beyond the fold, so it would never bring
those versions, and sockets that saw less would wait for the game's next event. In a game
waiting on one of them, that was a stall (found by the fault tests)."""

from __future__ import annotations

import msgspec

from domain.kernel import Seat
from server.live.connection import Connection
from server.live.fanout import Hub
from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService


def payload(frame: bytes) -> bytes:
    """The text of an unmasked websocket frame."""
    size = frame[1]
    return frame[2:] if size < 126 else frame[4:] if size == 126 else frame[10:]


async def test_versions_folded_by_a_read_reach_the_sockets_at_once(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    here, elsewhere = (
        GameService(open_store(url), Metrics()),
        GameService(open_store(url), Metrics()),
    )
    hub = Hub(here)  # not started: no pump, so only the fold's own news can reach the socket
    game_id = await elsewhere.create(b'{"game": "eiffel_mania", "seats": 4}')
    tokens = [(await elsewhere.join(game_id, b'{"name": "p%d"}' % n))[1] for n in range(4)]

    frames: list[bytes] = []

    async def close(code: int) -> None:
        raise AssertionError(f"closed with {code}")

    conn = Connection(game_id, Seat(1), 10, close, None, lambda f: frames.append(f) or True)
    live = await here.load(game_id, fresh=True)
    await hub.attach(conn, live, None, None)
    assert conn.sent_version == 5 and len(frames) == 1  # the snapshot

    await elsewhere.start(game_id, tokens[0])  # another process moves the game on
    await here.load(game_id, fresh=True)  # a hello on this process reads the stream

    assert conn.sent_version == live.version > 5
    update = msgspec.json.decode(payload(frames[-1]))
    assert update["type"] == "update" and update["version"] == live.version
    await here.store.close()
    await elsewhere.store.close()
