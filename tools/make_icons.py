"""Draws the web app's PNG icons (clients/web/icon-192.png, icon-512.png) from its SVG one,
with the Chromium the browser tests use: an installable app needs PNG icons (iPhones before
they give a page web push), and the SVG stays the one drawing to edit.

    python tools/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

WEB = Path(__file__).resolve().parents[1] / "clients" / "web"
CHROMIUM = "/usr/bin/chromium"


def main() -> None:
    svg = (WEB / "favicon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<body style="margin:0;background:#1f2937">{sized}</body>')
            page.screenshot(path=str(WEB / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
