"""The Challenges screen model as HTML (web/challenges/draw/): escaped text, score rows,
whole hexagons, the tally and the rules."""

from __future__ import annotations

import re

from engine.challenges import new_challenge
from tests.web.challenge_play import play_until, setup_for
from web.challenges.draw.boards import log_html, pass_html, result_html, scores_html
from web.challenges.draw.controls import control, gains_html, hexagon, phrase_html, tile_html
from web.challenges.draw.tables import hand_html, panel_html, table_html
from web.challenges.parts import Control, Tile
from web.challenges.previews import Gain
from web.challenges.results import scores
from web.challenges.screen import Screen, screen_model
from web.challenges.session import Session
from web.challenges.setup import ChallengeSetup
from web.challenges.state import ScreenState
from web.challenges.words.phrases import Sym
from web.challenges.words.rules import rules_html
from web.play.session import HUMAN

HOSTILE = ['"><img src=x onerror=window.__pwned=1>', "<py-script>import js</py-script>'"]


def regions(model: Screen) -> str:
    """Every piece of HTML the page writes for this model."""
    parts = [
        table_html(model.table),
        panel_html(model.panel.blocks),
        scores_html(model.scores),
        log_html(model.log),
        control(model.undo),
    ]
    if model.dialog is not None:
        parts.append(
            pass_html(model.dialog) if hasattr(model.dialog, "ready") else result_html(model.dialog)  # type: ignore[arg-type]
        )
    return "".join(parts)


def test_hostile_names_are_text_on_every_challenge_screen() -> None:
    """Names that look like markup stay text in the table, hands, pass screen, move list,
    game over and tally: no element of theirs ever reaches the HTML."""
    # Longer than the start form allows (24), as a stored save may hold (the engine: 40).
    setup = ChallengeSetup(["cards", "dice", "tiles"], 2, list(HOSTILE), [HUMAN, HUMAN], 3)
    session = Session(setup)
    seen: set[str] = set()

    def check(s: Session) -> bool:
        for state in (ScreenState(), ScreenState(revealed=(s.match.index, s.game.current))):
            model = screen_model(s, state)
            html = regions(model)
            assert "<img" not in html and "<py-script" not in html
            assert "&lt;img src=x onerror=window.__pwned=1&gt;" in html
            seen.add(type(model.dialog).__name__)
            seen.add(s.variant)
        return s.over

    play_until(session, check, limit=3000)
    assert {"PassDialog", "ResultDialog", "NoneType", "cards", "dice", "tiles"} <= seen


def test_controls_carry_their_action_key_and_disabled_ones_say_so() -> None:
    html = control(Control("ch-up-0", ("↑",), False, aria_label='Score "x" earlier'))
    assert html == (
        '<button type="button" id="ch-up-0" data-action="ch-up-0" disabled '
        'aria-label="Score &quot;x&quot; earlier">↑</button>'
    )
    primary = control(Control("ch-draw", ("Draw a tile (D)",), primary=True))
    assert 'class="primary"' in primary and "disabled" not in primary


def test_a_symbol_in_words_is_drawn_and_named_for_screen_readers() -> None:
    html = phrase_html(("Ann drew ", Sym("purple"), "."))
    assert html.startswith('Ann drew <span class="ch-sym"><svg')
    assert '<span class="sr-only">purple ring</span></span>.' in html


# --------------------------------------------------------------------------- score rows


def cards_view(rows: list[list[int]]) -> dict:
    view = new_challenge("cards", 2, 1).view(0)
    view["rows"] = rows
    return view


def row_html(html: str, seat: int, colour: str) -> str:
    board = html.split('class="ch-board')[seat + 1]
    return board.split(f'data-colour="{colour}"')[1].split("</div>")[0]


def test_the_lowest_row_stands_out_and_ties_of_all_six_do_not() -> None:
    html = scores_html(scores(cards_view([[2, 1, 3, 3, 2, 5], [0] * 6]), None, None))
    assert 'class="ch-row lowest" data-colour="green"' in html
    assert html.count("ch-row lowest") == 1  # the second board ties everywhere
    assert 'aria-label="green: 1 (lowest)"' in html


def test_cells_the_area_rule_still_closes_are_marked() -> None:
    """With a row at 0, nothing may reach 4-6: cells 4..10 are closed; at 1+ only 7..10."""
    html = scores_html(scores(cards_view([[0, 2, 2, 2, 2, 2], [1, 4, 4, 4, 4, 4]]), None, None))
    first = row_html(html, 0, "green")
    closed = [int(n) for n in re.findall(r'class="ch-cell area\d[^"]*closed[^"]*">(\d+)<', first)]
    assert closed == list(range(4, 11))
    second = row_html(html, 1, "green")
    closed = [int(n) for n in re.findall(r'class="ch-cell area\d[^"]*closed[^"]*">(\d+)<', second)]
    assert closed == list(range(7, 11))


def test_a_preview_fills_the_gained_cells_and_says_what_is_lost() -> None:
    view = cards_view([[1, 2, 3, 1, 1, 1], [0] * 6])
    html = scores_html(scores(view, 0, [Gain("blue", 5, 3, "to the area rule")]))
    blue = row_html(html, 0, "blue")
    assert len(re.findall(r"ch-cell[^\"]*gain", blue)) == 3
    assert "2 lost" in blue
    assert "this choice adds 3 and loses 2" in html
    assert "gain" not in row_html(html, 1, "blue")


def test_tile_rows_run_to_the_target() -> None:
    html = scores_html(scores(new_challenge("tiles", 4, 1).view(0), None, None))
    assert "Goal: every row at 5." in html
    assert len(re.findall(r'class="ch-cell ', row_html(html, 0, "red"))) == 6
    assert "closed" not in html


