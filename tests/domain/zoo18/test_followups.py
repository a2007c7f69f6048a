"""Home tile colours by par price, TWO BARRELS once per OR, ON A DIET offered, PATCH and
obsolete trains (spec 18.8), and the board engine's public API used by the flow."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.messages import LayTile, Par, Pass
from domain.games.zoo18.state import State
from domain.kernel import Reason
from tests.given import Given

from .helpers import play, seat_now, start


def _sr1_in_phase(phase: str) -> State:
    state = play(start(2), Pass(), Pass())
    assert state.flow.round == "sr"
    return replace(state, phase=phase)


def _home_tiles(state: State) -> set[str]:
    lays = [c for c in game.legal(state, seat_now(state)) if isinstance(c, LayTile)]
    return {B.tile_def(c.tile).name for c in lays}


def test_a_par_at_5_in_phase_3s_is_offered_yellow_home_tiles_only() -> None:
    state = play(_sr1_in_phase("3S"), Par("PB", 5))
    assert state.flow.step == "home"
    offered = _home_tiles(state)
    assert offered, "the white home hex must be offered a tile"
    assert offered <= {"5", "6", "57"}


def test_a_green_home_tile_after_a_par_at_5_is_refused_even_in_phase_3s() -> None:
    state = play(_sr1_in_phase("3S"), Par("PB", 5))
    home = next(c for c in game.legal(state, seat_now(state)) if isinstance(c, LayTile))
    green = LayTile(home.hex, "14-0", 0)
    Given(game, state).when(seat_now(state), green).rejects(Reason.ILLEGAL, "cannot be laid")


def test_a_par_at_9_is_offered_green_home_tiles_too() -> None:
    state = play(_sr1_in_phase("3S"), Par("PB", 9))
    offered = _home_tiles(state)
    assert offered & {"14", "15", "619"}
    assert not offered & {"611"}
