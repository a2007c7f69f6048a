"""The protocol's own frame reader answers every byte stream as uvicorn's protocol does.

Frames cut into reads at arbitrary points are fed to `FrameWritingProtocol`, and the same
frames to uvicorn's stock websockets protocol one read per frame: the app must receive the
same messages, the client the same bytes (pongs, close frames), and the connection must end
the same way. (Fed several frames in one read, the stock protocol parses them all before it
handles any, so a broken frame there also drops the good ones before it; a frame per read is
the order the frames came in.) The frames mix what the reader takes itself (whole masked text
frames) with everything it leaves to websockets' parser: control frames, binary, fragments,
unmasked or oversized frames, extension bits, invalid UTF-8, and data sent before the accept,
after which the parser reads everything, so there the stock protocol gets the same reads.
"""

from __future__ import annotations

import asyncio
import os
from itertools import pairwise
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.utils import apply_mask

from server.live.ws_frames import ON_TEXT
from server.live.ws_protocol import FrameWritingProtocol, unmask

MAX_SIZE = 300
REQUEST = (
    b"GET /ws HTTP/1.1\r\nhost: t\r\nupgrade: websocket\r\nconnection: Upgrade\r\n"
    b"sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n"
)


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 9) if name in ("sockname", "peername") else default

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.closed = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def accepting_app(scope: Any, receive: Any, send: Any) -> None:
    await receive()  # websocket.connect, as Starlette reads it before accepting
    await send({"type": "websocket.accept"})
    await scope["state"]["done"].wait()  # the test reads the protocol's queue itself


def frame(opcode: int, payload: bytes, fin: bool = True, mask: bool = True, rsv: int = 0) -> bytes:
    """A client frame (RFC 6455 §5.2), masked unless told otherwise."""
    head = bytes([(0x80 if fin else 0) | rsv << 4 | opcode])
    size = len(payload)
    bit = 0x80 if mask else 0
    if size < 126:
        head += bytes([bit | size])
    elif size < 1 << 16:
        head += bytes([bit | 126]) + size.to_bytes(2, "big")
    else:
        head += bytes([bit | 127]) + size.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


texts = st.text(max_size=80).map(str.encode)
frames = st.one_of(
    texts.map(lambda p: frame(0x1, p)),  # what the reader takes itself
    texts.map(lambda p: frame(0x1, p)),
    st.integers(126, 290).map(lambda n: frame(0x1, b"x" * n)),  # a 16-bit length
    st.binary(max_size=40).map(lambda p: frame(0x2, p)),
    st.binary(max_size=20).map(lambda p: frame(0x9, p)),  # ping: answered with a pong
    st.binary(max_size=20).map(lambda p: frame(0xA, p)),
    st.tuples(texts, texts).map(lambda t: frame(0x1, t[0], fin=False) + frame(0x0, t[1])),
    texts.map(lambda p: frame(0x1, p, fin=False)),  # a message left open: text must not follow
    texts.map(lambda p: frame(0x0, p)),  # a continuation of whatever is open, if anything
    st.just(frame(0x1, b"\xff\xfe")),  # invalid UTF-8: 1007
    texts.map(lambda p: frame(0x1, p, mask=False)),  # a client must mask: 1002
    texts.map(lambda p: frame(0x1, p, rsv=4)),  # no extension was agreed: 1002
    st.just(frame(0x1, b"y" * (MAX_SIZE + 1))),  # too big: 1009
    st.just(frame(0x1, b"z" * 70000)),  # a 64-bit length, too big
    st.just(frame(0x8, (1000).to_bytes(2, "big") + b"bye")),
)


