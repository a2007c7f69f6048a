"""Fan-out's write path: frames built once, written at once, queued in order when full."""

from __future__ import annotations

import asyncio

import pytest
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from domain.kernel import SPECTATOR
from server.hub import SLOW_CONSUMER, Connection
from server.ws_protocol import text_frame


@pytest.mark.parametrize("size", [0, 125, 126, 65535, 65536])
def test_a_text_frame_parses_back_as_the_same_payload(size: int) -> None:
    payload = ("é" * size).encode()[:size]
    reader = StreamReader()
    reader.feed_data(text_frame(payload))
    parser = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parser)
    except StopIteration as done:
        frame = done.value
    assert frame.opcode is Opcode.TEXT and frame.fin and frame.data == payload


class Socket:
    """A socket whose buffer fills up: `write_frame` refuses while `full`."""

    def __init__(self) -> None:
        self.full = False
        self.written: list[bytes] = []
        self.sent: list[bytes] = []
        self.room = asyncio.Event()
        self.closed_with: int | None = None

    def write_frame(self, frame: bytes) -> bool:
        if self.full:
            return False
        self.written.append(frame)
        return True

    async def send(self, text: bytes) -> None:
        await self.room.wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed_with = code


async def test_frames_go_out_at_once_then_queue_in_order_while_the_socket_is_full() -> None:
    socket = Socket()
    conn = Connection("g", SPECTATOR, 3, socket.close, socket.send, socket.write_frame)
    conn.push(b"1", text_frame(b"1"))
    assert socket.written == [text_frame(b"1")]

    socket.full = True
    conn.push(b"2")
    socket.full = False  # room again, but "2" is still waiting: "3" must not overtake it
    conn.push(b"3", text_frame(b"3"))
    assert socket.written == [text_frame(b"1")]
    socket.room.set()
    while conn._sender is not None:
        await asyncio.sleep(0)
    assert socket.sent == [b"2", b"3"]

    conn.push(b"4")  # drained: direct again, framed here since no frame was given
    assert socket.written[-1] == text_frame(b"4")


async def test_a_socket_that_stays_full_is_closed_as_a_slow_consumer() -> None:
    socket = Socket()
    socket.full = True
    conn = Connection("g", SPECTATOR, 2, socket.close, socket.send, socket.write_frame)
    for n in range(4):
        conn.push(str(n).encode())
    await asyncio.sleep(0)
    assert conn.closed and socket.closed_with == SLOW_CONSUMER
    await conn.stop()
