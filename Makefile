# Ingenious: build, play and test. Every target installs what it needs and is
# quick when everything is already in place. A machine with python3, node and
# npm is enough: `make test` fetches the rest (venv, node_modules, runtime, chromium).

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
WHEELS := .cache/wheels
LINT_PATHS := $(wildcard engine web tools tests)
# Test folders that need neither a browser nor Pyodide.
PY_TEST_DIRS := $(wildcard tests/engine tests/tools tests/web tests/cli)

.PHONY: help venv runtime play serve chromium wheels test lint typecheck \
        test-engine test-pyodide test-browser checks bench bench-start dist bench-dist lighthouse \
        icons clean i18n

help:
	@echo "make play          serve the game on http://127.0.0.1:$(PORT)/ (PORT=... to change)"
	@echo "make test          lint, type-check, engine tests (CPython + Pyodide), browser tests"
	@echo "make dist          build dist/: the static release that plays offline (docs/hosting.md)"
	@echo "make i18n          rebuild the compiled catalogues (docs/translating.md)"
	@echo "make lint | typecheck | test-engine | test-pyodide | test-browser"
	@echo "make bench | bench-start | bench-dist | lighthouse   figures (docs/performance.md)"

# --- installs ---------------------------------------------------------------

venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules: node_modules/.stamp
node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

runtime: node_modules/.stamp
	$(PYTHON) tools/copy_runtime.py

chromium: $(CHROMIUM)
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; \
	elif command -v sudo >/dev/null; then SUDO=sudo; \
	else echo "chromium: not root and no sudo; install chromium at $(CHROMIUM)" >&2; exit 1; fi; \
	$$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# Pure-Python wheels (pytest, hypothesis, ...) for the engine tests inside Pyodide.
wheels: $(WHEELS)/.stamp
$(WHEELS)/.stamp: tests/pyodide/requirements.txt $(VENV)/.stamp
	rm -rf $(WHEELS) && mkdir -p $(WHEELS)
	$(PY) -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
	  --python-version 3.14 --platform any --implementation py --no-deps \
	  -d $(WHEELS) -r tests/pyodide/requirements.txt
	touch $@

# --- play -------------------------------------------------------------------

# The message catalogues' generated files (.mo, the template, the pseudo-language,
# web/i18n/texts.js): written again when a catalogue or a source changed (tools/i18n.py).
i18n:
	$(PYTHON) tools/i18n.py build

play serve: runtime i18n
	PORT=$(PORT) $(PYTHON) tools/serve.py

bench: runtime venv chromium
	$(PY) tools/bench_load.py

# --- release ----------------------------------------------------------------

dist: runtime i18n
	$(PYTHON) tools/build_dist.py

bench-dist: dist venv chromium
	$(PY) tools/bench_dist.py

# Start-up figures: cold and returning loads against an empty PyScript page, the start form
# in use, Start game, the first bot move, and (from dist/) the cold transfer.
bench-start: dist venv chromium
	$(PY) tools/bench_start.py

# Lighthouse, pinned in its own folder and installed only here (not part of `make test`).
LIGHTHOUSE := tools/lighthouse
$(LIGHTHOUSE)/node_modules/.stamp: $(LIGHTHOUSE)/package.json $(LIGHTHOUSE)/package-lock.json
	cd $(LIGHTHOUSE) && npm ci --no-audit --no-fund
	touch $@

lighthouse: $(LIGHTHOUSE)/node_modules/.stamp dist venv chromium
	$(PY) -m tools.lighthouse.run

icons:
	$(PYTHON) tools/make_icons.py

# --- checks -----------------------------------------------------------------

# Two at a time: the browser tests (the longest part) start first; the other checks run
# one after another beside them. The suite keeps both cores busy (a page load alone takes
# about 4 s of CPU over 2 s), so a third part at once only slowed every part (21m25s
# against 19m35s-20m45s for the whole of `make test`). Each part's output is printed
# whole when it ends. `make -k test` (CI) reports every failing part.
TEST_JOBS ?= 2
test:
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target checks
	@echo "make test: all checks passed"

checks: test-browser lint typecheck test-engine test-pyodide

lint: venv
	$(PY) -m ruff check $(LINT_PATHS)
	$(PY) -m ruff format --check $(LINT_PATHS)

typecheck: venv
	$(PY) -m mypy --strict engine tools web

test-engine: venv runtime i18n
	$(PY) -m pytest $(PY_TEST_DIRS)

# The engine's tests inside Pyodide, and a check that the bytecode the pages get
# (python.zip, python-stdlib.zip, python-stdlib-rest.zip: tools/pybuild.py) is this runtime's Python's.
PYBUILD_CHECK := .cache/pybuild-check
test-pyodide: runtime wheels
	$(PY) tools/pybuild.py --out $(PYBUILD_CHECK)
	node tools/pybuild.mjs check $(PYBUILD_CHECK)/python.zip $(PYBUILD_CHECK)/python-stdlib.zip $(PYBUILD_CHECK)/python-stdlib-rest.zip
	node tests/pyodide/run_pytest.mjs tests/engine

# A test whose Chromium renderer process crashes, or stops running script altogether
# (tests/browser/conftest.py, RendererFrozen), runs once more: an environment failure, not
# an assertion. Any other failure fails at once. pytest's summary lists every rerun.
BROWSER_RERUN := --reruns 1 --only-rerun "(Target|Page) crashed|RendererFrozen"

# The slowest browser tests are listed at the end: the suite's time is CI's tightest limit.
# Its tests run in BROWSER_WORKERS processes, each with its own Chromium and servers
# (pytest-xdist; worksteal: a worker that runs out takes tests queued for the other).
BROWSER_WORKERS ?= 2
test-browser: venv runtime chromium i18n
	$(PY) -m pytest tests/browser $(BROWSER_RERUN) -n $(BROWSER_WORKERS) --dist worksteal --durations=15

clean:
	rm -rf runtime dist $(WHEELS) .cache/pybuild $(PYBUILD_CHECK) $(LIGHTHOUSE)/node_modules test-artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
