"""Rules 21 (found by the harness's default mix, F 4p seed 62689 #453 at rules 20): 18xx.games
marks a family's trains as run at its dividend only (`Dividend#process_dividend`: `entity.trains
.each { |train| train.operated = true }`), not at the run. EL ran its 3S Long (#406) and put
PATCH on it before the dividend (#407): the train was off EL's list when the dividend marked
them, so it came back from the patch (#452) ready, and the site awaited EL's run. Rules 20 kept
the mark of the run: nothing to run, EL's run and dividend were skipped and its price fell.
(Rules 17 is the other side: set aside after the dividend, the train comes back marked.)"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import operating
from domain.games.zoo18.messages import RunRoutes, UsePower
from domain.games.zoo18.patch import ran_before_its_dividend
from domain.games.zoo18.state import State
from tests.domain.zoo18.harness_games import decided_again, recovered_of

RAN, PATCHED, BACK = 406, 407, 452
LONG = "3S Long-0"


def played_again(rules: int) -> list[State]:
    """F 4p seed 62689 of the default mix (played at rules 20) decided again by `rules`: the
    state after each decision up to PATCH taken off."""
    recovered = recovered_of("F", 4, 62689, 20)
    states, steps = decided_again(recovered, rules, BACK), recovered.steps
    assert isinstance(steps[RAN].command, RunRoutes) and steps[RAN].command.routes[0].train == LONG
    assert steps[PATCHED].command == UsePower("PATCH", "patch", "EL", LONG)
    assert steps[BACK].command == UsePower("PATCH", "remove_bandage", "EL")
    return states


def test_rules_21_brings_a_train_set_aside_before_its_dividend_back_ready() -> None:
    states = played_again(21)
    assert states[RAN].train(LONG).operated  # run, as Plateau marks it
    aside = states[PATCHED]
    assert aside.train(LONG).owner == "aside" and not aside.train(LONG).operated
    back = states[BACK]
    assert back.train(LONG).owner == "EL" and not back.train(LONG).operated
    assert operating.route_blocks(back, "EL")  # EL is awaited at its run, as on the site


def test_rules_20_brought_it_back_marked_from_its_run() -> None:
    back = played_again(20)[BACK]
    assert back.train(LONG).owner == "EL" and back.train(LONG).operated
    assert not operating.route_blocks(back, "EL")


def test_a_train_set_aside_after_the_dividend_keeps_its_mark() -> None:
    before = played_again(21)[RAN]
    assert before.flow.step == "dividend"
    assert ran_before_its_dividend(before, "EL", LONG)
    later = replace(before, flow=replace(before.flow, step="buy_train"))
    assert not ran_before_its_dividend(later, "EL", LONG)
    assert not ran_before_its_dividend(before, "EL", "1S-0")  # not a train of that run
