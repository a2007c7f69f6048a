"""Display names are unique under the confusable rules, on both stores, even when two accounts
race for alike names (`server.accounts.book`): one wins, the other is refused and leaves no
claim behind."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from domain.kernel import Rejected
from server.accounts.book import Accounts
from server.store import EventStore
from server.store.adapters import open_store


@pytest.fixture(params=["sqlite", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[EventStore]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    opened = open_store(url)
    yield opened
    await opened.close()


async def test_of_racing_lookalikes_one_wins(store: EventStore) -> None:
    book = Accounts(store)
    tag = str(id(store))  # the Redis server is shared by the session's tests
    names = [f"alice{tag}", f"\u0430lice{tag}", f"ALICE{tag}"]
    results = await asyncio.gather(
        *(book.create(name, f"acc{n}{tag}", 1) for n, name in enumerate(names)),
        return_exceptions=True,
    )
    won = [r for r in results if not isinstance(r, BaseException)]
    assert len(won) == 1, results
    assert all(isinstance(r, Rejected) for r in results if r not in won)
    winner = won[0]
    # the losers' accounts were never written, and their names stay taken by the winner
    for n in range(len(names)):
        account_id = f"acc{n}{tag}"
        assert (await book.load(account_id) is not None) == (account_id == winner.account_id)
    for name in names:
        assert await book.why_name_unavailable(name) is not None
    assert await book.why_name_unavailable(f"bob{tag}") is None


async def test_a_refused_name_releases_what_it_claimed(store: EventStore) -> None:
    book = Accounts(store)
    tag = str(id(store) + 1)
    # "ALICE" looks like "alice" (case aside) and like "allce" (a capital I drawn like an l)
    await book.create(f"allce{tag}", f"first{tag}", 1)
    racing = Accounts(store)

    async def looked_before_the_other_claimed(name: str) -> None:
        return None

    racing.why_name_unavailable = looked_before_the_other_claimed  # type: ignore[method-assign]
    with pytest.raises(Rejected):
        await racing.create(f"ALICE{tag}", f"second{tag}", 2)
    assert await book.load(f"second{tag}") is None
    # its claim on "alice" was released: that name is free again
    assert await book.why_name_unavailable(f"alice{tag}") is None
    third = await book.create(f"alice{tag}", f"third{tag}", 3)
    assert third.name == f"alice{tag}"
