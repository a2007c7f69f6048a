"""Checks of a stored game against today's code: its draws, and how it folds.

`replay` folds a game's stored events (decoded, the first being `TableOpened`) with today's
code. Given the game's secret, it decides every recorded decision again (`DrawsRecorded`: the
setup, or the seat's command) with the draws of that secret, and finds where the draws or the
events differ from the stored ones; it compares every `ResultRecorded` with today's result
and state digest. `fairness` checks a finished game as anyone can once the secret is out (the
commitment, then the replay with the revealed secret); `server.records.verify` checks every stored
game's fold as an operator (with the secret stored at the start, running games too).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain import games
from domain.chance import SecretDraws, choice
from domain.fairness import (
    SETUP,
    DrawsRecorded,
    FairnessCommitted,
    SecretRevealed,
    commitment_of,
    is_decision,
)
from domain.forks import FORK_DEAL
from domain.kernel import Game, Rejected
from domain.rules import ResultRecorded, digest
from domain.table import TABLE_EVENTS, Table, TableOpened, apply, open_table
from domain.undo import UndoDone, unfaithful

_TABLE = frozenset(TABLE_EVENTS)
SHOWN = 70  # characters of a value quoted in a finding

# Decisions recorded under another label than the setup's and the commands' numbers: label ->
# how to decide them again from the state before them (a what-if fork's re-deal adds its own).
Dealer = Callable[[Game[Any, Any, Any], Any, SecretDraws], list[Any]]
DEALERS: dict[str, Dealer] = {}


@dataclass
class Replay:
    """What folding a stored game with today's code found."""

    table: Table
    version: int = 0  # the versions folded
    ended_at: int | None = None  # the first version at which today's fold is over
    decisions: int = 0  # recorded decisions decided again
    draws: int = 0  # their draws, recomputed
    results: int = 0  # result records compared
    problems: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.ended_at is not None


