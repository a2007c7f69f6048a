"""Values the server hands out and takes back unchanged: a payload and its HMAC, under a key
derived from the deployment's secret for one purpose, so a value of one kind never passes for
another's."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(secret: bytes, purpose: str, payload: bytes) -> bytes:
    key = hmac.new(secret, purpose.encode(), hashlib.sha256).digest()
    return hmac.new(key, payload, hashlib.sha256).digest()


def sign(secret: bytes, purpose: str, payload: bytes) -> str:
    return f"{_b64(payload)}.{_b64(_mac(secret, purpose, payload))}"


def unsigned(secret: bytes, purpose: str, value: str) -> bytes | None:
    """The payload of a value `sign` made for `purpose`; None for anything else."""
    payload_text, dot, mac_text = value.partition(".")
    if not dot:
        return None
    try:
        payload, mac = _unb64(payload_text), _unb64(mac_text)
    except (binascii.Error, ValueError):
        return None
    return payload if hmac.compare_digest(mac, _mac(secret, purpose, payload)) else None
