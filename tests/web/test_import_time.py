"""What a module computes when it is imported is frozen into the memory snapshot the page
restores (tools/pybuild.py imports every module at build time, web/scripts/python.mjs restores
that memory on every start). So importing the game's modules must read nothing of the
browser, the clock or the random source: it would hold the build machine's value forever
(the same deal, tab id or time in every start). The one browser name kept at import is
`js.document` (web/ui/dom.py), which the snapshot records as a path and binds to the page's
own document on restore."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tools import pybuild

ROOT = Path(__file__).resolve().parents[2]

# Imports every module the snapshot imports, with stand-ins for the browser's modules that
# record what is read, and a clock and random source that refuse to be read meanwhile.
SCRIPT = """
import importlib, json, random, sys, time, types

read = []

class Recorder(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        read.append(name)
        return Recorder(name)
    def __call__(self, *args, **kwargs):
        read.append("call " + self.__name__)
        return Recorder(self.__name__)

for name in ("js", "pyodide", "pyodide.ffi", "pyscript"):
    sys.modules[name] = Recorder(name)
sys.modules["pyodide"].ffi = sys.modules["pyodide.ffi"]

def refuse(what, function):
    # The standard library may (logging notes its start time); the game's modules may not.
    def refused(*args, **kwargs):
        caller = sys._getframe(1).f_code.co_filename
        if "/engine/" in caller or "/web/" in caller:
            raise AssertionError(f"{what} read at import time by {caller}")
        return function(*args, **kwargs)
    return refused

state = random.getstate()
saved = {name: getattr(time, name) for name in ("time", "monotonic", "perf_counter")}
for name, function in saved.items():
    setattr(time, name, refuse(f"time.{name}", function))
try:
    for module in json.loads(sys.argv[1]):
        importlib.import_module(module)
finally:
    for name, function in saved.items():
        setattr(time, name, function)
print(json.dumps({"read": sorted(set(read)), "random_used": random.getstate() != state}))
"""


def test_importing_the_snapshot_modules_reads_nothing_a_restore_would_freeze() -> None:
    ours = [m for m in pybuild.snapshot_modules() if m not in pybuild.PYSCRIPT_STDLIB]
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(ours)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    # From the browser's modules: js.document (a path in the snapshot), and the names
    # pyodide.ffi gives for import (functions, not values of the page).
    assert set(found["read"]) <= {
        "document",
        "create_proxy",
        "jsnull",
        "to_js",
        "JsProxy",
        "JsException",
    }, found["read"]
    assert not found["random_used"]