def quoted(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def differences(stored: Any, produced: Any) -> str:
    """The fields of two events that differ, in words."""
    was, now = msgspec.to_builtins(stored), msgspec.to_builtins(produced)
    if not (isinstance(was, dict) and isinstance(now, dict)) or was.get("type") != now.get("type"):
        return f"the log has {quoted(was)}, the secret gives {quoted(now)}"
    keys = [k for k in [*was, *(k for k in now if k not in was)] if was.get(k) != now.get(k)]
    return "; ".join(
        f"{key}: the log has {quoted(was.get(key))}, the secret gives {quoted(now.get(key))}"
        for key in keys
    )


def tag(event: Any) -> str:
    return str(event.__struct_config__.tag)


class _Decision:
    """A recorded decision decided again, and the stored events it covers: the `scope` game
    events after its record (what the record says it produced)."""

    def __init__(self, version: int, label: str, produced: list[Any], scope: int) -> None:
        self.version, self.label, self.produced, self.scope = version, label, produced, scope
        self.seen = 0

    def compare(self, version: int, event: Any, problems: list[str]) -> None:
        if self.seen < len(self.produced):
            produced = self.produced[self.seen]
            if msgspec.json.encode(produced) != msgspec.json.encode(event):
                problems.append(f"version {version} ({tag(event)}): {differences(event, produced)}")
        self.seen += 1

    @property
    def done(self) -> bool:
        return self.seen >= self.scope

    def close(self, problems: list[str]) -> None:
        if self.seen < self.scope:
            problems.append(
                f"version {self.version}: the log holds {self.seen} of the {self.scope} events"
                f" decision {self.label!r} records"
            )
        elif len(self.produced) != self.scope:
            problems.append(
                f"version {self.version}: decision {self.label!r} gives {len(self.produced)}"
                f" events, the log records {self.scope}"
            )


def replay(events: Sequence[Any], key: bytes | None = None) -> Replay:
    """Fold `events` (versions 1..n) with today's code; with the game's secret `key`, decide
    every recorded decision again. Stops at the first event today's code cannot fold."""
    opened = events[0]
    if not isinstance(opened, TableOpened):
        raise ValueError("a game's first event opens its table")
    game = games.get(opened.game)
    out = Replay(open_table(opened), version=1)
    table = out.table
    decision: _Decision | None = None
    problems = out.problems
    states = [table.state]  # after each version, for the undos (`domain.undo.unfaithful`)
    for version, event in enumerate(events[1:], start=2):
        if decision is not None and type(event) in _TABLE:
            decision.close(problems)
            decision = None
        if isinstance(event, DrawsRecorded) and key is not None:
            decision = _decide(game, table, version, event, key, out)
        elif decision is not None:
            decision.compare(version, event, problems)
            if decision.done:
                decision.close(problems)
                decision = None
        if isinstance(event, ResultRecorded):
            _compare(game, table, version, event, out)
        if isinstance(event, SecretRevealed) and not (table.started and game.is_over(table.state)):
            problems.append(f"version {version}: the secret was revealed before the end")
        if isinstance(event, UndoDone):
            problem = unfaithful(game, table.seats, table.options, table.rules, event, states)
            if problem:
                problems.append(problem)
        try:
            table = apply(game, table, event)
        except Exception as exc:  # today's code cannot fold it: say where, and stop
            problems.append(f"version {version} ({tag(event)}) does not fold today: {exc!r}")
            out.table, out.version = table, version - 1
            return out
        out.version = version
        states.append(table.state)
        if out.ended_at is None and table.started and game.is_over(table.state):
            out.ended_at = version
    if decision is not None:
        decision.close(problems)
    out.table = table
    return out


def _decide(
    game: Game[Any, Any, Any],
    table: Table,
    version: int,
    record: DrawsRecorded,
    key: bytes,
    out: Replay,
) -> _Decision | None:
    """Decide the recorded decision again with the secret's draws; compare the draws."""
    problems = out.problems
    fair = table.fairness
    if fair is None:
        problems.append(f"version {version}: draws recorded before any commitment")
        return None
    if record.label in (SETUP, FORK_DEAL) or record.label in DEALERS:
        expected = record.label
    elif is_decision(record.label):
        expected = str(fair.decisions + 1)
    else:
        problems.append(f"version {version}: the draws are labelled {record.label!r}, no deal's")
        return None
    if record.label != expected:
        problems.append(
            f"version {version}: the draws are labelled {record.label!r}, the decision"
            f" that draws there is {expected!r}"
        )
        return None
    rng = SecretDraws(key, record.label)
    produced: list[Any] | None
    try:
        if record.label == FORK_DEAL:
            # dealt from a position of the original game, which this log does not hold: the
            # draws are the secret's (checked below); the deal itself is not decided again
            for limit, _ in record.draws:
                choice(rng, range(limit))  # the same one draw below `limit`
            produced = None
        elif record.label == SETUP:
            produced = game.setup(table.state, rng)
        elif record.label in DEALERS:
            produced = DEALERS[record.label](game, table.state, rng)
        elif record.seat is None:
            raise ValueError("the record names no seat")
        else:
            command = msgspec.convert(record.command, game.command_type)
            produced = game.decide(table.state, record.seat, command, rng)
    except Rejected as refusal:
        problems.append(f"version {version}: the recorded command is refused: {refusal.detail}")
        return None
    except (msgspec.ValidationError, TypeError, ValueError) as exc:
        problems.append(f"version {version}: the recorded decision cannot be made: {exc}")
        return None
    out.decisions += 1
    out.draws += len(rng.drawn)
    drawn, logged = rng.drawn, list(record.draws)
    for index, (mine, theirs) in enumerate(zip(drawn, logged, strict=False)):
        if tuple(mine) != tuple(theirs):
            bound = f" (below {mine[0]})" if mine[0] != theirs[0] else ""
            problems.append(
                f"version {version}: draw {index + 1} of decision {record.label!r}: the log says"
                f" {theirs[1]} (below {theirs[0]}), the secret gives {mine[1]}{bound}"
            )
            break
    else:
        if len(drawn) != len(logged):
            problems.append(
                f"version {version}: decision {record.label!r} draws {len(drawn)} times,"
                f" the log records {len(logged)}"
            )
    if produced is None:
        return None
    decision = _Decision(version, record.label, produced, record.events)
    if not record.events:
        decision.close(problems)
        return None
    return decision


def _compare(
    game: Game[Any, Any, Any], table: Table, version: int, record: ResultRecorded, out: Replay
) -> None:
    out.results += 1
    if not (table.started and game.is_over(table.state)):
        out.problems.append(f"version {version}: the game ended here; today's fold goes on")
        return
    result = game.result(table.state)
    for name, now in (
        ("scores", tuple(result.scores)),
        ("ranks", tuple(result.ranks)),
        ("reason", result.reason),
    ):
        was = getattr(record, name)
        if was != now:
            out.problems.append(f"version {version}: {name} were {quoted(was)}, now {quoted(now)}")
    if digest(game, table.state) != record.digest:
        out.problems.append(
            f"version {version}: the final state differs from the one recorded (its digest)"
        )


@dataclass
class FairnessCheck:
    """A finished game's draws checked from its revealed secret."""

    commitment: str | None = None
    revealed: str | None = None
    over: bool = False
    decisions: int = 0
    draws: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def checked(self) -> bool:
        """Whether there was something to check: a commitment and its revealed secret."""
        return bool(self.commitment and self.revealed)


def fairness(events: Sequence[Any]) -> FairnessCheck:
    """Check the commitment against the revealed secret, then decide every recorded decision
    again from that secret (`replay`)."""
    out = FairnessCheck()
    committed_at = revealed_at = first_play = 0  # first_play: the first draw or game event
    stored_secret = ""
    for version, event in enumerate(events, start=1):
        if isinstance(event, FairnessCommitted):
            if out.commitment is not None:
                out.problems.append(f"version {version}: a second commitment")
                continue
            out.commitment, stored_secret, committed_at = event.commitment, event.secret, version
        elif isinstance(event, SecretRevealed):
            if out.revealed is None:
                out.revealed, revealed_at = event.secret, version
        elif not first_play and (isinstance(event, DrawsRecorded) or type(event) not in _TABLE):
            first_play = version
    if out.commitment is None:
        return out
    if first_play and first_play < committed_at:
        out.problems.append(
            f"version {committed_at}: the commitment comes after the play began"
            f" (version {first_play})"
        )
    if out.revealed is None:
        folded = replay(events)
        out.over = folded.over
        if folded.over:
            out.problems.append("the game is over, and its secret was never revealed")
        return out
    try:
        secret = bytes.fromhex(out.revealed)
    except ValueError:
        out.problems.append(f"version {revealed_at}: the revealed secret is not hexadecimal")
        return out
    if commitment_of(secret) != out.commitment:
        out.problems.append(
            f"version {revealed_at}: the revealed secret does not match the commitment"
            f" (its SHA-256 is {commitment_of(secret)}, the commitment {out.commitment})"
        )
        return out
    if stored_secret and stored_secret != out.revealed:
        out.problems.append(
            f"version {committed_at}: the secret stored at the start is not the one revealed"
        )
    folded = replay(events, secret)
    out.over, out.decisions, out.draws = folded.over, folded.decisions, folded.draws
    out.problems += folded.problems
    return out
