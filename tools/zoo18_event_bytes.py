"""Events and stored bytes per command of seeded 18ZOO games played by random bots in process.

    python -m tools.zoo18_event_bytes [--games 20] [--rules N] [--seed 1]

Each game has 3 or 4 players (by its number); an event's bytes are its JSON as the table
stores it (msgspec). The totals are over every command played, setup excluded."""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any, get_args

import msgspec

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.zoo18 import game
from domain.games.zoo18.messages import FlowChanged, FlowFact, Options

# the rounds machine's events: the whole Flow (rules 1-10) or its facts (rules 11)
FLOW = {FlowChanged.__name__, *(t.__name__ for t in get_args(FlowFact))}


def measure(games: int, rules: int, seed: int) -> tuple[int, int, int, Counter[str]]:
    """The commands, events and bytes of `games` games, and the bytes by event type."""
    commands = events = size = 0
    by_type: Counter[str] = Counter()
    steps: list[list[Any]] = []  # each step's events, the setup first
    for number in range(games):
        options = Options(rules=rules)
        steps.clear()
        played = play(
            game,
            3 + number % 2,
            options,
            [random_bot] * 5,
            random.Random(seed + number),
            after_step=lambda _state, new: steps.append(new),
        )
        commands += played.commands
        for event in (e for step in steps[1:] for e in step):  # steps[0]: the setup
            encoded = msgspec.json.encode(event)
            events += 1
            size += len(encoded)
            by_type[type(event).__name__] += len(encoded)
    return commands, events, size, by_type


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rules", type=int, default=game.rules)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    commands, events, size, by_type = measure(args.games, args.rules, args.seed)
    print(f"rules {args.rules}: {args.games} games, {commands} commands")
    print(f"events/command {events / commands:.2f}, bytes/command {size / commands:.1f}")
    flow = sum(total for name, total in by_type.items() if name in FLOW)
    print(f"  the rounds machine's events: {100 * flow / size:.1f}% of the bytes")
    for name, total in by_type.most_common(8):
        print(f"  {name}: {100 * total / size:.1f}% of the bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