def test_lost_points_are_explained_by_their_cause() -> None:
    capped = gains_html([Gain("red", 3, 1, "above 10")])
    assert "2 lost above 10" in capped
    assert gains_html([]) == '<span class="ch-none">no points</span>'


# --------------------------------------------------------------------------- pieces


def test_cards_dice_and_tiles_name_their_symbols() -> None:
    session = Session(setup_for("cards", [HUMAN, "casual"]))
    html = table_html(screen_model(session, ScreenState()).table)
    assert re.search(r'aria-label="near the centre: \w+ [\w -]+ and \w+ [\w -]+"', html)
    dice = Session(setup_for("dice", ["casual", HUMAN]))
    assert 'aria-label="Casual bot 1&#x27;s dice"' in table_html(
        screen_model(dice, ScreenState()).table
    )
    assert 'aria-label="purple ring tile"' in tile_html(Tile("purple", "purple ring tile"))


def test_tile_hexagons_are_drawn_whole_at_every_size() -> None:
    """Every corner of the hexagon and its outline lies inside the picture (the centre
    tiles used to lose their slanted sides)."""
    for size in (20.0, 36.0, 54.0, 80.0):
        svg = hexagon("#fff", size)
        width, height = (
            float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()
        )
        line = float(re.search(r'stroke-width="([\d.]+)"', svg).group(1))
        points = re.search(r'points="([^"]+)"', svg).group(1).split()
        xs = [float(p.split(",")[0]) for p in points]
        ys = [float(p.split(",")[1]) for p in points]
        assert len(points) == 6
        assert min(xs) - line / 2 >= 0 and max(xs) + line / 2 <= width
        assert min(ys) - line / 2 >= 0 and max(ys) + line / 2 <= height
        assert max(ys) - min(ys) > max(xs) - min(xs)  # pointy-top: taller than wide


def test_the_tally_lists_each_challenge_and_the_total() -> None:
    session = Session(setup_for("match", ["casual", "casual"], ["dice", "tiles"]))
    play_until(session, lambda s: s.awaiting_tally)
    model = screen_model(session, ScreenState())
    html = result_html(model.dialog)  # type: ignore[arg-type]
    points = [min(row) for row in session.match.finished[0].rows]
    assert (
        f'<tr><th scope="row">Casual bot 1</th><td>{points[0]}</td><td>–</td>'
        f'<td class="total">{points[0]}</td></tr>'
    ) in html
    assert '<button type="button" id="ch-next" class="primary" data-action="ch-next">' in html


def test_rules_start_with_the_chosen_challenge() -> None:
    assert rules_html("tiles").startswith("<h3>Tile Challenge</h3>")
    assert all(f"<h3>{t}" in rules_html() for t in ("Card", "Dice", "Tile", "A match"))


def test_a_hand_cards_name_begins_with_its_visible_key_and_holds_its_counts() -> None:
    """The card button is named by what it shows (its key, then its face-up counts) with
    the words around them for screen readers: no aria-label that hides the key."""
    from web.challenges.parts import Hand, HandCard

    card = HandCard(0, "green-orange", "green disc and orange hexagon", (2, 3),
                    Control("ch-card-0", ("1",), True))  # fmt: skip
    html = str(hand_html(Hand("Ann's hand", (card,))))
    button = html[html.index("<button") : html.index("</button>")]
    assert "aria-label" not in button
    words = re.sub(r"<svg.*?</svg>", "", button)
    words = re.sub(r'<span aria-hidden="true">[^<]*</span>', "", words)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", words[words.index(">") + 1 :])).strip()
    assert text == "1: green disc and orange hexagon, face-up matches: green 2, orange 3"


def dice_with_a_wild() -> tuple[Session, Screen]:
    """A Dice Challenge after the person's roll, a pair of their dice made a wild."""
    from tests.web.test_challenges_screen import Table, blocks
    from web.challenges.parts import Splits

    for seed in range(40):
        session = Session(setup_for("dice", [HUMAN, "casual"], seed=seed))
        dice = session.game.view(0)["dice"][0]
        if any(dice.count(d) >= 2 for d in dice):
            break
    table = Table(session)
    table.press("ch-roll")
    (splits,) = blocks(table.model, Splits)
    return session, table.press(splits.groups[0].id, "1")


def test_the_dice_panel_has_its_button_by_the_dice_and_the_arrows_together() -> None:
    """The Score button comes right after the person's dice, before the scoring order (so
    a phone shows it with the dice), and each row's ↑ and ↓ sit in one box that never
    wraps apart; a wild's colour menu names the colours in the player's language."""
    from web.i18n import use

    _session, model = dice_with_a_wild()
    html = panel_html(model.panel.blocks)
    assert html.index('id="ch-resolve"') < html.index('class="ch-items"')
    assert html.index("ch-own") < html.index('id="ch-resolve"')
    rows = re.findall(r'<li class="ch-item">.*?</li>', html, re.S)
    assert rows and all(
        re.search(r'<span class="ch-item-moves"><button[^>]*ch-up-\d+.*?ch-down-\d+', row, re.S)
        for row in rows
    )
    try:
        use("de")
        german = panel_html(model.panel.blocks)
    finally:
        use("en")
    options = re.findall(r'<option value="(\w+)"[^>]*>([^<]*)</option>', german)
    wild = [(value, shown.lower()) for value, shown in options if value in ("red", "purple")]
    assert ("red", "rot") in wild and ("purple", "violett") in wild, wild
