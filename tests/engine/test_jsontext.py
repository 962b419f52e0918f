"""Untrusted JSON text: size and nesting are checked in linear time before decoding."""

from __future__ import annotations

import contextlib
import json
import time

import pytest

from engine import SaveFormatError
from engine.formats.jsontext import MAX_DEPTH, MAX_TEXT, decode, nesting

SIZE = 100_000

# Texts that made the former nesting check scan from every quote to the end of the text
# (quadratic: 100,000 characters took minutes), and a few more of the same family.
PATHOLOGICAL = {
    "escaped quotes after an open string": '{"' + '\\"' * (SIZE // 2),
    "escaped quotes in an array": '["' + '\\"' * (SIZE // 2),
    "backslash pairs": '{"' + "\\\\" * (SIZE // 2),
    "quotes and backslashes": '"\\' * (SIZE // 2),
    "open strings in brackets": '["[' * (SIZE // 3),
    "a lone open string": '"' + "a" * SIZE,
    "deep brackets": "[" * SIZE,
    "deep objects": '{"a":' * (SIZE // 5),
}


# A valid text of the same size with as many strings: the work a linear check must do.
BENIGN = "[" + ",".join(['"ab\\"c"'] * (SIZE // 8)) + "]"


def seconds(text: str) -> float:
    """The best of three timings of checking and decoding ``text`` (refused or not)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        with contextlib.suppress(SaveFormatError):
            decode(text, "the link")
        best = min(best, time.perf_counter() - started)
    return best


@pytest.mark.parametrize("name", sorted(PATHOLOGICAL))
def test_a_pathological_text_is_refused_in_well_under_a_second(name: str) -> None:
    """Rule: any text up to the size limit is refused or decoded in linear time; here
    100,000 characters of the worst shapes take well under a second (the former check
    took minutes). Both sides of the comparison are timed in the same run, so a busy
    machine slows both: the hostile text may take at most twenty times a benign text of
    the same size, or half a second."""
    text = PATHOLOGICAL[name]
    assert len(text) >= SIZE - 5
    with pytest.raises(SaveFormatError):
        decode(text, "the link")
    spent, benign = seconds(text), seconds(BENIGN)
    print(f"{name}: {spent * 1000:.1f} ms, benign text {benign * 1000:.1f} ms")
    assert spent < max(0.5, 20 * benign), f"{name}: {spent:.3f} s, benign text {benign:.3f} s"


def test_the_largest_allowed_text_is_checked_in_linear_time() -> None:
    """A valid text at the size limit (a flat array of strings full of escapes and
    brackets, 4.6 times as long) costs a small multiple of the benign 100,000-character
    text, timed in the same run."""
    text = "[" + ",".join(['"\\"[{"'] * (MAX_TEXT // 8)) + "]"
    text = text[: MAX_TEXT - 1].rsplit(",", 1)[0] + "]"
    assert len(decode(text, "a save")) > 10_000
    large, small = seconds(text), seconds(BENIGN)
    print(f"{len(text)} characters: {large * 1000:.1f} ms, {SIZE}: {small * 1000:.1f} ms")
    assert large < max(0.5, 30 * small), f"{large:.3f} s against {small:.3f} s"


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ('{"a": [1, {"b": "]]]"}]}', 3),
        ('["\\"[[[", []]', 2),
        ('["\\\\", [[]]]', 3),
        ('"[[[', 0),
        ("[[]][[[]]]", 3),
        ("", 0),
    ],
)
def test_nesting_counts_brackets_outside_strings_only(text: str, depth: int) -> None:
    """Brackets inside strings (escaped quotes included) do not count; an unclosed
    string runs to the end of the text."""
    assert nesting(text) == depth


def test_nesting_at_the_limit_decodes_and_one_more_is_refused() -> None:
    """Rule: at most MAX_DEPTH levels; real saves nest four."""
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert decode(ok, "x") == json.loads(ok)
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    with pytest.raises(SaveFormatError, match="nested too deeply"):
        decode(deep, "x")


def test_brackets_hidden_in_strings_do_not_hide_real_nesting() -> None:
    """A string full of quotes and brackets before deep real nesting is still caught."""
    text = '["\\"]]]]\\\\", ' + "[" * 40 + "]" * 40 + "]"
    with pytest.raises(SaveFormatError, match="nested too deeply"):
        decode(text, "x")


def test_too_large_and_invalid_texts_say_what_is_wrong() -> None:
    with pytest.raises(SaveFormatError, match="too large"):
        decode(" " * (MAX_TEXT + 1), "the save")
    with pytest.raises(SaveFormatError, match="not valid JSON"):
        decode('{"a": ', "the save")
    assert decode(" " * (MAX_TEXT + 1) + "1", "kept entries", max_text=2 * MAX_TEXT) == 1