def run(
    protocol_class: type[WebSocketsSansIOProtocol],
    reads: list[bytes],
    early: bytes,
    take_texts: bool = False,
) -> Any:
    """What the app received, what the client was sent and whether the socket closed; with
    `take_texts`, an app's text handler takes every text frame offered to it (`ON_TEXT`)."""
    loop = asyncio.new_event_loop()
    try:
        config = Config(app=accepting_app, ws_max_size=MAX_SIZE, ws_ping_interval=None)
        config.load()
        done = asyncio.Event()
        protocol = protocol_class(config, ServerState(), {"done": done}, _loop=loop)
        transport = Transport()
        protocol.connection_made(transport)
        protocol.data_received(REQUEST)
        failed = []  # uvicorn's own protocol raises on some data sent before the accept
        received: list[dict[str, Any]] = []
        for data in [early, None, *reads]:
            if data is None:
                loop.run_until_complete(asyncio.sleep(0))  # the app accepts
                loop.run_until_complete(asyncio.sleep(0))
                if take_texts:
                    offer = protocol.scope["extensions"][ON_TEXT]
                    offer(
                        lambda text: (
                            received.append({"type": "websocket.receive", "text": text}) or True
                        )
                    )
            elif data and not transport.closed:  # a closed transport reads no more
                try:
                    protocol.data_received(data)
                except Exception as exc:
                    failed.append(type(exc).__name__)
        while not protocol.queue.empty():
            received.append(protocol.queue.get_nowait())
        outcome = received, b"".join(transport.written), transport.closed, failed
        done.set()
        loop.run_until_complete(asyncio.gather(*asyncio.all_tasks(loop), return_exceptions=True))
        return outcome
    finally:
        loop.close()


@settings(max_examples=300, deadline=None)
@example(  # a text after a message that waits in the queue must wait behind it
    sent=[frame(0x1, b"a"), frame(0x2, b"b"), frame(0x1, b"c")], cuts=[3], early=b""
)
@given(
    sent=st.lists(frames, max_size=12),
    cuts=st.lists(st.integers(0, 100_000), max_size=8),
    early=st.one_of(st.just(b""), frames),
)
def test_every_byte_stream_reads_as_uvicorn_reads_it(
    sent: list[bytes], cuts: list[int], early: bytes
) -> None:
    stream = b"".join(sent)
    points = sorted({0, len(stream), *(c % (len(stream) + 1) for c in cuts)})
    reads = [stream[a:b] for a, b in pairwise(points)]
    expected = run(WebSocketsSansIOProtocol, reads if early else sent, early)
    assert run(FrameWritingProtocol, reads, early) == expected
    # an app that takes text frames as they come gets them in the same order: a frame is
    # offered only while nothing waits in the queue before it
    assert run(FrameWritingProtocol, reads, early, take_texts=True) == expected


def test_text_frames_reach_the_app_without_the_parser() -> None:
    """The stream above would pass with the parser reading everything: here it must not."""
    calls = []

    class Watched(FrameWritingProtocol):
        def _parse(self, data: bytes) -> None:
            calls.append(data)
            super()._parse(data)

    stream = frame(0x1, b'{"type":"ping"}') + frame(0x1, "é".encode() * 100)
    received, _, closed, failed = run(Watched, [stream[:5], stream[5:]], b"")
    assert [m["text"] for m in received] == ['{"type":"ping"}', "é" * 100]
    assert calls == [REQUEST] and not closed and not failed


def test_a_frame_cut_into_many_reads_is_gathered_in_one_buffer() -> None:
    """A client may trickle a large frame a few bytes at a time: the reader extends one buffer
    in place, where copying everything read so far at every read would cost the square."""
    buffers = []

    class Watched(FrameWritingProtocol):
        def _read(self, data: bytes | bytearray) -> None:
            super()._read(data)
            buffers.append(id(self._partial))

    text = "x" * (MAX_SIZE - 10)
    stream = frame(0x1, text.encode())
    reads = [stream[i : i + 7] for i in range(0, len(stream), 7)]
    received, _, closed, failed = run(Watched, reads, b"")
    assert [m["text"] for m in received] == [text] and not closed and not failed
    assert len(set(buffers[1:-1])) == 1  # the same buffer from the second read to the last


def test_a_failing_text_handler_leaves_the_frame_to_the_queue() -> None:
    class Failing(FrameWritingProtocol):
        def set_text_handler(self, handler: Any) -> None:
            def broken(text: str) -> bool:
                raise RuntimeError("a bug")

            super().set_text_handler(broken)

    stream = frame(0x1, b"still delivered")
    received, _, closed, failed = run(Failing, [stream], b"", take_texts=True)
    assert [m["text"] for m in received] == ["still delivered"] and not closed and not failed


@given(st.binary(max_size=MAX_SIZE), st.binary(min_size=4, max_size=4))
def test_unmasking_is_websockets_own(payload: bytes, mask: bytes) -> None:
    """The reader's own unmasking gives what websockets' `apply_mask` gives, at every size."""
    assert unmask(payload, mask) == apply_mask(payload, mask)
    assert unmask(bytearray(payload), bytearray(mask)) == apply_mask(payload, mask)
