"""The generic board draws any view, including tables whose rows lack some columns."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Pages

pytestmark = pytest.mark.browser


def test_rows_missing_a_column_render_as_a_dash(pages: Pages) -> None:
    page = pages.open("/")
    html = page.evaluate(
        """async () => {
            const { renderValue } = await import("/static/js/boards/generic.js");
            return renderValue([{ cabin: "1A", level: 1 }, { cabin: "2B" }], []).outerHTML;
        }"""
    )
    assert "<table" in html and "2B" in html and "—" in html
