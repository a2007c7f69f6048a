"""Seat and host tokens: shown once, stored only as a SHA-256, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_of(token: str, hashes: tuple[str, ...]) -> int | None:
    """The seat whose stored hash matches, checking every seat so timing reveals nothing."""
    digest = token_hash(token)
    found = None
    for seat, stored in enumerate(hashes):
        if hmac.compare_digest(digest, stored):
            found = seat
    return found


def holds(token: str, stored: str) -> bool:
    """Whether `token` is the one whose hash is `stored` (never for an empty `stored`)."""
    return bool(stored) and hmac.compare_digest(token_hash(token), stored)
