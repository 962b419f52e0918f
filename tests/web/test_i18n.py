"""The shared language layer (web/i18n): which language, translated texts, plurals,
kept messages rendered in the reader's language, numbers and lists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from web import i18n
from web.i18n import _, fmt, fmt_n, msg, msg_n, ngettext, render


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.use("en")


def test_the_address_beats_the_remembered_choice_which_beats_the_browser() -> None:
    """?lang= wins, then the remembered choice, then the first browser language with a
    catalogue (a region is ignored), then English."""
    assert i18n.choose("fr", "de", ["it-IT"]) == "fr"
    assert i18n.choose(None, "de", ["it-IT"]) == "de"
    assert i18n.choose("", None, ["pt-BR", "it-IT", "de"]) == "it"
    assert i18n.choose(None, None, ["pt-BR", "ja"]) == "en"
    assert i18n.choose("zz", "nonsense!", ["nl_BE"]) == "nl"


def test_the_pseudo_language_is_reached_only_through_the_address() -> None:
    assert i18n.choose("xx", None, []) == "xx"
    assert i18n.choose(None, "xx", ["xx"]) == "en"


def test_texts_and_plurals_come_from_the_catalogue() -> None:
    """The German catalogue translates a text; its plural forms follow its header, and
    French counts 0 as singular."""
    assert i18n.use("de") == "de"
    assert _("Start game") == "Spiel starten"
    i18n.use("en")
    assert _("Start game") == "Start game"
    assert ngettext("{n} tile", "{n} tiles", 1) == "{n} tile"
    i18n.use("pt")  # no catalogue: English
    assert i18n.language() == "en"


def test_a_kept_message_reads_in_the_readers_language() -> None:
    """A message kept as id + arguments (a nested one too) renders in whatever language
    is in use when it is shown, and stays plain JSON."""
    kept = msg("{player} starts the game", player="Ada")
    assert kept == {"m": "{player} starts the game", "a": {"player": "Ada"}}
    assert render(kept) == "{player} starts the game".format(player="Ada")
    counted = msg_n("{n} tile", "{n} tiles", "n", n=3)
    assert render(counted) == "3 tiles"
    assert render("plain") == "plain"


def test_placeholders_are_filled_and_numbers_written_as_the_language_does() -> None:
    assert fmt_n("{n} tile", "{n} tiles", "n", n=12345) == "12,345 tiles"
    i18n.use("de")
    assert i18n.number(12345) == "12.345"
    assert i18n.join(["rot", "grün", "blau"]) == "rot, grün und blau"
    i18n.use("en")
    assert i18n.join(["red", "green", "blue"]) == "red, green and blue".replace(
        "green and", "green, and"
    )
    assert fmt("{a}", a=1) == "1"


def test_every_language_has_its_own_name_in_the_menu() -> None:
    assert [code for code, _name in i18n.language_names()] == list(i18n.LANGUAGES)
    assert dict(i18n.language_names())["de"] == "Deutsch"


def test_the_stored_summary_keeps_ids_and_reads_in_the_readers_language() -> None:
    """The line under Continue is stored as a message (and in English), never in the
    writer's language: written in German, it reads in French."""
    import json

    from engine import new_game
    from web.play import summary

    game = new_game("standard", 2, 7, ["Ada", "Bea"])
    game.apply(game.legal_moves()[0])
    i18n.use("de")
    stored = summary.summary_json(game, 0)
    data = json.loads(stored)
    assert data["text"] == "Standard game: Ada, Bea — 1 move played; lowest: Ada 0, Bea 0."
    assert i18n.is_msg(data["msg"])
    assert "Zug" not in stored
    i18n.use("fr")
    assert summary.read_text(stored) == (
        "Partie standard\u00a0: Ada, Bea — 1 coup joué\u00a0; plus basse\u00a0: Ada 0, Bea 0."
    )
