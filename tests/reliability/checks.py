"""Checks against the stream itself: the hash chain, acked commands, and replayed frames.

`verify_game` folds a game's stream from scratch and recomputes, for every frame a player
received, the frame the server should have sent at that version to that viewer from the
version the player held. Equality proves at once: no gap, no duplicate, no fork, and every
state shown equals the replay.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from domain.kernel import SPECTATOR, Seat
from projections.codec import encode
from projections.live import LiveGame
from projections.snapshot import snapshot
from projections.updates import update
from server.store import EventStore, Recorded, verify_chain
from server.table.moves import client_command
from tests.reliability.player import Player, Received

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "test-output" / "reliability-figures.jsonl"


def full() -> bool:
    return os.environ.get("PLATEAU_FAULTS") == "full"


@dataclass
class GameCheck:
    game_id: str
    version: int = 0
    frames_checked: int = 0
    acked: int = 0
    acked_lost: int = 0
    lost: list[tuple[str, int]] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)


@dataclass
class Tally:
    """What the checks of many games add up to."""

    acked: int
    lost: int  # acknowledged commands missing from their stream
    frames: int  # frames checked against a replay
    events: int
    mismatches: list[str]

    @classmethod
    def of(cls, checks: list[GameCheck]) -> Tally:
        return cls(
            acked=sum(c.acked for c in checks),
            lost=sum(c.acked_lost for c in checks),
            frames=sum(c.frames_checked for c in checks),
            events=sum(c.version for c in checks),
            mismatches=[m for c in checks for m in c.mismatches],
        )


def _plain(value: Any) -> Any:
    return msgspec.json.decode(encode(value))


async def verify_game(
    store: EventStore,
    game_id: str,
    players: list[Player],
    records: list[Recorded] | None = None,
    frames: Callable[[Player], list[Received]] = lambda p: p.received,
) -> GameCheck:
    """Check `frames` of `players` (default: all they received) against `records` (default:
    the stream now)."""
    records = records if records is not None else await store.read(game_id)
    check = GameCheck(game_id, version=len(records))
    assert records, f"{game_id}: empty stream"
    broken = verify_chain(records)
    if broken is not None:
        check.mismatches.append(f"hash chain broken at {broken}")
    if [r.version for r in records] != list(range(1, len(records) + 1)):
        check.mismatches.append("versions are not 1..n")
    # every acknowledged command is in the stream at the version it was acked with
    for player in players:
        for command_id, version in player.acked.items():
            check.acked += 1
            landed = await store.recall(game_id, client_command(command_id))
            if landed != version or version > len(records):
                check.acked_lost += 1
                check.lost.append((command_id, version))
    # every frame equals the frame a replay gives for that viewer, version and starting point
    by_version: dict[int, list[tuple[Player, Any]]] = {}
    for player in players:
        for received in frames(player):
            by_version.setdefault(received.frame["version"], []).append((player, received))
    replay = LiveGame(game_id, records[0].data, records[0].hash)
    for record in records:
        if record.version > 1:
            replay.extend([record])
        for player, received in by_version.pop(record.version, []):
            viewer = SPECTATOR if player.seat is None else Seat(player.seat)
            if received.kind == "snapshot":
                expected = snapshot(replay, viewer)
            else:
                expected = update(replay, viewer, received.before)
            check.frames_checked += 1
            if received.kind == "update" and received.before_hash != replay.hash_at(
                received.before
            ):
                check.mismatches.append(
                    f"seat {player.seat} update v{record.version} extends v{received.before} "
                    "of another history (a silent fork)"
                )
            if _plain(expected) != received.frame:
                check.mismatches.append(
                    f"seat {player.seat} {received.kind} v{record.version} "
                    f"(from v{received.before}) differs from the replay"
                )
    for version in by_version:
        check.mismatches.append(f"frames at version {version}, beyond the stream")
    return check


def report(title: str, rows: list[tuple[str, Any]], command: str) -> None:
    """Print a figures table and keep it for docs/reliability.md."""
    width = max(len(name) for name, _ in rows)
    print(f"\n== {title} ({'full' if full() else 'reduced'} size) ==")
    for name, value in rows:
        print(f"  {name.ljust(width)}  {value}")
    FIGURES.parent.mkdir(exist_ok=True)
    with FIGURES.open("a") as out:
        entry = {"title": title, "size": "full" if full() else "reduced", "command": command}
        out.write(json.dumps(entry | {"rows": [[n, str(v)] for n, v in rows]}) + "\n")
