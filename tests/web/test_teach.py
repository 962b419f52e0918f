"""Pure helpers of the embed: URL parameters, position text, and explanation steps whose
running counts add up to the engine's points."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

from engine import SaveFormatError, parse_position, score_position
from web.teach.teach import (
    committed,
    explain,
    loose_cells,
    own_problem,
    points_text,
    position_from_text,
    read_attributes,
    read_request,
    shown_json,
    src_problem,
    with_placement,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "positions").glob("*.json"))


def test_query_and_fragment_parameters_are_read_and_the_fragment_wins() -> None:
    """position/src/mode/id/view come from the query; a fragment overrides the query."""
    text = '{"zone": 5}'
    req = read_request("?position=" + quote(text) + "&mode=try&id=a", "")
    assert (req.position_text, req.src, req.mode, req.frame_id) == (text, None, "try", "a")
    req = read_request("?position=" + quote(text), "#src=docs/positions/1-one-blue.json")
    assert req.position_text is None and req.src == "docs/positions/1-one-blue.json"
    assert read_request("?view=board", "").zoom is False
    assert read_request("", "").position_text is None


@pytest.mark.parametrize("query", ["?mode=play", "?view=tiny"])
def test_unknown_mode_or_view_is_reported(query: str) -> None:
    """A misspelt parameter is named in a problem, never silently ignored."""
    assert read_request(query, "").problems


def test_position_text_errors_are_the_engines_messages() -> None:
    """Bad JSON and bad positions raise SaveFormatError (shown in the frame)."""
    with pytest.raises(SaveFormatError):
        position_from_text("{not json")
    with pytest.raises(SaveFormatError, match="'zone' must be 5, 6 or 7"):
        position_from_text('{"zone": 3}')
    with pytest.raises(SaveFormatError):
        position_from_text("[1, 2]")


def test_twice_encoded_text_is_decoded_once_more() -> None:
    """A position URL-encoded twice (a copy-paste slip) still shows."""
    text = (ROOT / "docs/positions/1-one-blue.json").read_text(encoding="utf-8")
    position, raw = position_from_text(quote(text))
    assert position == parse_position(text) and raw["title"].startswith("Red and blue")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_explanation_steps_add_up_to_the_engines_points(path: Path) -> None:
    """Step 0 shows the tile, each later step adds one ray; the last equals the score."""
    score = score_position(parse_position(path.read_text(encoding="utf-8")))
    steps = explain(score)
    assert len(steps) == len(score["rays"]) + 2
    assert all(v == 0 for v in steps[0].running.values())
    for k, ray in enumerate(score["rays"], 1):
        before, after = steps[k - 1].running, steps[k].running
        assert after[ray["colour"]] - before[ray["colour"]] == ray["points"]
    assert steps[-1].running == score["points"]
    assert points_text(score["points"]) in steps[-1].text


def test_shown_state_keeps_title_and_note_and_normalises_the_board() -> None:
    data = {"title": "T", "note": "N", "board": [[1, 1, "red"]], "placement": None}
    position = parse_position(data)
    assert shown_json(position, data) == {
        "zone": 5,
        "board": [[1, 1, "red"]],
        "title": "T",
        "note": "N",
    }
    assert loose_cells(position) == [((1, 1), "red")]


def test_trying_and_placing_a_tile_uses_the_engines_checks() -> None:
    """A trial placement on a filled cell is refused; a placed tile joins the board."""
    position = parse_position({"board": [[[0, 0, "blue"], [1, 0, "blue"]]]})
    with pytest.raises(SaveFormatError, match="not empty"):
        with_placement(position, (0, 0), "red", (0, 1), "blue")
    trial = with_placement(position, (0, 1), "blue", (1, 1), "blue")
    assert score_position(trial)["points"]["blue"] == 3
    after, data = committed(trial)
    assert after.placement is None and after.cells[(0, 1)] == 2
    assert json.loads(json.dumps(data))["board"][-1] == [[0, 1, "blue"], [1, 1, "blue"]]


def test_a_board_in_a_page_reads_its_data_attributes() -> None:
    """data-ingenious-position/-src/-mode/-view ask for what the URL parameters ask for in a
    frame; position text wins over src, and an unknown mode or view is reported."""
    text = '{"zone": 5}'
    req = read_attributes(
        {
            "data-ingenious-position": text,
            "data-ingenious-mode": "try",
            "data-ingenious-src": "a.json",
            "data-ingenious-view": "board",
        }
    )
    assert (req.position_text, req.src, req.mode, req.zoom) == (text, None, "try", False)
    req = read_attributes(
        {"data-ingenious-src": "positions/1.json", "data-ingenious-position": None}
    )
    assert (req.position_text, req.src, req.mode, req.zoom) == (
        None,
        "positions/1.json",
        "show",
        True,
    )
    assert read_attributes({}).position_text is None and read_attributes({}).src is None
    assert read_attributes({"data-ingenious-mode": "play"}).problems == [
        "unknown mode 'play'; use mode=show or mode=try"
    ]


def test_a_file_that_fails_tells_another_site_nothing_but_its_name() -> None:
    """A position file that cannot be shown: the whole reason (which may quote the file)
    where only its own site sees it; elsewhere the same words for every way it fails."""
    reasons = (
        "HTTP 404",
        "the file is larger than 100 kB",
        "unknown key(s) in the position: api_token",
        "the address redirects elsewhere",
    )
    problems = [src_problem("p.json", reason) for reason in reasons]
    assert [p.text(shows_detail=True) for p in problems] == [
        f"could not load p.json: {reason}" for reason in reasons
    ]
    assert {p.text(shows_detail=False) for p in problems} == {
        "p.json is not a position this board can show "
        "(open the board in a tab of its own to see why)"
    }


def test_a_problem_with_the_askers_own_input_is_told_back_whole() -> None:
    """A bad posted position or URL parameter is the asker's own data: told back whole."""
    problem = own_problem("'zone' must be 5, 6 or 7 (the zone radius), not 9")
    assert problem.text(shows_detail=False) == problem.text(shows_detail=True) == problem.detail
