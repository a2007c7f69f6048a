"""The webhook guard: no private, loopback or link-local address unless the operator allows
it, checked on the address the request then goes to."""

from __future__ import annotations

import httpx
import pytest

from server.table.webhooks import Unsendable, public, resolved
from tests.server.conftest import running


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.9",
        "192.168.1.1",
        "169.254.169.254",
        "0.0.0.0",
        "::1",
        "fe80::1",
        "fc00::5",
        "::ffff:127.0.0.1",
        "224.0.0.1",
        "100.64.0.1",
    ],
)
def test_addresses_inside_a_network_are_not_public(address: str) -> None:
    assert not public(address)


@pytest.mark.parametrize("address", ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111"])
def test_addresses_on_the_internet_are_public(address: str) -> None:
    assert public(address)


async def test_a_name_resolving_to_loopback_is_refused_unless_allowed() -> None:
    with pytest.raises(Unsendable) as refused:
        await resolved("http://localhost:9/hook", allow_private=False)
    assert refused.value.reason == "private_address"
    assert await resolved("http://localhost:9/hook", allow_private=True) in ("127.0.0.1", "::1")


async def test_a_server_refuses_a_private_webhook_by_default() -> None:
    async with running(None) as run:
        game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
        async with httpx.AsyncClient() as http:
            for url in ("http://127.0.0.1:9/x", "http://169.254.169.254/latest", "http://[::1]/"):
                answer = await http.post(
                    f"{run.url}/api/games/{game_id}/channels",
                    json={"url": url},
                    headers={"authorization": f"Bearer {tokens[0]}"},
                )
                assert answer.status_code == 400, url
                assert "private_address" in answer.json()["detail"]
        assert await run.state.notifier.outbox.channels(game_id) == {}
