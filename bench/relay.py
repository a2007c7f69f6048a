"""The floor of a closed loop: a bare relay with Plateau's wire protocol and event store.

`python -m bench.relay PORT STORE_URL` speaks just enough of the protocol for the driver: a
hello gets a snapshot; a command is appended to its game's stream through the server's own
store (`open_store`: for Redis the same Lua script, group commit and lean connection, for
SQLite the same transaction per tick), then the mover gets an ack and every socket of the game
the same update, written with `websockets.broadcast()`. There is no game, no fold, no
per-viewer view, no pump: what is left is the cost of the websockets library, the event loop
and one append per action. A game is any `game_id`; the seat is the token's number and a
socket without a token watches.

With STORE_URL `none` it stores nothing: each command is answered at once, its version the
game's next. That is the floor of the closed loop itself (scenario 3): bots sending a command
once every viewer has the last update, a server answering with `broadcast()`.
"""

from __future__ import annotations

import asyncio
import sys
from collections import defaultdict

import msgspec
import uvloop
from websockets.asyncio.server import ServerConnection, broadcast, serve

from server.store import EventStore, WrongExpectedVersion
from server.store.adapters import open_store

PLAYERS = 4
EVENT = b'{"type":"bumped","amount":1}'


class Frame(msgspec.Struct):
    type: str
    game_id: str = ""
    token: str | None = None
    id: str = ""
    seen_version: int = 0


class Ack(msgspec.Struct, tag_field="type", tag="ack"):
    id: str
    version: int


def update(kind: str, version: int) -> str:
    turn = version % PLAYERS
    return (
        f'{{"type":"{kind}","version":{version},"hash":"","live":true,'
        f'"view":{{"table":{{}},"game":{{"turn":{turn}}}}},"events":[],"log":[],"legal":[]}}'
    )


class Relay:
    def __init__(self, store: EventStore | None) -> None:
        self.store = store
        self.games: dict[str, set[ServerConnection]] = defaultdict(set)
        self.versions: dict[str, int] = defaultdict(int)
        self.decode = msgspec.json.Decoder(Frame).decode

    async def handler(self, ws: ServerConnection) -> None:
        game_id = ""
        try:
            hello = self.decode(await ws.recv())
            game_id = hello.game_id
            self.games[game_id].add(ws)
            await ws.send(update("snapshot", self.versions[game_id]))
            async for message in ws:
                frame = self.decode(message)
                if frame.type == "command":
                    await self.command(ws, game_id, frame)
        except Exception:
            pass
        finally:
            self.games[game_id].discard(ws)

    async def command(self, ws: ServerConnection, game_id: str, frame: Frame) -> None:
        if self.store is None:  # nothing stored: the version is the game's next
            if frame.seen_version != self.versions[game_id]:
                return
            version = frame.seen_version + 1
        else:
            try:
                version = await self.store.append(game_id, frame.seen_version, [EVENT], frame.id)
            except WrongExpectedVersion:
                return
        self.versions[game_id] = version
        await ws.send(msgspec.json.encode(Ack(id=frame.id, version=version)).decode())
        broadcast(self.games[game_id], update("update", version))


async def main(port: int, store_url: str) -> None:
    relay = Relay(None if store_url == "none" else open_store(store_url))
    async with serve(relay.handler, "127.0.0.1", port, compression=None, max_size=1 << 20):
        print(f"relay on {port}", flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    uvloop.run(main(int(sys.argv[1]), sys.argv[2]))
