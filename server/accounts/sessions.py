"""A signed-in browser's session: the account and the epoch it was opened in, signed, kept in
an HTTP-only cookie. The server keeps nothing per session: signing out everywhere moves the
account's epoch on (`domain.accounts.SignedOutEverywhere`), and every older session fails."""

from __future__ import annotations

import msgspec

from server.accounts.signed import sign, unsigned

COOKIE = "plateau_session"
LIFETIME_S = 30 * 24 * 3600
PURPOSE = "session"


class Session(msgspec.Struct, frozen=True):
    account_id: str
    epoch: int
    issued_ms: int


_decoder = msgspec.json.Decoder(Session)


def opened(secret: bytes, account_id: str, epoch: int, now_ms: int) -> str:
    """The cookie's value for a session opened now."""
    return sign(secret, PURPOSE, msgspec.json.encode(Session(account_id, epoch, now_ms)))


def session_of(secret: bytes, value: str, now_ms: int) -> Session | None:
    """The session a cookie's value holds, if this server signed it and it has not expired."""
    payload = unsigned(secret, PURPOSE, value)
    if payload is None:
        return None
    try:
        session = _decoder.decode(payload)
    except msgspec.DecodeError:
        return None
    if not 0 <= now_ms - session.issued_ms < LIFETIME_S * 1000:
        return None
    return session
