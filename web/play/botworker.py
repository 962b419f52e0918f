"""The bot worker as the page sees it (browser only): started early, asked with a time
limit, started again when it does not answer.

Bots think in a PyScript worker (`web/shell/worker.py`) so the page stays responsive; only
plain strings cross (a JSON player view in, a move out). A worker that hangs or dies
would leave "thinking…" on screen forever, so every question has a watchdog: no answer
within `limit_s` seconds (the bots' budgets are 2 s at most; the default limit leaves a
wide margin for a busy machine) terminates that worker, starts a fresh one, and raises
`BotTimeout` so the caller can tell the player and ask again. A call that fails outright
restarts the worker too.

The page starts the first worker (``bots``) as soon as its first screen is drawn, and
every restart the next one (``bots-2``, ...): a ``<script type="py" worker name=...>`` added
to the page, which PyScript starts. A worker declared in `index.html` started with the
page instead, and its start (Pyodide's script and wasm, its snapshot) took the cores
while the page's own interpreter was being restored: the restore's tasks took about
twice as long and Lighthouse's blocking time two to three times (docs/performance.md).
Its interpreter starts from the snapshot and the compiled wasm the page hands it
(`web/scripts/python.mjs`). A page that declares one anyway has it awaited.

A new worker is warmed up before it is handed out: each searching level plays one tiny
move on a fresh board (`WARM_LEVELS`, with the smallest budget), so the first real
question does not also pay for the bots' first run (their caches and tables).

The board game and the Challenges share one `Workers`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js  # type: ignore[import-not-found]

from web.ui.dom import missing

LIMIT_S = 25.0
START_LIMIT_S = 120.0  # a second Pyodide starting on a busy machine
CONFIG = "./pyscript.toml"
WARM_LEVELS = ("strong", "expert")  # the searching levels; the others share their code
WARM_BUDGET_MS = 1  # the least a level accepts: a handful of simulations


def warm_view() -> str:
    """A player view of a fresh two-player board, for the warm-up moves."""
    from engine import new_game

    return json.dumps(new_game("standard", 2, 1, ["A", "B"], {}).view(0))


async def idle(timeout_ms: int = 500) -> None:
    """Once the page is idle (the frame that shows the first screen or the board drawn), or
    after `timeout_ms`: PyScript's set-up of a worker holds the main thread for 30-50 ms."""
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def resume(*_: Any) -> None:
        if not done.done():
            done.set_result(None)

    if hasattr(js, "requestIdleCallback"):
        options = js.Object.new()
        options.timeout = timeout_ms
        js.requestIdleCallback(create_once_callable(resume), options)
    else:
        js.setTimeout(create_once_callable(resume), 0)
    await done


def add_worker_script(src: str, name: str, config: str) -> None:
    """Add ``<script type="py" worker name=... src=... config=...>`` to the page: PyScript
    starts it as a named worker (what ``pyscript.create_named_worker`` does, without
    importing that package)."""
    script = js.document.createElement("script")
    script.type = "py"
    script.src = src
    script.setAttribute("worker", "")
    script.setAttribute("name", name)
    script.setAttribute("config", config)
    js.document.body.append(script)


def updating() -> bool:
    """The player asked for a new release: the page reloads once the service worker
    switches, and no request of its own must reach the old one meanwhile
    (web/scripts/sw-register.js, switchTo)."""
    status = getattr(js.window, "ingeniousOffline", None)
    return not missing(status) and str(getattr(status, "state", "")) == "updating"


class BotTimeout(Exception):
    """The worker did not answer in time; a fresh worker is starting."""

    def __init__(self, limit_s: float) -> None:
        super().__init__(f"no answer within {limit_s:g} s")
        self.limit_s = limit_s


def limit_from_url(search: str, default: float = LIMIT_S) -> float:
    """``?botwait=S`` shortens the watchdog for tests (1 to 120 s); anything else: default."""
    params = js.URLSearchParams.new(search)
    raw = params.get("botwait")
    try:
        value = float(str(raw)) if not missing(raw) else default
    except ValueError:
        return default
    return min(120.0, max(1.0, value)) if value == value else default


class Workers:
    def __init__(self, limit_s: float = LIMIT_S) -> None:
        self.limit_s = limit_s
        self.future: asyncio.Future[Any] | None = None
        self.started = 0  # workers started so far (each gets its own name)
        self.restarts = 0

    @property
    def name(self) -> str:
        return "bots" if self.started <= 1 else f"bots-{self.started}"

    @property
    def ready(self) -> bool:
        future = self.future
        return future is not None and future.done() and future.exception() is None

    def start(self) -> None:
        """Start the worker in the background (once; again after a restart)."""
        if self.future is None:
            self.started += 1
            self.future = asyncio.ensure_future(self._create(self.name))

    async def _create(self, name: str) -> Any:
        if missing(js.document.querySelector(f'script[worker][name="{name}"]')):
            await idle()
            if updating():
                await asyncio.get_running_loop().create_future()  # the page is reloading
            # The source is written out: tools/archive.py finds the worker's entry module.
            add_worker_script(src="./web/shell/worker.py", name=name, config=CONFIG)
        # PyScript's registry of named workers is read from the JavaScript module PyScript
        # gives every interpreter, not through the `pyscript` package, whose import (90-130
        # ms of the main thread right after the board) a restored page never makes.
        from polyscript import workers  # type: ignore[import-not-found]

        worker = await js.Reflect.get(workers, name)
        js.performance.mark("ingenious:bots-up")
        await self._warm(worker)
        js.performance.mark("ingenious:bots-warm")
        return worker

    async def _warm(self, worker: Any) -> None:
        """One tiny move per searching level; a failure only costs the warm-up."""
        view = warm_view()
        for level in WARM_LEVELS:
            try:
                await asyncio.wait_for(worker.choose(view, level, 0, WARM_BUDGET_MS), self.limit_s)
            except Exception as exc:
                js.console.warn(f"bot worker warm-up ({level}): {exc}")
                return

    async def get(self) -> Any:
        """The worker's exports, once it has started; a start that fails or takes longer
        than `START_LIMIT_S` is given up (the next call starts a fresh worker)."""
        self.start()
        future = self.future
        assert future is not None
        try:
            return await asyncio.wait_for(asyncio.shield(future), START_LIMIT_S)
        except Exception:
            if self.future is future:
                self.restart()
            raise

    async def ask(self, function: str, *args: Any, limit_s: float | None = None) -> str:
        """Call one of the worker's functions; `BotTimeout` if it does not answer within
        `limit_s` (default: the bots' limit)."""
        worker = await self.get()
        call = getattr(worker, function)
        limit = self.limit_s if limit_s is None else limit_s

        async def answer() -> str:
            return str(await call(*args))

        try:
            return await asyncio.wait_for(answer(), limit)
        except TimeoutError:
            self.restart()
            raise BotTimeout(limit) from None
        except Exception:
            self.restart()  # a worker that fails a call is not trusted with the next one
            raise

    def restart(self) -> None:
        """Stop the current worker (if it still runs) and start a fresh one."""
        script = js.document.querySelector(f'script[worker][name="{self.name}"]')
        if not missing(script):
            try:
                script.xworker.terminate()
            except Exception as exc:  # already gone: nothing to stop
                js.console.warn(f"bot worker: {exc}")
            script.remove()
        self.future = None
        self.restarts += 1
        self.start()
