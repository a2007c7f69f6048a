"""Record 18ZOO games as the code before rules 4 stored them (board events as asked), with
what that code folded them to: run from a checkout of that code, e.g.
`PYTHONPATH=/path/to/checkout python tests/data/18zoo/before-facts/record.py OUT.jsonl.gz`
(games.jsonl.gz: commit bfa62ba, rules 1 and 2), or with a version to play every game by
(rules3.jsonl.gz: `... record.py OUT.jsonl.gz 3` at commit 1df3af6).

Each line of the gzip file is one game: its options, seats, the stored events (JSON, as the
store keeps them) and, every CHECK events and at the end, the digest of the folded state
(domain.rules.digest), plus the final result and a hash of every viewer's final view.
tests/domain/zoo18/test_facts.py folds them with today's code and compares.
"""

from __future__ import annotations

import gzip
import hashlib
import random
import sys
from collections import Counter

import msgspec

from clients.python.bots import random_bot, strategy
from clients.python.simulate import play
from domain import rules
from domain.games.zoo18 import game
from domain.games.zoo18.messages import Options
from domain.kernel import OMNISCIENT, SPECTATOR, Seat

CHECK = 50
# (map, seats, rules version, seed, greedy seats)
GAMES = [
    (map_id, 2 + n % 4, 1 + (n % 3 == 0), 1000 + n, n % 2)
    for n, map_id in enumerate("ABCDEFABCDEFABCDEF")
]


def viewers(seats: int) -> list[object]:
    return [OMNISCIENT, SPECTATOR, *(Seat(n) for n in range(seats))]


def main(out: str, only: int | None = None) -> None:
    greedy = strategy("18zoo", "greedy")
    seen: Counter[str] = Counter()
    with gzip.open(out, "wt", encoding="utf-8") as file:
        for map_id, seats, version, seed, greedies in GAMES:
            options = Options(map=map_id, rules=only or version)
            bots = [greedy] * greedies + [random_bot] * (seats - greedies)
            played = play(game, seats, options, bots, random.Random(seed))
            state = game.initial(seats, options)
            digests = []
            for index, event in enumerate(played.events, start=1):
                state = game.evolve(state, event)
                if index % CHECK == 0:
                    digests.append(rules.digest(game, state))
                seen[type(event).__name__] += 1
            assert state == played.state
            result = game.result(state)
            views = {
                repr(viewer): hashlib.sha256(
                    msgspec.json.encode(game.view(state, viewer), order="sorted")  # type: ignore[arg-type]
                ).hexdigest()
                for viewer in viewers(seats)
            }
            record = {
                "options": msgspec.to_builtins(options),
                "seats": seats,
                "seed": seed,
                "events": [msgspec.json.encode(e).decode() for e in played.events],
                "check": CHECK,
                "digests": digests,
                "digest": rules.digest(game, state),
                "result": msgspec.to_builtins(result),
                "views": views,
            }
            file.write(msgspec.json.encode(record).decode() + "\n")
            print(map_id, seats, version, seed, len(played.events), file=sys.stderr)
    print(dict(seen), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
