"""Accounts with passkeys (`server.accounts`, `server.web.accounts_http`): made, signed in on
another device, passkeys added and removed, signed out everywhere; and the attacks refused: a
session cookie sent from another origin, a replayed WebAuthn answer, a name imitating
another's, a forged cookie."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from server.accounts.book import Accounts
from server.accounts.sessions import COOKIE
from tests.server.conftest import ON_STORES, Running, running
from tests.server.passkey_device import SoftPasskey

ELSEWHERE = "https://elsewhere.example"


@contextlib.asynccontextmanager
async def browser(server: Running) -> AsyncIterator[httpx.AsyncClient]:
    """A browser on the server's own page: its Origin, its cookie jar."""
    headers = {"origin": server.url, "content-type": "application/json"}
    async with httpx.AsyncClient(base_url=server.url, headers=headers, timeout=30) as http:
        yield http


async def begin_register(http: httpx.AsyncClient, name: str) -> dict[str, Any]:
    reply = await http.post("/api/account/register/options", json={"name": name})
    assert reply.status_code == 200, reply.text
    started: dict[str, Any] = reply.json()
    return started


async def register(
    http: httpx.AsyncClient, name: str, device: SoftPasskey, origin: str
) -> httpx.Response:
    started = await begin_register(http, name)
    answer = {
        "ceremony": started["ceremony"],
        "credential": device.create(started["options"], origin),
    }
    return await http.post("/api/account/register", json=answer)


async def sign_in_answer(
    http: httpx.AsyncClient, device: SoftPasskey, origin: str
) -> dict[str, Any]:
    started = (await http.post("/api/account/signin/options", json={})).json()
    return {"ceremony": started["ceremony"], "credential": device.get(started["options"], origin)}


async def account_id_of(http: httpx.AsyncClient) -> str | None:
    reply = await http.get("/api/account")
    assert reply.status_code == 200
    shown = reply.json()
    return shown["account_id"] if shown["signed_in"] else None


@ON_STORES
async def test_an_account_made_with_a_passkey_signs_in_on_another_device(server: Running) -> None:
    device = SoftPasskey()
    async with browser(server) as laptop, browser(server) as phone:
        made = await register(laptop, "Alice", device, server.url)
        assert made.status_code == 201, made.text
        cookie = made.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
        account_id = made.json()["account_id"]
        assert await account_id_of(laptop) == account_id
        assert await account_id_of(phone) is None
        signed = await phone.post(
            "/api/account/signin", json=await sign_in_answer(phone, device, server.url)
        )
        assert signed.status_code == 200, signed.text
        assert signed.json()["name"] == "Alice"
        assert await account_id_of(phone) == account_id
    account = await Accounts(server.state.store).load(account_id)
    assert account is not None and account.name == "Alice"
    assert [p.credential_id for p in account.passkeys] == [device.credential_id]
    assert account.passkeys[0].sign_count == device.sign_count == 1  # the sign-in was counted
    assert account_id not in await server.state.store.streams()  # not listed among the games


async def test_a_replayed_sign_in_is_refused(embedded: Running) -> None:
    device = SoftPasskey(counts=False)  # nothing but the challenge tells the replay apart
    async with browser(embedded) as own, browser(embedded) as thief:
        assert (await register(own, "Bea", device, embedded.url)).status_code == 201
        answer = await sign_in_answer(own, device, embedded.url)
        assert (await own.post("/api/account/signin", json=answer)).status_code == 200
        replayed = await thief.post("/api/account/signin", json=answer)
        assert replayed.status_code == 401
        assert "set-cookie" not in replayed.headers
        assert await account_id_of(thief) is None


async def test_a_replayed_registration_makes_no_second_account(embedded: Running) -> None:
    device = SoftPasskey()
    async with browser(embedded) as own, browser(embedded) as other:
        started = await begin_register(own, "Cleo")
        answer = {
            "ceremony": started["ceremony"],
            "credential": device.create(started["options"], embedded.url),
        }
        assert (await own.post("/api/account/register", json=answer)).status_code == 201
        again = await other.post("/api/account/register", json=answer)
        assert again.status_code == 401
        assert await account_id_of(other) is None


