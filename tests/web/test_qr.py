"""web/ui/qr.py: the QR encoder, module for module against an independent one (the npm
``qrcode-generator``, run under Node by tools/qr_oracle.mjs), and its penalty rules against
values worked out by hand (the oracle's own mask choice does not use the standard's rules:
its rule 1 counts like neighbours in a 3x3 square and its rule 3 looks for no light
modules beside the pattern, so its choice is no oracle for ours)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from web.ui import qr

ROOT = Path(__file__).resolve().parents[2]
ORACLE = ROOT / "tools" / "qr_oracle.mjs"
TEXTS = {
    1: "Ingenious",
    2: "https://example.org/ingenious/#m=AbC-_09",
    7: "https://example.org/ingenious/#m=" + "Qx-_7" * 30,
    10: "ingenious-part:0123456789abcdef:3:1:2:" + "z9_-" * 50,
    22: "https://example.org/#m=" + "".join(chr(48 + i % 75) for i in range(1100)),
    40: "https://example.org/#m=" + "".join(chr(33 + i * 7 % 90) for i in range(2900)),
}


def oracle(cases: list[dict[str, object]]) -> list[list[str]]:
    """The oracle's matrices (rows of 1 and 0) for the cases (mask -1: its own choice)."""
    if not (ROOT / "node_modules" / "qrcode-generator").is_dir():
        pytest.fail("the oracle is missing: make node_modules")
    done = subprocess.run(["node", str(ORACLE)], input=json.dumps(cases), capture_output=True,
                          text=True, check=False, cwd=ROOT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [list(found["rows"]) for found in json.loads(done.stdout)]


def rows(code: qr.Code) -> list[str]:
    return qr.matrix_text(code.matrix).split(",")


@pytest.mark.parametrize("level", ["L", "M"])
def test_every_mask_of_six_versions_matches_the_oracle(level: str) -> None:
    """Versions 1, 2, 7, 10, 22 and 40 (no version information, then with it; the 8- and
    16-bit counts; one block to 25), filled to the brim, each under all 8 masks."""
    cases: list[dict[str, object]] = []
    for version, text in TEXTS.items():
        text = text[: qr.byte_capacity(version, level)]
        assert qr.smallest_version(len(text), level) == version
        cases += [{"text": text, "version": version, "level": level, "mask": mask}
                  for mask in range(8)]  # fmt: skip
    for case, theirs in zip(cases, oracle(cases), strict=True):
        ours = qr.encode(str(case["text"]), level, int(str(case["version"])),
                         int(str(case["mask"])))  # fmt: skip
        assert ours.size == qr.size_of(ours.version) == len(theirs)
        assert rows(ours) == theirs, case


def test_every_version_and_both_levels_match_the_oracle() -> None:
    """All 40 versions at L and M (their block tables, alignment patterns and version
    bits), a short text each, the masks in turn."""
    cases: list[dict[str, object]] = [
        {"text": f"v{v}{level}", "version": v, "level": level, "mask": (v + i) % 8}
        for v in range(1, 41) for i, level in enumerate("LM")
    ]  # fmt: skip
    for case, theirs in zip(cases, oracle(cases), strict=True):
        ours = qr.encode(str(case["text"]), str(case["level"]), int(str(case["version"])),
                         int(str(case["mask"])))  # fmt: skip
        assert rows(ours) == theirs, case


def test_the_smallest_version_is_the_oracles() -> None:
    """Left to choose, both pick the same version for each length (byte capacities)."""
    lengths = [1, 17, 18, 32, 33, 154, 155, 271, 272, 1003, 1004, 2953]
    cases: list[dict[str, object]] = [{"text": "x" * n, "version": 0, "level": "L", "mask": 0}
                                      for n in lengths]  # fmt: skip
    for n, theirs in zip(lengths, oracle(cases), strict=True):
        assert qr.size_of(qr.smallest_version(n, "L")) == len(theirs), n
    with pytest.raises(qr.QRError):
        qr.smallest_version(2954, "L")


def test_the_capacities_are_the_standards() -> None:
    """Byte mode capacities from the standard's table 7."""
    assert [qr.byte_capacity(v, "L") for v in (1, 2, 7, 10, 22, 40)] == [
        17, 32, 154, 271, 1003, 2953]  # fmt: skip
    assert [qr.byte_capacity(v, "M") for v in (1, 2, 7, 10, 22, 40)] == [
        14, 26, 122, 213, 779, 2331]  # fmt: skip


def test_format_and_version_bits() -> None:
    """Known codes: level M mask 0 is 101010000010010, level L mask 0 is 111011111000100;
    version 7 is 000111110010010100."""
    assert qr.format_bits("M", 0) == 0b101010000010010
    assert qr.format_bits("L", 0) == 0b111011111000100
    assert qr.version_bits(7) == 0b000111110010010100


def test_reed_solomon_of_the_standards_example() -> None:
    """Annex I: "01234567" at 1-M, data codewords and their 10 EC codewords."""
    data = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
    assert qr.rs_remainder(data, 10) == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85]


def test_line_penalties_worked_by_hand() -> None:
    assert qr.line_penalty("1111") == 0
    assert qr.line_penalty("11111") == 3
    assert qr.line_penalty("111111") == 4
    assert qr.line_penalty("1111100000") == 6
    assert qr.line_penalty("10111010000") == 40
    # a run of 5 light (3), the pattern with light after it and with light before it
    assert qr.line_penalty("0000010111010000") == 3 + 40 + 40
    assert qr.line_penalty("1011101") == 0  # no room for the light modules


def test_whole_penalties_worked_by_hand() -> None:
    t, f = True, False
    # 2x2 dark: one block (3), all dark: 50 % off, 10 steps of 5 % (100)
    assert qr.penalty([[t, t], [t, t]]) == 103
    # 3x3 checkerboard: 5 of 9 dark, 55.6 %: one full step (10)
    assert qr.penalty([[t, f, t], [f, t, f], [t, f, t]]) == 10
    # 5x5 dark: 10 runs of 5 (30), 16 blocks (48), 100
    assert qr.penalty([[t] * 5 for _ in range(5)]) == 178
    # 6x6 light with one dark corner: runs 5 rows/cols of 6 (4 each) and two of 5 (3 each)
    m = [[f] * 6 for _ in range(6)]
    m[0][0] = t
    blocks = 25 - 1
    dark = 10 * (abs(1 * 20 - 36 * 10) // 36)
    assert qr.penalty(m) == 10 * 4 + 2 * 3 + 3 * blocks + dark


def test_the_chosen_mask_has_the_least_penalty() -> None:
    for version, text in TEXTS.items():
        if version > 10:
            continue
        code = qr.encode(text, "L")
        scores = [qr.penalty(qr.encode(text, "L", code.version, k).matrix) for k in range(8)]
        assert qr.penalty(code.matrix) == min(scores)
        assert code.mask == scores.index(min(scores))


def test_level_m_where_it_fits() -> None:
    assert qr.encode("x" * 14).level == "M"  # 1-M holds 14 bytes
    assert qr.encode("x" * 15).level == "L"  # 1-L only
    assert qr.encode("x" * 15).version == 1


def test_svg_path_draws_the_dark_runs() -> None:
    t, f = True, False
    assert qr.svg_path([[t, t, f], [f, f, t], [f, f, f]]) == "M4 4h2v1h-2zM6 5h1v1h-1z"
    assert qr.svg_path([[f]]) == ""
