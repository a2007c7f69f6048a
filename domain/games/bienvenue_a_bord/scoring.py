"""Final scoring (§5): six categories per sheet, the tie-break keys, the end and the result."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.data import MAJORITY_VP, OBJECTIVE_CARDS, fun_points
from domain.games.bienvenue_a_bord.state import Objective, Sheet, State
from domain.kernel import Result

OBJECTIVE = {card.id: card for card in OBJECTIVE_CARDS}


def passengers(sheet: Sheet) -> int:
    return sum((c.vp or 0) + (c.love or 0) for c in sheet.cabins)


def objective_points(
    sheet: Sheet, objective: Objective, counts: dict[str, int] | None = None
) -> int:
    card = OBJECTIVE[objective.card]
    counts = counts or sheet.symbol_counts()
    match card.scoring:
        case "per_open_empty_cabin":
            return card.vp * len(sheet.open_empty())
        case "per_chosen_symbol":
            return card.vp * (counts[objective.symbol] if objective.symbol else 0)
        case "per_symbol":
            return card.vp * (counts[card.symbol] if card.symbol else 0)
        case "per_fun_sun_game_set":
            return card.vp * min(counts.values())
        case "per_stopover_won":
            return card.vp * len(sheet.majorities)
        case "per_3_satisfied":
            return card.vp * (sheet.satisfied // 3)
        case "per_unhappy":
            return card.vp * sheet.unhappy
    raise ValueError(f"unknown objective scoring {card.scoring}")


def breakdown(sheet: Sheet) -> dict[str, int]:
    """Points per category on the sheet as it stands (the final score once the game ends)."""
    counts = sheet.symbol_counts()
    return {
        "passengers": passengers(sheet),
        "fun": fun_points(counts["fun"]),
        "sun": sum(sheet.sun_slots),
        "stopovers": MAJORITY_VP * len(sheet.majorities),
        "objectives": sum(objective_points(sheet, o, counts) for o in sheet.objectives),
        "people": sheet.satisfied - sheet.unhappy,
    }


def total(sheet: Sheet) -> int:
    return sum(breakdown(sheet).values())


def tiebreak_key(sheet: Sheet) -> tuple[int, int, int]:
    """Highest total, then more Satisfied, then fewer Unhappy (D16)."""
    return (total(sheet), sheet.satisfied, -sheet.unhappy)


def is_over(state: State) -> bool:
    return state.phase == "over"


def result(state: State) -> Result:
    return Result(
        scores=state.scores,
        ranks=state.ranks,
        reason="most points after 20 turns; ties: more Satisfied, then fewer Unhappy",
        details={
            "breakdown": [breakdown(sheet) for sheet in state.sheets],
            "satisfied": [sheet.satisfied for sheet in state.sheets],
            "unhappy": [sheet.unhappy for sheet in state.sheets],
        },
    )
