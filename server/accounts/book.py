"""The accounts, read from and appended to the store: an account's stream, the claims on the
looks of display names, who owns each seat and hosts each table attached to an account, and
the WebAuthn challenges already answered.

Nothing is cached: an account's stream is a handful of events, and every process of a
deployment then sees the same account at once. The streams' names have a colon, which no
game's id has (`server.table.games.GAME_ID`), so no game is ever read as an account, nor the
reverse; and they are not registered among the games.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from typing import Any

import msgspec

from domain import accounts
from domain.accounts import (
    Account,
    AccountCreated,
    AnyAccountEvent,
    NameClaimed,
    NameReleased,
    SeatAttached,
    SeatOwned,
    TableHosted,
)
from domain.kernel import Reason, Rejected
from server.store import EventStore, WrongExpectedVersion
from server.table.names import looks, why_name_refused

_account_events = msgspec.json.Decoder(AnyAccountEvent)
_name_events = msgspec.json.Decoder(NameClaimed | NameReleased)
_seat_events = msgspec.json.Decoder(SeatOwned)
_host_events = msgspec.json.Decoder(TableHosted)
encode = msgspec.json.encode
USED = b'{"type":"challenge_used"}'


def account_stream(account_id: str) -> str:
    return f"account:{account_id}"


def name_stream(look: str) -> str:
    # hashed: a look is any text, a stream's name is better short and plain
    return f"account-name:{hashlib.sha256(look.encode()).hexdigest()}"


def seat_stream(game_id: str, seat: int) -> str:
    return f"seat-owner:{game_id}:{seat}"


def host_stream(game_id: str) -> str:
    return f"table-host:{game_id}"


def challenge_stream(challenge: bytes) -> str:
    return f"webauthn-challenge:{hashlib.sha256(challenge).hexdigest()}"


def new_account_id() -> str:
    return secrets.token_urlsafe(12)


class Accounts:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    async def load(self, account_id: str) -> Account | None:
        account, _ = await self._read(account_id)
        return account

    async def _read(self, account_id: str) -> tuple[Account | None, int]:
        records = await self.store.read(account_stream(account_id))
        if not records:
            return None, 0
        events = [_account_events.decode(r.data) for r in records]
        return accounts.fold(events), records[-1].version

    async def append(self, account_id: str, *events: Any) -> Account:
        """Append `events` to an existing account, retrying on a concurrent append (each event
        stands on its own: none depends on what another process appended meanwhile)."""
        while True:
            account, version = await self._read(account_id)
            if account is None:
                raise Rejected(Reason.NOT_FOUND, "no such account")
            try:
                await self.store.append(
                    account_stream(account_id), version, [encode(e) for e in events]
                )
            except WrongExpectedVersion:
                continue
            for event in events:
                account = accounts.apply(account, event)
            return account

    async def why_name_unavailable(self, name: str) -> str | None:
        """Why `name` cannot be an account's display name now, or None."""
        why = why_name_refused(name)
        if why:
            return f"{name!r} cannot be a name: {why}"
        for look in sorted(looks(name)):
            holder, _ = await self._holder(look)
            if holder is not None:
                return f"{name!r} looks like the name of another account"
        return None

    async def create(self, name: str, account_id: str, at_ms: int, *events: Any) -> Account:
        """A new account named `name`, its looks claimed first; Rejected when another
        account's name looks like it (what this call claimed is released again)."""
        why = await self.why_name_unavailable(name)
        if why:
            raise Rejected(Reason.FORBIDDEN, why)
        claimed: list[tuple[str, int]] = []
        for look in sorted(looks(name)):
            version = await self._claim(look, account_id)
            if version is None:
                for look_, at in claimed:
                    await self.store.append(
                        name_stream(look_), at, [encode(NameReleased(account_id))]
                    )
                raise Rejected(Reason.FORBIDDEN, f"{name!r} looks like the name of another account")
            claimed.append((look, version))
        created = AccountCreated(account_id, name, at_ms)
        await self.store.append(account_stream(account_id), 0, [encode(created)])
        return await self.append(account_id, *events) if events else accounts.created(created)

    async def _holder(self, look: str) -> tuple[str | None, int]:
        records = await self.store.read(name_stream(look))
        events = [_name_events.decode(r.data) for r in records]
        return accounts.holder(events), len(records)

    async def _claim(self, look: str, account_id: str) -> int | None:
        """Claim a look for `account_id`: the claim stream's version, or None if it is held."""
        holder, version = await self._holder(look)
        if holder is not None:
            return None
        try:
            return await self.store.append(
                name_stream(look), version, [encode(NameClaimed(account_id))]
            )
        except WrongExpectedVersion:
            return None  # claimed meanwhile

    async def owner(self, game_id: str, seat: int) -> str | None:
        """The account a seat is attached to, or None."""
        owned = await self.owned(game_id, seat)
        return owned[0] if owned else None

    async def owned(self, game_id: str, seat: int) -> tuple[str, int] | None:
        """The account a seat is attached to and when it was (ms), or None."""
        records = await self.store.read(seat_stream(game_id, seat), upto=1)
        if not records:
            return None
        return _seat_events.decode(records[0].data).account_id, records[0].at_ms

    async def attach(self, account_id: str, game_id: str, seat: int) -> Account:
        """Attach a seat to an account: the first account to claim it keeps it (Rejected for
        another; again for the same one changes nothing)."""
        try:
            await self.store.append(seat_stream(game_id, seat), 0, [encode(SeatOwned(account_id))])
        except WrongExpectedVersion:
            if await self.owner(game_id, seat) != account_id:
                raise Rejected(Reason.FORBIDDEN, "this seat is another account's") from None
        account = await self.load(account_id)
        if account is not None and account.holds(game_id, seat):
            return account
        return await self.append(account_id, SeatAttached(game_id, seat))

    async def host(self, game_id: str, account_id: str) -> None:
        """Record the account that created a table (once: a retried create changes nothing)."""
        with contextlib.suppress(WrongExpectedVersion):
            await self.store.append(host_stream(game_id), 0, [encode(TableHosted(account_id))])

    async def host_of(self, game_id: str) -> str | None:
        """The account that created a table signed in, or None."""
        records = await self.store.read(host_stream(game_id), upto=1)
        return _host_events.decode(records[0].data).account_id if records else None

    async def answer(self, challenge: bytes) -> bool:
        """Mark a WebAuthn challenge answered: False if it already was (a replay)."""
        try:
            await self.store.append(challenge_stream(challenge), 0, [USED])
        except WrongExpectedVersion:
            return False
        return True
