"""The event-store port: one contract, two adapters (embedded SQLite and Redis Streams).

The package holds the adapters (`adapters.open_store`: the one a URL names), the agenda
beside them (`agenda`: the games due and their leases, in Redis or the SQLite file) and the
deployment's secret they keep (`deployment_secret`). It imports ops only.

Versions are 1-based and dense per stream. Every record carries `prev_hash` and its own `hash`,
a chain over every stored byte, so a resuming client or a replica detects a rewritten tail.

The hash is sent to every viewer, and the stored bytes hold secrets (a deck's order, a secret
vote): a plain digest of them would let any viewer confirm a guess by hashing it. So each
event is stored with a salt of 16 random bytes, kept in the store and published only once the
game is over: hash = sha256(salt + prev_hash + data). Without the salt a hash tells nothing;
with it (after the end) anyone recomputes the whole chain. Events stored before salts keep
their unsalted sha1(prev_hash + data), which is never published (`projections.live`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Protocol

import msgspec

SALT_BYTES = 16


class Recorded(msgspec.Struct, frozen=True, gc=False):
    version: int
    data: bytes  # the encoded event; the store never decodes it
    prev_hash: str
    hash: str
    at_ms: int = 0
    salt: bytes = b""  # the event's secret (SALT_BYTES); empty for an event stored before salts
    command_id: str = ""  # on the last event of each append: the append's command id


class WrongExpectedVersion(Exception):
    def __init__(self, actual: int) -> None:
        super().__init__(f"stream is at version {actual}")
        self.actual = actual


class StoreUnavailable(Exception):
    """The backing store cannot be reached; nothing was written."""


STORE_DOWN = "the event store is unavailable; retry"  # what a client is told then


def chain(prev_hash: str, data: bytes, salt: bytes = b"") -> str:
    """A record's hash: salted sha256, or for an event stored before salts, sha1."""
    if not salt:
        return hashlib.sha1(prev_hash.encode() + data).hexdigest()
    return hashlib.sha256(salt + prev_hash.encode() + data).hexdigest()


def chained(
    events: Sequence[bytes], after: int = 0, prev_hash: str = "", at_ms: int = 0
) -> list[Recorded]:
    """The records of `events` appended after version `after`, whose hash is `prev_hash`,
    each with a fresh salt."""
    records = []
    for version, data in enumerate(events, start=after + 1):
        salt = secrets.token_bytes(SALT_BYTES)
        digest = chain(prev_hash, data, salt)
        records.append(Recorded(version, data, prev_hash, digest, at_ms, salt))
        prev_hash = digest
    return records


def verify_chain(records: Sequence[Recorded], prev_hash: str = "") -> int | None:
    """The first version whose links do not hold, or None when the chain is intact."""
    for record in records:
        if record.prev_hash != prev_hash or record.hash != chain(
            prev_hash, record.data, record.salt
        ):
            return record.version
        prev_hash = record.hash
    return None


class EventStore(Protocol):
    async def append(
        self,
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None = None,
        expected_hash: str | None = None,
    ) -> int:
        """Append atomically after version `expected`; return the new last version.

        Raises WrongExpectedVersion, also when `expected_hash` is given and is not the hash
        of version `expected` (the stream was rewritten since the caller read it). A
        `command_id` already used on this stream returns the version its first append
        returned and writes nothing."""
        ...

    async def recall(self, stream: str, command_id: str) -> int | None:
        """The version the append of `command_id` returned, or None if it never landed."""
        ...

    async def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[Recorded]:
        """Records with after < version <= upto, in order."""
        ...

    async def heads(self, streams: Sequence[str]) -> dict[str, tuple[int, str]]:
        """The last version and hash of each of `streams` that has events, in one go."""
        ...

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        """Block until a watched stream has records past its position (or timeout)."""
        ...

    async def wake(self) -> None:
        """Make a pending `wait` return now (the watched set changed)."""
        ...

    async def register(self, stream: str) -> None:
        """Add a stream to the index of games (a rebuildable read model)."""
        ...

    async def streams(self) -> list[str]: ...

    async def ping(self) -> bool: ...

    async def close(self) -> None: ...


async def follow(store: EventStore, stream: str, after: int = 0) -> AsyncIterator[Recorded]:
    """Every record after `after`, then each later one as it is appended, in order."""
    position = after
    while True:
        batch = await store.wait({stream: position}, timeout=1.0)
        for record in batch.get(stream, []):
            yield record
            position = record.version
