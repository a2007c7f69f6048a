"""18ZOO game facts used by the flow: maps' families, cash, limits, market, trains, phases, powers.

Numbers are the published game's facts as implemented at 18xx.games (see rules/18zoo.md).
"""

from __future__ import annotations

from functools import cache
from typing import Literal, get_args

# The rules version (domain.rules). Version 2 deals the powers deck as 18xx.games does, from a
# seed drawn at setup (recorded in `Started.seed`), so that an export replays on the site;
# version 1 shuffled the deck itself. Version 3 (after rules 2 was released, at f29edb4) takes
# the fixes the reference engine showed: its own reach walk, the order after an emergency sale,
# WHATSUP, A SQUEEZE, IT'S ALL GREEK TO ME, ON A DIET, a 1S's local run, the WIP slot, only the
# families' trains made ready; games stored under rules 2 keep playing by rules 2. Version 4
# stores what a tile lay, a token and a board power decided (messages.TilePlaced, TokenPut,
# HoleOpened, SlotReserved) instead of what was asked (TileLaid, TokenPlaced, BoardSet, which
# games of versions 1 to 3 keep storing): it plays and folds as version 3. Version 5 takes more
# of the site's rules, as the harness showed them (docs/18zoo.md, "Rules 5"): the subsidy after
# PATCH comes off between a run and its dividend, MIDAS and IT'S ALL GREEK TO ME closed by a
# phase change, WORK IN PROGRESS only where a slot is neither taken nor kept for a family, a
# family running PATCH's 1S waiting at the train step only where it could buy a train
# otherwise, a token freeing the other slots its family kept in the city (TokenPut.released),
# a tie for the presidency broken in priority order; games stored under rules 4 keep playing
# by rules 4. Version 6 lets WHATSUP buy any train the depot sells, the discarded ones too, as
# the site's `depot_trains` (stock.whatsup_trains), and a president still among the largest
# holders after a sale sells 20% certificates, not the president's (stock.sale_problem), and
# PATCH's 1S counts against the train limit (trains.counted); games stored under rules 5 keep
# playing by rules 5. Version 7 counts a family's trains against the limit after PATCH patched
# one of them by choice only once another train moves, as the site's memoized list of families
# over the limit (`crowded_corps`, which its patch does not clear) does (Flow.limit_unchecked;
# E 4 21096 #350); games stored under rules 6 keep playing by rules 6. Version 8 (issue 42)
# joins the grey hexes of row 0 to their neighbours, as the site's grid does (Board.row_zero,
# geometry.neighbour), and puts a family's token where the site's City#get_slot does, whatever
# slot it names (board.check_token); games stored under rules 7 keep playing by rules 7.
# Version 9 (issue 42) has PATCH hold back, at a rusting, the trains of every family whose
# president holds it (the site's `rust?`: the player chooses among them all; a buyer whose own
# trains are held counts them, and its buy step ends at its limit); games stored under rules 8
# keep playing by rules 8. Version 10 puts a family's home token, at its par, in the slot its
# home kept for it over the WORK IN PROGRESS block that took that slot while no one presided
# the family (the site's City#get_slot gives it the reserved slot, whatever is there); games
# stored under rules 9 keep playing by rules 9. Version 11 stores the rounds machine's changes
# as the facts they are (a round or a step begun, a turn ended, a track laid: messages, "the
# rounds machine"), which evolve applies to the state's Flow, instead of a copy of the whole
# Flow at every change (FlowChanged, which games of versions 1 to 10 keep storing): it plays
# and folds as version 10.
# Version 12 (issue 42's two-way comparison) lets a president sell the president's
# certificate in part in an SR (20% of it, the presidency passing: the site's partial bundles);
# games stored under rules 11 keep playing by rules 11.
# Version 13 (the explorer, both directions) lets a player over the certificate limit pass
# in an SR, as the site's 18ZOO step offers (and imported games always could); games stored
# under rules 12 keep playing by rules 12.
# Version 14 (the explorer, both directions) lets a president sell another family's
# president's certificate in part in an OR's emergency sale, as the site's partial bundles;
# games stored under rules 13 keep playing by rules 13.
# Version 15 keeps a family's token step waiting, as the site does, on the answer its graph
# memoized (`Graph#can_token?`) until the board next changes: a THAT'S MINE reservation does
# not change it there. Games stored under rules 14 keep playing by rules 14.
# Version 16 pays an imported run recorded without `nodes` at the stops the site read it as
# (a tile of two ponds entered by their shared edge: both); games stored under rules 15 keep
# playing by rules 15.
# Version 17 marks every train of a family as run at its dividend, a run or not, as the site
# does; games stored under rules 16 keep playing by rules 16.
# Version 18 keeps the site's own supply list of tiles (Board.supply, `after_lay` below) and
# lays from it, its quirk included: its home and bonus lays leave the other face
# of a two-faced piece listed, and an upgrade lists both faces again; games stored under rules
# 17 keep playing by rules 17 (the pieces on the board counted).
# Version 19 reads a run whose train PATCH set aside before the dividend as still the family's
# (the site's set-aside train keeps its owner): TWO BARRELS and A SQUEEZE count as at the run;
# games stored under rules 18 keep playing by rules 18 (no owner, as for a released 1S). It
# also takes a WINGS-skipped city's value off a 1S run, which scores its own city only.
# Version 20 lays any copy the site's list holds, as the rules' supply is that list: a copy
# listed again while it lies on the board (an upgrade lists the replaced piece's other face)
# is laid as a second piece of that name, the first hex keeping its tile; games stored under
# rules 19 keep playing by rules 19 (such a copy is not offered).
# Version 21 leaves a train that PATCH sets aside after its run, before the dividend, not
# marked as run: the site marks a family's trains at its dividend, when that train is off the
# family's list, so it comes back from the patch ready to run. Games stored under rules 20
# keep playing by rules 20 (it comes back marked from its run).
# Version 22 reads a family's lays off the graph the site memoized for it (`Graph#clear` comes
# only with a lay, a token or HOLE): a home token put at a par after the site computed the
# family's graph (at its track or token step) is not in that graph, and the family lays past
# it until the graph is computed again (state.graph_unseen). Games stored under rules 21 keep
# playing by rules 21 (every lay reads the board as it is).
RULES = 22
ROW_ZERO = 8  # the first version whose board joins row 0
PATCH_BY_PLAYER = 9  # the first version whose PATCH holds every family's trains of its holder
HOME_OVER_BLOCK = 10  # the first version whose home token covers a block in its kept slot
PARTIAL_PRESIDENCY = 12  # the first version selling the president's certificate in part
PASS_OVER_LIMIT = 13  # the first version letting a player over the certificate limit pass
EMERGENCY_PARTIAL = 14  # the first version selling a president's certificate in part in an OR
TOKEN_MEMO = 15  # the first version whose token step waits on the site's memoized answer
SITE_READ_RUNS = 16  # the first version paying an imported run as the site read it
DIVIDEND_OPERATES = 17  # the first version marking a family's trains as run at its dividend
SITE_SUPPLY = 18  # the first version keeping the site's supply list of tiles
ASIDE_KEEPS_OWNER = 19  # the first version whose train set aside by PATCH keeps its family
WINGS_COST_1S = 19  # the first version taking a WINGS-skipped city's value off a 1S run
LISTED_ON_BOARD = 20  # the first version laying a listed copy that lies on the board
ASIDE_NOT_RUN = 21  # the first version whose train set aside before the dividend is not run
GRAPH_MEMO = 22  # the first version whose lays read the site's memoized graph
FACTS = 4  # the first version whose board events are facts
FLOW_FACTS = 11  # the first version whose rounds machine stores facts, not FlowChanged

