"""The flow's bridge to the board package (map, tiles, tokens, routes)."""

from __future__ import annotations

from domain.games.zoo18 import board as B
from domain.games.zoo18 import market
from domain.games.zoo18.data import HOMES, PHASE_BY_NAME
from domain.games.zoo18.messages import Command, LayTile
from domain.games.zoo18.state import State

LAY_MODES: tuple[B.LayMode, ...] = ("track", "home", "bonus", "rabbits", "moles", "ancient_maps")


def lay_mode(name: str) -> B.LayMode:
    """The board's lay mode of a recorded mode name (an unknown one is a normal lay)."""
    return next((mode for mode in LAY_MODES if mode == name), "track")


def colours(phase: str) -> tuple[str, ...]:
    return PHASE_BY_NAME[phase].tiles


def lay_colours(state: State, family: str, mode: B.LayMode) -> B.PhaseColours:
    """The tile colours of a lay: the home lay right after par follows the par price (the
    family's price has not moved since), every other lay the phase."""
    if mode == "home":
        f = state.family(family)
        return B.home_colours(market.price((f.row, f.col)))
    return colours(state.phase)


def map_def(map_id: str) -> B.MapDef:
    return B.load_map(map_id)


def initial(map_id: str) -> B.Board:
    return B.initial_board(map_def(map_id))


def lay(
    state: State, family: str, hex_: str, tile: str, rotation: int, mode: B.LayMode, *, replay: bool
) -> B.Lay | None:
    """Check and apply a lay (None before the game has a board). Replay mode is the
    board's: 18xx.games checks only the upgrade relation of a recorded lay."""
    m = map_def(state.map)
    if state.board is None:
        return None
    colours_now = lay_colours(state, family, mode)
    return B.check_lay(
        state.board,
        m,
        family,
        hex_,
        tile,
        rotation,
        colours_now,
        mode,
        strict=not replay,
        rules=state.options.rules,
    )


def token(
    state: State, family: str, hex_: str, city: int, slot: int | None, *, extra_slot: bool
) -> B.Board | None:
    """Apply a recorded token (None before the game has a board): a family's home token placed
    without a slot goes where its home keeps one; "WIP" is WORK IN PROGRESS's block."""
    m = map_def(state.map)
    if state.board is None:
        return None
    if family != "WIP" and hex_ == m.home(family) and slot is None:
        return B.place_home_token(state.board, m, family)
    return B.check_token(
        state.board,
        m,
        family,
        hex_,
        city,
        slot,
        reachable=False,
        extra_slot=extra_slot,
        owner="WIP" if family == "WIP" else None,
    )


LAY_SAMPLE = 12


def lay_options(state: State, sym: str, mode: B.LayMode, *, upgrades: bool = True) -> list[Command]:
    m = map_def(state.map)
    if state.board is None:
        return []
    options = B.legal_lays(
        state.board,
        m,
        sym,
        lay_colours(state, sym, mode),
        mode,
        upgrades=upgrades,
        exclude_hexes=frozenset(state.flow.laid_hexes),
        limit=LAY_SAMPLE,
        rules=state.options.rules,
    )
    cash = state.family(sym).cash
    return [LayTile(o.hex, o.tile, o.rotation) for o in options if o.cost <= cash]


def home_lays(state: State, sym: str) -> list[Command]:
    """The home tiles `sym` must choose from right after its par (empty when it may pass)."""
    lays = lay_options(state, sym, "home")
    return lays if home_is_white(state, sym) else []


def home_is_white(state: State, sym: str) -> bool:
    home = HOMES[state.map][sym]
    return state.board is not None and not any(t.hex == home for t in state.board.tiles)
