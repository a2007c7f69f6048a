"""A loopback TCP proxy for fault tests: forward, drop (reset) or stall connections on demand.

    proxy = TcpProxy("127.0.0.1", upstream_port)
    await proxy.start()            # proxy.port is where clients connect
    proxy.stall()                  # stop moving bytes both ways (sockets stay open)
    proxy.resume()                 # move them again
    await proxy.drop()             # reset every open connection (RST, like a cut cable)
    proxy.refuse = True            # new connections are reset at once (the link is down)
    await proxy.stop()

Run as a script it forwards `--listen` to `--upstream` until interrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import struct

CHUNK = 64 * 1024


class _Link:
    """One client connection and its upstream twin."""

    def __init__(
        self,
        client: tuple[asyncio.StreamReader, asyncio.StreamWriter],
        upstream: tuple[asyncio.StreamReader, asyncio.StreamWriter],
    ) -> None:
        self.client = client
        self.upstream = upstream
        self.tasks: list[asyncio.Task[None]] = []

    def reset(self) -> None:
        """Close both sides with RST (SO_LINGER 0): the peers see a broken connection."""
        for _, writer in (self.client, self.upstream):
            sock = writer.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()
        for task in self.tasks:
            task.cancel()


class TcpProxy:
    def __init__(
        self, upstream_host: str, upstream_port: int, listen_port: int = 0, rcvbuf: int = 0
    ) -> None:
        self.rcvbuf = rcvbuf  # >0: a small receive buffer upstream, so a stall backs up sooner
        self.upstream_host = upstream_host
        self.upstream_port = upstream_port
        self.listen_port = listen_port
        self.port = 0
        self.links: set[_Link] = set()
        self.refuse = False
        self.accepted = 0
        self._flowing = asyncio.Event()
        self._flowing.set()
        self._server: asyncio.Server | None = None

    async def start(self) -> TcpProxy:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.listen_port)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        await self.drop()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    def stall(self) -> None:
        """Stop forwarding in both directions; bytes pile up in the kernel buffers."""
        self._flowing.clear()

    def resume(self) -> None:
        self._flowing.set()

    async def drop(self) -> int:
        """Reset every open connection; the number reset."""
        links = list(self.links)
        for link in links:
            link.reset()
        self.links.clear()
        await asyncio.sleep(0)
        return len(links)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refuse:
            _Link((reader, writer), (reader, writer)).reset()
            return
        try:
            upstream = await asyncio.wait_for(self._connect(), 5)
        except (OSError, TimeoutError):
            _Link((reader, writer), (reader, writer)).reset()
            return
        self.accepted += 1
        link = _Link((reader, writer), upstream)
        self.links.add(link)
        link.tasks = [
            asyncio.create_task(self._pipe(reader, upstream[1], link)),
            asyncio.create_task(self._pipe(upstream[0], writer, link)),
        ]

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if not self.rcvbuf:
            return await asyncio.open_connection(self.upstream_host, self.upstream_port)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.rcvbuf)
        sock.setblocking(False)
        try:
            await asyncio.get_running_loop().sock_connect(
                sock, (self.upstream_host, self.upstream_port)
            )
        except OSError:
            sock.close()
            raise
        return await asyncio.open_connection(sock=sock, limit=self.rcvbuf)

    async def _pipe(
        self, source: asyncio.StreamReader, sink: asyncio.StreamWriter, link: _Link
    ) -> None:
        try:
            while True:
                await self._flowing.wait()
                data = await source.read(self.rcvbuf or CHUNK)
                if not data:
                    break
                await self._flowing.wait()  # a stall that began mid-read holds this chunk
                sink.write(data)
                await sink.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            if link in self.links:  # one side closed cleanly: close the other side too
                self.links.discard(link)
                for _, writer in (link.client, link.upstream):
                    with contextlib.suppress(Exception):
                        writer.close()


async def _main(listen: int, upstream: int) -> None:
    proxy = await TcpProxy("127.0.0.1", upstream, listen).start()
    print(f"forwarding 127.0.0.1:{proxy.port} -> 127.0.0.1:{upstream}", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--upstream", type=int, required=True)
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_main(args.listen, args.upstream))
