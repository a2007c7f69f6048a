"""Random boards grown only from legal_lays / legal_tokens, checked after every step."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.zoo18 import board as B
from domain.games.zoo18.board.graph import graph_of

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)

PHASES = (
    ("yellow",),
    ("yellow", "green"),
    ("yellow", "green", "brown"),
    ("yellow", "green", "brown", "gray"),
)
TRAINS_BY_PHASE = (("2S", "2S"), ("3S", "2S"), ("4S Perm", "3S Long"), ("4J", "2J"))


def check_invariants(board: B.Board, map_def: B.MapDef) -> None:
    hexes = [t.hex for t in board.tiles]
    assert len(hexes) == len(set(hexes)), "one tile per hex"
    copies = [t.tile for t in board.tiles]
    assert len(copies) == len(set(copies)), "a tile copy is in one place"
    assert board.used == frozenset(copies)
    assert all(left >= 0 for left in B.supply(board).values())
    graph = graph_of(board)
    spots = [(t.hex, t.city, t.slot) for t in board.tokens]
    assert len(spots) == len(set(spots)), "one token per slot"
    for token in board.tokens:
        assert 0 <= token.slot < graph.slots((token.hex, token.city))
    per_hex = [(t.hex, t.owner) for t in board.tokens if t.owner != "WIP"]
    assert len(per_hex) == len(set(per_hex)), "one token per family and city"
    assert msgspec.json.decode(msgspec.json.encode(board), type=B.Board) == board


def grow(seed: int, steps: int) -> None:
    rnd = random.Random(seed)
    map_id = rnd.choice("ABCDEF")
    map_def = B.load_map(map_id)
    families = rnd.sample(map_def.families, rnd.randint(2, 4))
    board = B.initial_board(map_def)
    for family in families:
        board = B.place_home_token(board, map_def, family)
        homes = B.legal_lays(board, map_def, family, ("yellow",), "home")
        assert homes, f"{family} can lay its home tile"
        pick = rnd.choice(homes)
        board = B.check_lay(
            board, map_def, family, pick.hex, pick.tile, pick.rotation, ("yellow",), "home"
        ).board
    check_invariants(board, map_def)
    for step in range(steps):
        phase = min(step * len(PHASES) // steps, len(PHASES) - 1)
        colours = PHASES[phase]
        family = families[step % len(families)]
        before = msgspec.json.encode(board)
        laid: set[str] = set()
        for _ in range(2):
            options = B.legal_lays(board, map_def, family, colours, exclude_hexes=frozenset(laid))
            if not options:
                break
            pick = rnd.choice(options)
            lay = B.check_lay(board, map_def, family, pick.hex, pick.tile, pick.rotation, colours)
            assert lay.cost == pick.cost
            board = lay.board
            laid.add(pick.hex)
        tokens = B.legal_tokens(board, map_def, family)
        if tokens and rnd.random() < 0.5:
            pick_token = rnd.choice(tokens)
            board = B.check_token(
                board, map_def, family, pick_token.hex, pick_token.city, pick_token.slot
            )
        assert msgspec.json.encode(board) != before or not laid
        check_invariants(board, map_def)
        names = TRAINS_BY_PHASE[phase]
        trains = tuple(B.Train(f"{name}-{i}", name) for i, name in enumerate(names))
        specs = B.best_routes(board, map_def, family, trains, colours)
        assert bool(specs) <= B.can_run(board, map_def, family)
        result = B.route_revenue(board, map_def, family, trains, specs, colours)
        assert result.revenue == sum(r.revenue for r in result.routes) >= 0
        for single in trains:
            alone = B.best_routes(board, map_def, family, (single,), colours)
            best_alone = B.route_revenue(board, map_def, family, (single,), alone, colours).revenue
            assert result.revenue >= best_alone


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_random_boards_stay_consistent_and_their_best_runs_validate(seed: int) -> None:
    grow(seed, steps=16)
