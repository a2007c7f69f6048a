"""Where a game's notices go: a channel, a seat's (its holder's) or the table's (its
creator's, a group's), and how it is kept.

A channel's address (a webhook's URL, which for Discord or Slack is a credential) is its
owner's secret: it is stored sealed (AES-GCM under a key derived from the deployment's secret,
`server.store.deployment_secret`), so a copy of the store alone does not hand the addresses
out; it is never logged, and a listing shows only the host it points at.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
from urllib.parse import urlsplit

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

WEBHOOK, EMAIL, PUSH = "webhook", "email", "push"
FORMATS = ("json", "discord", "slack")  # a webhook's body: the notice, or a chat message
NONCE_BYTES = 12
MAX_URL = 2048
# one e-mail address, nothing that could end a header or add a recipient
ADDRESS = re.compile(r"^[^@\s,;<>\"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$")
PAUSE_AFTER = 5  # failures in a row that pause a channel until its owner tests it again


class Channel(msgspec.Struct, frozen=True, omit_defaults=True):
    url: str  # a webhook's URL, or an e-mail address
    format: str = "json"
    seat: int | None = None  # None: the table's
    kind: str = WEBHOOK
    always: bool = False  # a seat's: sent even while the seat is open in a browser
    p256dh: str = ""  # a push subscription's keys (base64url), for its payloads' encryption
    auth: str = ""


class Health(msgspec.Struct, frozen=True, omit_defaults=True):
    failures: int = 0  # in a row
    paused: bool = False
    error: str = ""  # the last failure's kind (a status or an exception's name), no address


HEALTH = msgspec.msgpack.Decoder(Health)
_CHANNEL = msgspec.msgpack.Decoder(Channel)


class BadChannel(ValueError):
    """A channel that cannot be kept: the reason says why, without its address."""


def checked(url: str, fmt: str, seat: int | None, always: bool = False) -> Channel:
    if fmt not in FORMATS:
        raise BadChannel(f"format must be one of {', '.join(FORMATS)}")
    if len(url) > MAX_URL:
        raise BadChannel(f"the URL is longer than {MAX_URL} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadChannel("the URL must be http:// or https:// with a host")
    if parts.username or parts.password:
        raise BadChannel("the URL must not carry a user or password")
    return Channel(url=url, format=fmt, seat=seat, always=always)


def valid_address(address: str) -> bool:
    return len(address) <= 254 and ADDRESS.match(address) is not None


def checked_email(address: str, seat: int | None, always: bool = False) -> Channel:
    if not valid_address(address):
        raise BadChannel("not an e-mail address this server sends to")
    return Channel(url=address, seat=seat, always=always, kind=EMAIL)


def checked_push(
    endpoint: str, p256dh: str, auth: str, seat: int | None, always: bool = False
) -> Channel:
    """A browser's push subscription (`PushSubscription.toJSON()`'s endpoint and keys)."""
    checked(endpoint, "json", seat)  # a URL with a host, as a webhook's (the guard applies)
    for name, key, size in (("p256dh", p256dh, 65), ("auth", auth, 16)):
        try:
            raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
        except ValueError:
            raise BadChannel(f"keys.{name} is not base64url") from None
        if len(raw) != size:
            raise BadChannel(f"keys.{name} is not {size} bytes")
    return Channel(url=endpoint, seat=seat, always=always, kind=PUSH, p256dh=p256dh, auth=auth)


def channel_id() -> str:
    return secrets.token_hex(8)


def _key(secret: bytes) -> bytes:
    return hmac.new(secret, b"plateau notify channels v1", hashlib.sha256).digest()


def seal(secret: bytes, game_id: str, channel: Channel) -> bytes:
    """The channel encrypted and bound to its game (a sealed channel moved to another game's
    keys does not open)."""
    nonce = os.urandom(NONCE_BYTES)
    plain = msgspec.msgpack.encode(channel)
    return nonce + AESGCM(_key(secret)).encrypt(nonce, plain, game_id.encode())


def unseal(secret: bytes, game_id: str, sealed: bytes) -> Channel:
    """The channel; BadChannel if it does not open (another secret, another game's)."""
    nonce, body = sealed[:NONCE_BYTES], sealed[NONCE_BYTES:]
    try:
        return _CHANNEL.decode(AESGCM(_key(secret)).decrypt(nonce, body, game_id.encode()))
    except InvalidTag:
        raise BadChannel("the channel does not open with this deployment's secret") from None


def shown(channel_id_: str, channel: Channel, health: Health) -> dict[str, object]:
    """A channel as its owner is shown it: the host (an address's domain) only, never the
    whole address."""
    host = (
        channel.url.rpartition("@")[2] if channel.kind == EMAIL else urlsplit(channel.url).hostname
    )
    return {
        "id": channel_id_,
        "kind": channel.kind,
        "format": channel.format,
        "seat": channel.seat,
        "always": channel.always,
        "host": host,
        "paused": health.paused,
        "failures": health.failures,
        "error": health.error,
    }
