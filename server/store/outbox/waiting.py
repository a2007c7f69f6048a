"""A notice as the outbox keeps it while it waits to be sent (apart from the port, which
imports the adapters that use it)."""

from __future__ import annotations

import msgspec


class Waiting(msgspec.Struct, frozen=True, omit_defaults=True):
    """A notice in the outbox: its body (JSON), the tries so far, the channels it reached."""

    body: bytes
    attempts: int = 0
    reached: tuple[str, ...] = ()


WAITING = msgspec.msgpack.Decoder(Waiting)
encode_waiting = msgspec.msgpack.encode
