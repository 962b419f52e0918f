"""Running Lighthouse: Chromium gets the project's flags, reports are read into figures."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tools import bench_dist
from tools.bench_common import BASELINE_HTML, ROOT
from tools.chromium import CHROMIUM_ARGS
from tools.lighthouse.run import (
    PYTHON_ALONE_HTML,
    STOCK_HTML,
    chrome_flags,
    metric_text,
    print_preset,
    summary,
)


def test_every_chromium_flag_is_passed_and_the_resolver_rule_stays_one_value() -> None:
    flags = chrome_flags(CHROMIUM_ARGS)
    assert len(flags) == len(CHROMIUM_ARGS)
    assert all(f.startswith("--chrome-flags=--") for f in flags)
    assert '--chrome-flags=--host-resolver-rules="MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"' in flags


def test_a_report_gives_the_score_out_of_100_and_the_five_metrics() -> None:
    audits = {
        "first-contentful-paint": {"numericValue": 1600.2},
        "largest-contentful-paint": {"numericValue": 2130.0},
        "total-blocking-time": {"numericValue": 27330.0},
        "speed-index": {"numericValue": 29650.0},
        "cumulative-layout-shift": {"numericValue": 0.0},
    }
    report = {
        "lighthouseVersion": "13.5.0",
        "categories": {"performance": {"score": 0.58}},
        "audits": audits,
        "configSettings": {"throttlingMethod": "simulate"},
        "runWarnings": ["slow CPU"],
    }
    result = summary(report)
    assert result["score"] == 58
    assert result["metrics"]["TBT"] == 27330.0 and set(result["metrics"]) == {
        "FCP",
        "LCP",
        "TBT",
        "SI",
        "CLS",
    }
    assert result["warnings"] == ["slow CPU"] and result["error"] is None


def test_a_failed_audit_has_no_score_and_keeps_the_error() -> None:
    audits = {
        a: {}
        for a in (
            "first-contentful-paint",
            "largest-contentful-paint",
            "total-blocking-time",
            "speed-index",
            "cumulative-layout-shift",
        )
    }
    report = {
        "categories": {"performance": {"score": None}},
        "audits": audits,
        "configSettings": {},
        "runtimeError": {"code": "NO_FCP", "message": "The page did not paint any content."},
    }
    result = summary(report)
    assert result["score"] is None
    assert result["error"] == "The page did not paint any content."
    assert metric_text("FCP", result["metrics"]["FCP"]) == "FCP n/a"


def test_metrics_print_in_milliseconds_and_cls_unitless() -> None:
    assert metric_text("TBT", 14694.0) == "TBT 14690 ms"
    assert metric_text("CLS", 0.25) == "CLS 0.250"


def test_with_gzip_text_files_are_sent_gzipped_and_the_rest_as_they_are(tmp_path: Path) -> None:
    """``--gzip``: text files (the page included) go gzipped to a client that accepts it, as
    a host such as GitHub Pages sends them; the wasm goes as it is, and a client that does
    not accept gzip gets every file plain."""
    files = {
        "index.html": b"<p>hello</p>\n" * 40,
        "a.mjs": b"export {};\n" * 40,
        "a.wasm": b"\0asm" + bytes(400),
    }
    for name, body in files.items():
        (tmp_path / name).write_bytes(body)
    url, server = bench_dist.serve(tmp_path, compress=True)
    root = url.removesuffix(bench_dist.SUB_PATH)

    def get(path: str, accept: str) -> tuple[str | None, bytes]:
        request = urllib.request.Request(root + path, headers={"Accept-Encoding": accept})
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.headers.get("Content-Encoding"), response.read()

    try:
        for path, name in (("", "index.html"), ("a.mjs", "a.mjs")):
            encoding, body = get(path, "gzip, deflate")
            assert encoding == "gzip", path
            assert gzip.decompress(body) == files[name]
            assert get(path, "identity") == (None, files[name])
        assert get("a.wasm", "gzip") == (None, files["a.wasm"])
    finally:
        server.shutdown()
        server.server_close()


def test_the_pages_beside_the_game_paint_a_heading_and_start_python_as_they_should() -> None:
    """``--beside``: the stock page is the benchmarks' empty PyScript page with a heading
    (a page that paints nothing fails its audit), nothing else changed; the game's Python
    alone starts the interpreter through the game's own start (``python.mjs``) and imports
    the engine, under a heading, with no PyScript."""
    assert STOCK_HTML.replace("<h1>Ingenious</h1>", "", 1) == BASELINE_HTML
    assert STOCK_HTML.count("<h1>") == 1 and 'type="py"' in STOCK_HTML
    assert 'import("./web/scripts/python.mjs")' in PYTHON_ALONE_HTML
    assert "m.loadPyodide()" in PYTHON_ALONE_HTML and 'pyimport("engine")' in PYTHON_ALONE_HTML
    assert "<h1>" in PYTHON_ALONE_HTML and "pyscript" not in PYTHON_ALONE_HTML.lower()
    assert (ROOT / "web" / "scripts" / "python.mjs").is_file()


def test_each_page_audited_prints_its_lines_and_its_median(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def result(score: int) -> dict[str, Any]:
        metrics = dict.fromkeys(("FCP", "LCP", "TBT", "SI", "CLS"), 1.0)
        return {"lighthouse": "13.5.0", "score": score, "metrics": metrics,
                "benchmark_index": 1500, "lcp_element": "Ingenious", "error": None,
                "warnings": []}  # fmt: skip

    print_preset("mobile", {"game": [result(60), result(70)], "python alone": [result(72)]})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Lighthouse 13.5.0, mobile: performance 60 (FCP 0 ms")
    assert "mobile performance score: median 65 points" in out[4]
    assert out[5].startswith("Lighthouse 13.5.0, mobile, python alone: performance 72")
    assert not any("python alone performance score" in line for line in out)
