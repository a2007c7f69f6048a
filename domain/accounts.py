"""Accounts: a person's events, stored in the same store as games and folded like them.

An account's stream holds `AccountCreated`, then its passkeys coming and going, its sign-outs
everywhere, the seats it holds and the e-mail address it confirmed. No password and no secret
is in it: a passkey is a public key, a seat is named by its game and number, never by its
token, and the address is sealed.

A seat is one account's at most: its first attachment is claimed in a stream of its own
(`SeatOwned`), which the ratings read to know who sat where.

A display name is unique within the server, judged by how it looks (the confusable rules of
the names at a table): each of its looks is claimed in a stream of its own (`NameClaimed`,
`NameReleased`), so two accounts racing for alike names cannot both win.
"""

from __future__ import annotations

from typing import Any

import msgspec


class AccountEvent(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class AccountCreated(AccountEvent, frozen=True, tag="account_created"):
    account_id: str
    name: str
    at_ms: int


class PasskeyAdded(AccountEvent, frozen=True, tag="passkey_added"):
    credential_id: bytes
    public_key: bytes  # COSE-encoded, as the authenticator gave it
    sign_count: int
    at_ms: int


class PasskeyUsed(AccountEvent, frozen=True, tag="passkey_used"):
    """A sign-in whose authenticator counts its uses: a count not above this one is a clone's."""

    credential_id: bytes
    sign_count: int


class PasskeyRemoved(AccountEvent, frozen=True, tag="passkey_removed"):
    credential_id: bytes


class SignedOutEverywhere(AccountEvent, frozen=True, tag="signed_out_everywhere"):
    at_ms: int


class SeatAttached(AccountEvent, frozen=True, tag="seat_attached"):
    game_id: str
    seat: int


class EmailConfirmed(AccountEvent, frozen=True, tag="email_confirmed"):
    """The address sign-in links go to, once a link mailed to it was opened: sealed
    (`server.accounts.mail_links`), never in the clear."""

    sealed: bytes


ACCOUNT_EVENTS = (
    AccountCreated,
    PasskeyAdded,
    PasskeyUsed,
    PasskeyRemoved,
    SignedOutEverywhere,
    SeatAttached,
    EmailConfirmed,
)
AnyAccountEvent = (
    AccountCreated
    | PasskeyAdded
    | PasskeyUsed
    | PasskeyRemoved
    | SignedOutEverywhere
    | SeatAttached
    | EmailConfirmed
)


class NameEvent(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class NameClaimed(NameEvent, frozen=True, tag="name_claimed"):
    account_id: str


class NameReleased(NameEvent, frozen=True, tag="name_released"):
    account_id: str


class SeatOwned(msgspec.Struct, frozen=True, tag_field="type", tag="seat_owned"):
    account_id: str


class TableHosted(msgspec.Struct, frozen=True, tag_field="type", tag="table_hosted"):
    """A table created signed in: its account starts it as its host token does."""

    account_id: str


class Passkey(msgspec.Struct, frozen=True):
    credential_id: bytes
    public_key: bytes
    sign_count: int
    added_ms: int


class Account(msgspec.Struct, frozen=True):
    account_id: str
    name: str
    created_ms: int
    passkeys: tuple[Passkey, ...] = ()
    # sessions carry the epoch they were opened in: signing out everywhere moves it on
    epoch: int = 0
    seats: tuple[tuple[str, int], ...] = ()  # (game id, seat), in the order taken
    email: bytes = b""  # the sealed address sign-in links go to; none: b""

    def passkey(self, credential_id: bytes) -> Passkey | None:
        return next((p for p in self.passkeys if p.credential_id == credential_id), None)

    def holds(self, game_id: str, seat: int) -> bool:
        return (game_id, seat) in self.seats


def created(event: AccountCreated) -> Account:
    return Account(event.account_id, event.name, event.at_ms)


def apply(account: Account, event: Any) -> Account:
    """The account after `event` (one of ACCOUNT_EVENTS, never `AccountCreated`)."""
    if isinstance(event, PasskeyAdded):
        key = Passkey(event.credential_id, event.public_key, event.sign_count, event.at_ms)
        return msgspec.structs.replace(account, passkeys=(*account.passkeys, key))
    if isinstance(event, PasskeyUsed):
        used = tuple(
            msgspec.structs.replace(p, sign_count=event.sign_count)
            if p.credential_id == event.credential_id
            else p
            for p in account.passkeys
        )
        return msgspec.structs.replace(account, passkeys=used)
    if isinstance(event, PasskeyRemoved):
        kept = tuple(p for p in account.passkeys if p.credential_id != event.credential_id)
        return msgspec.structs.replace(account, passkeys=kept)
    if isinstance(event, SignedOutEverywhere):
        return msgspec.structs.replace(account, epoch=account.epoch + 1)
    if isinstance(event, SeatAttached):
        if account.holds(event.game_id, event.seat):
            return account
        seats = (*account.seats, (event.game_id, event.seat))
        return msgspec.structs.replace(account, seats=seats)
    if isinstance(event, EmailConfirmed):
        return msgspec.structs.replace(account, email=event.sealed)
    raise ValueError(f"not an event of an existing account: {type(event).__name__}")


def fold(events: list[Any]) -> Account:
    """The account a stream's events make; ValueError if they do not start with its creation."""
    if not events or not isinstance(events[0], AccountCreated):
        raise ValueError("an account's stream starts with account_created")
    account = created(events[0])
    for event in events[1:]:
        account = apply(account, event)
    return account


def holder(events: list[Any]) -> str | None:
    """The account holding a name's look, from its claim stream's events; None when free."""
    last = events[-1] if events else None
    return last.account_id if isinstance(last, NameClaimed) else None
