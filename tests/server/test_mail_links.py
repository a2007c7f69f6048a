"""Sign-in links by e-mail (`server.accounts.mail_links`, `server.web.mail_links_http`), against
a real SMTP server (aiosmtpd): an account confirms its address, a sign-in link signs another
browser in once and only once; an expired link and a replayed one are refused; an address no
account has is answered as one that has and gets no mail; the paces per address and per
account; and the address reaches no log, no other account, nor the store in the clear."""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from server.accounts import mail_links
from server.accounts.mail_links import LIFETIME_MS, link_stream
from server.web import accounts_http, mail_links_http
from tests.server.conftest import Running, running
from tests.server.passkey_device import SoftPasskey
from tests.server.test_accounts import ELSEWHERE, account_id_of, browser, register
from tests.server.test_notice_mail import Inbox
from tools.redis_server import free_port

ADDRESS = "Ada.Lovelace@example.com"
LINK = re.compile(r"/#/link/([A-Za-z0-9_-]+)")


@pytest.fixture
def mailbox() -> Iterator[tuple[Inbox, int]]:
    kept, port = Inbox(), free_port()
    controller = Controller(kept, hostname="127.0.0.1", port=port)
    controller.start()
    yield kept, port
    controller.stop()


def mailing_settings(port: int, per_hour: int = 5) -> dict[str, Any]:
    return {
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_security": "none",
        "smtp_from": "plateau@example.org",
        "mail_links_per_hour": per_hour,
    }


@pytest.fixture(params=["sqlite", "redis"])
async def mailing(
    request: pytest.FixtureRequest, mailbox: tuple[Inbox, int]
) -> AsyncIterator[Running]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    async with running(url, **mailing_settings(mailbox[1])) as run:
        yield run


async def mails(inbox: Inbox, count: int) -> list[tuple[list[str], Any]]:
    """The first `count` mails, once they arrived."""
    for _ in range(1000):
        if len(inbox.mails) >= count:
            return inbox.mails[:count]
        await asyncio.sleep(0.01)
    raise AssertionError(f"{len(inbox.mails)} mails came, not {count}")


async def sent(run: Running) -> None:
    """Wait for the sign-in links being sent after their answers."""
    await asyncio.gather(*run.state.mail_links.sending)


def token_in(mail: Any) -> str:
    found = LINK.search(mail.get_content())
    assert found, mail.get_content()
    return found.group(1)


async def with_address(
    run: Running, http: httpx.AsyncClient, inbox: Inbox, name: str, address: str
) -> str:
    """An account made in `http`, its `address` confirmed by the link mailed to it: its id."""
    made = await register(http, f"{name} {uuid.uuid4().hex[:6]}", SoftPasskey(), run.url)
    assert made.status_code == 201, made.text
    before = len(inbox.mails)
    asked = await http.post("/api/account/email", json={"email": address})
    assert asked.status_code == 202, asked.text
    to, mail = (await mails(inbox, before + 1))[before]
    assert to == [address] and "Confirm" in str(mail["Subject"])
    opened = await http.post("/api/account/email/open", json={"token": token_in(mail)})
    assert opened.status_code == 200, opened.text
    assert (await http.get("/api/account")).json()["email"] == address
    account_id: str = made.json()["account_id"]
    return account_id


