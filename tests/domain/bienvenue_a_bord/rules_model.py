"""An independent model of the two rules that differ between the rules versions of Bienvenue
à bord (issue 31), to check recorded games against: a conditional passenger's symbol (D10)
and the Game trigger (D25)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.data import CRUISE, SYMBOLS, PassengerCard
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    PassengerBoarded,
    PeopleChecked,
    PileTaken,
)
from domain.games.bienvenue_a_bord.state import State


def symbol_checks(start: State, events: list[Any], rules: int) -> Counter[str]:
    """Fold `events` and check each conditional passenger and each Game drawn against the
    rules of version `rules`, written here apart from the engine: version 1 looks at the sheet
    as it is (bonus box included), version 2 at the symbols held when the pile was taken and
    at the Games in cabins only. Returns how often each case came up."""
    seen: Counter[str] = Counter()
    state, taken_with = start, [Counter[str](), Counter[str]()]
    for n, event in enumerate(events):
        before, state = state, game.evolve(state, event)
        follow = []
        for later in events[n + 1 :]:
            if not isinstance(later, PeopleChecked):
                break
            follow.append(later)
        match event:
            case PileTaken():
                for seat, sheet in enumerate(state.sheets):
                    taken_with[seat] = Counter({s: sheet.symbols(s) for s in SYMBOLS})
            case PassengerBoarded(seat=seat, card=card_id, symbol=symbol):
                card = CRUISE[card_id]
                assert isinstance(card, PassengerCard)
                if card.requires is not None:
                    need = card.requires
                    if rules >= 2:
                        held = taken_with[seat][need]
                        if held == 0 and before.sheets[seat].symbols(need) > 0:
                            seen["symbol drawn this turn came too late"] += 1
                    else:
                        held = before.sheets[seat].symbols(need)
                    unhappy = [c for c in follow if c.why.startswith(f"no_{need}")]
                    assert len(unhappy) == (0 if held else 1), (card_id, held, follow)
                    seen["conditional"] += 1
                if symbol == "game":
                    sheet = state.sheets[seat]
                    count = sheet.cabin_symbols("game") if rules >= 2 else sheet.symbols("game")
                    checks = [c.satisfied for c in follow if c.why.startswith("game")]
                    assert checks == [count], (checks, count)
                    seen["game in a cabin with a bonus game"] += sheet.bonus == "game"
            case BonusSymbolChosen(seat=seat, symbol="game"):
                checks = [c.satisfied for c in follow if c.why.startswith("game")]
                assert checks == ([state.sheets[seat].symbols("game")] if rules == 1 else [])
                seen["bonus game"] += 1
    return seen
