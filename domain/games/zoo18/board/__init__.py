"""The 18ZOO board: maps, tiles, tokens, routes and revenue (pure functions on immutable values).

The state machine of the game owns money, trains, phases and powers; it calls this API with
plain facts (family sym, phase tile colours, the family's trains, power flags) and stores the
returned `Board` in its state. Every check refuses a move that is not allowed through
`domain.kernel.illegal` (`Rejected(Reason.ILLEGAL, "<words>")`).

Identifiers are those of 18xx.games: hexes "K9", tile copies "7-0", city ids "201-0-0" or
"L4-3-0" (tile copy or preprinted id + "-" + city index), trains "3S Long-0".
"""

from __future__ import annotations

from functools import lru_cache

from domain.games.zoo18.board import describe as describing
from domain.games.zoo18.board import lays, maps, search, tokens
from domain.games.zoo18.board import routes as running
from domain.games.zoo18.board.describe import HexView, StopView
from domain.games.zoo18.board.graph import graph_of
from domain.games.zoo18.board.model import (
    Board,
    HexDef,
    LaidTile,
    Lay,
    LayMode,
    LayOption,
    MapDef,
    Modifiers,
    PhaseColours,
    Reservation,
    RouteResult,
    RouteSpec,
    RunResult,
    Stop,
    TileDef,
    Token,
    TokenOption,
    Train,
)

NO_MODIFIERS = Modifiers()

__all__ = [
    "NO_MODIFIERS",
    "Board",
    "HexDef",
    "HexView",
    "LaidTile",
    "Lay",
    "LayMode",
    "LayOption",
    "MapDef",
    "Modifiers",
    "PhaseColours",
    "Reservation",
    "RouteResult",
    "RouteSpec",
    "RunResult",
    "Stop",
    "StopView",
    "TileDef",
    "Token",
    "TokenOption",
    "Train",
    "best_routes",
    "can_run",
    "check_lay",
    "check_token",
    "city_at",
    "city_id",
    "describe",
    "face",
    "home_colours",
    "initial_board",
    "legal_lays",
    "legal_tokens",
    "load_map",
    "open_slots",
    "place_home_token",
    "reserve",
    "route_revenue",
    "stop_value",
    "supply",
    "tile_def",
    "use_hole",
]


def load_map(map_id: str, variant: str | None = None) -> MapDef:
    """Map "A".."F"; `variant` None, "base_2" or "base_3" (the optional centre hexes). Cached."""
    return maps.load_map(map_id, variant)


def tile_def(name: str) -> TileDef:
    """The manifest tile of a name ("7") or copy id ("7-0")."""
    return maps.tile_def(name)


def supply(board: Board, rules: int = 1) -> dict[str, int]:
    """Pieces left per tile name; the two faces of a piece (7 / X7) show the same number."""
    return lays.supply(board, rules)


def home_colours(par: int) -> PhaseColours:
    """The `colours` for a "home" lay right after par: 5, 6, 57; +14, 15, 619 at par 9;
    +611 at par 12 (the home list depends on the par price, not on the phase)."""
    return ("yellow", "green", "brown")[: 1 + (par >= 9) + (par >= 12)]


def stop_value(stop: Stop, colours: PhaseColours) -> int:
    """What a stop pays now: its fixed value, or that of the last phase colour it names."""
    return running.stop_value(stop, colours)


def face(board: Board, hex: str) -> tuple[TileDef, int, str]:
    """What shows on a hex now: (tile, rotation, tile id), the laid tile, a HOLE tunnel tile
    or the printed hex (tile id = its preprinted id)."""
    return graph_of(board).faces[hex]


def describe(board: Board, colours: PhaseColours) -> list[HexView]:
    """Every hex as a client draws it: face, rotation, absolute track, stops paying now, tokens
    and reservations (a msgspec-encodable list, sorted by hex)."""
    return describing.describe(board, colours)


def initial_board(map_def: MapDef, row_zero: bool = False) -> Board:
    """The empty board: preprinted hexes only, every home slot reserved for its family; row 0
    neighbours the others with `row_zero` (rules 8, geometry.neighbour)."""
    return tokens.initial_board(map_def, row_zero)


