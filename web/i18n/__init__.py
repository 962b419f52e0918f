"""The player's language: every text of the pages goes through this shared layer.

* ``_("Start game")`` translates a message into the current language; ``ngettext``
  picks the plural form the catalogue's ``Plural-Forms`` header gives for a number;
  ``N_`` only marks a message id for extraction (its text is translated later).
* Texts that are kept (the game log, announcements, messages in saves) are kept as
  message ids with their arguments (:func:`msg`, :func:`msg_n`) and rendered in the
  reader's language when shown (:func:`render`), never stored rendered.
* :func:`choose` decides the language: ``?lang=xx`` beats the remembered choice, which
  beats the first of the browser's languages with a catalogue; English otherwise.
  ``web/i18n/lang.js`` applies the same rule before Python runs and writes the result
  into ``<html lang>``, where :func:`web.i18n.browser.page_language` finds it.
* :func:`number` and :func:`join` format numbers and lists through the browser's
  ``Intl`` (Python's ``locale`` has no data in Pyodide), with a CPython fallback.

The catalogues are standard gettext files: ``web/i18n/locale/<lang>/LC_MESSAGES/
ingenious.po``, compiled to ``.mo`` beside them by ``tools/i18n.py`` (``make i18n``);
``gettext.GNUTranslations`` reads them. ``docs/translating.md`` tells how to add a
language.

A kept message read from outside is checked by :func:`web.i18n.kept.check_msg` (its
parts, their types and lengths, how deep it nests) and filled within an output budget
(:func:`render`'s ``limit``).

May import: nothing of ``web/`` (every layer may import this package).
"""

from __future__ import annotations

import gettext
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from web.i18n.kept import MAX_MSG_ARGS as MAX_MSG_ARGS
from web.i18n.kept import MAX_MSG_DEPTH as MAX_MSG_DEPTH
from web.i18n.kept import MAX_MSG_TEXT as MAX_MSG_TEXT
from web.i18n.kept import Msg as Msg
from web.i18n.kept import check_msg as check_msg

DOMAIN = "ingenious"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT = "en"
#: The languages with a catalogue, in the order the language menus list them.
LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "nl", "es", "it")
#: Each language by its own name (the language menus).
NAMES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "nl": "Nederlands",
    "es": "Español",
    "it": "Italiano",
}
#: The pseudo-language for layout tests: accented and 40% longer. Only ``?lang=xx``
#: reaches it; menus, the browser's languages and the remembered choice never do.
PSEUDO = "xx"


_TAG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$")
_loaded: dict[str, gettext.NullTranslations] = {}
_current = DEFAULT
_translations: gettext.NullTranslations = gettext.NullTranslations()


def normalise(tag: object, *, pseudo: bool = False) -> str | None:
    """The catalogue a language tag names (``"de-AT"`` -> ``"de"``), or None."""
    if not isinstance(tag, str) or not _TAG.match(tag.strip()):
        return None
    base = tag.strip().replace("_", "-").split("-")[0].lower()
    if base in LANGUAGES or (pseudo and base == PSEUDO):
        return base
    return None


def choose(query: str | None, remembered: str | None, browser: Iterable[object]) -> str:
    """The page's language: ``?lang=`` (the query's value), else the remembered choice,
    else the first of the browser's languages with a catalogue, else English."""
    for tag, pseudo in ((query, True), (remembered, False)):
        found = normalise(tag, pseudo=pseudo)
        if found is not None:
            return found
    for other in browser:
        chosen = normalise(other)
        if chosen is not None:
            return chosen
    return DEFAULT


