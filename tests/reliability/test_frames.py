"""Frame-level abuse, hand-built on a raw socket: the websocket layer closes each offender
with the right code and the server stays up. Also: tokens are compared in constant time."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import random
import struct
from collections.abc import Iterator

import httpx
import pytest

from server.table import tokens
from tests.reliability.checks import report
from tests.reliability.processes import ServerProcess
from tools.redis_server import RedisServer

TEXT, CONT, PING, CLOSE = 0x1, 0x0, 0x9, 0x8
# the server closes with 1009 as soon as the header says too much; if we are still writing,
# the kernel may answer our bytes with a reset that overtakes the close frame
TOO_BIG = {"1009", "reset"}


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.stop()


def frame(
    opcode: int,
    payload: bytes,
    fin: bool = True,
    masked: bool = True,
    rsv: int = 0,
    claimed: int | None = None,
) -> bytes:
    length = len(payload) if claimed is None else claimed
    head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    mask_bit = 0x80 if masked else 0
    if length < 126:
        head += bytes([mask_bit | length])
    elif length < 1 << 16:
        head += bytes([mask_bit | 126]) + struct.pack("!H", length)
    else:
        head += bytes([mask_bit | 127]) + struct.pack("!Q", length)
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


async def upgraded(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    assert head.startswith(b"HTTP/1.1 101"), head[:40]
    return reader, writer


async def close_code(reader: asyncio.StreamReader, timeout: float = 10) -> str:
    """Read server frames until its close frame (its code) or the end of the stream."""
    try:
        async with asyncio.timeout(timeout):
            while True:
                first, second = await reader.readexactly(2)
                length = second & 0x7F
                if length == 126:
                    (length,) = struct.unpack("!H", await reader.readexactly(2))
                elif length == 127:
                    (length,) = struct.unpack("!Q", await reader.readexactly(8))
                payload = await reader.readexactly(length)
                if first & 0x0F == CLOSE:
                    return str(struct.unpack("!H", payload[:2])[0]) if payload else "close"
    except asyncio.IncompleteReadError:
        return "dropped"
    except ConnectionError:  # closed while we were still writing a big frame: RST or EPIPE
        return "reset"
    except TimeoutError:
        return "still open"


async def test_malformed_frames_are_closed(redis: RedisServer) -> None:
    server = ServerProcess(redis.url).start()
    server.wait_ready()
    big = 700 * 1024  # two fragments of this exceed the 1 MiB message limit of `plateau serve`
    cases = {
        "unmasked client frame": ([frame(TEXT, b'{"type":"ping"}', masked=False)], {"1002"}),
        "reserved opcode 0x3": ([frame(0x3, b"x")], {"1002"}),
        "RSV bits without an extension": ([frame(TEXT, b"{}", rsv=0b100)], {"1002"}),
        "control frame over 125 bytes": ([frame(PING, b"p" * 126)], {"1002"}),
        "fragmented control frame": ([frame(PING, b"p", fin=False)], {"1002"}),
        "length header claiming 2^63 - 1": ([frame(TEXT, b"", claimed=2**63 - 1)], {"1009"}),
        "one frame over the message limit": ([frame(TEXT, b"x" * (2 * big))], TOO_BIG),
        "fragments adding up over the limit": (
            [frame(TEXT, b"x" * big, fin=False), frame(CONT, b"x" * big)],
            TOO_BIG,
        ),
        "continuation with nothing to continue": ([frame(CONT, b"x")], {"1002"}),
        "invalid UTF-8 in a text frame": ([frame(TEXT, b"\xff\xfe\xfd")], {"1007"}),
    }
    outcomes: dict[str, str] = {}
    try:
        for name, (frames, _) in cases.items():
            reader, writer = await upgraded(server.port)
            for raw in frames:
                writer.write(raw)
            with contextlib.suppress(OSError):
                await writer.drain()
            outcomes[name] = await close_code(reader)
            writer.close()
        # a ping flood: answered or dropped, never fatal
        reader, writer = await upgraded(server.port)
        for _ in range(1000):
            writer.write(frame(PING, random.randbytes(8)))
        await writer.drain()
        writer.write(frame(CLOSE, struct.pack("!H", 1000)))
        outcomes["1,000 pings then a close"] = await close_code(reader)
        writer.close()
        healthy = httpx.get(server.url + "/healthz", timeout=5).status_code
        log = server.log_text()
        tracebacks = log.count("Traceback")
        # uvicorn itself logs a traceback for each invalid UTF-8 text frame (after closing 1007)
        uvicorn_utf8 = log.count("Invalid UTF-8 sequence received from client")
        report(
            "frame-level abuse on raw sockets (plateau serve: 1 MiB message limit)",
            [
                *outcomes.items(),
                ("server alive / health after", f"{server.alive} / {healthy}"),
                (
                    "tracebacks logged (of which uvicorn's invalid UTF-8)",
                    f"{tracebacks} ({uvicorn_utf8})",
                ),
            ],
            "make test (tests/reliability/test_frames.py)",
        )
        wrong = {n: o for n, o in outcomes.items() if n in cases and o not in cases[n][1]}
        assert not wrong, wrong
        assert outcomes["1,000 pings then a close"] == "1000"
        assert server.alive and healthy == 200 and tracebacks == uvicorn_utf8
    finally:
        server.stop()


def test_tokens_are_compared_in_constant_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat's hash is compared, with hmac.compare_digest, wherever the match is."""
    held = [tokens.new_token() for _ in range(5)]
    hashes = tuple(tokens.token_hash(t) for t in held)
    calls: list[tuple[str, str]] = []
    real = tokens.hmac.compare_digest

    def counting(a: str, b: str) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", counting)
    for token, seat in [(held[0], 0), (held[4], 4), ("forged", None), (held[2], 2)]:
        calls.clear()
        assert tokens.seat_of(token, hashes) == seat
        assert len(calls) == len(hashes)  # no early exit on a match
        assert all(a == tokens.token_hash(token) for a, _ in calls)  # hashes, never raw tokens
