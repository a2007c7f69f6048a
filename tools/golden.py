"""Record golden games: `python tools/golden.py GAME SEATS SEED` writes tests/golden/GAME.jsonl.

A golden file is the storage format frozen in time: a header line (game, seats, options, the
final result and a digest of the omniscient view) and then one stored event per line. The test
folds it with today's code; a change to events or evolve that breaks old games fails it.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

import msgspec

from clients.python.bots import random_bot
from clients.python.simulate import play
from domain import games
from domain.kernel import OMNISCIENT

ROOT = Path(__file__).resolve().parents[1]


def view_digest(view: object) -> str:
    return hashlib.sha256(msgspec.json.encode(view)).hexdigest()


def record(name: str, seats: int, seed: int) -> Path:
    game = games.get(name)
    options = msgspec.convert({}, game.options_type)
    played = play(game, seats, options, [random_bot] * seats, random.Random(seed))
    header = {
        "game": name,
        "seats": seats,
        "options": msgspec.to_builtins(options),
        "result": msgspec.to_builtins(game.result(played.state)),
        "view_sha256": view_digest(game.view(played.state, OMNISCIENT)),
    }
    path = ROOT / "tests" / "golden" / f"{name}.jsonl"
    lines = [msgspec.json.encode(header)] + [msgspec.json.encode(e) for e in played.events]
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


if __name__ == "__main__":
    print(record(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