# The board facts evolve needs to upgrade a board event of rules 1-3 (board/*.json has them
# all; tests/domain/zoo18/test_facts.py checks these against it). The hills (M) and mountains
# (MM) of each map: a tile laid there keeps the mark.
HILLS = {
    "A": {"D12": "M", "E11": "MM", "E17": "M", "F10": "MM", "G17": "MM", "H18": "MM",
          "I15": "M", "J14": "M", "K3": "MM", "L18": "MM", "N16": "MM"},
    "B": {"H19": "MM", "I16": "M", "J15": "M", "K4": "MM", "K6": "M", "L19": "MM", "L7": "MM",
          "N17": "MM"},
    "C": {"E13": "M", "E7": "MM", "F12": "MM", "F18": "M", "F8": "MM", "G11": "MM", "G9": "M",
          "H18": "MM", "I19": "MM", "J16": "M", "L4": "MM", "L6": "M", "M7": "MM"},
    "D": {"D13": "M", "E12": "MM", "E18": "M", "F11": "MM", "G18": "MM", "H19": "MM",
          "I16": "M", "J15": "M", "K4": "MM", "K6": "M", "L19": "MM", "L7": "MM", "N17": "MM"},
    "E": {"D7": "MM", "G18": "MM", "H19": "MM", "I16": "M", "J15": "M", "K4": "MM", "K6": "M",
          "L19": "MM", "L7": "MM", "N17": "MM"},
    "F": {"E13": "M", "E7": "MM", "F12": "MM", "F18": "M", "F8": "MM", "G11": "MM", "G9": "M",
          "H18": "MM", "I19": "MM", "J16": "M", "L4": "MM", "L6": "M", "M7": "MM"},
}  # fmt: skip
# The slots of each city of the tiles whose cities have more than one (every other city of a
# tile or a printed hex has one).
CITY_SLOTS = {
    "14": (2,),
    "15": (2,),
    "582": (2,),
    "611": (2,),
    "619": (2,),
    "792": (2,),
    "793": (2,),
    "BB_455": (3,),
    "GI_455": (3,),
    "TI_455": (3,),
}

