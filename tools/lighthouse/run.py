"""Lighthouse's performance audit of the release build, on 127.0.0.1 only.

Usage: ``make lighthouse`` (installs the pinned Lighthouse of this folder with ``npm ci``,
builds ``dist/``, then runs this), or
``.venv/bin/python -m tools.lighthouse.run [--preset mobile|desktop|both] [--runs N]
[--json FILE] [--reports DIR] [--gzip] [--beside]``.

A copy of ``dist/`` is served under ``/games/ingenious/`` by the same plain
``http.server`` as ``tools/bench_dist.py`` (with ``--gzip``, its text files gzipped as a
host such as GitHub Pages sends them; the figures of docs/performance.md are without).
Lighthouse (this folder's ``node_modules``) starts Debian's Chromium (``CHROME_PATH``)
with the flags of ``tools/chromium.py``, so any request for another host fails to
resolve. Its report goes to a temporary folder; ``dist/`` is only read. Prints the
performance score and its metrics (FCP, LCP, TBT, SI, CLS) per preset: "mobile" is
Lighthouse's default (simulated slow 4G and a 4x slower CPU), "desktop" its desktop
preset.

With ``--beside``, every round audits two more pages between the game's audits, so their
scores come from the same minutes of the same machine: *python alone*, a page of the same
copy that only starts the game's Python as the game does (``web/scripts/python.mjs``: the
release's snapshot restored, the engine imported) under a heading, with no start screen,
no PyScript and no bot worker, the floor the game's page stands on; and the *stock page*,
the empty PyScript page on the stock pinned runtime that the start-up targets are set
against (``tools/bench_common.py``), given a heading so that it paints.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools import bench_dist
from tools.bench_common import BASELINE_HTML, baseline_site, figure_line
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CLI = HERE / "node_modules" / "lighthouse" / "cli" / "index.js"
TIMEOUT_S = 600
# Lighthouse's audit ids of the metrics that make up its performance score.
METRICS = {
    "FCP": "first-contentful-paint",
    "LCP": "largest-contentful-paint",
    "TBT": "total-blocking-time",
    "SI": "speed-index",
    "CLS": "cumulative-layout-shift",
}


# The game's Python alone, served beside index.html: what Pyodide's start from the
# release's snapshot, and importing the engine, cost a page that draws nothing else.
PYTHON_ALONE = "python-alone.html"
PYTHON_ALONE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ingenious: Python alone</title><link rel="icon" href="data:,"></head>
<body><h1>Ingenious</h1><p>Python starts as the game starts it, and draws nothing.</p>
<script type="module">
import("./web/scripts/python.mjs").then((m) => m.loadPyodide()).then((pyodide) => {
  pyodide.pyimport("engine");
  document.body.dataset.ready = "1";
});
</script></body></html>
"""
# The stock empty PyScript page with a heading: a page that paints nothing fails its audit.
STOCK_HTML = BASELINE_HTML.replace("<body>", "<body><h1>Ingenious</h1>", 1)


def chrome_flags(args: Sequence[str]) -> list[str]:
    """Lighthouse CLI arguments that start Chromium with `args`; a value with spaces is
    quoted, since Lighthouse parses each ``--chrome-flags`` value like a command line.

    >>> chrome_flags(["--headless", "--rules=MAP * x"])
    ['--chrome-flags=--headless', '--chrome-flags=--rules="MAP * x"']
    """
    out = []
    for arg in args:
        key, equals, value = arg.partition("=")
        if " " in value:
            arg = f'{key}{equals}"{value}"'
        out.append(f"--chrome-flags={arg}")
    return out


def summary(report: dict[str, Any]) -> dict[str, Any]:
    """Score (0-100) and metrics (ms; CLS unitless) from a Lighthouse JSON report."""
    score = report["categories"]["performance"]["score"]
    audits = report["audits"]
    return {
        "score": None if score is None else round(score * 100),
        "metrics": {name: audits[audit].get("numericValue") for name, audit in METRICS.items()},
        "warnings": list(report.get("runWarnings", [])),
        "error": (report.get("runtimeError") or {}).get("message"),
        "lighthouse": report.get("lighthouseVersion"),
        "throttling": report["configSettings"].get("throttlingMethod"),
        "benchmark_index": (report.get("environment") or {}).get("benchmarkIndex"),
        "lcp_element": lcp_element(audits),
    }


def lcp_element(audits: dict[str, Any]) -> str | None:
    """The label of the element Lighthouse took for the largest contentful paint (the node
    in its LCP breakdown insight).

    >>> lcp_element({"lcp-breakdown-insight": {"details": {"type": "list", "items": [
    ...     {"type": "table", "items": []}, {"type": "node", "nodeLabel": "Ingenious"}]}}})
    'Ingenious'
    """
    details = audits.get("lcp-breakdown-insight", {}).get("details") or {}
    for item in details.get("items", []):
        if isinstance(item, dict) and item.get("type") == "node":
            return str(item.get("nodeLabel") or item.get("snippet"))
    return None


