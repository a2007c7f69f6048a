"""`plateau verify-fairness`: a finished game's draws, recomputed from its revealed secret.

It reads the published log (`GET /api/games/{id}/proof`, once the game is over) or the store
itself, checks the commitment stored at the start against the secret revealed at the end, and
decides every recorded decision again with the secret's draws (`domain.audit.fairness`): any
draw or event that differs is named, with its version.
"""

from __future__ import annotations

from typing import Any

from domain.audit import FairnessCheck, fairness
from projections.codec import decoder, opening
from server.records.proof import Proof, Unavailable, fetch

NOT_CHECKED, FAIR, UNFAIR = 2, 0, 1  # exit codes


def events_of(proof: Proof) -> list[Any]:
    if not proof.records:
        raise Unavailable(f"no events in {proof.game_id}")
    game = opening(proof.records[0].data.encode()).game
    decode = decoder(game).decode
    try:
        return [decode(record.data.encode()) for record in proof.records]
    except KeyError:
        raise Unavailable(f"no game {game!r} in this code") from None


def verdict(game_id: str, check: FairnessCheck) -> tuple[int, list[str]]:
    """The exit code and the lines that say it."""
    if check.problems:
        return UNFAIR, [f"{game_id}: {problem}" for problem in check.problems]
    if check.commitment is None:
        return NOT_CHECKED, [
            f"{game_id}: no commitment: this game was stored before fair randomness (or"
            " imported), so nothing binds its draws; there is nothing to check"
        ]
    if check.revealed is None:
        return NOT_CHECKED, [
            f"{game_id}: the game is running: its secret is revealed when it ends, and its"
            " draws can be checked then"
        ]
    return FAIR, [
        f"{game_id}: fair: the revealed secret matches the commitment {check.commitment};"
        f" {check.decisions} decisions drawing {check.draws} times, decided again from it,"
        " give exactly the stored draws and events"
    ]


async def verify(game_id: str, server: str | None, store: str | None) -> tuple[int, list[str]]:
    try:
        events = events_of(await fetch(game_id, server, store))
    except Unavailable as why:
        return NOT_CHECKED, [f"cannot check {game_id}: {why}"]
    return verdict(game_id, fairness(events))
