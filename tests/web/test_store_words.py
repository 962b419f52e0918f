"""The storage problems and the other-tab dialog read in the player's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from web import i18n
from web.store.autosave import FORK, NEWER, OTHER_GAME, conflict_words
from web.store.store import AUTOSAVE_KEY, DOING, STATS_KEY, describe_key, problem_text


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.use("en")


def test_every_storage_problem_reads_in_german() -> None:
    i18n.use("de")
    for doing in DOING:
        for exc in (Exception("QuotaExceededError"), Exception("SecurityError"), OSError("x")):
            said = problem_text(exc, doing)
            assert "Could not" not in said and "storage" not in said, said
            assert "Spiel" in said or "Speicher" in said, said
    assert problem_text(Exception("QuotaExceededError"), "autosave").startswith(
        "Automatisches Speichern fehlgeschlagen: Der Speicher des Browsers ist voll."
    )
    assert describe_key(AUTOSAVE_KEY) == "Das automatisch gespeicherte Spiel"
    assert describe_key(STATS_KEY) == "Die Statistik"


def test_the_other_tab_dialog_reads_in_french() -> None:
    i18n.use("fr")
    for verdict in (NEWER, FORK, OTHER_GAME):
        what, label = conflict_words(verdict)
        assert what.startswith("Un autre onglet "), what
        assert label.startswith("Charger "), label