def metric_text(name: str, value: float | None) -> str:
    """
    >>> metric_text("CLS", 0.0123), metric_text("TBT", 20793.4), metric_text("LCP", None)
    ('CLS 0.012', 'TBT 20790 ms', 'LCP n/a')
    """
    if value is None:
        return f"{name} n/a"
    if name == "CLS":
        return f"{name} {value:.3f}"
    return f"{name} {round(value, -1):.0f} ms"


def audit(url: str, preset: str, out: Path) -> dict[str, Any]:
    command = [
        "node", str(CLI), url,
        "--only-categories=performance", "--output=json", f"--output-path={out}",
        "--quiet", "--no-enable-error-reporting", "--max-wait-for-load=180000",
        *chrome_flags(CHROMIUM_ARGS),
    ]  # fmt: skip
    if preset == "desktop":
        command.append("--preset=desktop")
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    done = subprocess.run(command, env=env, timeout=TIMEOUT_S, capture_output=True, text=True)
    if done.returncode != 0 or not out.is_file():
        raise RuntimeError(f"lighthouse failed ({done.returncode}): {done.stderr[-2000:]}")
    return summary(json.loads(out.read_text(encoding="utf-8")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--preset", choices=["mobile", "desktop", "both"], default="both")
    parser.add_argument("--runs", type=int, default=3, help="audits per preset")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--reports", type=Path, help="keep Lighthouse's JSON reports here")
    parser.add_argument(
        "--gzip",
        action="store_true",
        help="serve text files gzipped, as GitHub Pages does (default: uncompressed)",
    )
    parser.add_argument(
        "--beside",
        action="store_true",
        help="also audit, in the same rounds, the game's Python alone and the stock empty "
        "PyScript page",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    dist: Path = args.dist
    if not CLI.is_file():
        print("lighthouse: not installed; run `make lighthouse`", file=sys.stderr)
        return 1
    if not (dist / "sw.js").is_file():
        print(f"lighthouse: {dist} is not a build; run `make dist`", file=sys.stderr)
        return 1
    presets = ["mobile", "desktop"] if args.preset == "both" else [args.preset]
    results: dict[str, Any] = {"load_average": [round(x, 2) for x in os.getloadavg()]}
    # Each preset's audits, page by page (the game first).
    audits: dict[str, dict[str, list[dict[str, Any]]]] = {p: {} for p in presets}
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp, ExitStack() as stack:
        site = Path(tmp) / "site"
        reports: Path = args.reports or Path(tmp)
        reports.mkdir(parents=True, exist_ok=True)
        shutil.copytree(dist, site / bench_dist.SUB_PATH)
        url, server = bench_dist.serve(site, compress=args.gzip)
        stack.callback(server.server_close)
        stack.callback(server.shutdown)
        pages = {"game": url}
        if args.beside:
            (site / bench_dist.SUB_PATH / PYTHON_ALONE).write_text(PYTHON_ALONE_HTML, "utf-8")
            pages["python alone"] = url + PYTHON_ALONE
            pages["stock page"] = stack.enter_context(baseline_site(html=STOCK_HTML))
        for preset in presets:
            for n in range(args.runs):
                for name, page_url in pages.items():
                    tag = "" if name == "game" else "-" + name.replace(" ", "-")
                    out = reports / f"{preset}{tag}-{n + 1}.json"
                    audits[preset].setdefault(name, []).append(audit(page_url, preset, out))
    for preset in presets:
        results[preset] = audits[preset].pop("game")
        if audits[preset]:
            results.setdefault("beside", {})[preset] = audits[preset]
        print_preset(preset, {"game": results[preset], **audits[preset]})
    print(f"load average at the start: {' '.join(map(str, results['load_average']))}")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


def print_preset(preset: str, pages: dict[str, list[dict[str, Any]]]) -> None:
    """Each audit's line, then the median score of each page audited more than once."""
    for name, runs in pages.items():
        label = preset if name == "game" else f"{preset}, {name}"
        for result in runs:
            metrics = ", ".join(metric_text(k, v) for k, v in result["metrics"].items())
            print(
                f"Lighthouse {result['lighthouse']}, {label}: performance {result['score']} "
                f"({metrics}; CPU benchmark index {result['benchmark_index']})"
            )
            print(f"  largest contentful paint: {result['lcp_element']}")
            for problem in ([result["error"]] if result["error"] else []) + result["warnings"]:
                print(f"  note: {problem}")
        scores = [r["score"] for r in runs if r["score"] is not None]
        if len(runs) > 1:
            print(figure_line(f"Lighthouse {label} performance score", scores, "points"))


if __name__ == "__main__":
    sys.exit(main())