MapId = Literal["A", "B", "C", "D", "E", "F"]  # the map an Options names (`messages.Options`)
MAPS: tuple[MapId, ...] = get_args(MapId)

FAMILY_NAMES = {
    "CR": "(H1) CROCODILES",
    "GI": "(H2) GIRAFFES",
    "PB": "(H3) POLAR BEARS",
    "PE": "(H4) PENGUINS",
    "LI": "(H5) LIONS",
    "TI": "(H6) TIGERS",
    "BB": "(H7) BROWN BEAR",
    "EL": "(H8) ELEPHANT",
}

TOKEN_PRICES = {
    "CR": (0, 2, 4, 4),
    "GI": (0, 2),
    "PB": (0, 2, 4, 4),
    "PE": (0, 2, 4, 4),
    "LI": (0, 2, 4),
    "TI": (0, 2),
    "BB": (0, 2, 4),
    "EL": (0, 2, 4),
}

MAP_FAMILIES = {
    "A": ("GI", "PB", "PE", "LI", "TI"),
    "B": ("CR", "GI", "PB", "PE", "BB"),
    "C": ("CR", "LI", "TI", "BB", "EL"),
    "D": ("CR", "GI", "PB", "PE", "LI", "TI", "BB"),
    "E": ("CR", "GI", "PB", "PE", "TI", "BB", "EL"),
    "F": ("CR", "GI", "PE", "LI", "TI", "BB", "EL"),
}

HOMES = {
    "A": {"GI": "K9", "PB": "N10", "PE": "K17", "LI": "E15", "TI": "H14"},
    "B": {"CR": "H3", "GI": "K10", "PB": "N11", "PE": "K18", "BB": "I6"},
    "C": {"CR": "I3", "LI": "F16", "TI": "I15", "BB": "J6", "EL": "E5"},
    "D": {
        "CR": "H3",
        "GI": "K10",
        "PB": "N11",
        "PE": "K18",
        "LI": "E16",
        "TI": "H15",
        "BB": "I6",
    },
    "E": {
        "CR": "H3",
        "GI": "K10",
        "PB": "N11",
        "PE": "K18",
        "TI": "H15",
        "BB": "I6",
        "EL": "D5",
    },
    "F": {
        "CR": "I3",
        "GI": "L10",
        "PE": "L18",
        "LI": "F16",
        "TI": "I15",
        "BB": "J6",
        "EL": "E5",
    },
}