async def test_a_link_signs_in_once_and_only_once(
    mailing: Running, mailbox: tuple[Inbox, int]
) -> None:
    inbox = mailbox[0]
    async with browser(mailing) as laptop, browser(mailing) as phone, browser(mailing) as thief:
        assert (await phone.get("/api/account")).json() == {
            "signed_in": False,
            "mail_links": True,
        }
        account_id = await with_address(mailing, laptop, inbox, "Ada", ADDRESS)
        asked = await phone.post("/api/account/email/link", json={"email": ADDRESS.lower()})
        assert asked.status_code == 202, asked.text
        to, mail = (await mails(inbox, 2))[1]
        assert to == [ADDRESS] and str(mail["Subject"]) == "Sign in to Plateau"
        assert mail["From"] == "plateau@example.org"
        token = token_in(mail)
        assert f"{mailing.url}/#/link/{token}" in mail.get_content()
        assert (await account_id_of(phone)) is None
        elsewhere = await thief.post(
            "/api/account/email/open", json={"token": token}, headers={"origin": ELSEWHERE}
        )
        assert elsewhere.status_code == 403  # a page of another site cannot spend it
        opened = await phone.post("/api/account/email/open", json={"token": token})
        assert opened.status_code == 200, opened.text
        cookie = opened.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        assert await account_id_of(phone) == account_id
        replayed = await thief.post("/api/account/email/open", json={"token": token})
        assert replayed.status_code == 401 and "already used" in replayed.json()["detail"]
        assert "set-cookie" not in replayed.headers
        assert await account_id_of(thief) is None
        forged = await thief.post("/api/account/email/open", json={"token": token[:-2] + "xx"})
        assert forged.status_code == 401 and await account_id_of(thief) is None


