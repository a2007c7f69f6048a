"""What a session answers to each decoded client frame: a command decided and stored (`ack`
or `rejected`), an explanation, a snapshot of the moment sought, a chat line posted, a pong."""

from __future__ import annotations

from domain.kernel import Reason, Rejected
from domain.protocol import (
    Ack,
    Chat,
    ClientFrame,
    CommandRejected,
    Explain,
    Explained,
    Hello,
    Ping,
    Pong,
    Seek,
    Submit,
)
from projections.codec import encode
from projections.snapshot import snapshot
from server.live.connection import Connection
from server.ops.logs import log
from server.sockets.client_frames import error
from server.sockets.rate_limit import Bucket
from server.store import STORE_DOWN, StoreUnavailable
from server.web.state import AppState

SPECTATORS_MAY_NOT_PLAY = Rejected(Reason.FORBIDDEN, "spectators may not play")
MAX_COMMAND_ID = 128


async def answer(
    frame: ClientFrame, state: AppState, conn: Connection, seat: int | None, bucket: Bucket
) -> None:
    """Handle one decoded frame and push its reply, if any. `bucket` paces the commands."""
    try:
        match frame:
            case Submit():
                reply = await _submit(frame, state, conn, seat, bucket)
            case Explain():
                reply = await _explain(frame, state, conn, seat)
            case Seek():
                live = await state.service.load(conn.game_id)
                reply = encode(snapshot(live, conn.viewer, frame.version))
            case Chat():
                reply = await _chat(frame, state, conn, seat, bucket)
            case Ping():
                reply = encode(Pong())
            case Hello():
                reply = error(Reason.BAD_REQUEST, "already said hello; open a new socket to switch")
            case _:
                reply = error(Reason.BAD_REQUEST)
    except StoreUnavailable:
        reply = error(Reason.BUSY, STORE_DOWN)
    except Exception:  # a bug must cost this frame, not the socket or the server
        log.exception("frame_failed")
        reply = error(Reason.INTERNAL)
    if reply is not None:
        conn.push(reply)


async def _submit(
    frame: Submit, state: AppState, conn: Connection, seat: int | None, bucket: Bucket
) -> bytes | None:
    """Decide and store a command; its ack goes with its update (`Connection.ack`)."""
    if seat is None:
        return _refuse(state, frame.id, SPECTATORS_MAY_NOT_PLAY)
    if len(frame.id) > MAX_COMMAND_ID:
        too_long = Rejected(
            Reason.BAD_REQUEST, f"a command id has at most {MAX_COMMAND_ID} characters"
        )
        return _refuse(state, frame.id[:MAX_COMMAND_ID], too_long)
    if not bucket.take():
        return _refuse(state, frame.id, Rejected(Reason.RATE_LIMITED))
    conn.commanding = True  # its update waits for the reply, to share a write
    try:
        version = await state.service.submit(
            conn.game_id, seat, frame.id, frame.seen_version, bytes(frame.command)
        )
    except Rejected as refusal:
        return _refuse(state, frame.id, refusal)
    except StoreUnavailable:  # the command may or may not have landed: retry its id
        state.metrics.count("store_errors")
        return _refuse(state, frame.id, Rejected(Reason.BUSY, STORE_DOWN))
    except Exception:
        log.exception("command_failed")
        return _refuse(state, frame.id, Rejected(Reason.INTERNAL))
    finally:
        conn.commanding = False
    conn.ack(encode(Ack(id=frame.id, version=version)), version)
    return None


async def _explain(frame: Explain, state: AppState, conn: Connection, seat: int | None) -> bytes:
    if seat is None:
        return _refuse(state, frame.id, SPECTATORS_MAY_NOT_PLAY)
    try:
        result = await state.service.explain(conn.game_id, seat, bytes(frame.command))
    except Rejected as refusal:
        return _refuse(state, frame.id, refusal)
    except Exception:
        log.exception("explain_failed")
        return _refuse(state, frame.id, Rejected(Reason.INTERNAL))
    return encode(Explained(id=frame.id, result=result))


async def _chat(
    frame: Chat, state: AppState, conn: Connection, seat: int | None, bucket: Bucket
) -> bytes | None:
    if not bucket.take():
        return error(Reason.RATE_LIMITED)
    try:
        await state.service.chat(conn.game_id, seat, frame.text)
    except Rejected as refusal:
        return error(refusal.reason, refusal.detail)
    return None  # the chat line arrives with the next update


def _refuse(state: AppState, command_id: str, refusal: Rejected) -> bytes:
    state.metrics.count("rejections_sent")
    return encode(
        CommandRejected(id=command_id, reason=refusal.reason.value, detail=refusal.detail)
    )