STARTING_CASH = {
    "A": {2: 40, 3: 28, 4: 27, 5: 22},
    "B": {2: 40, 3: 28, 4: 23, 5: 22},
    "C": {2: 40, 3: 28, 4: 23, 5: 22},
    "D": {2: 48, 3: 32, 4: 27, 5: 22},
    "E": {2: 48, 3: 32, 4: 27, 5: 22},
    "F": {2: 48, 3: 32, 4: 27, 5: 22},
}

CERT_LIMIT = {5: {2: 10, 3: 7, 4: 5, 5: 6}, 7: {2: 12, 3: 9, 4: 7, 5: 6}}

SHARE_PERCENTS = (40, 20, 20, 20, 20)  # SYM_0 is the president's certificate; SYM_4 the cousin

# ZOOTicket value by (turn, or number); or number 0 = the stock round of that day.
TICKET_VALUES = {
    (1, 0): 4,
    (1, 1): 5,
    (1, 2): 6,
    (2, 0): 7,
    (2, 1): 8,
    (2, 2): 9,
    (3, 0): 10,
    (3, 1): 12,
    (3, 2): 15,
    (3, 3): 18,
}
TICKET_END_VALUE = 20
DAY_NAMES = {1: "Monday", 2: "Tuesday", 3: "Wednesday"}


class Cell:
    __slots__ = ("bonus", "col", "dividend", "price", "row", "threshold")

    def __init__(self, row: int, col: int, raw: tuple[int, int | None, int, int]) -> None:
        self.row, self.col = row, col
        self.price, self.threshold, self.dividend, self.bonus = raw


# (price, threshold to move when paying, dividend per share, president bonus); rows top to bottom
_MARKET_RAW: tuple[tuple[tuple[int, int | None, int, int], ...], ...] = (
    (
        (7, 100, 1, 0),
        (8, 150, 2, 0),
        (9, 150, 2, 0),
        (10, 200, 2, 1),
        (11, 200, 2, 2),
        (12, 250, 3, 2),
        (13, 250, 3, 2),
        (14, 300, 3, 2),
        (15, 350, 3, 3),
        (16, 400, 4, 0),
        (20, 450, 5, 0),
        (24, None, 6, 0),
    ),
    (
        (6, 100, 1, 0),
        (7, 100, 1, 0),
        (8, 150, 2, 0),
        (9, 150, 2, 0),
        (10, 200, 2, 0),
        (11, 200, 2, 0),
        (12, 250, 3, 0),
        (13, 250, 3, 0),
        (14, 300, 3, 0),
    ),
    (
        (5, 80, 1, 0),
        (6, 100, 1, 0),
        (7, 100, 2, 0),
        (8, 150, 2, 0),
        (9, 150, 2, 0),
        (10, 200, 2, 0),
        (11, 200, 2, 0),
    ),
    ((4, 50, 1, 0), (5, 80, 1, 0), (6, 100, 1, 0), (7, 100, 2, 0), (8, 150, 2, 0)),
    ((3, 40, 0, 0), (4, 50, 1, 0), (5, 80, 1, 0)),
    ((2, 30, 0, 0), (3, 40, 0, 0)),
)

MARKET: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(Cell(r, c, raw) for c, raw in enumerate(row)) for r, row in enumerate(_MARKET_RAW)
)
END_CELL = (0, 11)

# par price -> (row, col, bonus cash, bonus yellow lays, phase colour needed)
PARS = {
    5: (3, 1, 0, 0, "yellow"),
    6: (2, 1, 0, 0, "yellow"),
    7: (1, 1, 0, 0, "yellow"),
    9: (1, 3, 5, 2, "green"),
    12: (1, 6, 10, 4, "brown"),
}
HOME_TILES: dict[int, tuple[str, ...]] = {5: ("5", "6", "57"), 6: ("5", "6", "57")}
HOME_TILES[7] = ("5", "6", "57")
HOME_TILES[9] = ("5", "6", "57", "14", "15", "619")
HOME_TILES[12] = ("5", "6", "57", "14", "15", "619", "611")


class TrainType:
    __slots__ = ("distance", "event", "multiplier", "name", "obsolete_on", "price", "rusts_on")

    def __init__(
        self,
        name: str,
        distance: int,
        price: int,
        rusts_on: str = "",
        obsolete_on: str = "",
        multiplier: int = 1,
        event: bool = False,
    ) -> None:
        self.name, self.distance, self.price = name, distance, price
        self.rusts_on, self.obsolete_on = rusts_on, obsolete_on
        self.multiplier, self.event = multiplier, event


