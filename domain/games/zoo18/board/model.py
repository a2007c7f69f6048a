"""Plain immutable values of the 18ZOO board: static map facts and the changing board state.

Static facts (`MapDef`, `HexDef`, `TileDef`) are loaded once per map and cached; they are never
stored in events or state. What changes during a game lives in `Board`, a frozen msgspec Struct
that the game state can hold and compare (defined with the state, in state.py: events never
store it, they record what changed).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.zoo18.state import Board as Board
from domain.games.zoo18.state import LaidTile as LaidTile
from domain.games.zoo18.state import Reservation as Reservation
from domain.games.zoo18.state import Token as Token

Colour = Literal["white", "yellow", "green", "brown", "gray", "red"]
# A phase's tile colours, e.g. ("yellow", "green"); revenues by phase read the last one defined.
PhaseColours = tuple[str, ...]

# Who lays a tile, which decides the rules applied (see check_lay).
LayMode = Literal["track", "home", "bonus", "rabbits", "moles", "ancient_maps"]


class Stop(msgspec.Struct, frozen=True):
    """A city, town (pond) or off-board printed on a tile or hex.

    `revenue` is either a fixed int or pairs (colour, value) in colour order; `slots` is 0 for
    towns and off-boards.
    """

    kind: Literal["city", "town", "offboard"]
    revenue: int | tuple[tuple[str, int], ...]
    slots: int = 0
    hidden: bool = False


class TileDef(msgspec.Struct, frozen=True):
    """A tile shape (a manifest tile, or the preprinted face of a map hex).

    Path ends are encoded as ints: 0..5 = edges, 6.. = stop index + 6 (cities first, then towns,
    then off-boards, in `stops` order), -1 = junction. `lanes` holds, per path, the lane spec of
    each end as ((width, index), (width, index)).
    """

    name: str
    color: str
    stops: tuple[Stop, ...] = ()
    paths: tuple[tuple[int, int], ...] = ()
    lanes: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    label: str | None = None
    count: int = 0
    partner: str | None = None
    upgrades_to: tuple[str, ...] = ()
    rabbits_upgrades_to: tuple[str, ...] = ()
    moles_upgrades_to: tuple[str, ...] = ()
    only_via_power: str | None = None
    only_on_home_of: str | None = None


class HexDef(msgspec.Struct, frozen=True):
    """One map hex: its printed face and terrain."""

    coord: str
    color: str
    type: str
    preprinted: TileDef
    preprinted_id: str
    lay_cost: int = 0
    terrain: str | None = None
    location_name: str | None = None
    home_of: str | None = None


class MapDef(msgspec.Struct, frozen=True):
    """A whole map (A-F, optionally with the base_2/base_3 centre variant)."""

    map_id: str
    variant: str | None
    families: tuple[str, ...]
    homes: tuple[tuple[str, str], ...]
    hexes: dict[str, HexDef]
    r_areas: tuple[str, ...] = ()

    def hex(self, coord: str) -> HexDef:
        """The hex at `coord`; KeyError when the map has none."""
        return self.hexes[coord]

    def home(self, family: str) -> str:
        return dict(self.homes)[family]


class Lay(msgspec.Struct, frozen=True):
    """An accepted tile lay: what it costs the family and the board after it."""

    board: Board
    cost: int
    terrain: str | None  # "hill", "mountain" or None: SHINING GOLD pays on these
    upgrade: bool


class LayOption(msgspec.Struct, frozen=True):
    hex: str
    tile: str  # copy id, e.g. "7-0"
    rotation: int
    cost: int = 0
    upgrade: bool = False


class TokenOption(msgspec.Struct, frozen=True):
    hex: str
    city: int
    slot: int
    city_id: str  # 18xx.games city id: "<tile copy or preprinted id>-<city index>"


class Train(msgspec.Struct, frozen=True):
    """A train as the board sees it: its id ("3S Long-0") and the variant name it runs as."""

    id: str
    name: str


class RouteSpec(msgspec.Struct, frozen=True):
    """One train's run, in the format 18xx.games records in `run_routes`.

    `connections` is a list of hex-id chains between consecutive stops; `[["local", HEX]]` is the
    1S running alone from its token city. `revenue`/`subsidy` are what a client claims: checked,
    never trusted. `site_read`: the route pays the stops 18xx.games reads its connections as
    without `nodes` (`site_reading.site_stops`), an imported run's (rules 16).
    """

    train: str
    connections: tuple[tuple[str, ...], ...]
    hexes: tuple[str, ...] = ()
    revenue: int | None = None
    subsidy: int | None = None
    site_read: bool = False


class Modifiers(msgspec.Struct, frozen=True):
    """Powers that change a family's run (the state machine knows who owns what)."""

    wheat_hex: str | None = None  # WHEAT marker placed by this family
    two_barrels: bool = False  # TWO BARRELS used for this run
    a_squeeze: bool = False  # family owns A SQUEEZE
    wings: bool = False  # family owns WINGS
    sugar: bool = False  # family owns A TIP OF SUGAR
    hole: bool = False  # family owns HOLE (informative: every family may use an open tunnel)
    # rules 3, as 18xx.games: a local (1S) run needs track at its city (the site finds the
    # city among the tile's stops that track touches)
    local_on_track: bool = False
    # rules 19, as 18xx.games: the site takes a WINGS-skipped city's value off every run, and
    # its 1S never scores that city (one city at most, its own): the 1S loses the value
    skip_costs_1s: bool = False


class RouteResult(msgspec.Struct, frozen=True):
    train: str
    revenue: int
    subsidy: int
    stops: tuple[str, ...]  # hexes of the visited stops, in route order
    nodes: tuple[tuple[str, int], ...] = ()  # the visited stops as (hex, stop index), in order


class RunResult(msgspec.Struct, frozen=True):
    """A validated run: total revenue (nuts, for the dividend) and subsidy (money to the family)."""

    revenue: int
    subsidy: int
    routes: tuple[RouteResult, ...]
