"""A webhook receiver for scenario 10, in a process of its own: it reads each request, answers
204 on the same connection (keep-alive), and counts the requests and the distinct
`Idempotency-Key`s it saw; every second it writes the counts to the file it is given.

    python -m bench.hook_sink PORT COUNTS_FILE
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

ANSWER = b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n"


class Sink:
    def __init__(self, counts: Path) -> None:
        self.counts = counts
        self.requests = 0
        self.ids: set[bytes] = set()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length, key = 0, b""
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    name = name.strip().lower()
                    if name == b"content-length":
                        length = int(value)
                    elif name == b"idempotency-key":
                        key = value.strip()
                await reader.readexactly(length)
                self.requests += 1
                self.ids.add(key)
                writer.write(ANSWER)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def report(self) -> None:
        while True:
            await asyncio.sleep(1)
            counts = {"requests": self.requests, "ids": len(self.ids)}
            self.counts.write_text(json.dumps(counts))


async def main(port: int, counts: Path) -> None:
    sink = Sink(counts)
    server = await asyncio.start_server(sink.serve, "127.0.0.1", port)
    async with server:
        await asyncio.gather(server.serve_forever(), sink.report())


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), Path(sys.argv[2])))
