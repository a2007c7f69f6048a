"""The floor with the game: the bare relay's plumbing around Plateau's own game work.

`python -m bench.lean PORT STORE_URL` serves the driver as `bench/relay.py` does (the
websockets library's server on uvloop, frames written with `websockets.broadcast()`), but each
command runs the production code a Plateau server runs for it: `GameService.submit` (decode,
decide, encode, append through the server's store), `LiveGame.extend` (the fold) and, for each
distinct viewer (every seat, the spectators together), its update, built as the hub builds it
(`projections.updates`) and broadcast to the sockets that share it. What it leaves out is
Plateau's plumbing: uvicorn and Starlette, the pump (the fold takes the events it appended at
once, as only a single process may), presence, per-socket queues and checks. Its figures are
what a server doing Plateau's work reaches on this stack; Plateau's distance from them is its
plumbing.

A game is any new `game_id`: the first hello opens it (four seats, started, hands dealt, the
opening of `bench.inproc.game_events`); the seat is the token's number and a socket without a
token watches.
"""

from __future__ import annotations

import asyncio
import gc
import sys
from collections import defaultdict
from collections.abc import Sequence

import msgspec
import uvloop
from websockets.asyncio.server import ServerConnection, broadcast, serve

from bench import relay
from bench.counter_game import register
from bench.inproc import game_events
from domain.kernel import SPECTATOR, Rejected, Seat, Viewer
from domain.protocol import CommandRejected
from projections.codec import encode
from projections.live import LiveGame
from projections.patch import Parts, parts
from projections.snapshot import snapshot
from projections.updates import Updates
from server.ops.config import Settings
from server.ops.logs import configure
from server.ops.metrics import Metrics
from server.store import EventStore, chained
from server.store.adapters import open_store
from server.table.service import GameService

OPENING = game_events(7)  # opened, four seats claimed, started, dealt


class Frame(relay.Frame):
    command: msgspec.Raw = msgspec.Raw(b"null")  # the game's command, decoded by the service


class Keeping:
    """The store, keeping the bytes of each stream's last append for the fold."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.last: dict[str, list[bytes]] = {}

    async def append(
        self,
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None = None,
        expected_hash: str | None = None,
    ) -> int:
        # the fold here chains the events with salts of its own (`command`), so its hashes
        # are not the store's: the store is asked to check versions only
        version = await self.store.append(stream, expected, events, command_id)
        self.last[stream] = list(events)
        return version

    def __getattr__(self, name: str) -> object:  # read, recall: the store's own
        return getattr(self.store, name)


class Lean:
    def __init__(self, store: EventStore) -> None:
        self.store = Keeping(store)
        # Keeping has the store's other methods through __getattr__, which mypy cannot see
        self.service = GameService(self.store, Metrics())  # type: ignore[arg-type]
        self.viewers: dict[str, dict[Viewer, set[ServerConnection]]] = defaultdict(
            lambda: defaultdict(set)
        )
        self.opening: dict[str, asyncio.Task[LiveGame]] = {}
        # per game and viewer, the game view its sockets hold (all at the same version here)
        self.views: dict[str, dict[Viewer, Parts]] = defaultdict(dict)
        self.decode = msgspec.json.Decoder(Frame).decode

    async def open(self, game_id: str) -> LiveGame:
        await self.store.append(game_id, 0, OPENING)
        return await self.service.load(game_id)

    async def handler(self, ws: ServerConnection) -> None:
        sockets: set[ServerConnection] = set()
        try:
            hello = self.decode(await ws.recv())
            game_id = hello.game_id
            if game_id not in self.opening:
                self.opening[game_id] = asyncio.ensure_future(self.open(game_id))
            live = await self.opening[game_id]
            viewer: Viewer = SPECTATOR if hello.token is None else Seat(int(hello.token))
            sockets = self.viewers[game_id][viewer]
            sockets.add(ws)
            first = snapshot(live, viewer)
            self.views[game_id][viewer] = parts(first.view["game"])
            await ws.send(encode(first).decode())
            async for message in ws:
                frame = self.decode(message)
                if frame.type == "command" and isinstance(viewer, Seat):
                    await self.command(ws, live, viewer.n, frame)
        except Exception:
            pass
        finally:
            sockets.discard(ws)

    async def command(self, ws: ServerConnection, live: LiveGame, seat: int, frame: Frame) -> None:
        game_id = live.game_id
        try:
            version = await self.service.submit(
                game_id, seat, frame.id, frame.seen_version, bytes(frame.command)
            )
        except Rejected as refusal:
            refused = CommandRejected(id=frame.id, reason=refusal.reason.value, detail="")
            await ws.send(encode(refused).decode())
            return
        data = self.store.last.pop(game_id)
        after = version - len(data)
        live.extend(chained(data, after, live.hash))
        await ws.send(encode(relay.Ack(id=frame.id, version=version)).decode())
        updates = Updates(live)
        views = self.views[game_id]
        for viewer, sockets in self.viewers[game_id].items():
            broadcast(sockets, updates.frame(viewer, after, views[viewer]).decode())
            views[viewer] = updates.parts(viewer)


async def main(port: int, store_url: str) -> None:
    settings = Settings.from_env()  # PLATEAU_*, as the server reads them
    configure(settings.log_format, settings.log_level)
    gc.set_threshold(*settings.gc_threshold)
    register()
    lean = Lean(open_store(store_url))
    async with serve(lean.handler, "127.0.0.1", port, compression=None, max_size=1 << 20):
        print(f"lean server on {port}", flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    uvloop.run(main(int(sys.argv[1]), sys.argv[2]))
