"""The start screen's board-game form as state, and the choices the page's JS hands over
(web/shell/start_form.py); the plain-HTML form in index.html matches what Python draws."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from web.challenges.setup import SetupForm, form_model
from web.play.session import SetupError
from web.shell.start_form import (
    BoardForm,
    board_form_model,
    board_from,
    brand_symbols_html,
    challenge_from,
    choices_from,
    rows_key,
)

ROOT = Path(__file__).resolve().parents[2]


def test_changed_follows_each_field_and_ignores_unknown_values() -> None:
    form = BoardForm()
    form = form.changed("variant", "team", True)
    assert form.variant == "team" and form.seat_count == 4
    assert form.changed("variant", "chess", True) == form
    assert form.changed("variant", "duel", False) == form  # a radio turned off says nothing
    form = form.changed("players", "3", True).changed("players", "9", True)
    assert form.players == 3
    form = form.changed("seat-name-2", "Cy", True).changed("seat-kind-2", "strong", True)
    assert form.seats[2] == ("Cy", "strong")
    assert form.changed("seat-kind-2", "wizard", True) == form
    assert form.changed("seat-name-7", "Nobody", True) == form
    assert form.changed("open-play", "on", True).open_play is True
    assert form.changed("seed", "42", True).seed == "42"
    assert form.changed("unknown", "x", True) == form


def test_seats_beyond_the_count_keep_their_values() -> None:
    form = BoardForm().changed("players", "4", True).changed("seat-name-3", "Dee", True)
    back = form.changed("players", "2", True).changed("players", "4", True)
    assert back.seats[3][0] == "Dee"


def test_setup_uses_the_seats_in_play_and_reports_bad_choices() -> None:
    form = BoardForm().changed("variant", "duel", True).changed("seat-name-0", "Ada", True)
    form = form.changed("seat-kind-1", "strong", True).changed("seed", "7", True)
    setup = form.setup(fresh_seed=99)
    assert (setup.variant, setup.players, setup.seed) == ("duel", 2, 7)
    assert setup.names == ["Ada", "Strong bot 2"]
    assert setup.seats == ["human", "strong"]
    with pytest.raises(SetupError, match="seed"):
        form.changed("seed", "abc", True).setup(fresh_seed=1)


def test_model_hides_what_the_variant_does_not_use_and_labels_teams() -> None:
    standard = board_form_model(BoardForm())
    assert not standard.players_hidden and standard.open_hidden
    team = board_form_model(BoardForm().changed("variant", "team", True))
    assert team.players_hidden and not team.open_hidden
    assert team.rows_key == (4, True)
    assert team.seat_rows.count("Team A") == 2 and team.seat_rows.count("Team B") == 2
    solo = BoardForm().changed("variant", "solo", True)
    assert rows_key(solo) == (1, False)


def test_seat_rows_escape_names() -> None:
    form = BoardForm().changed("seat-name-0", '"><b>x', True)
    rows = board_form_model(form).seat_rows
    assert "<b>" not in rows and "&quot;&gt;&lt;b&gt;x" in rows


def test_choices_from_the_page_are_taken_field_by_field() -> None:
    data = {
        "board": {"variant": "duel", "players": 3, "open": True, "seed": "5",
                  "seats": [["Ada", "human"], ["", "strong"]]},
        "challenge": {"kind": "match", "games": ["dice", "tiles"], "players": 3,
                      "seats": [["Bea", "human"], ["", "strong"], ["Cy", "casual"]],
                      "seed": "9", "startRule": True},
        "pending": "challenge",
        "touched": True,
    }  # fmt: skip
    early = choices_from(data)
    assert early.board.variant == "duel" and early.board.players == 3
    assert early.board.open_play and early.board.seed == "5"
    assert early.board.seats[:2] == (("Ada", "human"), ("", "strong"))
    ch = early.challenge
    assert (ch.kind, ch.games, ch.players, ch.seed, ch.start_rule) == (
        "match", ("dice", "tiles"), 3, "9", True)  # fmt: skip
    assert ch.seats[2] == ("Cy", "casual")
    assert early.pending == "challenge" and early.touched


@pytest.mark.parametrize(
    "data",
    [None, 3, "x", [], {"board": "x", "challenge": [], "pending": "format-disk", "touched": 1},
     {"board": {"variant": 4, "players": "4", "open": "yes", "seats": [1, ["a"], None]}}],
)  # fmt: skip
def test_junk_from_the_page_gives_defaults(data: object) -> None:
    early = choices_from(data)
    assert early.board == BoardForm()
    assert early.challenge == SetupForm()
    assert early.pending is None and early.touched is False


def test_long_texts_from_the_page_are_cut_and_bot_levels_checked() -> None:
    board = board_from({"seats": [["x" * 500, "expert"]], "seed": "1" * 500})
    assert len(board.seats[0][0]) == 100 and len(board.seed) == 100
    assert board.seats[0][1] == "expert"
    challenge = challenge_from({"seats": [["", "expert"]]})  # challenges: casual, strong
    assert challenge.seats[0][1] == "human"
    with pytest.raises(SetupError):
        board.setup(fresh_seed=1)


def _fieldset(html: str, fieldset_id: str) -> str:
    match = re.search(
        rf'<fieldset id="{fieldset_id}" class="seats"[^>]*>(.*?)</fieldset>', html, re.S
    )
    assert match is not None, fieldset_id
    return re.sub(r">\s+<", "><", match.group(1).strip())


def test_index_html_seat_rows_are_what_python_draws_for_the_default_choices() -> None:
    """The plain-HTML rows shown at first paint are the ones Python would draw, so the
    hand-over changes nothing on screen (and web/scripts/start-form.js draws the same)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert _fieldset(html, "seats") == str(board_form_model(BoardForm()).seat_rows)
    assert _fieldset(html, "ch-seats") == str(form_model(SetupForm()).seat_rows)


def test_index_html_has_the_titles_symbols_and_no_continue_button_at_first_paint() -> None:
    """The six symbols under the title are in the page as Python draws them (they used to
    appear only once Python was up), Continue is hidden until there is something to
    continue (not a disabled button above "No saved game yet"), and room is kept for the
    Daily puzzle button Python adds, so the Play on card does not grow under the pointer."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<div id="brand-symbols"[^>]*>(.*?)</div>', html, re.S)
    assert match is not None and match.group(1) == str(brand_symbols_html())
    button = re.search(r'<button id="continue-game"[^>]*>', html)
    assert button is not None and " hidden" in button.group(0)
    tutorial = html.index('id="open-tutorial"')
    assert html.index('class="puzzle-slot"', tutorial) < html.index("</section>", tutorial)
