"""Web push end to end: a browser's subscription registered for a seat, a local push endpoint
standing in for the push service. The endpoint decrypts each payload with the subscription's
own keys (RFC 8291, aes128gcm) and checks the VAPID signature (RFC 8292) against the key the
server gives browsers, so the encryption and the signature are proven, not assumed."""

from __future__ import annotations

import base64
import json
import os
import time
from collections.abc import AsyncIterator
from typing import Any

import http_ece
import httpx
import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from http_ece import ECEException
from py_vapid import Vapid02

from server.table.webhooks import text
from tests.server.conftest import Running, running
from tests.server.test_notices import channels_of, derived, play_settled
from tests.webhook_receiver import Receiver, receiving


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def point(key: ec.EllipticCurvePublicKey) -> bytes:
    return key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


class Browser:
    """A subscription's keys, as a browser keeps them."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint: str) -> dict[str, Any]:
        keys = {"p256dh": b64(point(self.key.public_key())), "auth": b64(self.auth)}
        return {"endpoint": endpoint, "keys": keys}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        decoded: dict[str, Any] = json.loads(plain)
        return decoded


def vapid_claims(header: str, server_key: str, audience: str) -> dict[str, Any]:
    """The claims of a `vapid t=..., k=...` Authorization, its ES256 signature checked with
    the server's public key (and `k` the same key)."""
    scheme, _, rest = header.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert fields["k"] == server_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    decoded: dict[str, Any] = json.loads(unb64(claims))
    assert json.loads(unb64(head))["alg"] == "ES256"
    assert decoded["aud"] == audience and decoded["exp"] > time.time()
    return decoded


@pytest.fixture(params=["sqlite", "redis"])
async def pushing(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    vapid = Vapid02()
    vapid.generate_keys()
    private = b64(vapid.private_key.private_numbers().private_value.to_bytes(32, "big"))
    settings = {"vapid_private_key": private, "vapid_subject": "mailto:ops@example.org"}
    async with running(
        url, notice_grace_s=0, webhook_allow_private=True, public_url="https://p.test", **settings
    ) as run:
        run.state.notifier.sweep_s = 0.05
        run.state.notifier.pace = (1000, 10)
        yield run


@pytest.fixture
async def service() -> AsyncIterator[Receiver]:
    async with receiving() as started:
        yield started


async def test_each_notice_is_pushed_encrypted_for_the_subscription_and_signed(
    pushing: Running, service: Receiver
) -> None:
    run = pushing
    async with httpx.AsyncClient(base_url=run.url) as http:
        server_key = (await http.get("/api/push/key")).json()["key"]
        game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
        browser = Browser()
        made = await http.post(
            f"/api/games/{game_id}/channels",
            json={"push": browser.subscription(service.at("/push/abc"))},
            headers={"authorization": f"Bearer {tokens[1]}"},
        )
        assert made.status_code == 201, made.text
    assert server_key and len(unb64(server_key)) == 65
    assert [c["kind"] for c in await channels_of(run, game_id, tokens[1])] == ["push"]
    watched_from = await run.stored(game_id)
    await run.lobby.start(game_id, tokens[0])
    await play_settled(run, game_id, 2)
    notices = {n.id: n for n in await derived(run, game_id, watched_from) if n.seat == 1}
    pushed = [r for r in service.received if r.path == "/push/abc"]
    shown = {}
    for request in pushed:
        assert request.headers["content-encoding"] == "aes128gcm"
        assert int(request.headers["ttl"]) > 0
        claims = vapid_claims(request.headers["authorization"], server_key, service.url)
        assert claims["sub"] == "mailto:ops@example.org"
        assert b"Rock paper scissors" not in request.body  # ciphertext, not the payload
        payload = browser.decrypt(request.body)
        shown[payload["tag"]] = payload
    assert len(shown) == len(pushed) and set(shown) == set(notices)
    for tag, payload in shown.items():
        assert payload["title"] == "Rock paper scissors"
        assert payload["url"] == f"https://p.test/#/game/{game_id}"
        assert payload["body"] == text(notices[tag], "").rstrip(". ")  # the chats' line
    with pytest.raises((ECEException, InvalidTag)):  # another browser's keys do not open it
        Browser().decrypt(pushed[0].body)


async def test_push_is_refused_without_a_vapid_key_and_with_bad_keys(pushing: Running) -> None:
    game_id, tokens = await pushing.seated_game("rock_paper_scissors", 2, start=False)
    good = Browser().subscription("http://127.0.0.1:9/push")
    bad_auth = {**good, "keys": {**good["keys"], "auth": b64(b"short")}}
    async with httpx.AsyncClient(base_url=pushing.url) as http:
        answer = await http.post(
            f"/api/games/{game_id}/channels",
            json={"push": bad_auth},
            headers={"authorization": f"Bearer {tokens[0]}"},
        )
        assert answer.status_code == 400 and "auth" in answer.json()["detail"]
    async with running(None) as plain, httpx.AsyncClient(base_url=plain.url) as http:
        assert (await http.get("/api/push/key")).json() == {"key": None}
        game_id, tokens = await plain.seated_game("rock_paper_scissors", 2, start=False)
        answer = await http.post(
            f"/api/games/{game_id}/channels",
            json={"push": good},
            headers={"authorization": f"Bearer {tokens[0]}"},
        )
        assert answer.status_code == 400 and "no web push" in answer.json()["detail"]