async def test_an_answer_signed_for_another_origin_is_refused(embedded: Running) -> None:
    # a phishing page relays our options to the person's authenticator: it signs its own origin
    device = SoftPasskey()
    async with browser(embedded) as own:
        refused = await register(own, "Dora", device, ELSEWHERE)
        assert refused.status_code == 401
        assert await account_id_of(own) is None
        assert (await register(own, "Dora", device, embedded.url)).status_code == 201
    async with browser(embedded) as other:
        phished = await sign_in_answer(other, device, ELSEWHERE)
        assert (await other.post("/api/account/signin", json=phished)).status_code == 401
        assert await account_id_of(other) is None


@pytest.mark.parametrize("imitation", ["alice", "ALICE", "\u0430lice", "al\u0131ce", " Alice  "])
async def test_a_name_imitating_another_is_refused(embedded: Running, imitation: str) -> None:
    async with browser(embedded) as first, browser(embedded) as second:
        raced = await begin_register(second, imitation)  # asked before the name was taken
        assert (await register(first, "Alice", SoftPasskey(), embedded.url)).status_code == 201
        asked = await second.post("/api/account/register/options", json={"name": imitation})
        assert asked.status_code == 403 and "looks like" in asked.json()["detail"]
        late = {
            "ceremony": raced["ceremony"],
            "credential": SoftPasskey().create(raced["options"], embedded.url),
        }
        refused = await second.post("/api/account/register", json=late)
        assert refused.status_code == 403
        assert await account_id_of(second) is None


async def test_a_name_nobody_may_take_is_refused(embedded: Running) -> None:
    async with browser(embedded) as http:
        for name in ("Bot 2 (greedy)", "", "a\u0301\u0301\u0301"):
            reply = await http.post("/api/account/register/options", json={"name": name})
            assert reply.status_code == 403, name


async def test_a_session_cookie_sent_from_another_origin_changes_nothing(embedded: Running) -> None:
    device, second = SoftPasskey(), SoftPasskey()
    async with browser(embedded) as own:
        made = await register(own, "Eve", device, embedded.url)
        account_id = made.json()["account_id"]
        added = await own.post("/api/account/passkeys/options", json={})
        answer = {
            "ceremony": added.json()["ceremony"],
            "credential": second.create(added.json()["options"], embedded.url),
        }
        assert (await own.post("/api/account/passkeys", json=answer)).status_code == 201
        key = made.json()["passkeys"][0]["id"]
        before = await Accounts(embedded.state.store).load(account_id)
        cookie = {COOKIE: own.cookies[COOKIE]}
        for origin in (ELSEWHERE, None):  # another site's page; a request hiding its origin
            headers = {"content-type": "application/json"}
            if origin:
                headers["origin"] = origin
            async with httpx.AsyncClient(
                base_url=embedded.url, headers=headers, cookies=cookie
            ) as foreign:
                for method, path in (
                    ("POST", "/api/account/signout/everywhere"),
                    ("DELETE", f"/api/account/passkeys/{key}"),
                    ("POST", "/api/account/passkeys/options"),
                ):
                    reply = await foreign.request(method, path, json={})
                    assert reply.status_code == 403, (origin, path)
        assert await Accounts(embedded.state.store).load(account_id) == before
        assert await account_id_of(own) == account_id


async def test_a_forged_cookie_signs_nobody_in(embedded: Running) -> None:
    async with browser(embedded) as own:
        made = await register(own, "Fay", SoftPasskey(), embedded.url)
        value = own.cookies[COOKIE]
        payload, _, mac = value.partition(".")
        for forged in (payload + "." + mac[::-1], payload, "x.y", ""):
            own.cookies.set(COOKIE, forged)
            assert await account_id_of(own) is None, forged
        own.cookies.set(COOKIE, value)
        assert await account_id_of(own) == made.json()["account_id"]


async def test_signing_out_everywhere_ends_every_session(embedded: Running) -> None:
    device = SoftPasskey()
    async with browser(embedded) as laptop, browser(embedded) as phone:
        account_id = (await register(laptop, "Gus", device, embedded.url)).json()["account_id"]
        answer = await sign_in_answer(phone, device, embedded.url)
        assert (await phone.post("/api/account/signin", json=answer)).status_code == 200
        old_cookie = phone.cookies[COOKIE]
        out = await phone.post("/api/account/signout/everywhere", json={})
        assert out.status_code == 200
        assert await account_id_of(phone) is None
        assert await account_id_of(laptop) is None
        phone.cookies.set(COOKIE, old_cookie)  # kept by a thief: no longer good
        assert await account_id_of(phone) is None
        answer = await sign_in_answer(laptop, device, embedded.url)
        assert (await laptop.post("/api/account/signin", json=answer)).status_code == 200
        assert await account_id_of(laptop) == account_id