async def test_an_expired_link_is_refused(
    mailing: Running, mailbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    inbox = mailbox[0]
    async with browser(mailing) as laptop, browser(mailing) as phone:
        await with_address(mailing, laptop, inbox, "Ada", ADDRESS)
        assert (
            await phone.post("/api/account/email/link", json={"email": ADDRESS})
        ).status_code == 202
        token = token_in((await mails(inbox, 2))[1][1])
        now = mailing.state.service.now_ms()
        monkeypatch.setattr(mailing.state.service, "now_ms", lambda: now + LIFETIME_MS + 1000)
        late = await phone.post("/api/account/email/open", json={"token": token})
        assert late.status_code == 401 and "expired" in late.json()["detail"]
        assert await account_id_of(phone) is None
        monkeypatch.setattr(mailing.state.service, "now_ms", lambda: now + LIFETIME_MS - 1000)
        in_time = await phone.post("/api/account/email/open", json={"token": token})
        assert in_time.status_code == 200, in_time.text  # the refusal did not spend it


async def test_an_unknown_address_is_answered_as_a_known_one_and_gets_nothing(
    mailing: Running, mailbox: tuple[Inbox, int]
) -> None:
    inbox = mailbox[0]
    async with browser(mailing) as laptop, browser(mailing) as prober:
        await with_address(mailing, laptop, inbox, "Ada", ADDRESS)
        unknown = await prober.post("/api/account/email/link", json={"email": "eve@example.com"})
        known = await prober.post("/api/account/email/link", json={"email": ADDRESS})
        await sent(mailing)
        assert (unknown.status_code, unknown.content) == (known.status_code, known.content)
        assert unknown.status_code == 202
        assert [to for to, _ in inbox.mails] == [[ADDRESS], [ADDRESS]]  # confirm, sign in
        bad = await prober.post("/api/account/email/link", json={"email": "eve@x.org\r\nBcc: y"})
        assert bad.status_code == 400


async def test_links_are_paced_per_address_and_per_account(mailbox: tuple[Inbox, int]) -> None:
    inbox, port = mailbox
    other = "ada@example.net"
    async with (
        running(None, **mailing_settings(port, per_hour=2)) as run,
        browser(run) as laptop,
        browser(run) as prober,
    ):
        await with_address(run, laptop, inbox, "Ada", ADDRESS)  # the account's first link
        moved = await laptop.post("/api/account/email", json={"email": other})
        assert moved.status_code == 202  # its second
        opened = await laptop.post(
            "/api/account/email/open", json={"token": token_in((await mails(inbox, 2))[1][1])}
        )
        assert opened.status_code == 200
        # the address has a link left, the account none: answered alike, nothing sent
        asked = await prober.post("/api/account/email/link", json={"email": other})
        await sent(run)
        assert asked.status_code == 202 and len(inbox.mails) == 2
        paced = await prober.post("/api/account/email/link", json={"email": other})
        assert paced.status_code == 429 and int(paced.headers["retry-after"]) > 0
        for _ in range(2):
            fine = await prober.post("/api/account/email/link", json={"email": "x@y.org"})
            assert fine.status_code == 202
        unknown = await prober.post("/api/account/email/link", json={"email": "x@y.org"})
        assert (unknown.status_code, unknown.content) == (paced.status_code, paced.content)
        again = await laptop.post("/api/account/email", json={"email": "z@y.org"})
        assert again.status_code == 429  # the account's confirmations are paced too
        await sent(run)
        assert len(inbox.mails) == 2


async def test_the_last_account_to_confirm_an_address_gets_its_links(
    mailing: Running, mailbox: tuple[Inbox, int]
) -> None:
    inbox = mailbox[0]
    async with browser(mailing) as first, browser(mailing) as second, browser(mailing) as phone:
        await with_address(mailing, first, inbox, "Ada", ADDRESS)
        taker = await with_address(mailing, second, inbox, "Ida", ADDRESS)
        assert (await first.get("/api/account")).json()["email"] is None
        asked = await phone.post("/api/account/email/link", json={"email": ADDRESS})
        assert asked.status_code == 202
        token = token_in((await mails(inbox, 3))[2][1])
        assert (
            await phone.post("/api/account/email/open", json={"token": token})
        ).status_code == 200
        assert await account_id_of(phone) == taker


class Recorded:
    """A logger that keeps every call made to it."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __getattr__(self, level: str) -> Any:
        return lambda event, **fields: self.lines.append(f"{level} {event} {fields!r}")


async def test_the_address_stays_the_accounts_own(
    mailing: Running, mailbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    inbox, recorded = mailbox[0], Recorded()
    for module in (mail_links, mail_links_http, accounts_http):
        monkeypatch.setattr(module, "log", recorded, raising=False)
    async with (
        browser(mailing) as laptop,
        browser(mailing) as phone,
        browser(mailing) as bob,
    ):
        ada = await with_address(mailing, laptop, inbox, "Ada", ADDRESS)
        bobs = await register(bob, f"Bob {uuid.uuid4().hex[:6]}", SoftPasskey(), mailing.url)
        assert bobs.status_code == 201
        await phone.post("/api/account/email/link", json={"email": ADDRESS})
        await bob.post("/api/account/email/link", json={"email": "nobody@example.com"})
        await sent(mailing)
        token = token_in((await mails(inbox, 2))[1][1])
        opened = await phone.post("/api/account/email/open", json={"token": token})
        assert opened.status_code == 200
        assert (await phone.get("/api/account")).json()["email"] == ADDRESS  # hers to see
        views = [await bob.get("/api/account"), await bob.get(f"/api/players/{ada}")]
    for view in views:
        assert view.status_code == 200, view.text
        assert "example.com" not in view.text.lower() and "lovelace" not in view.text.lower()
    assert views[0].json()["email"] is None
    assert "signed_in_by_mail" in " ".join(recorded.lines)  # the logs were recorded
    for line in recorded.lines:
        assert "example.com" not in line.lower() and token not in line
    stored = b"".join(r.data for r in await mailing.state.store.read(f"account:{ada}"))
    stored += b"".join(r.data for r in await mailing.state.store.read(link_stream(token)))
    assert b"example.com" not in stored.lower() and token.encode() not in stored


async def test_no_link_is_offered_without_an_smtp_server() -> None:
    async with running(None) as plain, browser(plain) as page:
        assert (await page.get("/api/account")).json()["mail_links"] is False
        asked = await page.post("/api/account/email/link", json={"email": ADDRESS})
        assert asked.status_code == 404 and "no e-mail" in asked.json()["detail"]
