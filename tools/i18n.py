"""The catalogues of the game's texts: extract, update, check, compile (stdlib only).

* **extract**: every message id of the pages: ``_()``, ``N_()``, ``fmt()``, ``msg()``
  (one id) and ``ngettext()``, ``fmt_n()``, ``msg_n()`` (singular and plural) called with
  string literals in the Python sources under ``web/`` (read with :mod:`ast`); every text
  node and every ``aria-label``, ``placeholder``, ``title`` and ``alt`` of the pages'
  HTML (``index.html``, ``embed.html``: what shows before Python runs; not under
  ``translate="no"`` or ``data-i18n="drawn"``, which a script draws itself); and the
  ``_("...")``, ``fmt("...", {...})`` and ``_n("...", "...")`` calls of the pages'
  scripts (``web/**/*.js``).
  They go to ``web/i18n/locale/ingenious.pot``.
* **update**: writes the template, merges it into every ``<lang>/LC_MESSAGES/
  ingenious.po`` (translations kept, new ids added empty, stale ids dropped), writes
  the pseudo-language ``xx`` and builds (below).
* **build**: compiles each ``.po`` into the ``.mo`` beside it (the format
  :class:`gettext.GNUTranslations` reads) and writes ``web/i18n/texts.js``, the
  translations of the texts the pages show before Python runs (the HTML's and the
  scripts'), which ``web/i18n/lang.js`` applies at first paint.
* **check**: fails (exit 1, one line per problem) when a catalogue lacks an id or a
  translation, keeps a stale id, drops or invents a placeholder, or when a generated
  file is not what the catalogues give. ``tests/tools/test_i18n.py`` runs it.

The generated files are committed, so a fresh clone plays in every language without a
build step; ``make i18n`` (a dependency of ``make play``, ``make dist`` and the tests)
rebuilds them when a catalogue changes. How to add a language: docs/translating.md.

Usage: ``python tools/i18n.py {extract,update,build,check}``.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import struct
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
LOCALE = Path("web/i18n/locale")
DOMAIN = "ingenious"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
TEXTS_JS = Path("web/i18n/texts.js")
#: The translated languages (English is the message ids themselves).
TRANSLATED = ("de", "fr", "nl", "es", "it")
PSEUDO = "xx"
PAGES = ("index.html", "embed.html")
#: Python modules whose messages the pages also show before Python runs: the summary
#: under Continue is kept as a message, rendered by web/i18n/lang.js at first paint.
EARLY_PYTHON = ("web/play/summary.py",)
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
}
DEFAULT_PLURAL = "nplurals=2; plural=(n != 1);"
LANGUAGE_NAMES = {
    "de": "German",
    "fr": "French",
    "nl": "Dutch",
    "es": "Spanish",
    "it": "Italian",
    "xx": "Pseudo-language (layout tests)",
}

ONE_ID = frozenset({"_", "N_", "fmt", "msg"})
TWO_IDS = frozenset({"ngettext", "fmt_n", "msg_n", "Nn_"})
ATTRIBUTES = ("aria-label", "placeholder", "title", "alt")
SKIPPED_TAGS = frozenset({"script", "style", "noscript"})
JS_CALL = re.compile(
    r"""(?<![\w.])(_n|_|fmt)\(\s*("(?:[^"\\]|\\.)*")(?:\s*,\s*("(?:[^"\\]|\\.)*"))?"""
)
FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^}]*)?\}")
LETTER = re.compile(r"[A-Za-z]{2}")


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    fuzzy: bool = False
    #: Shown before Python runs (the HTML or a page script): also in texts.js.
    early: bool = False


# --- extraction ---------------------------------------------------------------------


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def python_messages(path: Path, rel: str) -> list[tuple[str, str | None, str]]:
    """(msgid, plural or None, "file:line") of every marked call in a Python source."""
    found: list[tuple[str, str | None, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        name, args = node.func.id, node.args
        if name in ONE_ID and args and (text := _literal(args[0])) is not None:
            found.append((text, None, f"{rel}:{node.lineno}"))
        elif name in TWO_IDS and len(args) >= 2:
            one, other = _literal(args[0]), _literal(args[1])
            if one is not None and other is not None:
                found.append((one, other, f"{rel}:{node.lineno}"))
    return found


def clean_text(text: str) -> str:
    return " ".join(text.split())


class _PageTexts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[tuple[str, int]] = []
        self.skip = 0
        self.no = 0  # inside translate="no"
        self.stack: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # translate="no", or data-i18n="drawn": a script draws it in the language itself.
        no = values.get("translate") == "no" or values.get("data-i18n") == "drawn"
        if tag not in ("input", "meta", "link", "br", "img", "source", "col", "hr"):
            self.stack.append((tag, no))
            self.skip += tag in SKIPPED_TAGS
            self.no += no
        if self.no or no:
            return
        for name in ATTRIBUTES:
            value = values.get(name)
            if value and LETTER.search(value):
                self.texts.append((clean_text(value), self.getpos()[0]))
        if tag == "meta" and values.get("name") == "description" and values.get("content"):
            self.texts.append((clean_text(values["content"] or ""), self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, no = self.stack.pop()
            self.skip -= name in SKIPPED_TAGS
            self.no -= no
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        text = clean_text(data)
        if text and not self.skip and not self.no and LETTER.search(text):
            self.texts.append((text, self.getpos()[0]))


def page_texts(source: str) -> list[tuple[str, int]]:
    """(text, line) of every translatable text of a page: text nodes, attributes."""
    parser = _PageTexts()
    parser.feed(source)
    parser.close()
    return parser.texts


def script_messages(source: str) -> list[tuple[str, str | None, int]]:
    found: list[tuple[str, str | None, int]] = []
    for match in JS_CALL.finditer(source):
        line = source.count("\n", 0, match.start()) + 1
        one = json.loads(match.group(2))
        other = json.loads(match.group(3)) if match.group(1) == "_n" and match.group(3) else None
        found.append((one, other, line))
    return found


def python_sources(root: Path) -> list[Path]:
    return sorted(p for p in (root / "web").rglob("*.py") if "__pycache__" not in p.parts)


def scripts(root: Path) -> list[Path]:
    return sorted(p for p in (root / "web").rglob("*.js") if p.resolve() != root / TEXTS_JS)


def extract(root: Path = ROOT) -> dict[str, Entry]:
    """Every message id of the sources, in order of first appearance."""
    entries: dict[str, Entry] = {}

    def add(msgid: str, plural: str | None, ref: str, early: bool) -> None:
        entry = entries.setdefault(msgid, Entry(msgid, plural))
        if plural is not None and entry.plural is None:
            entry.plural = plural
        ref = ref.split(":")[0]  # files only: a moved line changes no catalogue
        if ref not in entry.refs:
            entry.refs.append(ref)
        entry.early = entry.early or early

    for page in PAGES:
        path = root / page
        if path.is_file():
            for text, line in page_texts(path.read_text(encoding="utf-8")):
                add(text, None, f"{page}:{line}", True)
    for path in scripts(root):
        rel = path.relative_to(root).as_posix()
        for one, other, line in script_messages(path.read_text(encoding="utf-8")):
            add(one, other, f"{rel}:{line}", True)
    for path in python_sources(root):
        rel = path.relative_to(root).as_posix()
        for one, other, ref in python_messages(path, rel):
            add(one, other, ref, rel in EARLY_PYTHON)
    return entries


# --- .po files ------------------------------------------------------------------------


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _po_string(key: str, text: str) -> list[str]:
    if "\n" not in text or text.endswith("\n") and text.count("\n") == 1:
        return [f"{key} {_quote(text)}"]
    parts = text.splitlines(keepends=True)
    return [f'{key} ""', *(_quote(p) for p in parts)]


def header(lang: str) -> str:
    return (
        "Project-Id-Version: ingenious\n"
        f"Language: {lang}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {PLURAL_FORMS.get(lang, DEFAULT_PLURAL)}\n"
    )


def write_po(entries: list[Entry], head: str, title: str) -> str:
    lines = [f"# {title}", "# Generated by tools/i18n.py update; translations edited by hand.", ""]
    lines += ['msgid ""', 'msgstr ""', *(_quote(p) for p in head.splitlines(keepends=True))]
    for entry in entries:
        lines.append("")
        lines += [f"#. {c}" for c in entry.comments]
        if entry.refs:
            lines.append("#: " + " ".join(entry.refs))
        if entry.fuzzy:
            lines.append("#, fuzzy")
        lines += _po_string("msgid", entry.msgid)
        if entry.plural is not None:
            lines += _po_string("msgid_plural", entry.plural)
            forms = entry.msgstr or ["", ""]
            for i, form in enumerate(forms):
                lines += _po_string(f"msgstr[{i}]", form)
        else:
            lines += _po_string("msgstr", entry.msgstr[0] if entry.msgstr else "")
    return "\n".join(lines) + "\n"


class PoError(ValueError):
    """A catalogue that is not in the .po form this tool reads."""


def read_po(text: str, name: str = "catalogue") -> tuple[str, list[Entry]]:
    """(header, entries) of a .po file."""
    entries: list[Entry] = []
    head = ""
    current: Entry | None = None
    key: str | None = None
    refs: list[str] = []
    fuzzy = False
    comments: list[str] = []

    def finish() -> None:
        nonlocal current, head
        if current is not None:
            if current.msgid == "" and not entries and current.plural is None:
                head = current.msgstr[0] if current.msgstr else ""
            else:
                entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#:"):
            finish()
            refs += line[2:].split()
            continue
        if line.startswith("#,"):
            finish()
            fuzzy = fuzzy or "fuzzy" in line
            continue
        if line.startswith("#."):
            finish()
            comments.append(line[2:].strip())
            continue
        if line.startswith("#"):
            continue
        match = re.match(r'^(msgid|msgid_plural|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
        try:
            if match:
                value = json.loads(match.group(3))
                kind = match.group(1)
                if kind == "msgid":
                    finish()
                    current = Entry(value, refs=refs, fuzzy=fuzzy, comments=comments)
                    refs, fuzzy, comments = [], False, []
                    key = "msgid"
                elif current is None:
                    raise PoError(f"{name}:{number}: {kind} before msgid")
                elif kind == "msgid_plural":
                    current.plural, key = value, "plural"
                else:
                    index = int(match.group(2) or 0)
                    while len(current.msgstr) <= index:
                        current.msgstr.append("")
                    current.msgstr[index] = value
                    key = f"msgstr{index}"
            elif line.startswith('"') and current is not None and key is not None:
                value = json.loads(line)
                if key == "msgid":
                    current.msgid += value
                elif key == "plural":
                    current.plural = (current.plural or "") + value
                else:
                    current.msgstr[int(key[6:])] += value
            else:
                raise PoError(f"{name}:{number}: cannot read {line[:60]!r}")
        except json.JSONDecodeError:
            raise PoError(f"{name}:{number}: bad string {line[:60]!r}") from None
    finish()
    return head, entries


# --- .mo files ------------------------------------------------------------------------


def mo_bytes(head: str, entries: list[Entry]) -> bytes:
    """A GNU .mo catalogue (little-endian, no hash table) of the translated entries."""
    pairs: dict[bytes, bytes] = {b"": head.encode("utf-8")}
    for entry in entries:
        if entry.fuzzy or not entry.msgstr or not all(entry.msgstr):
            continue
        msgid = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        pairs[msgid.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    table_o: list[int] = []
    table_t: list[int] = []
    blob = b""
    for key in keys:
        table_o += [len(key), data_at + len(blob)]
        blob += key + b"\0"
    for key in keys:
        value = pairs[key]
        table_t += [len(value), data_at + len(blob)]
        blob += value + b"\0"
    head_bytes = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, 0)
    return (
        head_bytes
        + struct.pack(f"<{2 * count}I", *table_o)
        + struct.pack(f"<{2 * count}I", *table_t)
        + blob
    )


# --- the pseudo-language ----------------------------------------------------------------

_ACCENTS = str.maketrans("AaCcEeIiNnOoSsUuYyZz", "ÅåÇçÉéÎîÑñÖöŠšÜüÝýŽž")
_PAD = "ĥŵẋý ƒĝ "


def pseudo(text: str) -> str:
    """Accented and 40% longer, placeholders kept: ``"Start {name}"`` ->
    ``"[Štårt {name} ĥŵẋý]"``."""
    if not text:
        return text
    pieces = re.split(r"(\{[^{}]*\}|<[^>]*>|&[a-z]+;)", text)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(pieces))
    extra = max(1, -(-len(text) * 2 // 5) - 2)  # 40% more, the brackets counted
    padding = (_PAD * (extra // len(_PAD) + 1))[:extra]
    padding = padding[:-1] + "ĵ" if padding.endswith(" ") else padding
    return f"[{out} {padding}]"


# --- the early texts (before Python) --------------------------------------------------


def texts_js(catalogues: dict[str, tuple[str, list[Entry]]], early: set[str]) -> str:
    """``web/i18n/texts.js``: per language, the translations of the early message ids."""
    data: dict[str, object] = {}
    for lang, (head, entries) in sorted(catalogues.items()):
        table: dict[str, object] = {}
        for entry in entries:
            if entry.msgid not in early or not entry.msgstr or not all(entry.msgstr):
                continue
            table[entry.msgid] = entry.msgstr[0] if entry.plural is None else entry.msgstr
        plural = re.search(r"plural=([^;]+);", head)
        data[lang] = {"plural": plural.group(1).strip() if plural else "(n != 1)", "t": table}
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (
        "// Generated by tools/i18n.py from web/i18n/locale/*/LC_MESSAGES/ingenious.po: the\n"
        "// texts the pages show before Python runs, per language (web/i18n/lang.js).\n"
        f"window.ingeniousTexts = {body};\n"
    )


# --- the commands -----------------------------------------------------------------------


def po_path(root: Path, lang: str) -> Path:
    return root / LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def merged(template: dict[str, Entry], old: list[Entry]) -> list[Entry]:
    known = {e.msgid: e for e in old}
    out: list[Entry] = []
    for msgid, fresh in template.items():
        before = known.get(msgid)
        msgstr = list(before.msgstr) if before is not None else []
        if fresh.plural is not None and len(msgstr) < 2:
            msgstr += [""] * (2 - len(msgstr))
        out.append(
            Entry(
                msgid,
                fresh.plural,
                msgstr,
                refs=fresh.refs,
                comments=before.comments if before else [],
                fuzzy=before.fuzzy if before else False,
            )
        )
    return out


def expected_files(root: Path = ROOT) -> dict[Path, bytes]:
    """What the generated files must hold, from the sources and the catalogues."""
    found = extract(root)
    out: dict[Path, bytes] = {}
    pot = list(found.values())
    out[root / TEMPLATE] = write_po(pot, header(""), "Message template of Ingenious").encode()
    pseudo_entries = [
        Entry(e.msgid, e.plural, [pseudo(e.msgid)] if e.plural is None else
              [pseudo(e.msgid), pseudo(e.plural)], refs=e.refs)
        for e in pot
    ]  # fmt: skip
    out[po_path(root, PSEUDO)] = write_po(
        pseudo_entries, header(PSEUDO), "Ingenious: pseudo-language for layout tests (generated)"
    ).encode()
    catalogues: dict[str, tuple[str, list[Entry]]] = {PSEUDO: (header(PSEUDO), pseudo_entries)}
    for lang in TRANSLATED:
        path = po_path(root, lang)
        if path.is_file():
            catalogues[lang] = read_po(path.read_text(encoding="utf-8"), str(path))
    for lang, (head, entries) in catalogues.items():
        out[po_path(root, lang).with_suffix(".mo")] = mo_bytes(head, entries)
    early = {e.msgid for e in pot if e.early}
    out[root / TEXTS_JS] = texts_js(catalogues, early).encode()
    return out


def update(root: Path = ROOT) -> list[Path]:
    """Merge the template into every catalogue, then :func:`build`."""
    found = extract(root)
    for lang in TRANSLATED:
        path = po_path(root, lang)
        head, old = header(lang), list[Entry]()
        if path.is_file():
            head, old = read_po(path.read_text(encoding="utf-8"), str(path))
        text = write_po(
            merged(found, old), head or header(lang), f"Ingenious: {LANGUAGE_NAMES[lang]}"
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return build(root)


def build(root: Path = ROOT) -> list[Path]:
    """Write the generated files that differ from what the catalogues give."""
    written: list[Path] = []
    for path, data in expected_files(root).items():
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    return written


# --- French typography --------------------------------------------------------------
#: French sets a no-break space before ``: ; ! ?`` and inside « », so that the sign never
#: starts a line. The catalogue writes it (U+00A0; the narrow U+202F counts too).
NO_BREAK = "\u00a0\u202f"
_BEFORE_SIGN = re.compile(r"(?P<before>.)(?P<sign>[:;!?»])")
_AFTER_QUOTE = re.compile(r"«(?P<after>.)")


def _is_sign(text: str, at: int) -> bool:
    """The sign at ``text[at]`` is punctuation, not part of a placeholder ("{n:.0%}"), an
    address ("://"), a time or a ratio between digits ("10:30"), or a query ("?lang")."""
    if any(m.start() < at < m.end() for m in FIELD.finditer(text)):
        return False
    sign, after = text[at], text[at + 1 : at + 3]
    before = text[at - 1] if at > 0 else ""
    if sign == ":" and (after.startswith("//") or (before.isdigit() and after[:1].isdigit())):
        return False
    return not (sign == "?" and after[:1].isalpha() and before in ("", "/", "."))


def french_problems(text: str) -> list[str]:
    """Where a French text lacks its no-break space (see `french_spaces`)."""
    out = []
    for match in _BEFORE_SIGN.finditer(text):
        at = match.start("sign")
        if match.group("before") not in NO_BREAK and _is_sign(text, at):
            out.append(text[max(0, at - 12) : at + 2])
    out += [text[m.start() : m.start() + 12] for m in _AFTER_QUOTE.finditer(text)
            if m.group("after") not in NO_BREAK]  # fmt: skip
    return out


def french_spaces(text: str) -> str:
    """`text` with French typography: a no-break space before ``: ; ! ?`` and », after «
    (an ordinary space there becomes one; where none was, one is put)."""
    out: list[str] = []
    for at, char in enumerate(text):
        if char in ":;!?»" and at > 0 and _is_sign(text, at):
            if out and out[-1] == " ":
                out[-1] = "\u00a0"
            elif out and out[-1] not in NO_BREAK:
                out.append("\u00a0")
        if at > 0 and text[at - 1] == "«" and char not in NO_BREAK:
            if char == " ":
                char = "\u00a0"
            else:
                out.append("\u00a0")
        out.append(char)
    return "".join(out)


def problems(root: Path = ROOT) -> list[str]:
    """Everything wrong with the catalogues, one line each (empty: all is well)."""
    found = extract(root)
    out: list[str] = []
    for lang in TRANSLATED:
        path = po_path(root, lang)
        rel = path.relative_to(root).as_posix()
        if not path.is_file():
            out.append(f"{rel}: missing (run `python tools/i18n.py update`)")
            continue
        try:
            _, entries = read_po(path.read_text(encoding="utf-8"), rel)
        except PoError as exc:
            out.append(str(exc))
            continue
        have = {e.msgid: e for e in entries}
        for msgid in found:
            if msgid not in have:
                out.append(f"{rel}: no entry for {msgid!r}")
        for entry in entries:
            if entry.msgid not in found:
                out.append(f"{rel}: stale entry {entry.msgid!r}")
                continue
            if entry.fuzzy or not entry.msgstr or not all(entry.msgstr):
                out.append(f"{rel}: no translation for {entry.msgid!r}")
                continue
            if (entry.plural is None) != (found[entry.msgid].plural is None):
                out.append(
                    f"{rel}: {entry.msgid!r} must be {'' if entry.plural is None else 'not '}plural"
                )
            wanted = set(FIELD.findall(entry.msgid)) | set(FIELD.findall(entry.plural or ""))
            if lang == "fr":
                for form in entry.msgstr:
                    for where in french_problems(form):
                        out.append(f"{rel}: {entry.msgid!r}: no no-break space in {where!r}"
                                   " (python3 tools/i18n.py french)")  # fmt: skip
            for form in entry.msgstr:
                got = set(FIELD.findall(form))
                if got - wanted or (wanted - got and entry.plural is None):
                    out.append(
                        f"{rel}: {entry.msgid!r}: placeholders {sorted(got)} "
                        f"instead of {sorted(wanted)}"
                    )
    for path, data in expected_files(root).items():
        if not path.is_file() or path.read_bytes() != data:
            rel = path.relative_to(root).as_posix()
            out.append(f"{rel}: out of date (run `python tools/i18n.py build`)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The game's message catalogues.")
    parser.add_argument("command", choices=("extract", "update", "build", "check", "french"))
    args = parser.parse_args(argv)
    if args.command == "french":  # French typography written into the French catalogue
        path = po_path(ROOT, "fr")
        head, entries = read_po(path.read_text(encoding="utf-8"), str(path))
        for entry in entries:
            entry.msgstr = [french_spaces(form) for form in entry.msgstr]
        path.write_text(write_po(entries, head, f"Ingenious: {LANGUAGE_NAMES['fr']}"), "utf-8")
        for made in build():
            print(f"wrote {made.relative_to(ROOT)}")
        return 0
    if args.command == "extract":
        for entry in extract().values():
            print(entry.msgid if entry.plural is None else f"{entry.msgid} | {entry.plural}")
        return 0
    if args.command in ("update", "build"):
        try:
            written = update() if args.command == "update" else build()
        except PoError as exc:
            print(f"i18n: {exc}", file=sys.stderr)
            return 1
        for path in written:
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    found = problems()
    for line in found:
        print(line)
    print(f"i18n: {len(found)} problem(s)" if found else "i18n: catalogues complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
