"""The flow's bridge to the board package (map, tiles, tokens, routes), and the facts of a
board move for its event: what a lay or a token decided, read off the board the engine made
(evolve only writes them, it never calls the board engine)."""

from __future__ import annotations

import msgspec

from domain.games.zoo18 import board as B
from domain.games.zoo18 import market
from domain.games.zoo18.data import HOMES, PHASE_BY_NAME
from domain.games.zoo18.messages import (
    BoardV1,
    Command,
    LaidTileV1,
    LayTile,
    ReservationV1,
    TokenPut,
    TokenV1,
)
from domain.games.zoo18.state import State
from domain.kernel import illegal


def colours(phase: str) -> tuple[str, ...]:
    return PHASE_BY_NAME[phase].tiles


def lay_colours(state: State, family: str, mode: B.LayMode) -> B.PhaseColours:
    """The tile colours of a lay: the home lay right after par follows the par price (the
    family's price has not moved since), every other lay the phase."""
    if mode == "home":
        f = state.family(family)
        return B.home_colours(market.price((f.row, f.col)))
    return colours(state.phase)


def map_def(state: State) -> B.MapDef:
    """The game's map, with the centre its options chose (Base 2 / Base 3)."""
    return B.load_map(state.map, state.options.centre)


def initial(map_id: str, centre: str | None = None) -> B.Board:
    return B.initial_board(B.load_map(map_id, centre))


def lay(
    state: State, family: str, hex_: str, tile: str, rotation: int, mode: B.LayMode, *, replay: bool
) -> B.Lay | None:
    """Check and apply a lay (None before the game has a board). Replay mode is the
    board's: 18xx.games checks only the upgrade relation of a recorded lay."""
    m = map_def(state)
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
        seen=seen_board(state, family),
    )


def seen_board(state: State, family: str) -> B.Board | None:
    """Rules 22: the board the site's memoized graph of `family` was computed on, without
    the home tokens put since (state.graph_unseen); None when it is the board itself."""
    unseen = {(owner, hex_, city) for sym, owner, hex_, city in state.graph_unseen if sym == family}
    if not unseen or state.board is None:
        return None
    tokens = tuple(t for t in state.board.tokens if (t.owner, t.hex, t.city) not in unseen)
    return msgspec.structs.replace(state.board, tokens=tokens)


def lay_facts(state: State, lay: B.Lay, hex_: str) -> tuple[str | None, str | None]:
    """(label, replaced) of an accepted lay on `hex_`: the mark the laid tile carries and the
    copy it replaced (None on a first lay)."""
    label = next((t.label for t in lay.board.tiles if t.hex == hex_), None)
    before = state.board.tiles if state.board is not None else ()
    replaced = next((t.tile for t in before if t.hex == hex_), None)
    return label, replaced


def token_put(before: B.Board, after: B.Board, asked: int | None = None) -> TokenPut:
    """The token event of an accepted placement: the token the engine added (its slot),
    whether it took a new ON A DIET slot, and the slot the command named."""
    token = after.tokens[-1]
    extra = len(after.extra_slots) > len(before.extra_slots)
    return TokenPut(token.owner, token.hex, token.city, token.slot, extra, asked)


def home_token(state: State, family: str) -> TokenPut:
    """The home token of `family` at its par, in the slot its home keeps."""
    if state.board is None:
        illegal("the game has no board yet")
    after = B.place_home_token(state.board, map_def(state), family, state.options.rules)
    return token_put(state.board, after)


def stored(board: B.Board) -> BoardV1:
    """The board as a board_set event of rules 1-3 stores it."""
    return BoardV1(
        map_id=board.map_id,
        variant=board.variant,
        tiles=tuple(LaidTileV1(t.hex, t.tile, t.rotation, t.label) for t in board.tiles),
        tokens=tuple(TokenV1(t.hex, t.city, t.slot, t.owner) for t in board.tokens),
        reservations=tuple(
            ReservationV1(r.hex, r.city, r.slot, r.family) for r in board.reservations
        ),
        used=board.used,
        extra_slots=board.extra_slots,
        hole=board.hole,
    )


LAY_SAMPLE = 12


def legal_lays(
    state: State,
    sym: str,
    mode: B.LayMode,
    *,
    upgrades: bool = True,
    exclude_hexes: frozenset[str] = frozenset(),
    limit: int | None = None,
) -> list[B.LayOption]:
    """The lays the board allows `sym` now: its colours, rules and, from rules 22, the board
    the site's memoized graph of it saw (`seen_board`)."""
    if state.board is None:
        return []
    return B.legal_lays(
        state.board,
        map_def(state),
        sym,
        lay_colours(state, sym, mode),
        mode,
        upgrades=upgrades,
        exclude_hexes=exclude_hexes,
        limit=limit,
        rules=state.options.rules,
        seen=seen_board(state, sym),
    )


def lay_options(state: State, sym: str, mode: B.LayMode, *, upgrades: bool = True) -> list[Command]:
    laid = frozenset(state.flow.laid_hexes)
    options = legal_lays(state, sym, mode, upgrades=upgrades, exclude_hexes=laid, limit=LAY_SAMPLE)
    cash = state.family(sym).cash
    return [LayTile(o.hex, o.tile, o.rotation) for o in options if o.cost <= cash]


def home_lays(state: State, sym: str) -> list[Command]:
    """The home tiles `sym` must choose from right after its par (empty when it may pass)."""
    lays = lay_options(state, sym, "home")
    return lays if home_is_white(state, sym) else []


def home_is_white(state: State, sym: str) -> bool:
    home = HOMES[state.map][sym]
    return state.board is not None and not any(t.hex == home for t in state.board.tiles)
