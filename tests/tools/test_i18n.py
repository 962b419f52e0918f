"""The message catalogues (tools/i18n.py): complete, consistent, compiled.

Every catalogue has a translation for every message id of the sources and no stale
ones, keeps every placeholder, and the committed generated files (.mo, template,
pseudo-language, web/i18n/texts.js) are what the catalogues give.
"""

from __future__ import annotations

import gettext
import io
import shutil
from pathlib import Path

from tools import i18n

ROOT = Path(__file__).resolve().parent.parent.parent


def test_every_catalogue_is_complete_and_the_generated_files_are_current() -> None:
    """`python tools/i18n.py check` finds nothing: each of de, fr, nl, es, it translates
    every msgid of the sources, has no stale msgid, keeps every placeholder; the .mo,
    the template and texts.js are up to date."""
    assert i18n.problems(ROOT) == []


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "web").mkdir(parents=True)
    (site / "web" / "a.py").write_text(
        "from web.i18n import _, ngettext\n"
        "_('Start game')\n"
        "ngettext('{n} tile', '{n} tiles', 2)\n"
        "_('Hello {name}')\n",
        encoding="utf-8",
    )
    (site / "index.html").write_text(
        '<html><head><title>Ingenious</title></head><body><p title="Menu title">Play'
        ' <small>now</small></p><div translate="no">Name 1</div><script>x = "no"</script>'
        "<span>12</span></body></html>",
        encoding="utf-8",
    )
    return site


def test_extract_reads_python_calls_and_the_pages_texts(tmp_path: Path) -> None:
    """Message ids come from _() / ngettext() literals and from the pages' text nodes
    and attributes; translate="no", scripts and texts without words are left out."""
    found = i18n.extract(_site(tmp_path))
    assert list(found) == [
        "Ingenious",
        "Menu title",
        "Play",
        "now",
        "Start game",
        "{n} tile",
        "Hello {name}",
    ]
    assert found["{n} tile"].plural == "{n} tiles"
    assert found["Play"].early and not found["Start game"].early


def test_check_names_missing_stale_and_broken_entries(tmp_path: Path) -> None:
    """A missing msgid, a stale one, an empty translation and a lost placeholder are
    each reported; after `update` and translating, nothing is."""
    site = _site(tmp_path)
    i18n.update(site)
    path = i18n.po_path(site, "de")
    text = path.read_text(encoding="utf-8")
    assert 'msgid "Start game"\nmsgstr ""' in text
    problems = i18n.problems(site)
    assert any("no translation for 'Start game'" in p for p in problems)
    german = {
        "Ingenious": "Einfach Genial",
        "Menu title": "Menütitel",
        "Play": "Spielen",
        "now": "jetzt",
        "Start game": "Spiel starten",
        "Hello {name}": "Hallo {name}",
    }
    for lang in i18n.TRANSLATED:
        head, entries = i18n.read_po(i18n.po_path(site, lang).read_text(encoding="utf-8"))
        for entry in entries:
            entry.msgstr = (
                ["{n} Plättchen", "{n} Plättchen"] if entry.plural else [german[entry.msgid]]
            )
        i18n.po_path(site, lang).write_text(i18n.write_po(entries, head, lang), encoding="utf-8")
    i18n.build(site)
    assert i18n.problems(site) == []
    broken = path.read_text(encoding="utf-8").replace('"Hallo {name}"', '"Hallo {nom}"')
    broken += '\nmsgid "Gone"\nmsgstr "Weg"\n'
    path.write_text(broken.replace('msgid "now"\nmsgstr "jetzt"\n', ""), encoding="utf-8")
    problems = i18n.problems(site)
    assert any("'Hello {name}': placeholders ['nom'] instead of ['name']" in p for p in problems)
    assert any("stale entry 'Gone'" in p for p in problems)
    assert any("no entry for 'now'" in p for p in problems)
    assert any("ingenious.mo: out of date" in p for p in problems)


