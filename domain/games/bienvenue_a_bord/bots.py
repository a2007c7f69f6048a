"""A greedy Bienvenue à bord bot.

It scores each legal command by the change it makes to its own final-score estimate: the
command's own events (`commands.judge`, the rules part of `decide`, without the engine's
automatic draws, which would peek at the hidden pile) are folded into a copy of the state and
the seat's sheet, which is public, is estimated. Resolving a hand of several cards looks at the
best completion of the hand, since the order matters (spec's turn example). Piles are valued by
what their cards would add to each sheet: the chooser takes the pile with the best margin over
what the splitter is left with; the splitter assumes the chooser does exactly that.
Ties go to the first command in legal order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.chance import Rng
from domain.games.bienvenue_a_bord.commands import judge
from domain.games.bienvenue_a_bord.data import STOPOVER_TURNS, TURNS
from domain.games.bienvenue_a_bord.evolve import evolve
from domain.games.bienvenue_a_bord.legal import legal as legal_commands
from domain.games.bienvenue_a_bord.messages import Command, Resolve, Split, TakePile
from domain.games.bienvenue_a_bord.scoring import total
from domain.games.bienvenue_a_bord.state import Sheet, State
from domain.kernel import Game

PASSENGERS_PER_TURN = 0.8  # non-love passengers a player resolves per turn, on average
OPEN_CABIN_VALUE = (0.0, 1.2, 1.5, 1.8)  # by level: higher cabins fit more passengers


def estimate(sheet: Sheet, turn: int) -> float:
    """The sheet's final score if the game ended now, plus what it is likely to bring later:
    Sun symbols score again at each stopover not yet scored, open cabins will seat passengers
    (as many as are still to come)."""
    score: float = total(sheet)
    stopovers_left = len(STOPOVER_TURNS) - len(sheet.sun_slots)
    score += 2 * sheet.symbols("sun") * stopovers_left
    passengers_left = round(PASSENGERS_PER_TURN * (TURNS - turn))
    levels = sorted((int(c[0]) for c in sheet.open_empty()), reverse=True)
    score += sum(OPEN_CABIN_VALUE[level] for level in levels[:passengers_left])
    return score


def _fold(state: State, seat: int, command: Command) -> State:
    for event in judge(state, seat, command):
        state = evolve(state, event)
    return state


def _distinct(state: State, seat: int, commands: Sequence[Command]) -> list[Any]:
    """One command per equivalence class: cabins of the same level and status are alike."""
    sheet = state.sheets[seat]
    seen: set[tuple[Any, ...]] = set()
    out: list[Any] = []
    for command in commands:
        key: tuple[Any, ...] = (command,)
        if isinstance(command, Resolve) and command.choice.cabin is not None:
            cabin = sheet.cabin(command.choice.cabin)
            key = (command.card, cabin.level, cabin.status, command.choice.symbol)
        if key not in seen:
            seen.add(key)
            out.append(command)
    return out


def best_completion(state: State, seat: int) -> float:
    """The best estimate reachable by resolving the seat's whole hand, in the best order."""
    if not state.hands[seat]:
        return estimate(state.sheets[seat], state.turn)
    options = _distinct(state, seat, legal_commands(state, seat))
    return max(best_completion(_fold(state, seat, c), seat) for c in options)


def pile_gain(state: State, seat: int, cards: tuple[str, ...]) -> float:
    hands = tuple(cards if n == seat else () for n in range(state.seats))
    # received too: a conditional passenger is checked against the symbols held when taken
    hypothetical = replace(state, phase="resolve", hands=hands, received=hands, pending=())
    return best_completion(hypothetical, seat) - estimate(state.sheets[seat], state.turn)


def _piles(state: State, single: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (single,), tuple(c for c in state.revealed if c != single)


def _chooser_margin(state: State, single: str) -> dict[str, float]:
    """For each pile the chooser may take: his gain minus the splitter's gain from the rest."""
    alone, pair = _piles(state, single)
    chooser, splitter = state.chooser, state.splitter
    return {
        "single": pile_gain(state, chooser, alone) - pile_gain(state, splitter, pair),
        "pair": pile_gain(state, chooser, pair) - pile_gain(state, splitter, alone),
    }


def score(state: State, seat: int, command: Command) -> float:
    if isinstance(command, Split):
        margins = _chooser_margin(state, command.single)
        return -max(margins.values())
    if isinstance(command, TakePile):
        assert state.single is not None
        return _chooser_margin(state, state.single)[command.pile]
    after = _fold(state, seat, command)
    if state.phase == "resolve":
        return best_completion(after, seat)
    return estimate(after.sheets[seat], after.turn)


def greedy(
    game: Game[Any, Any, Any],
    state: State,
    seat: int,
    legal: Sequence[Command],
    rng: Rng,
) -> Command:
    best, best_value = legal[0], float("-inf")
    for command in _distinct(state, seat, legal):
        value = score(state, seat, command)
        if value > best_value:
            best, best_value = command, value
    return best
