"""The loading screen when the game cannot start: it names the file that did not load."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import READY_SELECTOR


def test_a_normal_start_records_no_failed_file(ready_page: Page) -> None:
    """Nothing the page loads fails, so no file would be blamed for a later problem."""
    assert ready_page.evaluate("window.ingeniousBoot.failedFile()") is None


@pytest.mark.allow_console_errors
@pytest.mark.parametrize(
    "missing",
    [
        "python.zip",  # the game's Python sources (one archive, fetched by web/scripts/python.mjs)
        "python-stdlib.zip",  # the standard library compiled for the game (the same)
        "runtime/pyodide/pyodide.asm.mjs",  # a runtime file (imported by Pyodide)
        "runtime/pyscript/core-C9KDLldu.js",  # a module imported by PyScript's core.js
    ],
)
def test_a_file_that_does_not_load_is_named_on_the_loading_screen(
    page: Page, server_url: str, missing: str
) -> None:
    def gone(route: Route) -> None:
        route.fulfill(status=404, body="not here")

    page.route(f"{server_url}{missing}", gone)
    page.goto(server_url)
    problem = page.locator("#loading-problem")
    expect(problem).to_be_visible(timeout=60_000)
    expect(problem).to_contain_text(missing)
    expect(problem).to_contain_text("could not start")
    assert page.locator(READY_SELECTOR).count() == 0