TRAIN_TYPES = {
    "2S": TrainType("2S", 2, 7, rusts_on="4S"),
    "3S": TrainType("3S", 3, 12, rusts_on="5S", event=True),
    "3S Long": TrainType("3S Long", 3, 12, obsolete_on="4J"),
    "4S": TrainType("4S", 4, 20, obsolete_on="4J", event=True),
    "4S Perm": TrainType("4S Perm", 4, 20),
    "5S": TrainType("5S", 5, 30, event=True),
    "4J": TrainType("4J", 4, 47, multiplier=2, event=True),
    "2J": TrainType("2J", 2, 37, multiplier=2),
    "1S": TrainType("1S", 1, 0),
}
TRAIN_COUNTS = (("3S", 3), ("3S Long", 1), ("4S", 2), ("4S Perm", 1), ("5S", 2), ("4J", 1))


class Phase:
    __slots__ = ("limit", "name", "tiles")

    def __init__(self, name: str, limit: int, tiles: tuple[str, ...]) -> None:
        self.name, self.limit, self.tiles = name, limit, tiles


_Y, _G, _B, _GR = "yellow", "green", "brown", "gray"
PHASES = (
    Phase("2S", 4, (_Y,)),
    Phase("3S", 4, (_Y, _G)),
    Phase("4S", 3, (_Y, _G)),
    Phase("4S Perm", 3, (_Y, _G, _B)),
    Phase("5S", 2, (_Y, _G, _B)),
    Phase("4J", 2, (_Y, _G, _B, _GR)),
)
PHASE_BY_NAME = {p.name: p for p in PHASES}

POWERS: tuple[tuple[str, str, int], ...] = (
    ("DAYS_OFF", "Days off", 3),
    ("MIDAS", "Midas", 1),
    ("TOO_MUCH_RESPONSIBILITY", "Too much responsibility", 1),
    ("LEPRECHAUN_POT_OF_GOLD", "Leprechaun pot of gold", 2),
    ("IT_S_ALL_GREEK_TO_ME", "It's all greek to me", 1),
    ("WHATSUP", "Whatsup", 3),
    ("RABBITS", "Rabbits", 3),
    ("MOLES", "Moles", 2),
    ("ANCIENT_MAPS", "Ancient maps", 2),
    ("HOLE", "Hole", 2),
    ("ON_A_DIET", "On a diet", 1),
    ("SHINING_GOLD", "Shining gold", 1),
    ("THAT_S_MINE", "That's mine!", 2),
    ("WORK_IN_PROGRESS", "Work in progress", 2),
    ("WHEAT", "Wheat", 2),
    ("TWO_BARRELS", "Two barrels", 2),
    ("A_SQUEEZE", "A squeeze", 3),
    ("PATCH", "Patch", 2),
    ("WINGS", "Wings", 2),
    ("A_TIP_OF_SUGAR", "A tip of sugar", 2),
)
POWER_PRICE = {p: price for p, _, price in POWERS}
POWER_NAME = {p: name for p, name, _ in POWERS}
SR_POWERS = frozenset(p for p, _, _ in POWERS[:6])
MAX_POWERS = 3
TERRAIN_COST = {"M": 1, "MM": 2}


def tickets_per_player(players: int) -> int:
    return 2 if players == 5 else 3


def draft_size(players: int) -> int:
    return 6 if players == 5 else 4


def cert_limit(map_id: str, players: int) -> int:
    return CERT_LIMIT[len(MAP_FAMILIES[map_id])][players]


