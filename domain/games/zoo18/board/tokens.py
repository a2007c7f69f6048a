"""Tokens: homes, normal placements, ON A DIET, THAT'S MINE and WORK IN PROGRESS."""

from __future__ import annotations

import msgspec

from domain.games.zoo18.board.graph import Node, graph_of, reach
from domain.games.zoo18.board.lays import laid_on
from domain.games.zoo18.board.maps import hole_faces
from domain.games.zoo18.board.model import Board, MapDef, Reservation, Token, TokenOption
from domain.kernel import illegal

BLOCKER = "WIP"


def initial_board(map_def: MapDef, row_zero: bool = False) -> Board:
    reservations = tuple(
        Reservation(home, 0, 0, family)
        for family, home in map_def.homes
        if family in map_def.families
    )
    return Board(
        map_id=map_def.map_id,
        variant=map_def.variant,
        reservations=reservations,
        row_zero=row_zero,
    )


def use_hole(board: Board, map_def: MapDef, area_a: str, area_b: str) -> Board:
    if board.hole is not None:
        illegal("the hole is already open")
    for area in (area_a, area_b):
        if area not in map_def.r_areas:
            illegal(f"{area} is not an R area that a hole can link")
    if area_a == area_b:
        illegal("a hole links two different R areas")
    pair = (min(area_a, area_b), max(area_a, area_b))
    hole_faces(board.map_id, pair)  # rejects pairs without a tunnel
    return msgspec.structs.replace(board, hole=pair)


def city_id(board: Board, coord: str, city: int) -> str:
    """The 18xx.games id of a city: current tile copy (or preprinted id) + "-" + index."""
    _, _, tile_id = graph_of(board).faces[coord]
    return f"{tile_id}-{city}"


def city_at(board: Board, map_def: MapDef, ident: str) -> tuple[str, int]:
    tile_id, _, index = ident.rpartition("-")
    if not index.isdigit():
        illegal(f"{ident!r} is not a city id")
    for coord, (_, _, face_id) in graph_of(board).faces.items():
        if face_id == tile_id:
            node = (coord, int(index))
            if (
                graph_of(board).nodes.get(node) is None
                or graph_of(board).nodes[node].kind != "city"
            ):
                illegal(f"{ident} is not a city")
            return node
    illegal(f"no city {ident} on the board")


def _slot_state(board: Board, node: Node) -> tuple[int, dict[int, str], dict[int, str]]:
    graph = graph_of(board)
    taken = {t.slot: t.owner for t in board.tokens if (t.hex, t.city) == node}
    reserved = {r.slot: r.family for r in board.reservations if (r.hex, r.city) == node}
    return graph.slots(node), taken, reserved


def open_slots(board: Board, coord: str, city: int = 0) -> int | None:
    """The city's printed slots with neither a token nor a reservation (18xx.games'
    City#available_slots: ON A DIET's extra slot is not one), None for a hex without it."""
    node = (coord, city)
    stop = graph_of(board).nodes.get(node)
    if stop is None or stop.kind != "city":
        return None
    _, taken, reserved = _slot_state(board, node)
    return sum(1 for slot in range(stop.slots) if slot not in taken and slot not in reserved)


def _free_slot(board: Board, node: Node, family: str) -> int | None:
    slots, taken, reserved = _slot_state(board, node)
    for slot in range(slots):
        if slot not in taken and reserved.get(slot, family) == family:
            return slot
    return None


def _site_slot(board: Board, node: Node, family: str) -> int | None:
    """The slot 18xx.games gives a family's token (City#get_slot): the slot it keeps in the
    city, else the first slot neither taken nor kept, whatever slot was named. The site keeps
    ON A DIET's tokens apart from the printed slots; here one sits at the index after them,
    which a later upgrade to more slots makes a printed one, so every slot is looked at."""
    slots, taken, reserved = _slot_state(board, node)
    kept = sorted(slot for slot, owner in reserved.items() if owner == family and slot not in taken)
    if kept:
        return kept[0]
    return next((s for s in range(slots) if s not in taken and s not in reserved), None)


def _has_token_on_hex(board: Board, family: str, coord: str) -> bool:
    return any(t.hex == coord and t.owner == family for t in board.tokens)


