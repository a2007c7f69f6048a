"""One tree's fold of a stored game, timed: `bench.ab --fold` runs it under each tree's code.

`PYTHONPATH=TREE python -P bench/fold_timing.py EVENTS --repeat N` folds the stored events
(a msgpack list of each event's stored bytes) N times as a load folds them
(`LiveGame.replay` of the hash-chained records) and prints one JSON line: the CPU
milliseconds of each fold, and a digest of the table folded, which two trees folding the same
events must agree on. It imports no module of `bench`, only what every tree of the project
has, so the code timed is TREE's (`-P`: this file's folder, bench/, is not put on the path).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import time
from pathlib import Path

import msgspec

from projections.live import LiveGame
from server.store import chained


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench/fold_timing.py")
    parser.add_argument("events", type=Path, help="a msgpack list of stored events' bytes")
    parser.add_argument("--repeat", type=int, default=100)
    args = parser.parse_args()
    records = chained(msgspec.msgpack.decode(args.events.read_bytes(), type=list[bytes]))
    LiveGame.replay("ab", records)  # imports, caches and decoders warmed before any timing
    gc.collect()
    fold_ms = []
    for _ in range(args.repeat):
        started = time.process_time()
        live = LiveGame.replay("ab", records)
        fold_ms.append(1000 * (time.process_time() - started))
    # sets in a sorted order: their order changes with each process's string hashes
    table = hashlib.sha256(msgspec.json.encode(live.table, order="deterministic")).hexdigest()
    print(json.dumps({"fold_ms": fold_ms, "version": live.version, "table": table}))


if __name__ == "__main__":
    main()
