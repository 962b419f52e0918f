"""The browser suite's own guard (tests/browser/conftest.py): a timeout on a page whose
renderer runs no script is told apart from a timeout on a page that answers and draws."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import cpu_use, renderer_frozen

# Holds the page's main thread for 12 s, starting once the current task ends.
HOLD_MAIN_THREAD_JS = """() => setTimeout(() => {
  const end = performance.now() + 12000;
  while (performance.now() < end) {}
}, 0)"""


def test_a_page_whose_main_thread_is_held_counts_as_frozen(page: Page) -> None:
    """A click cannot finish while a script holds the page, and the probe then finds the
    page running nothing for its whole time."""
    page.set_content("<button id='b'>Press</button>")
    page.evaluate(HOLD_MAIN_THREAD_JS)
    with pytest.raises(PlaywrightTimeout):
        page.click("#b", timeout=1000)
    assert renderer_frozen(page, probe_ms=2000) == "ran no script"


def test_a_page_that_answers_does_not_count_as_frozen(page: Page) -> None:
    """A timeout of the test's own (waiting for something that never comes) on a page that
    runs script is a plain failure: the probe answers at once."""
    page.set_content("<p>Nothing to press</p>")
    with pytest.raises(PlaywrightTimeout):
        page.click("#missing", timeout=500)
    assert renderer_frozen(page, probe_ms=2000) is None


def test_the_cpu_of_a_held_page_is_reported(page: Page) -> None:
    """A frozen page's failure says which processes used the CPU: the renderer running a
    script that does not end is the busiest process, and the browser process tells it. (On
    a loaded machine the spinning renderer may get far less than a core, so the figure is
    only asked to be well above nothing: 10% of a core over two seconds.)"""
    page.set_content("<p>Busy</p>")
    page.evaluate(HOLD_MAIN_THREAD_JS)
    used = cpu_use(page.context.browser, seconds=2.0)
    busiest = used.split(",")[0]
    assert busiest.startswith("renderer "), used
    assert float(busiest.split()[1]) >= 0.2, used
