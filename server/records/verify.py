"""`plateau verify`: would any stored game fold differently with today's code?

Each stored game is folded again from its events (`domain.audit.replay`), with the secret stored
at its start, so that every recorded decision is decided again too (an operator's check: it
reads the store). What "the same" means:

- a finished game folds the same when today's fold ends where it ended, to the result
  (scores, ranks, reason) and the final-state digest recorded then (`ResultRecorded`), and every
  recorded decision gives the same draws and events;
- a running game folds the same when every stored event folds, today's fold has not ended it,
  some seat has a legal command, and every recorded decision gives the same draws and events;
- a finished game stored before results were recorded folds without error: nothing recorded
  says more (it is counted apart, never as changed); an open table folds the same.

Games are reported per game type and rules version; any that would change is named with what
changes (exit 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import audit, games
from domain.fairness import FairnessCommitted
from domain.rules import ResultRecorded
from domain.table import TableOpened
from projections.codec import decoder, opening
from server.store import EventStore, Recorded

SAME_FINISHED, SAME_RUNNING, OPEN, UNRECORDED, CHANGED = (
    "finished",
    "running",
    "open",
    "finished before results were recorded",
    "changed",
)


@dataclass
class Verdict:
    game_id: str
    game: str
    rules: int
    kind: str
    problems: list[str] = field(default_factory=list)


def judge(game_id: str, records: Sequence[Recorded]) -> Verdict:
    """How one stored game folds with today's code."""
    try:
        opened: TableOpened = opening(records[0].data)
    except Exception as exc:
        return Verdict(game_id, "?", 0, CHANGED, [f"its first event cannot be read: {exc}"])
    verdict = Verdict(game_id, opened.game, opened.rules, CHANGED)
    try:
        game = games.get(opened.game)
        decode = decoder(opened.game).decode
        events: list[Any] = [decode(r.data) for r in records]
    except KeyError:
        verdict.problems.append(f"no game {opened.game!r} in this code")
        return verdict
    except Exception as exc:
        verdict.problems.append(f"its events cannot be read: {exc}")
        return verdict
    if opened.rules > game.rules:
        verdict.problems.append(
            f"rules version {opened.rules} is newer than this code's ({game.rules})"
        )
        return verdict
    key = next((bytes.fromhex(e.secret) for e in events if isinstance(e, FairnessCommitted)), None)
    folded = audit.replay(events, key or None)
    problems = verdict.problems
    problems += folded.problems
    recorded = any(isinstance(e, ResultRecorded) for e in events)
    table = folded.table
    if problems:
        return verdict
    if not table.started:
        verdict.kind = OPEN
    elif folded.over and recorded:
        verdict.kind = SAME_FINISHED
    elif folded.over:
        if key is not None:  # stored by code that records the end: it was running
            problems.append(f"today's rules end it at version {folded.ended_at}; it was running")
        else:
            verdict.kind = UNRECORDED
    elif not any(game.legal(table.state, seat) for seat in range(table.seats)):
        problems.append("no seat has a legal command today")
    else:
        verdict.kind = SAME_RUNNING
    return verdict


def report(verdicts: Iterable[Verdict]) -> tuple[list[str], bool]:
    """The lines to print, and whether any game would change."""
    groups: dict[tuple[str, int], Counter[str]] = {}
    changed: list[Verdict] = []
    total = 0
    for verdict in verdicts:
        total += 1
        groups.setdefault((verdict.game, verdict.rules), Counter())[verdict.kind] += 1
        if verdict.kind == CHANGED:
            changed.append(verdict)
    lines = []
    for (name, rules), counts in sorted(groups.items()):
        same = counts[SAME_FINISHED] + counts[SAME_RUNNING] + counts[OPEN]
        line = (
            f"{name}, rules {rules}: {same} of {sum(counts.values())} fold the same"
            f" ({counts[SAME_FINISHED]} finished, {counts[SAME_RUNNING]} running,"
            f" {counts[OPEN]} open)"
        )
        if counts[UNRECORDED]:
            line += f"; {counts[UNRECORDED]} {UNRECORDED} fold without error"
        if counts[CHANGED]:
            line += f"; {counts[CHANGED]} would change"
        lines.append(line)
    for verdict in changed:
        for problem in verdict.problems[:5]:
            lines.append(
                f"would change: {verdict.game_id} ({verdict.game}, rules {verdict.rules}):"
                f" {problem}"
            )
        if len(verdict.problems) > 5:
            lines.append(f"would change: {verdict.game_id}: and {len(verdict.problems) - 5} more")
    lines.append(
        f"{len(changed)} of {total} games would change" if changed else f"{total} games checked"
    )
    return lines, bool(changed)


async def verify_store(store: EventStore, only: str | None = None) -> list[Verdict]:
    ids = [only] if only else await store.streams()
    verdicts = []
    for game_id in ids:
        records = await store.read(game_id)
        if not records:
            verdicts.append(Verdict(game_id, "?", 0, CHANGED, ["no such game in this store"]))
            continue
        verdicts.append(judge(game_id, records))
    return verdicts