async def test_signing_out_ends_this_browsers_session_only(embedded: Running) -> None:
    device = SoftPasskey()
    async with browser(embedded) as laptop, browser(embedded) as phone:
        account_id = (await register(laptop, "Hal", device, embedded.url)).json()["account_id"]
        answer = await sign_in_answer(phone, device, embedded.url)
        assert (await phone.post("/api/account/signin", json=answer)).status_code == 200
        assert (await phone.post("/api/account/signout", json={})).status_code == 200
        assert await account_id_of(phone) is None
        assert await account_id_of(laptop) == account_id


async def test_passkeys_are_added_and_removed(embedded: Running) -> None:
    first, second = SoftPasskey(), SoftPasskey()
    async with browser(embedded) as own:
        made = (await register(own, "Ida", first, embedded.url)).json()
        only = made["passkeys"][0]["id"]
        last = await own.delete(f"/api/account/passkeys/{only}")
        assert last.status_code == 403  # the last passkey stays
        added = (await own.post("/api/account/passkeys/options", json={})).json()
        excluded = [c["id"] for c in added["options"]["excludeCredentials"]]
        assert excluded == [only]
        answer = {
            "ceremony": added["ceremony"],
            "credential": second.create(added["options"], embedded.url),
        }
        shown = await own.post("/api/account/passkeys", json=answer)
        assert shown.status_code == 201 and len(shown.json()["passkeys"]) == 2
        twice = await own.post("/api/account/passkeys", json=answer)
        assert twice.status_code == 400  # the same passkey again
        third = {
            "ceremony": added["ceremony"],
            "credential": SoftPasskey().create(added["options"], embedded.url),
        }
        again = await own.post("/api/account/passkeys", json=third)
        assert again.status_code == 401  # its challenge was answered already
        removed = await own.delete(f"/api/account/passkeys/{only}")
        assert removed.status_code == 200 and len(removed.json()["passkeys"]) == 1
    async with browser(embedded) as other:
        gone = await sign_in_answer(other, first, embedded.url)
        assert (await other.post("/api/account/signin", json=gone)).status_code == 401
        kept = await sign_in_answer(other, second, embedded.url)
        assert (await other.post("/api/account/signin", json=kept)).status_code == 200
        assert await account_id_of(other) == made["account_id"]


async def test_a_ceremony_of_another_account_adds_nothing(embedded: Running) -> None:
    async with browser(embedded) as mallory, browser(embedded) as victim:
        assert (await register(mallory, "Mal", SoftPasskey(), embedded.url)).status_code == 201
        made = await register(victim, "Vic", SoftPasskey(), embedded.url)
        # Mallory's own ceremony, answered, sent with the victim's session
        started = (await mallory.post("/api/account/passkeys/options", json={})).json()
        answer = {
            "ceremony": started["ceremony"],
            "credential": SoftPasskey().create(started["options"], embedded.url),
        }
        refused = await victim.post("/api/account/passkeys", json=answer)
        assert refused.status_code == 403
        account = await Accounts(embedded.state.store).load(made.json()["account_id"])
        assert account is not None and len(account.passkeys) == 1


async def test_malformed_answers_are_refused(embedded: Running) -> None:
    async with browser(embedded) as http:
        started = (await http.post("/api/account/signin/options", json={})).json()
        for bad in (
            {"ceremony": started["ceremony"], "credential": {}},
            {"ceremony": "forged.value", "credential": {}},
            {"ceremony": started["ceremony"]},
        ):
            reply = await http.post("/api/account/signin", json=bad)
            assert reply.status_code in (400, 401), bad
        assert (await http.post("/api/account/signin", content=b"{")).status_code == 400


async def test_passkey_requests_are_paced_per_address() -> None:
    async with running(None, passkeys_per_minute=2) as paced, browser(paced) as http:
        for _ in range(2):
            assert (await http.post("/api/account/signin/options", json={})).status_code == 200
        refused = await http.post("/api/account/register/options", json={"name": "Zed"})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert "passkey requests" in refused.json()["detail"]
