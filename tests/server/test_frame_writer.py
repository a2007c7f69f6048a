"""Fan-out's write path: frames built once, written at once, queued in order when full."""

from __future__ import annotations

import asyncio

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from domain.kernel import SPECTATOR
from server.live.connection import SLOW_CONSUMER, Connection
from server.live.ws_frames import text_frame
from server.live.ws_protocol import FrameWritingProtocol


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


def connected(limit: int = 3) -> tuple[Socket, Connection]:
    """A spectator's connection, whose frames go to a `Socket`, queueing at most `limit`."""
    socket = Socket()
    return socket, Connection("g", SPECTATOR, limit, socket.close, socket.send, socket.write_frame)


async def test_frames_go_out_at_once_then_queue_in_order_while_the_socket_is_full() -> None:
    socket, conn = connected()
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
    socket, conn = connected(limit=2)
    socket.full = True
    for n in range(4):
        conn.push(str(n).encode())
    await asyncio.sleep(0)
    assert conn.closed and socket.closed_with == SLOW_CONSUMER
    await conn.stop()


async def test_frames_wait_for_the_reply_to_a_command_in_flight_and_share_its_write() -> None:
    socket, conn = connected()
    conn.commanding = True
    conn.push(b"update", text_frame(b"update"))  # the pump published the command's update
    assert socket.written == []
    conn.commanding = False
    conn.push(b"ack")  # the store answered the command in the same pass
    assert socket.written == [text_frame(b"update") + text_frame(b"ack")]
    await asyncio.sleep(0)  # the fallback finds nothing left
    assert socket.written == [text_frame(b"update") + text_frame(b"ack")]


async def test_frames_held_for_a_reply_that_does_not_come_go_on_the_next_pass() -> None:
    socket, conn = connected()
    conn.commanding = True
    conn.push(b"1", text_frame(b"1"))
    conn.push(b"2")
    await asyncio.sleep(0)
    assert socket.written == [text_frame(b"1") + text_frame(b"2")]
    conn.push(b"3")  # still in flight: held again, for one more pass at most
    assert len(socket.written) == 1
    await asyncio.sleep(0)
    assert socket.written[-1] == text_frame(b"3")


async def test_held_frames_and_the_reply_queue_in_order_on_a_full_socket() -> None:
    socket, conn = connected()
    conn.commanding = True
    conn.push(b"update", text_frame(b"update"))
    conn.commanding = False
    socket.full = True
    conn.push(b"ack")
    socket.room.set()
    while conn._sender is not None:
        await asyncio.sleep(0)
    assert socket.written == [] and socket.sent == [b"update", b"ack"]


async def test_an_ack_before_its_update_waits_for_it_and_shares_its_write() -> None:
    socket, conn = connected()
    conn.ack(b"ack", version=5)  # the store answered first; the pump publishes next
    assert socket.written == []
    conn.push(b"update", text_frame(b"update"))
    assert socket.written == [text_frame(b"ack") + text_frame(b"update")]


async def test_an_ack_after_its_held_update_goes_out_with_it() -> None:
    socket, conn = connected()
    conn.commanding = True
    conn.push(b"update", text_frame(b"update"))
    conn.sent_version = 5  # as the hub records it
    conn.commanding = False
    conn.ack(b"ack", version=5)
    assert socket.written == [text_frame(b"update") + text_frame(b"ack")]


async def test_an_ack_whose_update_does_not_come_goes_alone_on_the_next_pass() -> None:
    socket, conn = connected()
    conn.ack(b"ack", version=5)
    await asyncio.sleep(0)
    assert socket.written == [text_frame(b"ack")]
    conn.sent_version = 6
    conn.ack(b"late", version=6)  # its update went out already: at once
    assert socket.written[-1] == text_frame(b"late")


class Transport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closing


async def test_the_protocol_writes_a_frame_only_while_the_socket_can_take_it() -> None:
    config = Config(app=lambda scope, receive, send: None)
    config.load()
    protocol = FrameWritingProtocol(config, ServerState(), {}, _loop=asyncio.get_running_loop())
    transport = Transport()
    protocol.transport = transport  # type: ignore[assignment]
    assert not protocol.write_frame(b"before the accept")
    protocol.handshake_complete = True
    assert protocol.write_frame(b"1")
    protocol.pause_writing()  # the transport's buffer is past its high water mark
    assert not protocol.write_frame(b"while paused") and not protocol.writable.is_set()
    protocol.resume_writing()
    assert protocol.write_frame(b"2")
    transport.closing = True
    assert not protocol.write_frame(b"while closing")
    transport.closing = False
    protocol.close_sent = True
    assert not protocol.write_frame(b"after a close")
    assert transport.written == [b"1", b"2"]
