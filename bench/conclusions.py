"""What a run's numbers say about its targets: the summary, and a conclusion per missed target.

Every sentence is built from the run's figures (and the previous run's, when kept): which floor
misses the limit too, which meets it, where Plateau stands against the floor doing the most of
its work. `bench/glossary.py` says what each floor's result means.
"""

from __future__ import annotations

import math
from typing import Any

from bench.glossary import floor
from bench.numbers import fmt
from bench.scenarios import Outcome, Target

NOISE = 0.05  # how far a figure is taken to move by itself when no run before is kept


def number(value: float, unit: str) -> str:
    return f"{fmt(float(value))}{unit}"


def shortfall(target: Target) -> str:
    """How far the value is on the wrong side of the limit, in words."""
    if target.limit == 0:
        return f"{number(target.value - target.limit, target.unit)} over"
    factor = target.value / target.limit
    if target.at_most:
        return f"{(factor - 1) * 100:.0f} % over"
    return f"{(1 - factor) * 100:.0f} % short"


def against(target: Target) -> str:
    sign = "<=" if target.at_most else ">="
    return f"{number(target.value, target.unit)} against {sign} {number(target.limit, target.unit)}"


def upper(words: str) -> str:
    return words[:1].upper() + words[1:]


def gain(target: Target, value: float, other: float) -> float:
    """How far `value` is ahead of `other` in the target's direction (negative: behind)."""
    if value == other:
        return 0.0
    if target.at_most:
        return other / value - 1 if value else math.inf
    return value / other - 1 if other else math.inf


def noise(target: Target, old: float | None) -> tuple[float, str]:
    """How far a figure moves by itself: this target's move since the run before, or NOISE."""
    if old is None or not target.value:
        return NOISE, "the share taken as noise when no run before is kept"
    return abs(old - target.value) / abs(target.value), "this target's move since the run before"


def percent(share: float) -> str:
    return f"{share * 100:.0f} %" if share >= 0.01 else f"{share * 100:.1f} %"


def bound(target: Target, old: float | None) -> tuple[str, float] | None:
    """The floor doing the least of Plateau's work that misses the limit while Plateau does
    no better than it, beyond noise: what keeps Plateau from the target. None if none does."""
    tolerance, _ = noise(target, old)
    for name, value in sorted(target.floors.items(), key=lambda item: floor(item[0]).rank):
        if not target.meets(value) and gain(target, target.value, value) <= tolerance:
            return name, value
    return None


def floors_say(target: Target, old: float | None = None) -> str:
    """What the floors of the same run say about a missed target."""
    if not target.floors:
        return "No floor is measured for it."
    ranked = sorted(target.floors.items(), key=lambda item: floor(item[0]).rank)
    meeting = [(n, v) for n, v in ranked if target.meets(v)]
    unit = target.unit
    found = bound(target, old)
    if found is not None:
        name, value = found
        words = [f"{upper(floor(name).called)} made {number(value, unit)} in the same run, "]
        words.append(floor(name).misses)
        under = [(n, v) for n, v in meeting if floor(n).rank < floor(name).rank]
        if under:
            below, below_value = under[-1]
            words.append(
                f"; {floor(below).called} made {number(below_value, unit)}, {floor(below).meets}"
            )
        side = "above" if target.value > value else "below"
        apart = f"{percent(abs(target.value / value - 1) if value else math.inf)} {side} it"
        words.append(f"; Plateau's {number(target.value, unit)} is {apart}")
        if gain(target, target.value, value) > 0:
            tolerance, why = noise(target, old)
            words.append(f", less than {why} ({percent(tolerance)})")
        return "".join(words) + "."
    beaten = [(n, v) for n, v in ranked if not target.meets(v)]
    words = []
    if meeting:
        name, value = meeting[-1]
        words.append(
            f"{upper(floor(name).called)} made {number(value, unit)} in the same run, "
            f"{floor(name).meets}"
        )
    if beaten:
        names = " and ".join(floor(n).called for n, _ in beaten)
        values = ", ".join(number(v, unit) for _, v in beaten)
        clause = f"{names} made {values} and Plateau did better ({number(target.value, unit)})"
        words.append(upper(clause) if not words else clause)
        if meeting:
            words[-1] += (
                f", so {'that floor does' if len(beaten) == 1 else 'they do'} not bound it: what "
                f"Plateau does beyond {floor(meeting[-1][0]).called} falls {shortfall(target)}"
            )
        else:
            words[-1] += ", so no floor measured here bounds it"
    return "; ".join(words) + "."


def before_words(target: Target, old: float | None, earlier: str) -> str:
    """The same target in the run before, and whether the miss is within how far it moved."""
    if old is None:
        return ""
    verdict = "met" if target.meets(old) else "missed"
    words = f" The run before ({earlier}) made {number(old, target.unit)} ({verdict})"
    if abs(old - target.value) > abs(target.limit - target.value):
        words += ": the target moved more between the two runs than this run misses it by"
    return words + "."


def conclusion(
    outcome: Outcome, target: Target, old: float | None = None, earlier: str = ""
) -> str:
    """One short paragraph on a missed target, from the numbers alone."""
    return (
        f"**{outcome.number}. {target.name}**: missed, {against(target)} "
        f"({shortfall(target)}). {floors_say(target, old)}{before_words(target, old, earlier)}"
    )


def missed(outcomes: list[Outcome]) -> list[tuple[Outcome, Target]]:
    return [
        (o, t) for o in sorted(outcomes, key=lambda o: o.number) for t in o.targets if not t.met
    ]


def listed(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def summary(
    outcomes: list[Outcome],
    meta: dict[str, Any],
    before: dict[tuple[int, str], float] | None = None,
) -> str:
    """The run in one paragraph: how many targets it met, which it missed, and which of those
    a floor of the same run bounds."""
    before = before or {}
    total = sum(len(o.targets) for o in outcomes)
    lost = missed(outcomes)
    words = [
        f"The {meta.get('mode', '?')} run of {meta.get('when', '?')} met "
        f"{total - len(lost)} of its {total} targets."
    ]
    if not lost:
        return words[0]
    words.append("Missed: " + "; ".join(f"{o.number}. {t.name} ({against(t)})" for o, t in lost))
    numbers = [o.number for o, _ in lost]

    def label(outcome: Outcome, target: Target) -> str:
        twice = numbers.count(outcome.number) > 1
        return f"{outcome.number} ({target.name})" if twice else str(outcome.number)

    held: list[str] = []
    free: list[str] = []
    bare: list[str] = []
    for outcome, target in lost:
        old = before.get((outcome.number, target.name))
        kind = bare if not target.floors else held if bound(target, old) else free
        kind.append(label(outcome, target))
    causes = []
    if held:
        causes.append(
            f"{scenarios(held)} {'is' if len(held) == 1 else 'are'} bounded by a floor of the "
            "same run that misses too: out of reach, on this machine, of what that floor "
            "stands for"
        )
    if free:
        causes.append(
            f"no floor bounds {scenarios(free)}: what Plateau does beyond the floors that "
            "meet the limit falls short"
        )
    if bare:
        causes.append(f"{scenarios(bare)} {'has' if len(bare) == 1 else 'have'} no floor")
    text = " ".join(words) + ". "
    return text + upper("; ".join(causes)) + "."


def scenarios(labels: list[str]) -> str:
    return ("scenarios " if len(labels) > 1 else "scenario ") + listed(labels)
