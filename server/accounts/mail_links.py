"""One-time links by e-mail: one confirms the address an account's sign-in links go to, the
other signs in on a device that has none of the account's passkeys. Both sign in the browser
that opens them.

A link carries a random token in its fragment (`#/link/{token}`), which no request, and so no
access log, ever carries; the store keeps only the token's hash, as the name of a stream of its
own (`mail-link:{sha256}`) holding the link's account, expiry and, for a confirmation, the
address sealed. Opening it appends at version 1: of two openings only one wins.

The address is sealed as a notice channel's is (AES-GCM under a key derived from the
deployment's secret, bound to the account's id), and found again by its HMAC under another
key so derived (`account-email:{hmac}`), which a copy of the store alone cannot compute for a
guessed address. The last account to confirm an address is the one its sign-in links open.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
import os
import secrets
import time
from collections import deque
from collections.abc import Coroutine
from email.message import EmailMessage
from typing import Any

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from domain.accounts import Account, EmailConfirmed
from domain.kernel import Reason, Rejected
from server.accounts.book import Accounts
from server.store import EventStore, WrongExpectedVersion
from server.table.mail import Smtp

LIFETIME_MS = 15 * 60 * 1000
SIGN_IN, CONFIRM = "sign_in", "confirm"
NONCE_BYTES = 12
USED = b'{"type":"mail_link_used"}'


class Link(msgspec.Struct, frozen=True, tag_field="type", tag="mail_link"):
    account_id: str
    purpose: str  # SIGN_IN or CONFIRM
    expires_ms: int
    sealed: bytes = b""  # a confirmation's address


class EmailClaimed(msgspec.Struct, frozen=True, tag_field="type", tag="email_claimed"):
    account_id: str


_link = msgspec.json.Decoder(Link)
_claim = msgspec.json.Decoder(EmailClaimed)


def _derived(secret: bytes, label: bytes) -> bytes:
    return hmac.new(secret, label, hashlib.sha256).digest()


def seal(secret: bytes, account_id: str, address: str) -> bytes:
    nonce = os.urandom(NONCE_BYTES)
    key = _derived(secret, b"plateau account email v1")
    return nonce + AESGCM(key).encrypt(nonce, address.encode(), account_id.encode())


def unseal(secret: bytes, account_id: str, sealed: bytes) -> str | None:
    """The address; None if there is none, or it was sealed under another secret or account."""
    if not sealed:
        return None
    key = _derived(secret, b"plateau account email v1")
    try:
        plain = AESGCM(key).decrypt(sealed[:NONCE_BYTES], sealed[NONCE_BYTES:], account_id.encode())
    except InvalidTag:
        return None
    return plain.decode()


def address_key(secret: bytes, address: str) -> str:
    """What names an address in the store and in the paces: its HMAC, case aside."""
    key = _derived(secret, b"plateau account email index v1")
    return hmac.new(key, address.lower().encode(), hashlib.sha256).hexdigest()


def address_stream(secret: bytes, address: str) -> str:
    return f"account-email:{address_key(secret, address)}"


def link_stream(token: str) -> str:
    return f"mail-link:{hashlib.sha256(token.encode()).hexdigest()}"


def link_url(public_url: str, token: str) -> str:
    return f"{public_url.rstrip('/')}/#/link/{token}"


def message(smtp: Smtp, address: str, purpose: str, name: str, url: str) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = smtp.sender
    mail["To"] = address
    if purpose == CONFIRM:
        mail["Subject"] = "Confirm your e-mail address on Plateau"
        what = f"confirm this address for the Plateau account {name} and sign in"
    else:
        mail["Subject"] = "Sign in to Plateau"
        what = f"sign in to Plateau as {name}"
    mail.set_content(
        f"Open this link to {what}. It works once, within {LIFETIME_MS // 60000} minutes:\n\n"
        f"{url}\n\nIf you did not ask for it, ignore this message.\n"
    )
    return mail


class MailLinks:
    """The links and the addresses of accounts, in the store."""

    def __init__(self, store: EventStore, secret: bytes) -> None:
        self.store, self.secret = store, secret
        self.accounts = Accounts(store)

    def address_of(self, account: Account) -> str | None:
        return unseal(self.secret, account.account_id, account.email)

    async def links_to(self, account: Account) -> str | None:
        """The address the account's sign-in links go to: its own, unless another account
        confirmed it since."""
        address = self.address_of(account)
        found = await self.account_for(address) if address else None
        return address if found is not None and found.account_id == account.account_id else None

    async def account_for(self, address: str) -> Account | None:
        """The account sign-in links for `address` open: the last to confirm it, if that is
        still its address."""
        records = await self.store.read(address_stream(self.secret, address))
        if not records:
            return None
        account = await self.accounts.load(_claim.decode(records[-1].data).account_id)
        if account is None or (self.address_of(account) or "").lower() != address.lower():
            return None
        return account

    async def issue(self, account_id: str, purpose: str, now_ms: int, address: str = "") -> str:
        """A new link's token (kept nowhere but in the mail)."""
        token = secrets.token_urlsafe(32)
        sealed = seal(self.secret, account_id, address) if purpose == CONFIRM else b""
        link = Link(account_id, purpose, now_ms + LIFETIME_MS, sealed)
        await self.store.append(link_stream(token), 0, [msgspec.json.encode(link)])
        return token

    async def redeem(self, token: str, now_ms: int) -> Account:
        """The account a link signs in, the link used up (and a confirmation's address
        recorded); Rejected for a link unknown, used or expired."""
        stream = link_stream(token)
        records = await self.store.read(stream)
        if not records:
            raise Rejected(Reason.UNAUTHORIZED, "this link is not one of this server's")
        if len(records) > 1:
            raise Rejected(Reason.UNAUTHORIZED, "this link was already used: ask for another")
        link = _link.decode(records[0].data)
        if now_ms > link.expires_ms:
            raise Rejected(Reason.UNAUTHORIZED, "this link expired: ask for another")
        try:
            await self.store.append(stream, 1, [USED])
        except WrongExpectedVersion:
            raise Rejected(
                Reason.UNAUTHORIZED, "this link was already used: ask for another"
            ) from None
        account = await self.accounts.load(link.account_id)
        if account is None:
            raise Rejected(Reason.UNAUTHORIZED, "this link's account is gone")
        address = unseal(self.secret, link.account_id, link.sealed)
        if link.purpose == CONFIRM and address is not None:
            account = await self.accounts.append(account.account_id, EmailConfirmed(link.sealed))
            await self._claim(address, account.account_id)
        return account

    async def _claim(self, address: str, account_id: str) -> None:
        stream = address_stream(self.secret, address)
        while True:
            version = len(await self.store.read(stream))
            try:
                await self.store.append(
                    stream, version, [msgspec.json.encode(EmailClaimed(account_id))]
                )
                return
            except WrongExpectedVersion:
                continue


