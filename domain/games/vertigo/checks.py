"""Small checks shared by the rule modules: argument ids to indices, and money in the safe."""

from __future__ import annotations

from domain.games.vertigo.data import PROVINCE_INDEX, REGION_INDEX, REGIONS, UN
from domain.kernel import illegal


def province(pid: str) -> int:
    index = PROVINCE_INDEX.get(pid)
    if index is None:
        illegal(f"there is no province {pid!r}; provinces are R1..R10, C1..C10, L1..L10")
    return index


def region(name: str) -> int:
    index = REGION_INDEX.get(name)
    if index is None:
        illegal(f"there is no region {name!r}; regions are {', '.join(REGIONS)}")
    return index


def destination(name: str) -> int | None:
    """A region index, or None for the UN council."""
    if name == UN:
        return None
    return region(name)


def afford(safe: int, cost: int, what: str) -> None:
    if cost > safe:
        illegal(f"you have {safe}$ but {what} costs {cost}$")
