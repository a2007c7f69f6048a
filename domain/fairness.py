"""Provably fair randomness: the table events that commit to a game's secret, record what was
drawn from it, and reveal it at the end (docs/protocol.md, "Provably fair randomness").

At the start the server draws a secret and stores `FairnessCommitted` (the SHA-256 of the
secret, and the secret itself, which only the omniscient viewer is shown: the salted hash
chain keeps it from any guess). Every draw of the game then comes from
`domain.chance.SecretDraws(secret, label)`: "setup" for the setup, and "1", "2", ... for the
commands that draw, in order (a deal of another kind, as a what-if fork's, has a name of its
own: `domain.audit.DEALERS`). Numbering the decisions that draw, rather than the versions they
are decided at, leaves the server nothing to re-roll with: a chat line or any other event in
between moves no draw. Each decision that draws is stored as `DrawsRecorded` before its events
(the seat, the command, every bound and result), sealed from every viewer until the end, so
that `domain.audit` can decide it again. The last append of the game adds `SecretRevealed`.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from domain.chance import SecretDraws
from domain.kernel import Omniscient, Viewer

SETUP = "setup"  # the label of the setup's draws


class _FairnessEvent(msgspec.Struct, frozen=True, tag_field="type"):
    """Tagged as the table's events are (`domain.table.TableEvent`), beside which it is stored."""


class FairnessCommitted(_FairnessEvent, frozen=True, tag="fairness_committed"):
    """The commitment (sha256 of the secret, hex), and the secret (hex), blank for every
    viewer but the omniscient one."""

    commitment: str
    secret: str = ""


class DrawsRecorded(_FairnessEvent, frozen=True, tag="draws_recorded"):
    """One decision's draws: `label` names its draws ("setup", or the number of the decision
    that draws), `seat` and `command` what was decided (None for the setup), `draws` each
    (bound, result) in order, and `events` how many of the game's events follow from it.
    Every field is blank for a viewer but the omniscient one."""

    label: str = ""
    seat: int | None = None
    command: dict[str, Any] | None = None
    draws: tuple[tuple[int, int], ...] = ()
    events: int = 0


class SecretRevealed(_FairnessEvent, frozen=True, tag="secret_revealed"):
    """The secret in the clear, stored with the events that end the game."""

    secret: str


FAIRNESS_EVENTS = (FairnessCommitted, DrawsRecorded, SecretRevealed)


class Fairness(msgspec.Struct, frozen=True):
    """What the table keeps: the commitment, the secret (empty in a viewer's fold), how many
    decisions have drawn since the setup, and the revealed secret once the game is over."""

    commitment: str
    key: bytes = b""
    decisions: int = 0
    revealed: str = ""

    def next_draws(self) -> SecretDraws:
        """The draws of the next decision: the one after the `decisions` that drew."""
        return SecretDraws(self.key, str(self.decisions + 1))


def is_decision(label: str) -> bool:
    """Whether draws so labelled are a command's (numbered), not a deal's ("setup")."""
    return label.isascii() and label.isdigit()


def commitment_of(secret: bytes) -> str:
    return hashlib.sha256(secret).hexdigest()


def committed(secret: bytes) -> FairnessCommitted:
    return FairnessCommitted(commitment=commitment_of(secret), secret=secret.hex())


def recorded(draws: SecretDraws, seat: int | None, command: Any, events: int) -> DrawsRecorded:
    return DrawsRecorded(
        label=draws.label,
        seat=seat,
        command=None if command is None else msgspec.to_builtins(command),
        draws=tuple(draws.drawn),
        events=events,
    )


def apply(fairness: Fairness | None, event: Any) -> Fairness | None:
    """Fold one fairness event into what the table keeps."""
    if isinstance(event, FairnessCommitted):
        key = bytes.fromhex(event.secret) if event.secret else b""
        return Fairness(commitment=event.commitment, key=key)
    if fairness is None:
        return None  # a record without a commitment: nothing to keep
    if isinstance(event, DrawsRecorded):
        if not is_decision(event.label):
            return fairness  # the setup's draws (or another deal's): commands are numbered apart
        return msgspec.structs.replace(fairness, decisions=fairness.decisions + 1)
    if isinstance(event, SecretRevealed):
        return msgspec.structs.replace(fairness, revealed=event.secret)
    return fairness


_SEALED = DrawsRecorded()


def redact(event: Any, viewer: Viewer) -> Any:
    """The secret and the draws are the omniscient viewer's until the end (every viewer is
    omniscient then); the revealed secret is everybody's."""
    if isinstance(viewer, Omniscient):
        return event
    if isinstance(event, FairnessCommitted):
        return msgspec.structs.replace(event, secret="")
    if isinstance(event, DrawsRecorded):
        return _SEALED
    return event


def published(fairness: Fairness | None) -> dict[str, str | None] | None:
    """What anyone is shown of a game's fairness: the commitment, and the secret once revealed
    (None for a game stored before fair randomness)."""
    if fairness is None:
        return None
    return {"commitment": fairness.commitment, "revealed": fairness.revealed or None}
