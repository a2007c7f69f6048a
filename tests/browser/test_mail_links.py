"""A sign-in link by e-mail in the page, against a real SMTP server (aiosmtpd): a person with an
account (a passkey on the laptop) confirms their address and takes a seat; on a phone without
the passkey (another browser context) they ask for a link, and the link read from the SMTP
server signs the phone in, their game among "Your games". Opened again, it is refused."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, expect

from tests.browser.conftest import Pages, free_port, screenshot, serving
from tests.browser.flow import create_table, join
from tests.browser.test_accounts import authenticator
from tests.server.test_notice_mail import Inbox

pytestmark = pytest.mark.browser

ADDRESS = "mia@example.com"


@pytest.fixture(scope="module")
def mailed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Inbox]]:
    """A server of its own that sends e-mail to an SMTP server started here: its base URL
    (as localhost, a passkey's relying party is a domain) and the mails it sent."""
    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    folder: Path = tmp_path_factory.mktemp("plateau-mail")
    smtp = {"PLATEAU_SMTP_HOST": "127.0.0.1", "PLATEAU_SMTP_PORT": str(port)}
    try:
        with serving(folder, PLATEAU_SMTP_SECURITY="none", **smtp) as base:
            yield base.replace("127.0.0.1", "localhost"), inbox
    finally:
        controller.stop()


def link_in(inbox: Inbox, count: int) -> str:
    """The link in the `count`th mail, once it came, on the page's host."""
    deadline = time.monotonic() + 15
    while len(inbox.mails) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(inbox.mails) >= count, f"{len(inbox.mails)} mails came, not {count}"
    to, mail = inbox.mails[count - 1]
    assert to == [ADDRESS]
    found = re.search(r"http://\S+/#/link/[A-Za-z0-9_-]+", mail.get_content())
    assert found, mail.get_content()
    return found.group(0).replace("127.0.0.1", "localhost")


def test_a_link_by_mail_signs_another_browser_in(
    browser: Browser, mailed: tuple[str, Inbox]
) -> None:
    base, inbox = mailed
    pages = Pages(browser, base)
    try:
        name = f"Mia {uuid.uuid4().hex[:6]}"
        laptop = pages.open("/")
        authenticator(laptop)
        laptop.get_by_test_id("account-name").fill(name)
        laptop.get_by_test_id("account-create").click()
        expect(laptop.get_by_test_id("account-signed-in")).to_contain_text(name)
        laptop.get_by_test_id("account-email").fill(ADDRESS)
        laptop.get_by_test_id("account-email-confirm").click()
        expect(laptop.get_by_test_id("account-email-said")).to_contain_text("on its way")
        laptop.goto(link_in(inbox, 1))
        expect(laptop.get_by_test_id("account-email-said")).to_contain_text(ADDRESS)
        assert "/link/" not in laptop.url  # the token left the address bar
        game_id = create_table(laptop, "rock_paper_scissors", 2)
        join(laptop, "Mia")

        phone = pages.open("/")
        expect(phone.get_by_test_id("your-games-panel")).to_be_hidden()
        phone.get_by_test_id("account-link-email").fill(ADDRESS)
        phone.get_by_test_id("account-link-ask").click()
        expect(phone.get_by_test_id("account-link-said")).to_contain_text("on its way")
        link = link_in(inbox, 2)
        phone.goto(link)
        expect(phone.get_by_test_id("account-signed-in")).to_contain_text(name)
        panel = phone.get_by_test_id("your-games-panel")
        expect(panel).to_contain_text("Your games")
        expect(panel.locator(f"[data-testid=your-game][data-game-id='{game_id}']")).to_be_visible()
        screenshot(phone, "account_mail_link")

        again = pages.open("/")
        again.goto(link)
        expect(again.get_by_test_id("toast-error")).to_contain_text("already used")
        expect(again.get_by_test_id("account-link-form")).to_be_visible()
    finally:
        pages.close()
    assert not pages.errors, pages.errors