class Window:
    """At most `limit` takes per key in any `span_s` (0: no limit), counted in memory by each
    process, as the other paces (`server.web.http_limits`)."""

    SWEEP_AT = 4096

    def __init__(self, span_s: float) -> None:
        self.span_s = span_s
        self.times: dict[str, deque[float]] = {}

    def take(self, key: str, limit: int) -> float | None:
        """Count one; None if within the limit, else the seconds until one is free again
        (and nothing is counted)."""
        if not limit:
            return None
        now = time.monotonic()
        if len(self.times) >= self.SWEEP_AT:
            for old in [k for k, t in self.times.items() if t[-1] <= now - self.span_s]:
                del self.times[old]
        times = self.times.setdefault(key, deque())
        while times and times[0] <= now - self.span_s:
            times.popleft()
        if len(times) >= limit:
            return max(1.0, math.ceil(times[0] + self.span_s - now))
        times.append(now)
        return None


class Desk:
    """What a process keeps for mail links: the paces per address and per account, and the
    mails being sent (a sign-in link is sent after its request is answered, so the answer
    takes no longer when the address is an account's)."""

    def __init__(self) -> None:
        self.by_address, self.by_account = Window(3600.0), Window(3600.0)
        self.sending: set[asyncio.Task[None]] = set()

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)
