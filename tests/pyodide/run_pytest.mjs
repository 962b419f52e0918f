// Run pytest inside the real Pyodide (the npm package) under Node, so that code
// that works on CPython 3.11 but not on Pyodide's Python cannot slip through.
//
// Usage: node tests/pyodide/run_pytest.mjs [pytest args...]   (default: tests/engine)
// Needs `npm ci` and the pure-Python wheels in .cache/wheels (`make wheels`).
// The repository is mounted read-write at /repo with NODEFS; the wheels are
// unpacked into Pyodide's site-packages. Exits with pytest's exit code.

import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDir = join(repo, ".cache", "wheels");
const args = process.argv.slice(2);
const pytestArgs = args.length ? args : ["tests/engine"];

function die(message) {
  console.error(`run_pytest: ${message}`);
  process.exit(2);
}

if (!existsSync(wheelDir) || !readdirSync(wheelDir).some((f) => f.endsWith(".whl"))) {
  die(`no wheels in ${wheelDir}; run \`make wheels\` first`);
}

const started = Date.now();
const pyodide = await loadPyodide();
// Raw writes keep pytest's progress dots on one line, as on CPython.
pyodide.setStdout({ write: (bytes) => (process.stdout.write(Buffer.from(bytes)), bytes.length) });
pyodide.setStderr({ write: (bytes) => (process.stderr.write(Buffer.from(bytes)), bytes.length) });
const loadSeconds = ((Date.now() - started) / 1000).toFixed(1);

pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");

pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
pyodide.globals.set("LOAD_SECONDS", loadSeconds);
// A fatal error (often a JS stack overflow from deep recursion, where CPython would
// raise RecursionError) kills the interpreter and surfaces as a rejected promise.
function crashed(error) {
  console.error(`\nrun_pytest: Pyodide crashed: ${error?.message ?? error}`);
  console.error("run_pytest: the last test file shown was running; rerun with -v to name the test");
  process.exit(3);
}
process.on("unhandledRejection", crashed);

let code;
try {
  code = await pyodide.runPythonAsync(`
import os
import site
import sys
import zipfile
from pathlib import Path

site_packages = site.getsitepackages()[0]
for wheel in sorted(Path("/repo/.cache/wheels").glob("*.whl")):
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site_packages)

os.chdir("/repo")
sys.path.insert(0, "/repo")
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform} (loaded in {LOAD_SECONDS} s)")

import pytest

# No cache plugin: the repo is mounted from the host and CPython keeps its own cache.
int(pytest.main(["-p", "no:cacheprovider", *PYTEST_ARGS]))
`);
} catch (error) {
  crashed(error);
}
process.exit(code);
