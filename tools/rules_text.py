"""The rules text as an HTML fragment, readable before Python runs in the page.

The start page's Rules button opens a native ``<dialog>`` at once (``web/scripts/start-form.js``)
and fills it with ``web/rules-text.html``: this fragment, the same HTML the in-game rules
page shows (``web.teach.rules.rules_html``, one source of rules text). It is not a file of the
repository: ``tools/serve.py`` writes it from the live sources on request, and
``tools/build_dist.py`` writes it into the release.

The fragment is made by the site's own Python sources (``--site`` of the build), run in a
child process with that folder first on the path.

Usage: ``python tools/rules_text.py [SITE]`` prints it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where the page fetches it (relative to the site's folder): English; each other
#: language has its own fragment, ``web/rules-text.<lang>.html`` (web/i18n catalogues).
NAME = "web/rules-text.html"
LANGUAGES = ("en", "de", "fr", "nl", "es", "it")


def name_for(lang: str) -> str:
    return NAME if lang == "en" else f"web/rules-text.{lang}.html"


#: Every fragment, one per language.
NAMES = tuple(name_for(lang) for lang in LANGUAGES)


def names(site: Path) -> tuple[str, ...]:
    """The fragments a site gets: one per language when it has the catalogues' package."""
    return NAMES if (site / "web" / "i18n" / "__init__.py").is_file() else (NAME,)


def lang_of(name: str) -> str:
    """The language of a fragment's name (:func:`name_for` backwards)."""
    return LANGUAGES[NAMES.index(name)]


#: The page script that fetches it: a build with this script gets the fragment.
READER = "web/scripts/start-form.js"
SOURCE = "web/teach/rules.py"

_PROGRAM = (
    "import sys; sys.path.insert(0, sys.argv[1]); "
    "sys.argv[2] == 'en' or __import__('web.i18n', fromlist=['use']).use(sys.argv[2]); "
    "from web.teach.rules import rules_html; "
    "sys.stdout.buffer.write(rules_html().strip().encode('utf-8') + b'\\n')"
)


class RulesTextError(RuntimeError):
    """The site's rules module could not be run."""


def fragment(site: Path = ROOT, lang: str = "en") -> bytes:
    """The fragment's bytes (UTF-8) in ``lang``, from ``site``'s ``web/teach/rules.py``."""
    if not (site / SOURCE).is_file():
        raise RulesTextError(f"{site / SOURCE} is missing")
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-c", _PROGRAM, str(site.resolve()), lang],
            capture_output=True,
            cwd=site,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise RulesTextError(f"cannot write {NAME} from {SOURCE}: {exc}") from None
    if done.returncode != 0:
        last = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["failed"]
        raise RulesTextError(f"cannot write {NAME} from {SOURCE}: {last[0]}")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    site = Path(args[0]) if args else ROOT
    sys.stdout.buffer.write(fragment(site))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
