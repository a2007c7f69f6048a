"""The site's optional rules of 18ZOO, judged by its engine: seeded bot games played with Base 3,
Base 2 and the powers visible, exported with `settings.optional_rules` and replayed by
`ruby ../shared/oracle/18xx/replay.rb`, agree with it after every action and at the end; the
same export claiming no optional rule is refused or differs (the options reach the site)."""

from __future__ import annotations

import json
import random
import subprocess
import tempfile
from pathlib import Path

import msgspec
import pytest

from clients.python.simulate import play
from domain.bots import strategy
from domain.exchange.zoo18.exporter import export_game
from domain.exchange.zoo18.recover import recover
from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.messages import Options
from tools import zoo18_oracle as oracle

pytestmark = pytest.mark.skipif(bool(oracle.available()), reason=oracle.available() or "ok")

# seeded games (map, players, seed, optional rules) the reference agrees with throughout
AGREED = [
    ("B", 2, 2, ("base_3", "power_visible")),
    ("C", 2, 3, ("base_3", "power_visible")),
    ("A", 3, 7, ("base_2", "power_visible")),
]


@pytest.mark.parametrize(("map_id", "players", "seed", "optional"), AGREED)
def test_a_seeded_game_with_optional_rules_agrees_with_the_reference_throughout(
    map_id: str, players: int, seed: int, optional: tuple[str, ...]
) -> None:
    outcome = oracle.play_one(map_id, players, seed, None, optional)
    assert outcome.actions > 100
    assert outcome.divergence is None, outcome.divergence


def _replayed(exported: dict[str, object]) -> list[dict[str, object]]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_text(json.dumps(exported))
        out = subprocess.run(
            ["ruby", str(oracle.REPLAY), str(path)], capture_output=True, text=True, check=False
        ).stdout
    return [json.loads(line) for line in out.splitlines() if line]


def test_the_same_game_claiming_no_optional_rule_is_another_game_to_the_site() -> None:
    """Played with Base 3 (track laid on its centre), exported with the rules the site agrees;
    with `optional_rules` emptied it refuses an action or ends elsewhere."""
    map_id, players, seed, optional = AGREED[1]  # its bots lay on the Base 3 centre
    rng = random.Random(seed)
    bots = [rng.choice(["random", "greedy"]) for _ in range(players)]
    chosen = {"map": map_id, "exportable": True, **dict.fromkeys(optional, True)}
    options = msgspec.convert(chosen, Options)
    played = play(game, players, options, [strategy("18zoo", b) for b in bots], rng)
    start = game.initial(players, options)
    plain = B.load_map(map_id).hexes
    centre = {c for c, h in B.load_map(map_id, "base_3").hexes.items() if h != plain[c]}
    assert played.state.board is not None
    assert any(tile.hex in centre for tile in played.state.board.tiles)
    exported = export_game(start, played.events)
    assert exported["settings"]["optional_rules"] == ["power_visible", "base_3"]
    steps = recover(start, played.events).steps
    after = []
    for step in steps:
        state = step.before
        for event in step.events:
            state = game.evolve(state, event)
        after.append(state)
    assert oracle.compare(steps, after, _replayed(exported)) is None
    stripped = {**exported, "settings": {**exported["settings"], "optional_rules": []}}
    assert oracle.compare(steps, after, _replayed(stripped)) is not None
