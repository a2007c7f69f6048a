"""The physical references: a bare `websockets` server on uvloop (no app, no store).

`python -m bench.raw_ws PORT` echoes every frame back. A text frame `{"count": n, "size": s}`
makes it `websockets.broadcast()` n frames of s bytes to every connection (the library's
floor for fan-out). Idle connections cost only what the library costs (idle reference).
"""

from __future__ import annotations

import asyncio
import json
import sys

import uvloop
from websockets.asyncio.server import ServerConnection, broadcast, serve

CONNECTIONS: set[ServerConnection] = set()


async def handler(ws: ServerConnection) -> None:
    CONNECTIONS.add(ws)
    try:
        async for message in ws:
            if isinstance(message, str) and message.startswith("{"):
                order = json.loads(message)
                frame = "x" * int(order["size"])
                for _ in range(int(order["count"])):
                    broadcast(CONNECTIONS, frame)
                    await asyncio.sleep(0)  # let the loop flush, as a server between views
            else:
                await ws.send(message)
    except Exception:
        pass
    finally:
        CONNECTIONS.discard(ws)


async def main(port: int) -> None:
    async with serve(handler, "127.0.0.1", port, compression=None, max_size=1 << 20):
        print(f"raw websockets on {port}", flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    uvloop.run(main(int(sys.argv[1])))
