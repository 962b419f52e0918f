"""Page entry point (PyScript main thread): start the app."""

import js  # type: ignore[import-not-found]

# Marks let tools/bench_browser.py split load time into runtime start and game start.
js.performance.mark("ingenious:python-started")

from web.shell.app import start  # noqa: E402

js.performance.mark("ingenious:modules-imported")
start()
