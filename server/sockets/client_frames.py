"""A client's frames read strictly, within the size limit, and the `error` frame that says
what is wrong with one."""

from __future__ import annotations

import msgspec

from domain.kernel import DEFAULT_DETAIL, Reason, Rejected
from domain.protocol import ClientFrame, Error
from projections.codec import encode

_frames = msgspec.json.Decoder(ClientFrame)


def read_frame(text: str, limit: int) -> ClientFrame | Rejected:
    """The client frame `text` holds, or a `Rejected` (not raised) saying why it holds none."""
    if len(text) > limit:
        return Rejected(Reason.TOO_LARGE, f"frames are limited to {limit} bytes")
    try:
        return _frames.decode(text)
    except msgspec.DecodeError as exc:
        return Rejected(Reason.BAD_REQUEST, str(exc))


def error(reason: Reason, detail: str = "") -> bytes:
    """An `error` frame: `detail` says why, or the reason's default words."""
    return encode(Error(reason=reason.value, detail=detail or DEFAULT_DETAIL[reason]))