def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English and an unknown code: the ids as is)."""
    if code not in _loaded:
        path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if code == DEFAULT or not path.is_file():
            _loaded[code] = gettext.NullTranslations()
        else:
            with path.open("rb") as handle:
                _loaded[code] = gettext.GNUTranslations(handle)
    return _loaded[code]


def preload() -> None:
    """Read every compiled catalogue now. Done at import: the page's interpreter starts
    from a memory snapshot of the imported modules (tools/pybuild.py) before its files
    are written (web/scripts/python.mjs), so the catalogues must be in memory already."""
    for code in (*LANGUAGES, PSEUDO):
        catalogue(code)


def use(code: str) -> str:
    """Switch every following text to ``code`` (unknown: English); the code in use."""
    global _current, _translations
    found = normalise(code, pseudo=True) or DEFAULT
    _current, _translations = found, catalogue(found)
    return found


def language() -> str:
    """The language in use."""
    return _current


def locale_tag() -> str:
    """The language in use as the browser's Intl and Date take it (the pseudo-language
    formats as English)."""
    return _JS_LANG.get(_current, _current)


def _(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues without translating it (translated later)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (gettext's marker style)
    """Marks a plural message pair for the catalogues without translating it."""
    return singular, plural


def msg(message: str, /, **args: Any) -> Msg:
    """A message to keep: its id and arguments (an argument may be a message itself)."""
    return {"m": message, "a": args}


def msg_n(singular: str, plural: str, count: str, /, **args: Any) -> Msg:
    """A plural message to keep; ``count`` names the argument that picks the form."""
    return {"m": singular, "p": plural, "n": count, "a": args}


def is_msg(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("m"), str)


def render(value: object, *, limit: int | None = None, fallback: str | None = None) -> str:
    """A kept message in the current language (plain text is returned as it is).

    A kept message may come from storage, a file or a link, so nothing in it is trusted:
    its text is filled by :func:`fill` (only the simple fields its arguments name), never
    by ``str.format``; arguments that are not an object count as none; messages nested
    deeper than :data:`MAX_MSG_DEPTH` are shown as their id. Filling has an output
    budget: no message, nor any message inside it, fills to more than ``limit``
    characters (:data:`MAX_RENDERED` unless given), so a small kept message whose fields
    repeat an argument that repeats its own cannot build gigabytes. A message over the
    budget gives ``fallback`` (the entry's plain text) when there is one, else its text
    cut at the budget with "…".
    """
    budget = MAX_RENDERED if limit is None else limit
    try:
        return _render(value, 0, budget)
    except MessageTooLong as exc:
        return fallback if fallback is not None else exc.start[: max(0, budget - 1)] + "…"


def render_within(value: object, limit: int) -> str:
    """`render` of a message that must fill to at most ``limit`` characters:
    `MessageTooLong` (a ``ValueError``) otherwise. What checks a kept message renders it
    this way, so a message no screen could show is refused where it is read."""
    return _render(value, 0, limit)


def fits_everywhere(value: object, limit: int) -> None:
    """Raise `MessageTooLong` unless ``value`` fills to at most ``limit`` characters in
    every language of the game (the language in use stays)."""
    was = _current
    try:
        for code in LANGUAGES:
            use(code)
            render_within(value, limit)
    finally:
        use(was)


#: The most characters a message fills to (any message inside it too): far above what a
#: screen shows of one message (the longest real ones, a review's reasons, are under 2,000).
MAX_RENDERED = 20_000


class MessageTooLong(ValueError):
    """A message whose filled text would pass its output budget; ``start`` is what was
    filled before the budget ran out (at most the budget)."""

    def __init__(self, start: str = "") -> None:
        super().__init__("the message fills to more text than a screen can show")
        self.start = start


def _render(value: object, depth: int, limit: int) -> str:
    if not is_msg(value):
        return str(value)
    assert isinstance(value, dict)
    raw = value.get("a")
    if depth >= MAX_MSG_DEPTH or not isinstance(raw, dict):
        raw = {}
    args = {str(k): _render(v, depth + 1, limit) if is_msg(v) else v for k, v in raw.items()}
    plural, count = value.get("p"), value.get("n")
    if isinstance(plural, str) and isinstance(count, str):
        amount = args.get(count)
        text = ngettext(value["m"], plural, amount if isinstance(amount, int) else 0)
    else:
        text = _(value["m"])
    shown = {k: number(v) if isinstance(v, int) and not isinstance(v, bool) else v
             for k, v in args.items()}  # fmt: skip
    return fill(text, shown, limit=limit)


# A field of a message: ``{name}``, ``{name!r}`` or ``{name:spec}``; ``{{`` and ``}}``
# stand for braces, as in ``str.format``. A format spec names no width (a stored
# ``{a:>999999999}`` would build a gigabyte): an alignment, sign, grouping, a precision
# of at most two digits and a type.
_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(![rs])?(?::([^{}]*))?\}")
_SPEC = re.compile(r"^[<>^]?[+ -]?,?(?:\.\d{1,2})?[dfg%]?$")


def fill(text: str, args: Mapping[str, Any], *, limit: int | None = None) -> str:
    """``text`` with its fields filled from ``args``, as ``str.format`` would for the
    fields messages use, and nothing more: no attribute or item lookups, no nested or
    positional fields, no widths. A field whose name is not in ``args``, or whose spec
    does not fit its value, is left as written. With ``limit``, filling stops as soon as
    the text would pass ``limit`` characters (`MessageTooLong`): the work is bounded by
    the limit, not by how often a field repeats.

    >>> fill("{a} of {b:.0%} {c.__class__} {{x}}", {"a": 1, "b": 0.5, "c": "s"})
    '1 of 50% {c.__class__} {x}'
    """
    pieces: list[str] = []
    size = at = 0
    for match in _FIELD.finditer(text):
        pieces.append(text[at : match.start()])
        pieces.append(_field(match, args))
        size += len(pieces[-2]) + len(pieces[-1])
        at = match.end()
        if limit is not None and size > limit:
            raise MessageTooLong("".join(pieces)[:limit])
    pieces.append(text[at:])
    if limit is not None and size + len(pieces[-1]) > limit:
        raise MessageTooLong("".join(pieces)[:limit])
    return "".join(pieces)


def _field(match: re.Match[str], args: Mapping[str, Any]) -> str:
    """One field of a message filled from ``args`` (see `fill`)."""
    whole = match.group(0)
    if whole in ("{{", "}}"):
        return whole[0]
    name, conversion, spec = match.groups()
    if name not in args:
        return whole
    value = args[name]
    if conversion == "!r":
        value = repr(value)
    elif conversion == "!s":
        value = str(value)
    if not spec:
        return str(value)
    if not _SPEC.match(spec):
        return whole
    try:
        return format(value, spec)
    except (TypeError, ValueError):
        return str(value)


def fmt(message: str, /, **args: Any) -> str:
    """``_(message)`` with its placeholders filled (numbers in the language's digits)."""
    return render(msg(message, **args))


def fmt_n(singular: str, plural: str, count: str, /, **args: Any) -> str:
    """The plural form for ``args[count]`` with its placeholders filled."""
    return render(msg_n(singular, plural, count, **args))


# --- numbers and lists ------------------------------------------------------------------

#: CPython's fallback (Python's ``locale`` needs the system's locales): the digit group
#: separator and the word before a list's last item, per language.
_GROUP = {"en": ",", "de": ".", "fr": "\u202f", "nl": ".", "es": ".", "it": ".", "xx": ","}
_AND = {"en": "and", "de": "und", "fr": "et", "nl": "en", "es": "y", "it": "e", "xx": "ánd"}
_JS_LANG = {"xx": "en"}


#: In Pyodide the browser's Intl formats; CPython (the tests) uses the fallback.
IN_BROWSER: bool = sys.platform == "emscripten"


def _browser() -> Any:
    if not IN_BROWSER:
        return None
    import js  # type: ignore[import-not-found]

    return js


#: The browser's number format of each language, made at its first use (each new one
#: cost 1-20 ms, and a screen writes dozens of numbers); empty when the snapshot is taken.
_NUMBER_FORMATS: dict[str, Any] = {}


def number(value: int) -> str:
    """An integer as the language writes it (``12345`` -> ``"12.345"`` in German)."""
    js = _browser()
    if js is not None:
        lang = _JS_LANG.get(_current, _current)
        form = _NUMBER_FORMATS.get(lang)
        if form is None:
            form = _NUMBER_FORMATS[lang] = js.Intl.NumberFormat.new(lang)
        return str(form.format(value))
    text = f"{abs(value):,}".replace(",", _GROUP.get(_current, ","))
    if _current == "es" and abs(value) < 10000:  # Spanish groups from five digits on
        text = str(abs(value))
    return ("-" if value < 0 else "") + text


#: The decimal mark of each language, and whether a space (a narrow no-break one) comes
#: before the percent sign.
_DECIMAL = {"en": ".", "de": ",", "fr": ",", "nl": ",", "es": ",", "it": ",", "xx": "."}
_PERCENT_SPACE = {"de": "\u00a0", "fr": "\u202f", "es": "\u00a0"}


def decimal(value: float, places: int = 1) -> str:
    """A number with ``places`` decimals as the language writes it (``6,2`` in German)."""
    text = f"{value:.{places}f}"
    return text.replace(".", _DECIMAL.get(_current, "."))


def percent(value: float) -> str:
    """A share (0-1) as a whole percentage (``52 %`` in German and French)."""
    return f"{round(value * 100):d}{_PERCENT_SPACE.get(_current, '')}%"


#: Articles and prepositions that merge with a word starting with a vowel: French
#: "le orange" is "l’orange", Italian "del arancione" is "dell’arancione". Only the
#: colour names that start with a vowel meet them (the texts write the articles).
_ELISIONS: dict[str, list[tuple[re.Pattern[str], Any]]] = {
    "fr": [
        (re.compile(r"\b([Ll])e (?=orange\b)"), r"\1’"),
        (re.compile(r"\b([Dd])u (?=orange\b)"), r"\1e l’"),
        (re.compile(r"\b([Aa])u (?=orange\b)"), lambda m: "À l’" if m[1] == "A" else "à l’"),
        (re.compile(r"\b([Dd])e (?=orange\b)"), r"\1’"),
    ],
    "it": [
        (re.compile(r"\b([Ii])l (?=arancione\b)"), lambda m: "L’" if m[1] == "I" else "l’"),
        (re.compile(r"\b(de|a|da|ne|su)l (?=arancione\b)"), r"\1ll’"),
    ],
}


def elide(text: str) -> str:
    """``text`` with the language's elisions before a vowel made (French, Italian)."""
    for pattern, replacement in _ELISIONS.get(_current, ()):
        text = pattern.sub(replacement, text)
    return text


def ordinal(n: int, feminine: bool = False) -> str:
    """``1st``, ``2nd`` in English; ``1.`` in German, ``1er``/``2e`` in French, ``1e`` in
    Dutch, ``1.º`` in Spanish, ``1°`` in Italian; for a feminine noun (a cell: ``case``,
    ``casilla``, ``casella``) ``1re``, ``1.ª``, ``1ª``."""
    lang = _current
    if lang == "de":
        return f"{n}."
    if lang == "fr":
        return f"{n}e" if n != 1 else ("1re" if feminine else "1er")
    if lang == "nl":
        return f"{n}e"
    if lang == "es":
        return f"{n}.ª" if feminine else f"{n}.º"
    if lang == "it":
        return f"{n}ª" if feminine else f"{n}°"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join(items: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` in the language's words and commas."""
    js = _browser()
    if js is not None and len(items) > 1:
        form = js.Intl.ListFormat.new(_JS_LANG.get(_current, _current), _options())
        return str(form.format(_js_list(items)))
    if len(items) < 2:
        return "".join(items)
    comma = "," if _current == "en" else ""
    head = ", ".join(items[:-1])
    return f"{head}{comma if len(items) > 2 else ''} {_AND.get(_current, 'and')} {items[-1]}"


#: Two clauses of one list joined (French puts a non-breaking space before the semicolon).
CLAUSES = N_("{first}; {then}")


def clauses(items: list[str] | tuple[str, ...]) -> str:
    """Clauses joined into one list, ``a; b; c``, with the language's punctuation."""
    kept = [t for t in items if t]
    if not kept:
        return ""
    out = kept[0]
    for item in kept[1:]:
        out = fmt(CLAUSES, first=out, then=item)
    return out


def _options() -> Any:
    import js
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    return to_js({"style": "long", "type": "conjunction"}, dict_converter=js.Object.fromEntries)


def _js_list(items: Sequence[str]) -> Any:
    from pyodide.ffi import to_js

    return to_js(list(items))


class Texts(dict[str, str]):
    """A module's table of message ids (marked with ``N_``), each read in the current
    language: ``TEXT["title"]`` is the translation."""

    def __getitem__(self, key: str) -> str:
        return _(super().__getitem__(key))


def date_text(day: Any, *, year: bool = True) -> str:
    """A date (``datetime.date``) as the language writes it, the month by name where the
    browser's Intl can (English by name as ``26 November 2026``; on CPython the other
    languages in digits)."""
    if _current in ("en", "xx"):
        return f"{day:%d %B %Y}" if year else f"{day:%d %B}"
    js = _browser()
    if js is not None:
        from pyodide.ffi import to_js

        options = {"day": "numeric", "month": "long"} | ({"year": "numeric"} if year else {})
        when = js.Date.new(day.year, day.month - 1, day.day)
        form = js.Intl.DateTimeFormat.new(
            _JS_LANG.get(_current, _current), to_js(options, dict_converter=js.Object.fromEntries)
        )
        return str(form.format(when))
    return f"{day.day}.{day.month}.{day.year}" if year else f"{day.day}.{day.month}."


def language_names() -> list[tuple[str, str]]:
    """(code, name) of every language, for a menu (each in its own language)."""
    return [(code, NAMES[code]) for code in LANGUAGES]


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message (what a translation must keep)."""
    return set(re.findall(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^}]*)?\}", text))


def messages_in(value: Mapping[str, Any]) -> list[Msg]:
    """Every kept message in a JSON value (test helper for saves and logs)."""
    found: list[Msg] = []

    def walk(node: object) -> None:
        if is_msg(node):
            assert isinstance(node, dict)
            found.append(node)
        if isinstance(node, dict):
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(value)
    return found


preload()