def place_home_token(board: Board, map_def: MapDef, family: str, over_block: bool = False) -> Board:
    home = map_def.home(family)
    if _has_token_on_hex(board, family, home):
        illegal(f"{family} already has its home token")
    slot = next(
        (r.slot for r in board.reservations if r.family == family and r.hex == home),
        None,
    )
    kept = Token(home, 0, 0, BLOCKER)  # the slot every home keeps (initial_board)
    if slot is None and over_block and kept in board.tokens:
        # rules 10, as 18xx.games: the block took the slot kept for the family while no one
        # presided it (the site matched its missing owner with the family's), and the home
        # token goes into that slot all the same, over the block (City#get_slot)
        cleared = msgspec.structs.replace(board, tokens=tuple(t for t in board.tokens if t != kept))
        return _put(cleared, Token(home, 0, 0, family))
    if slot is None:
        slot = _free_slot(board, (home, 0), family)
    if slot is None:
        illegal(f"the home of {family} has no free slot")
    return _put(board, Token(home, 0, slot, family))


def _put(board: Board, token: Token, extra: bool = False) -> Board:
    reservations = tuple(
        r
        for r in board.reservations
        if (r.hex, r.city, r.slot) != (token.hex, token.city, token.slot)
    )
    extra_slots = (*board.extra_slots, (token.hex, token.city)) if extra else board.extra_slots
    return msgspec.structs.replace(
        board,
        tokens=(*board.tokens, token),
        reservations=reservations,
        extra_slots=extra_slots,
    )


def check_token(
    board: Board,
    map_def: MapDef,
    family: str,
    coord: str,
    city: int,
    slot: int | None = None,
    *,
    reachable: bool = True,
    extra_slot: bool = False,
    owner: str | None = None,
    no_turning: bool = False,
    site: bool = False,
    site_slot: bool = False,
) -> Board:
    graph = graph_of(board)
    node = (coord, city)
    stop = graph.nodes.get(node)
    if stop is None or stop.kind != "city":
        illegal(f"there is no city {city} on {coord}")
    who = owner or family
    if who == BLOCKER:
        if laid_on(board, coord) is None:
            illegal(f"{coord} has no tile yet: work in progress goes on laid tiles")
    elif _has_token_on_hex(board, family, coord):
        illegal(f"{family} already has a token on {coord}")
    if reachable and node not in reach(board, family, no_turning=no_turning, site=site).nodes:
        illegal(f"{family} cannot reach the city on {coord}")
    if extra_slot:
        slots, _, _ = _slot_state(board, node)
        return _put(board, Token(coord, city, slots, who), extra=True)
    slots, taken, reserved = _slot_state(board, node)
    if site_slot and who != BLOCKER:
        slot = _site_slot(board, node, who)
        if slot is None:
            illegal(f"the city on {coord} has no free slot for {family}")
    elif slot is None:
        slot = _free_slot(board, node, who)
        if slot is None:
            illegal(f"the city on {coord} has no free slot for {family}")
    if not 0 <= slot < slots:
        illegal(f"the city on {coord} has slots 0 to {slots - 1}, not {slot}")
    if slot in taken:
        illegal(f"slot {slot} on {coord} is taken by {taken[slot]}")
    # a WORK IN PROGRESS block given its slot may take one kept for a family (powers.py)
    if reserved.get(slot, who) != who and who != BLOCKER:
        illegal(f"slot {slot} on {coord} is kept for {reserved[slot]}")
    return _put(board, Token(coord, city, slot, who))


def reserve(board: Board, map_def: MapDef, family: str, coord: str, city: int = 0) -> Board:
    """THAT'S MINE: keep a free slot of a city on a laid tile for `family`, anywhere."""
    graph = graph_of(board)
    node = (coord, city)
    stop = graph.nodes.get(node)
    if stop is None or stop.kind != "city" or laid_on(board, coord) is None:
        illegal(f"{coord} has no city on a laid tile")
    if _has_token_on_hex(board, family, coord):
        illegal(f"{family} already has a token on {coord}")
    slots, taken, reserved = _slot_state(board, node)
    for slot in range(slots):
        if slot not in taken and slot not in reserved:
            return msgspec.structs.replace(
                board, reservations=(*board.reservations, Reservation(coord, city, slot, family))
            )
    illegal(f"the city on {coord} has no open slot to reserve")


def legal_tokens(
    board: Board,
    map_def: MapDef,
    family: str,
    *,
    extra_slot: bool = False,
    no_turning: bool = False,
    site: bool = False,
    site_slot: bool = False,
) -> list[TokenOption]:
    graph = graph_of(board)
    options: list[TokenOption] = []
    for node in sorted(reach(board, family, no_turning=no_turning, site=site).nodes):
        stop = graph.nodes[node]
        if stop.kind != "city" or _has_token_on_hex(board, family, node[0]):
            continue
        if extra_slot:
            slot: int | None = _slot_state(board, node)[0]
        else:
            slot = (_site_slot if site_slot else _free_slot)(board, node, family)
        if slot is not None:
            options.append(TokenOption(node[0], node[1], slot, city_id(board, *node)))
    return options