def check_lay(
    board: Board,
    map_def: MapDef,
    family: str,
    hex: str,
    tile: str,
    rotation: int,
    colours: PhaseColours,
    mode: LayMode = "track",
    *,
    strict: bool = True,
    rules: int = 1,
    seen: Board | None = None,
) -> Lay:
    """Validate laying tile copy `tile` ("7-0") on `hex` at `rotation` for `family`.

    Checks: the copy is not on the board and a piece is left (the two faces 7 / X7 of a piece
    share one count), colour allowed in the phase (`colours`), the upgrade relation (next
    colour, same label/stops, old track preserved by this rotation), no upgrade of M/MM/O
    hexes once laid, red/gray never, TI/GI/BB_455 only on that family's home, every new exit
    points at a hex that can take track, and the new track meets the family's network.
    `mode` selects the power rules: "home" (SR lay on the home hex right after par; pass
    `colours=home_colours(par)` then, not the phase colours), "bonus"
    (SR par-bonus yellow lays), "rabbits", "moles", "ancient_maps".
    `strict=False` is the replay mode of 18xx.games: only the upgrade relation is checked (no
    supply, phase colour, rotation or connectivity checks), for importing recorded games.
    A copy whose other face is on the board (X8-0 after 8-0: 18xx.games' SR home and bonus
    lays leave the partner copy in its list) is accepted in both modes while a piece is left:
    the supply counts pieces, copy ids only name them as 18xx.games does.
    `rules` 2 adds 18xx.games' own checks in strict mode (`restrictions`): every exit leads
    somewhere, stops stay whole, and the lay gives the family new track or a new city value.
    Returns the new board (tile laid, replaced tile back in supply, tokens kept in their slots),
    the cost (terrain of a first lay on M 1 / MM 2; never for RABBITS/MOLES), the terrain paid
    ("hill"/"mountain", for SHINING GOLD) and whether it was an upgrade. A tile laid on a hill
    or mountain in the OR keeps the mark M/MM (`LaidTile.label`).
    `seen` (rules 22): the board the site's memoized graph of `family` last saw, which its
    network is read from (a home token put since is not in it).
    """
    return lays.check_lay(
        board,
        map_def,
        family,
        hex,
        tile,
        rotation,
        colours,
        mode,
        strict=strict,
        rules=rules,
        seen=seen,
    )


def legal_lays(
    board: Board,
    map_def: MapDef,
    family: str,
    colours: PhaseColours,
    mode: LayMode = "track",
    *,
    upgrades: bool = True,
    exclude_hexes: frozenset[str] = frozenset(),
    limit: int | None = None,
    rules: int = 1,
    seen: Board | None = None,
) -> list[LayOption]:
    """Lays `check_lay` accepts (one copy per tile name), ordered by hex; at most `limit`.

    `upgrades=False` offers only yellow lays on white hexes (second lay after an upgrade);
    `exclude_hexes` leaves out hexes already laid this turn; `seen` as for `check_lay`.
    """
    return list(
        _legal_lays(
            board, family, tuple(colours), mode, upgrades, exclude_hexes, limit, rules, seen
        )
    )


@lru_cache(maxsize=256)
def _legal_lays(
    board: Board,
    family: str,
    colours: PhaseColours,
    mode: LayMode,
    upgrades: bool,
    exclude_hexes: frozenset[str],
    limit: int | None,
    rules: int,
    seen: Board | None,
) -> tuple[LayOption, ...]:
    map_def = maps.load_map(board.map_id, board.variant)
    options = lays.legal_lays(
        board,
        map_def,
        family,
        colours,
        mode,
        upgrades=upgrades,
        exclude_hexes=exclude_hexes,
        limit=limit,
        rules=rules,
        seen=seen,
    )
    return tuple(options)


def city_at(board: Board, map_def: MapDef, city_id: str) -> tuple[str, int]:
    """(hex, city index) of an 18xx.games city id such as "201-0-0" or "L4-3-0"."""
    return tokens.city_at(board, map_def, city_id)


def city_id(board: Board, hex: str, city: int) -> str:
    """The 18xx.games id of city `city` of `hex` as it shows now ("201-0-0", "L4-3-0")."""
    return tokens.city_id(board, hex, city)


def place_home_token(board: Board, map_def: MapDef, family: str, rules: int = 1) -> Board:
    """Put `family`'s home token in its reserved home slot (at par); from `rules` 10 over the
    WORK IN PROGRESS block that took that slot while no one presided the family."""
    return tokens.place_home_token(board, map_def, family, over_block=rules >= 10)