def test_the_mo_writer_gives_what_gnutranslations_reads() -> None:
    """The compiled catalogue is a GNU .mo: gettext reads the translations, the plural
    forms of its header (French: 0 and 1 are singular) and the metadata."""
    head = i18n.header("fr")
    entries = [
        i18n.Entry("Start game", None, ["Commencer la partie"]),
        i18n.Entry("{n} tile", "{n} tiles", ["{n} tuile", "{n} tuiles"]),
        i18n.Entry("Untranslated", None, [""]),
    ]
    reader = gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(head, entries)))
    assert reader.gettext("Start game") == "Commencer la partie"
    assert reader.gettext("Untranslated") == "Untranslated"
    assert [reader.ngettext("{n} tile", "{n} tiles", n) for n in (0, 1, 2)] == [
        "{n} tuile",
        "{n} tuile",
        "{n} tuiles",
    ]
    assert reader.info()["language"] == "fr"


def test_po_files_read_back_as_written() -> None:
    """Writing and reading a catalogue keeps every entry (multi-line, quotes, plurals)."""
    entries = [
        i18n.Entry('Say "hi"\nthen go', None, ["Sag „hallo“\ndann geh"], refs=["web/a.py"]),
        i18n.Entry("{n} tile", "{n} tiles", ["{n} Plättchen", "{n} Plättchen"]),
    ]
    head, back = i18n.read_po(i18n.write_po(entries, i18n.header("de"), "test"))
    assert head == i18n.header("de")
    assert [(e.msgid, e.plural, e.msgstr, e.refs) for e in back] == [
        (e.msgid, e.plural, e.msgstr, e.refs) for e in entries
    ]


def test_the_pseudo_language_is_accented_longer_and_keeps_placeholders() -> None:
    """xx: every letter it can accented, at least 40% longer, {fields} untouched."""
    for text in ("Start game", "Place the tile here (Enter)", "{name} scores {n} points"):
        out = i18n.pseudo(text)
        assert len(out) >= 1.4 * len(text)
        assert i18n.FIELD.findall(out) == i18n.FIELD.findall(text)
        assert out != text and not any(word in out for word in ("Start", "Place", "scores"))


def test_the_early_texts_script_holds_the_pages_translations(tmp_path: Path) -> None:
    """texts.js gives each language's translations of the texts shown before Python."""
    script = (ROOT / i18n.TEXTS_JS).read_text(encoding="utf-8")
    assert script.startswith("// Generated by tools/i18n.py")
    for lang in (*i18n.TRANSLATED, "xx"):
        assert f'"{lang}":{{"plural":' in script
    shutil.rmtree(tmp_path)


def test_french_takes_a_no_break_space_before_its_high_signs_and_inside_quotes() -> None:
    """French sets a no-break space before : ; ! ? and inside « » (an ordinary space
    there would let the sign start a line): the check finds each missing one, the fixer
    puts it in, and neither touches placeholders, addresses or times."""
    assert len(i18n.french_problems("Pas ici : une case ; voilà !")) == 3
    fixed = i18n.french_spaces("Pas ici: «x» ; {n:.0%} à 10:30, file://a/?lang=fr Quoi?")
    assert (
        fixed
        == "Pas ici\u00a0: «\u00a0x\u00a0»\u00a0; {n:.0%} à 10:30, file://a/?lang=fr Quoi\u00a0?"
    )
    assert i18n.french_problems(fixed) == []
    assert i18n.french_spaces(fixed) == fixed


def test_the_french_catalogue_keeps_french_typography() -> None:
    """Every French text of the game has its no-break spaces (`tools/i18n.py check` says
    which is missing; `tools/i18n.py french` puts them in)."""
    head, entries = i18n.read_po(i18n.po_path(i18n.ROOT, "fr").read_text(encoding="utf-8"))
    missing = [(e.msgid, w) for e in entries for f in e.msgstr for w in i18n.french_problems(f)]
    assert missing == []
    # Numbers agree with their words (plural forms, or a wording that needs none): no "(s)".
    assert [e.msgid for e in entries if any("(s)" in f for f in e.msgstr)] == []
