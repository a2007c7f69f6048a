"""A notice sent by web push (RFC 8030) to a browser's push subscription: the payload
encrypted for the subscription's keys (RFC 8291, aes128gcm, by pywebpush), the request
signed with the deployment's VAPID key (RFC 8292, py-vapid), and posted through the same
guard as webhooks (`server.table.webhooks.post`).

The payload is `{"title", "body", "url", "tag"}`, the tag being the notice's id: the service
worker shows it with that tag, so a notice pushed twice (a process killed after the push
service took it) replaces itself on the screen. Off without PLATEAU_VAPID_PRIVATE_KEY: push
channels are then refused, and the browser is given no key to subscribe with.
"""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
import msgspec
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPusher

from projections.notices import Notice
from server.table.channels import Channel
from server.table.webhooks import link, post, text

TTL_S = 24 * 3600  # a phone off for a day still gets the notice
CLAIM_S = 12 * 3600  # a VAPID signature's life (at most 24 h)


@dataclass(frozen=True)
class Pusher:
    """The deployment's VAPID key, and the contact the push services are given."""

    vapid: Vapid02
    subject: str  # "mailto:..." or "https://...": whom a push service writes to

    @classmethod
    def from_config(cls, private_key: str, subject: str) -> Pusher:
        """From the key as base64url (its raw 32 bytes, or DER) or as PEM."""
        if "BEGIN" in private_key:
            vapid = Vapid02.from_pem(private_key.encode())
        else:
            vapid = Vapid02.from_string(private_key)
        return cls(vapid, subject)

    @property
    def public_key(self) -> str:
        """The key the browser subscribes with (`applicationServerKey`): the uncompressed
        point, base64url."""
        point = self.vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def payload(notice: Notice, public_url: str) -> bytes:
    return msgspec.json.encode(
        {
            "title": notice.title,
            "body": text(notice, "").rstrip(". "),
            "url": link(public_url, notice),
            "tag": notice.id,
        }
    )


async def send(
    client: httpx.AsyncClient,
    pusher: Pusher,
    channel: Channel,
    notice: Notice,
    public_url: str,
    allow_private: bool,
) -> None:
    """Push the notice; Unsendable unless the push service took it."""
    subscription = {
        "endpoint": channel.url,
        "keys": {"p256dh": channel.p256dh, "auth": channel.auth},
    }
    encrypted = WebPusher(subscription).encode(payload(notice, public_url), "aes128gcm")
    parts = urlsplit(channel.url)
    claims = {
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(time.time()) + CLAIM_S,
        "sub": pusher.subject,
    }
    headers = {
        **pusher.vapid.sign(claims),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": str(TTL_S),
        "Urgency": "normal",
    }
    await post(client, channel.url, encrypted["body"], headers, allow_private)