def check_token(
    board: Board,
    map_def: MapDef,
    family: str,
    hex: str,
    city: int,
    slot: int | None = None,
    *,
    reachable: bool = True,
    extra_slot: bool = False,
    owner: str | None = None,
    rules: int = 1,
) -> Board:
    """Validate a token of `family` in city `city` of `hex` (first free slot when `slot` is None).

    Normal rules: the city is reachable from the family's tokens (`reachable=False` for powers
    that place anywhere), a free slot not reserved for another family (or reserved for it), and
    no token of the family already in that city. `extra_slot=True` is ON A DIET (adds a slot).
    `owner="WIP"` places the neutral WORK IN PROGRESS block in a free slot.
    Money is the caller's business. Returns the new board. `rules` 2 reaches without turning
    back (`reach(no_turning=True)`), `rules` 3 as 18xx.games' graph does (`reach(site=True)`);
    from `rules` 8 a family's token goes where 18xx.games puts it, whatever `slot` names: the
    slot the family keeps there, else the first slot neither taken nor kept.
    """
    return tokens.check_token(
        board,
        map_def,
        family,
        hex,
        city,
        slot,
        reachable=reachable,
        extra_slot=extra_slot,
        owner=owner,
        no_turning=rules >= 2,
        site=rules >= 3,
        site_slot=rules >= 8,
    )


def open_slots(board: Board, hex: str, city: int = 0) -> int | None:
    """The city's slots with neither a token nor a reservation (None: no city there)."""
    return tokens.open_slots(board, hex, city)


def reserve(board: Board, map_def: MapDef, family: str, hex: str, city: int = 0) -> Board:
    """THAT'S MINE: keep an open slot of a city on a laid tile for `family`, reachable or not."""
    return tokens.reserve(board, map_def, family, hex, city)


def legal_tokens(
    board: Board, map_def: MapDef, family: str, *, extra_slot: bool = False, rules: int = 1
) -> list[TokenOption]:
    """Every normal token placement `check_token` accepts for `family`; with `extra_slot`
    (ON A DIET) every reachable city without its token, full or not, at its new extra slot."""
    return list(_legal_tokens(board, family, extra_slot, rules >= 2, rules >= 3, rules >= 8))


@lru_cache(maxsize=256)
def _legal_tokens(
    board: Board, family: str, extra_slot: bool, no_turning: bool, site: bool, site_slot: bool
) -> tuple[TokenOption, ...]:
    map_def = maps.load_map(board.map_id, board.variant)
    found = tokens.legal_tokens(
        board,
        map_def,
        family,
        extra_slot=extra_slot,
        no_turning=no_turning,
        site=site,
        site_slot=site_slot,
    )
    return tuple(found)


def use_hole(board: Board, map_def: MapDef, area_a: str, area_b: str) -> Board:
    """Open the HOLE tunnel between two R areas (adds the border lanes)."""
    return tokens.use_hole(board, map_def, area_a, area_b)


def can_run(board: Board, map_def: MapDef, family: str) -> bool:
    """Whether some token city of `family` reaches another stop by track (Route step blocks)."""
    return search.can_run(board, family)


def route_revenue(
    board: Board,
    map_def: MapDef,
    family: str,
    trains: tuple[Train, ...],
    routes: tuple[RouteSpec, ...],
    colours: PhaseColours,
    modifiers: Modifiers = NO_MODIFIERS,
) -> RunResult:
    """Validate the run of `family` and compute its revenue and subsidy.

    Each route names one of `trains`. Checks: connections resolve to track, ≥ 2 counted stops
    (1S: one stop), a stop tokened by the family, no stop twice, distance by train, no track
    reused across the family's routes, no tokened-out city passed through (one with WINGS).
    Revenue: stop values by phase (R 30/60, Y by colour), x2 for 4J/2J, WHEAT, TWO BARRELS,
    HOLE pass-through, WINGS; subsidy 1 per pond stop (+3 A SQUEEZE, 0 with TWO BARRELS).
    A claimed `revenue`/`subsidy` that differs from the computed one is rejected.
    """
    return running.route_revenue(board, map_def, family, trains, routes, colours, modifiers)


def route_shapes(
    board: Board, family: str, train: Train, colours: PhaseColours, modifiers: Modifiers
) -> list[RouteSpec]:
    """Every route the search scores for one train, the richest first."""
    return search.route_shapes(board, family, train, colours, modifiers)


def best_routes(
    board: Board,
    map_def: MapDef,
    family: str,
    trains: tuple[Train, ...],
    colours: PhaseColours,
    modifiers: Modifiers = NO_MODIFIERS,
) -> tuple[RouteSpec, ...]:
    """A good (usually the best) legal set of routes for `family`'s trains; () when none runs."""
    return search.best_routes(board, map_def, family, trains, colours, modifiers)
