"""Rules 17 (found by the harness's default mix, B 2p seed 47025 #125, both directions at
rules 15): 18xx.games' dividend step marks every train of the family as run
(`Dividend#process_dividend`: `entity.trains.each { |train| train.operated = true }`), whether
it ran or its run was skipped, and an OR readies only the trains the families hold. BB's 3S
Long, bought by WHATSUP, did not run in OR 2 and PATCH set it aside there after the dividend;
PATCH taken off it in the next OR (#124), it came back marked: BB had no train to run, the
site skipped its run and withheld (BB's price down a step) at its lay (#125). Rules 16 marked
only the trains of a run (`run_routes`), so the 3S Long came back ready and BB was awaited at
its run step."""

from __future__ import annotations

from domain.games.zoo18.messages import LayTile, TrainFlagged, UsePower
from domain.games.zoo18.state import State
from domain.games.zoo18.stock import family_price
from tests.domain.zoo18.harness_games import decided_again, recovered_of


def played_again(rules: int, last: int) -> list[State]:
    """B 2p seed 47025 of the default mix (played at rules 16) decided again by `rules`: the
    state after each decision up to `last`."""
    recovered = recovered_of("B", 2, 47025, 16)
    states, steps = decided_again(recovered, rules, last), recovered.steps
    assert steps[124].command == UsePower("PATCH", "remove_bandage", "BB")
    assert isinstance(steps[125].command, LayTile)
    return states


def test_rules_17_marks_the_trains_of_a_dividend_without_a_run() -> None:
    states = played_again(17, 125)
    patched = next(n for n, s in enumerate(states) if s.train("3S Long-0").owner == "aside")
    before = states[patched - 1]
    assert before.flow.round == "or" and before.flow.step == "buy_train"  # after the dividend
    assert before.train("3S Long-0").operated  # marked by the dividend, with no run
    back = states[124]
    assert back.train("3S Long-0").owner == "BB" and back.train("3S Long-0").operated
    after = states[125]  # the lay: nothing to run, the site's run and dividend are skipped
    assert after.flow.step == "buy_train"
    assert family_price(after, "BB") < family_price(back, "BB")


def test_rules_16_brought_the_train_back_ready() -> None:
    states = played_again(16, 125)
    back = states[124]
    assert back.train("3S Long-0").owner == "BB" and not back.train("3S Long-0").operated
    assert states[125].flow.step == "route"


def test_a_dividend_after_a_run_marks_nothing_more() -> None:
    # the run marks every train it finds ready; the dividend after it adds no event
    recovered = recovered_of("B", 2, 47025, 17)
    runs = [n for n, s in enumerate(recovered.steps) if type(s.command).__name__ == "RunRoutes"]
    dividends = [
        s for s in recovered.steps if type(s.command).__name__ == "Dividend" and s.before.flow.ran
    ]
    assert runs and dividends
    assert not any(isinstance(e, TrainFlagged) for s in dividends for e in s.events)
