"""A join's token under an Idempotency-Key is derived with the deployment's secret: the key
alone gives nobody the token offline, and every process over one store (or given one
configured secret) derives the same token, so retries still find their seat."""

from __future__ import annotations

import base64
import hashlib
import hmac
from pathlib import Path

import pytest

from server.ops.config import Settings
from server.store.deployment_secret import MIN_LENGTH, DeploymentSecret
from server.store.sqlite import SqliteStore
from server.web.idempotency import join_token
from tests.server.conftest import Running, running

GUESSABLE_KEY = "retry-0000000001"  # the issue's: 16 printable characters


def offline_token(key: str, game_id: str) -> str:
    """What a join's token was before the secret: HMAC(key, game id), public inputs only."""
    mac = hmac.new(key.encode(), b"plateau join token\0" + game_id.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()


async def _join(run: Running, game_id: str, name: str, key: str) -> tuple[int, str]:
    reply = await run.lobby.http.post(
        f"/api/games/{game_id}/seats", json={"name": name}, headers={"idempotency-key": key}
    )
    assert reply.status_code == 201, reply.text
    return reply.json()["seat"], reply.json()["token"]


async def _start_as(run: Running, game_id: str, token: str) -> int:
    headers = {"authorization": f"Bearer {token}"}
    return (await run.lobby.http.post(f"/api/games/{game_id}/start", headers=headers)).status_code


async def test_a_token_worked_out_from_the_key_alone_is_refused(server: Running) -> None:
    game_id = await server.lobby.create("eiffel_mania", 3)
    _, victims = await _join(server, game_id, "Ada", GUESSABLE_KEY)
    for n in (1, 2):
        await server.lobby.join(game_id, f"p{n}")
    # what the attacker works out from the key and the game's id: no longer the seat's token
    assert await _start_as(server, game_id, offline_token(GUESSABLE_KEY, game_id)) == 401
    assert await _start_as(server, game_id, join_token(b"", GUESSABLE_KEY, game_id)) == 401
    assert await _start_as(server, game_id, victims) == 200  # the seat's own token acts


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
async def test_two_servers_over_one_store_give_a_retry_the_first_token(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = f"sqlite:///{tmp_path / 'plateau.db'}" if kind == "sqlite" else None
    url = url or request.getfixturevalue("redis_url")
    async with running(url) as one, running(url) as two:
        game_id = await one.lobby.create("eiffel_mania", 3)
        first = await _join(one, game_id, "Ada", GUESSABLE_KEY)
        assert await _join(two, game_id, "Ada", GUESSABLE_KEY) == first
        assert (await two.lobby.summary(game_id))["names"] == ["Ada"]
        secret = await one.state.secret.get()
        assert await two.state.secret.get() == secret
        assert first[1] == join_token(secret, GUESSABLE_KEY, game_id)
    async with running(url) as later:  # and after a restart
        assert await _join(later, game_id, "Ada", GUESSABLE_KEY) == first


async def test_stores_in_memory_have_secrets_of_their_own() -> None:
    one, two = (DeploymentSecret(None, SqliteStore()) for _ in range(2))
    assert len(await one.get()) == 32
    assert await one.get() != await two.get()


async def test_a_configured_secret_is_the_one_every_process_uses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    configured = "s" * MIN_LENGTH
    monkeypatch.setenv("PLATEAU_SECRET", configured)
    settings = Settings.from_env()
    assert settings.secret == configured and configured not in repr(settings)
    async with running(None, secret=configured) as run:
        game_id = await run.lobby.create("eiffel_mania", 3)
        _, token = await _join(run, game_id, "Ada", GUESSABLE_KEY)
        assert token == join_token(configured.encode(), GUESSABLE_KEY, game_id)
    with pytest.raises(ValueError, match="PLATEAU_SECRET"):
        DeploymentSecret("s" * (MIN_LENGTH - 1), SqliteStore())
