"""A finished game's log as proof: every stored byte, salt and hash, and its check.

While a game runs, the hash a viewer is sent for a version commits to everything stored up to
it and hides it (`server.store`: each event's salt stays in the store). Once the game is over
nothing is hidden any more, so the salts are published with the stored events, and anyone can
recompute the chain: `check` finds the first version whose bytes do not give the hash that
was published for it, and compares the hashes a client kept from the game with the chain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from server.store import Recorded, chain


class ProvenRecord(msgspec.Struct, frozen=True):
    version: int
    data: str  # the stored event exactly, as JSON text
    prev_hash: str
    hash: str
    salt: str | None  # hex; None for an event stored before salts (its hash was never sent)


class Proof(msgspec.Struct, frozen=True):
    game_id: str
    version: int
    hash: str  # the published hash of the last version
    records: list[ProvenRecord]


def proof_of(game_id: str, records: Sequence[Recorded]) -> Proof:
    """The proof document of a stream, as stored now."""
    proven = [
        ProvenRecord(
            r.version, r.data.decode(), r.prev_hash, r.hash, r.salt.hex() if r.salt else None
        )
        for r in records
    ]
    head = records[-1] if records else None
    return Proof(
        game_id=game_id,
        version=head.version if head else 0,
        hash=head.hash if head and head.salt else "",
        records=proven,
    )


def published(record: ProvenRecord) -> str:
    """The hash viewers were sent for this record's version ("" for one stored unsalted)."""
    return record.hash if record.salt is not None else ""


def check(proof: Proof, seen: Mapping[int, str] | None = None) -> list[str]:
    """What is wrong with `proof`, in words: empty when every link holds and every hash the
    client `seen` (version -> hash, as it was sent during the game) is the chain's."""
    problems: list[str] = []
    prev = ""
    for expected, record in enumerate(proof.records, start=1):
        if record.version != expected:
            return [*problems, f"version {expected} is missing (found {record.version})"]
        if record.prev_hash != prev:
            problems.append(f"version {expected} does not follow version {expected - 1}")
        salt = bytes.fromhex(record.salt) if record.salt is not None else b""
        if chain(prev, record.data.encode(), salt) != record.hash:
            problems.append(f"version {expected}: the stored event does not give its hash")
        prev = record.hash
    if proof.records and published(proof.records[-1]) != proof.hash:
        problems.append("the last hash is not the chain's")
    by_version = {r.version: r for r in proof.records}
    for version, digest in sorted((seen or {}).items()):
        kept = by_version.get(version)
        if kept is None or published(kept) != digest:
            problems.append(f"version {version}: the hash you were sent is not in this log")
    return problems


def from_json(raw: bytes | str | Any) -> Proof:
    return msgspec.json.decode(raw, type=Proof)


class Unavailable(Exception):
    """The proof cannot be had (no such game, not over yet, server unreachable)."""


async def fetch(game_id: str, server: str | None, store_url: str | None) -> Proof:
    """A game's proof, from a server's HTTP API (what anyone can check) or read straight
    from a store (an operator's check of what is stored)."""
    if store_url:
        from server.store.adapters import read_once

        records = await read_once(store_url, game_id)
        if not records:
            raise Unavailable(f"no game {game_id!r} in {store_url}")
        return proof_of(game_id, records)
    import httpx

    url = f"{(server or 'http://127.0.0.1:8000').rstrip('/')}/api/games/{game_id}/proof"
    try:
        async with httpx.AsyncClient(timeout=30) as client:
            response = await client.get(url)
    except httpx.HTTPError as exc:
        raise Unavailable(f"{url}: {exc}") from None
    if response.status_code != 200:
        try:
            detail = response.json().get("detail", response.text)
        except ValueError:
            detail = response.text
        raise Unavailable(f"{url}: {response.status_code} {detail}")
    return from_json(response.content)
