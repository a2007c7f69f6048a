"""Record 18ZOO games as the code before rules 11 decided them (the rounds machine stored as
FlowChanged, a copy of the whole Flow at every change): run from a checkout of that code, e.g.
`PYTHONHASHSEED=0 PYTHONPATH=/path/to/checkout python tests/data/18zoo/before-flow-facts/record.py
OUT.jsonl.gz` (decisions.jsonl.gz: commit 7860f96).

Each line of the gzip file is one game: its options and seats, the setup's events, and every
command with the seat that sent it and the events it was decided to (JSON, as the store keeps
them). tests/domain/zoo18/test_flow_facts.py decides each command again with today's code on
the state folded so far and compares the events byte for byte: a game stored under rules 1-10
and still running decides on as it did.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from typing import Any

import msgspec

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.zoo18 import game
from domain.games.zoo18.data import MapId
from domain.games.zoo18.messages import Options

# (map, seats, rules version, seed): versions from the board facts on (4), whose events are
# the same under any hash seed (a BoardSet of rules 1-3 lists a set)
GAMES: list[tuple[MapId, int, int, int]] = [
    ("A", 3, 4, 2000),
    ("B", 2, 7, 2001),
    ("C", 4, 7, 2002),
    ("D", 3, 10, 2003),
    ("E", 5, 10, 2004),
    ("F", 2, 10, 2005),
]


def main(out: str) -> None:
    steps: list[list[Any]] = []  # each step's events, the setup's first
    commands: list[tuple[int, Any]] = []

    def bot(g: Any, state: Any, seat: int, legal: Any, rng: Any) -> Any:
        command = random_bot(g, state, seat, legal, rng)
        commands.append((seat, msgspec.to_builtins(command)))
        return command

    def after(_state: Any, new: list[Any]) -> None:
        steps.append([msgspec.to_builtins(e) for e in new])

    with gzip.open(out, "wt", encoding="utf-8") as file:
        for map_id, seats, version, seed in GAMES:
            options = Options(map=map_id, rules=version)
            steps.clear()
            commands.clear()
            play(game, seats, options, [bot] * seats, random.Random(seed), after_step=after)
            line = {
                "options": msgspec.to_builtins(options),
                "seats": seats,
                "setup": steps[0],
                "steps": [[seat, c, e] for (seat, c), e in zip(commands, steps[1:], strict=True)],
            }
            file.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
