"""The service worker in Chromium: the site is installable (its manifest and icons served), and
a push message delivered through the DevTools protocol (ServiceWorker.deliverPushMessage) is
shown as a notification under the notice's id as its tag, with the game's link."""

from __future__ import annotations

import json
import time

import httpx
import pytest
from playwright.sync_api import CDPSession, Page

from tests.browser.conftest import Pages

pytestmark = pytest.mark.browser


def test_the_manifest_and_its_icons_are_served(server: str) -> None:
    manifest = httpx.get(f"{server}/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    icons = manifest.json()["icons"]
    sizes = {icon["sizes"] for icon in icons if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in icons:
        fetched = httpx.get(server + icon["src"])
        assert fetched.status_code == 200 and fetched.content, icon["src"]
    worker = httpx.get(f"{server}/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")


def registered(page: Page) -> tuple[CDPSession, str]:
    """The page registers /sw.js: a DevTools session on it, and the registration's id as the
    protocol names it."""
    cdp = page.context.new_cdp_session(page)
    found: list[str] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: found.extend(r["registrationId"] for r in event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    page.evaluate("navigator.serviceWorker.register('/sw.js').then(() => 0)")
    page.evaluate("navigator.serviceWorker.ready.then(() => 0)")
    deadline = time.monotonic() + 10
    while not found and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert found, "no registration seen"
    return cdp, found[-1]


def test_a_pushed_notice_is_shown_with_its_id_as_tag(pages: Pages, server: str) -> None:
    page = pages.open("/")
    page.context.grant_permissions(["notifications"], origin=server)
    cdp, registration = registered(page)
    notice = {
        "title": "Vertigo",
        "body": "Vertigo (g1): your turn, Ada (seat 1): build, pass",
        "url": f"{server}/#/game/g1",
        "tag": "g1:57:0:turn",
    }
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": server, "registrationId": registration, "data": json.dumps(notice)},
    )
    shown: list[dict[str, str]] = []
    deadline = time.monotonic() + 10
    while not shown and time.monotonic() < deadline:
        shown = page.evaluate(
            """navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) =>
                all.map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url})))"""
        )
        page.wait_for_timeout(50)
    assert shown == [notice]
