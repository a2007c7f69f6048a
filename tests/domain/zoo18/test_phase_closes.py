"""Rules 5: a phase change closes a MIDAS or an IT'S ALL GREEK TO ME used in the SR and not yet
spent, as 18xx.games (domain/games/zoo18/trains.py, _close_used_sr_powers)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import PowerMoved, TrainMoved
from domain.games.zoo18.state import State
from domain.games.zoo18.trains import after_purchase

from .helpers import arrange_flow, start


def _whatsup_buys_the_first_3s(rules: int, power: str) -> State:
    """Seat 0 used `power` in the SR; then WHATSUP buys the first 3S for GI (phase 3S)."""
    state = start(2)
    ctx = Ctx(replace(state, options=replace(state.options, rules=rules)))
    ctx.emit(PowerMoved(power, "p0"))
    arrange_flow(ctx, round="sr", midas=0 if power == "MIDAS" else -1, greek=power != "MIDAS")
    for n in range(6):  # the 2S go first
        ctx.emit(TrainMoved(f"2S-{n}", "rusted"))
    ctx.emit(TrainMoved("3S-0", "GI"))
    after_purchase(ctx, ctx.state.train("3S-0"), "GI", in_or=False)
    assert ctx.state.phase == "3S"
    return ctx.state


def test_a_phase_change_closes_a_used_midas_and_its_priority_goes() -> None:
    state = _whatsup_buys_the_first_3s(5, "MIDAS")
    assert state.power("MIDAS").owner == "closed" and state.flow.midas == -1


def test_a_phase_change_closes_a_used_greek_and_its_extra_turn_goes() -> None:
    state = _whatsup_buys_the_first_3s(5, "IT_S_ALL_GREEK_TO_ME")
    assert state.power("IT_S_ALL_GREEK_TO_ME").owner == "closed" and not state.flow.greek


def test_rules_four_keeps_them_for_the_end_of_the_sr() -> None:
    midas = _whatsup_buys_the_first_3s(4, "MIDAS")
    assert midas.power("MIDAS").owner == "p0" and midas.flow.midas == 0
    greek = _whatsup_buys_the_first_3s(4, "IT_S_ALL_GREEK_TO_ME")
    assert greek.power("IT_S_ALL_GREEK_TO_ME").owner == "p0" and greek.flow.greek