# The site's tile supply list (rules 18): which tile copies 18xx.games holds in its supply.
#
# 18xx.games keeps its supply as a list of tile objects (`Game#tiles`) changed by hand at each
# lay, and its views offer a tile whenever a copy of it is listed (`Tracker#potential_tiles`,
# the first copy of each name, which its client then lays). 18ZOO's pieces are two-faced (7 and
# X7, 8 and X8, 9 and X9, 16 to 31 and their X faces, 80 to 83 and theirs), and the list stops
# matching the pieces on the board:
#
# - 18ZOO's own tracker (`G18ZOO::Step::Tracker#update_tile_lists`, the OR's track step and the
#   powers' lays) deletes the laid copy and the other face of its piece (`tile_by_id` of the id
#   with "X" added or taken off), then appends the replaced copy and its other face, listed or
#   on the board already;
# - the SR's home and bonus lays (`HomeTrack`, `BonusTracks`) use the engine's own
#   (`Game::Base#update_tile_lists`), which deletes the laid copy only: the other face stays
#   listed while its piece is on the board, and can be laid too.
#
# `Array#delete` deletes every occurrence, so a copy listed twice counts once: the list is kept
# here as each copy once, where it first stands. Games of rules 1 to 17 count the pieces on the
# board instead (board.lays.supply); from rules 18 `Board.supply` holds this list, decide takes a
# lay's copy from it and evolve keeps it. Pure data, for evolve as for the board engine.

# The site's manifest in its order (`G18ZOO::Map::TILES`) and each tile's copies: the supply
# list starts with "7-0" to "7-6", then "X7-0" to "X7-6", "8-0"... (the board's tiles.json
# has the same counts: tests/domain/zoo18/test_rules18_site_supply.py)
SITE_TILES = (
    ("7", 7), ("X7", 7), ("8", 18), ("X8", 18), ("9", 13), ("X9", 13),
    ("5", 2), ("6", 2), ("57", 2), ("201", 2), ("202", 2), ("621", 2),
    ("16", 1), ("X16", 1), ("19", 1), ("X19", 1), ("20", 1), ("X20", 1),
    ("23", 2), ("X23", 2), ("24", 2), ("X24", 2), ("25", 2), ("X25", 2),
    ("26", 2), ("X26", 2), ("27", 2), ("X27", 2), ("28", 1), ("X28", 1),
    ("29", 1), ("X29", 1), ("30", 1), ("X30", 1), ("31", 1), ("X31", 1),
    ("14", 2), ("15", 2), ("619", 2), ("576", 1), ("577", 1), ("579", 1),
    ("792", 1), ("793", 1), ("39", 1), ("40", 1), ("41", 1), ("42", 1), ("43", 1),
    ("44", 1), ("45", 1), ("46", 1), ("47", 1), ("611", 3), ("582", 3),
    ("TI_455", 1), ("GI_455", 1), ("BB_455", 1),
    ("80", 1), ("X80", 1), ("81", 1), ("X81", 1), ("82", 1), ("X82", 1), ("83", 1), ("X83", 1),
)  # fmt: skip
# The lays made on the site by 18ZOO's own tracker (both faces of a piece leave the list);
# the others ("home", "bonus") by the engine's plain one (the laid face only).
BOTH_FACES = frozenset({"track", "rabbits", "moles", "ancient_maps"})


@cache
def site_supply() -> tuple[str, ...]:
    """The site's supply list at the start of a game: every copy, in its order."""
    return tuple(f"{name}-{i}" for name, count in SITE_TILES for i in range(count))


@cache
def _copies() -> frozenset[str]:
    return frozenset(site_supply())


def other_face(copy: str) -> str | None:
    """The copy on the other face of the same piece ("7-2" <-> "X7-2"), as the site's
    `tile_by_id` finds it; None for a one-faced tile."""
    other = copy[1:] if copy.startswith("X") else f"X{copy}"
    return other if other in _copies() else None


def after_lay(
    supply: tuple[str, ...], tile: str, replaced: str | None, mode: str
) -> tuple[str, ...]:
    """The site's list after `tile` is laid by a lay of `mode` (the board engine's lay modes),
    replacing the copy `replaced` (None: a preprinted tile, which never enters the list)."""
    both = mode in BOTH_FACES
    gone = {tile}
    other = other_face(tile) if both else None
    if other is not None:
        gone.add(other)
    out = [copy for copy in supply if copy not in gone]
    if replaced is not None:
        back = [replaced]
        other = other_face(replaced) if both else None
        if other is not None:
            back.append(other)
        out += [copy for copy in back if copy not in out]
    return tuple(out)
