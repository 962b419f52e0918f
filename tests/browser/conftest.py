"""Browser test fixtures (Playwright + Debian Chromium, fully offline).

Fixtures
--------
``server_url`` (session)
    Base URL (``http://127.0.0.1:PORT/``) of ``tools/serve.py`` serving the repo root
    on a free port. ``make test-browser`` copies ``runtime/`` first.
``browser_type_launch_args`` (session, overrides pytest-playwright)
    Launches ``/usr/bin/chromium`` headless with networking locked to 127.0.0.1.
``page`` (pytest-playwright, function) is guarded by ``_guard`` (autouse):
    * every request of the context (its pages, their workers and the service worker) is
      recorded in ``requests_seen``; one to any host other than 127.0.0.1 fails the test
      at teardown. Chromium cannot reach such a host (``tools/chromium.py``: every name but
      127.0.0.1 resolves to nothing), so the guard only watches: it does not intercept
      requests, which would turn the browser's HTTP cache off and put a round trip to
      this process in front of every request (the service worker's too);
    * console messages of type ``error`` and uncaught page errors are collected in
      ``console_errors`` and fail the test at teardown, unless the test is marked
      ``@pytest.mark.allow_console_errors`` (then it may assert on them itself);
    * when the test body fails, a screenshot is written to ``test-artifacts/``;
    * when it fails on a Playwright timeout, or on an ``expect`` that waited in vain
      (an ``AssertionError``), and the page then runs no script, or draws no frame, for
      ``FROZEN_PROBE_MS`` (its renderer is frozen: input and screenshots wait on both),
      the failure is raised again as :class:`RendererFrozen`, saying which processes used
      the CPU meanwhile (a renderer using a whole core runs a script that does not end);
      ``make test-browser`` runs it once more, as it does a test whose renderer crashed.
      A page that answers keeps its failure as it was.
``requests_seen`` (function)
    List of every URL the context requested (in order).
``foreign_requests`` (function)
    URLs of requests that tried to leave 127.0.0.1. A test that provokes one on purpose
    asserts on the list and then clears it.
``local_context`` (function)
    ``local_context(**options)``: another browser context (its own viewport, locale or
    motion setting) under the same watch: a request of it to any other host fails the
    test at teardown. Closed at teardown if the test has not closed it.
``console_errors`` (function)
    List of strings, e.g. ``"console: ..."`` or ``"pageerror: ..."``; a test that
    expects errors may assert on them and clear the list (or use the marker).
``screenshot`` (function)
    ``screenshot("name")`` saves ``test-artifacts/<test>-name.png`` and returns the path.
``ready_page`` (function)
    ``page`` opened at ``server_url`` and waited on until ``body[data-ready="1"]``.
``load_times`` (function)
    Dict; entries put there (label -> seconds) are printed in pytest's summary (also when
    the tests run in parallel workers).

``open_ready`` (function)
    ``open_ready(page, url)`` navigates and returns the seconds until data-ready.
``is_local`` (session)
    ``is_local(url)``: True for 127.0.0.1 and data:/blob:/about: URLs.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.dist_site import build_release
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.filelock import file_lock
from tools.serve import ROOT, start_in_thread

ARTIFACTS = ROOT / "test-artifacts"
READY_SELECTOR = 'body[data-ready="1"]'
#: A cold start waits for the page to say it is ready; on a loaded 2-core machine it can take
#: more than a minute.
READY_TIMEOUT_MS = 120_000
LOCAL_SCHEMES = {"data", "blob", "about"}
#: How long an ``expect(...)`` waits for its condition unless the test says (Playwright's
#: own default is 5 s). `make test` runs two browsers beside the CPython and Pyodide tests
#: on two cores, where drawing a screen can take longer than that; a check that holds
#: returns at once, so only a failing one waits the whole time.
EXPECT_TIMEOUT_MS = 20_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)
# How long a page may take to run a line of script, then to draw a frame, before its renderer
# counts as frozen.
FROZEN_PROBE_MS = 5_000


class RendererFrozen(Exception):
    """A test timed out and its page's renderer then ran no script, or drew no frame, for
    long past any wait of the test: its main thread or its drawing was held."""


# Set on a test whose page was found frozen: its failure screenshot would wait on it too.
FROZEN = pytest.StashKey[bool]()


def renderer_frozen(page: Page, probe_ms: int = FROZEN_PROBE_MS) -> str | None:
    """What a frozen renderer did not do within ``probe_ms``: run a line of script, or then
    draw a frame (input and screenshots wait on both). None when it did both, or when the
    page is closed."""
    if page.is_closed():
        return None
    try:
        page.wait_for_function("() => true", polling=100, timeout=probe_ms)
    except PlaywrightTimeout:
        return "ran no script"
    try:
        page.evaluate(
            "() => { window.__probeFrame = false;"
            " requestAnimationFrame(() => { window.__probeFrame = true; }); }"
        )
        page.wait_for_function("() => window.__probeFrame", polling=100, timeout=probe_ms)
    except PlaywrightTimeout:
        return "drew no frame"
    return None


def cpu_use(browser: Browser | None, seconds: float = 1.0) -> str:
    """The CPU seconds each of the browser's processes used over ``seconds`` (the browser
    process answers, never a renderer), busiest first: a frozen renderer that uses a whole
    core runs a script that does not end, one that uses none waits on something else."""
    if browser is None:
        return "no browser to ask"
    try:
        session = browser.new_browser_cdp_session()
        before = session.send("SystemInfo.getProcessInfo")["processInfo"]
        time.sleep(seconds)
        after = session.send("SystemInfo.getProcessInfo")["processInfo"]
        session.detach()
    except Exception as exc:  # an old Chromium: no SystemInfo domain
        return f"not known ({exc})"
    start = {info["id"]: info["cpuTime"] for info in before}
    used = sorted(
        ((info["cpuTime"] - start.get(info["id"], 0.0), info["type"]) for info in after),
        reverse=True,
    )
    return ", ".join(f"{kind} {cpu:.2f} s" for cpu, kind in used if cpu >= 0.01) or "none"


def _open_ready(page: Page, url: str, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Open ``url`` and wait for ``body[data-ready="1"]``; return the seconds it took."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout_ms)
    return time.perf_counter() - started


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname == "127.0.0.1"


def _slug(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("/")[-1]).strip("_")


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("runtime/ is missing: run `make runtime` (or `make test-browser`)")
    url, server = start_in_thread(ROOT)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def release_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The repo built once per test session into a temporary dist/ (the repo's own dist/
    is left alone): its folder and version. Tests only read it (`DistSite` serves a copy).
    Parallel test workers (pytest-xdist) share one build: the first to need it makes it
    while the others wait on a lock."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the session's folder, above each worker's own
    work = base / "release"
    work.mkdir(exist_ok=True)
    out, done = work / "dist", work / "version"
    with file_lock(base / "release.lock"):
        if not done.is_file():
            done.write_text(build_release(out, work), encoding="utf-8")
        return out, done.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium`")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` first (the order otherwise kept): run last, one of them would
    keep a parallel worker busy while the others have nothing left to do."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Any:
    try:
        return (yield)
    except (PlaywrightTimeout, AssertionError) as exc:
        # (An `expect` that timed out raises AssertionError: a frozen page fails it too.)
        page = pyfuncitem.funcargs.get("page")
        if not isinstance(page, Page):
            raise
        frozen = renderer_frozen(page)
        if frozen is None:
            raise
        pyfuncitem.stash[FROZEN] = True
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        message = (
            f"the page {frozen} for {FROZEN_PROBE_MS / 1000:g} s after: {first}"
            f" (CPU used over the next second: {cpu_use(page.context.browser)})"
        )
        # The run that follows may pass, and pytest then reports nothing of this one: the
        # log keeps it (stderr as the process got it, past pytest's capture).
        print(f"\n{pyfuncitem.nodeid}: RendererFrozen: {message}", file=sys.__stderr__, flush=True)
        raise RendererFrozen(message) from exc


@pytest.fixture
def requests_seen() -> list[str]:
    return []


@pytest.fixture
def console_errors() -> list[str]:
    return []


@pytest.fixture
def foreign_requests() -> list[str]:
    return []


_LOAD_TIMES: dict[str, float] = {}
LOAD_TIME = "load time"


class _LoadTimes(dict[str, float]):
    """What a test puts here also goes into its report's user properties: test workers
    (pytest-xdist) send those to the process that prints the summary."""

    def __init__(self, node: pytest.Item) -> None:
        super().__init__()
        self.node = node

    def __setitem__(self, label: str, seconds: float) -> None:
        super().__setitem__(label, seconds)
        self.node.user_properties.append((LOAD_TIME, (label, seconds)))


@pytest.fixture
def load_times(request: pytest.FixtureRequest) -> dict[str, float]:
    return _LoadTimes(request.node)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        for name, value in report.user_properties:
            if name == LOAD_TIME and isinstance(value, (list, tuple)):
                _LOAD_TIMES[str(value[0])] = float(value[1])


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _LOAD_TIMES:
        terminalreporter.section("page load times")
        for label, seconds in _LOAD_TIMES.items():
            terminalreporter.write_line(f"{label}: {seconds:.2f} s")


@pytest.fixture
def screenshot(page: Page, request: pytest.FixtureRequest) -> Callable[[str], Path]:
    def save(name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{_slug(request.node.nodeid)}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


@pytest.fixture(autouse=True)
def _guard(
    request: pytest.FixtureRequest,
    context: BrowserContext,
    page: Page,
    requests_seen: list[str],
    console_errors: list[str],
    foreign_requests: list[str],
) -> Iterator[None]:
    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            console_errors.append(f"console: {message.text} ({message.location.get('url')})")

    crashed: list[Page] = []
    watch_requests(context, requests_seen, foreign_requests)
    page.on("console", on_console)
    page.on("pageerror", lambda exc: console_errors.append(f"pageerror: {exc}"))
    page.on("crash", lambda crashed_page: crashed.append(crashed_page))

    yield

    call_report = getattr(request.node, "rep_call", None)
    frozen = request.node.stash.get(FROZEN, False)
    if call_report is not None and call_report.failed and not crashed and not frozen:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{_slug(request.node.nodeid)}-failed.png"))
    problems = [f"request outside 127.0.0.1: {url}" for url in foreign_requests]
    if request.node.get_closest_marker("allow_console_errors") is None:
        problems += console_errors
    if problems:
        pytest.fail("browser guard:\n  " + "\n  ".join(problems), pytrace=False)


def watch_requests(context: BrowserContext, seen: list[str], foreign: list[str]) -> None:
    """Record every request of ``context`` in ``seen``, and in ``foreign`` each one whose
    address is not on 127.0.0.1."""

    def on_request(request: Request) -> None:
        seen.append(request.url)
        if not _is_local(request.url):
            foreign.append(request.url)

    context.on("request", on_request)


@pytest.fixture
def local_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    made: list[BrowserContext] = []
    foreign: list[str] = []

    def make(**options: Any) -> BrowserContext:
        context = browser.new_context(**options)
        watch_requests(context, [], foreign)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
    assert not foreign, f"requests outside 127.0.0.1: {foreign}"


@pytest.fixture
def ready_page(page: Page, server_url: str) -> Page:
    _open_ready(page, server_url)
    return page


@pytest.fixture(name="open_ready")
def open_ready_fixture() -> Callable[..., float]:
    return _open_ready


@pytest.fixture(name="is_local", scope="session")
def is_local_fixture() -> Callable[[str], bool]:
    return _is_local
