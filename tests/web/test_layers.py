"""The layout of engine/ and web/ (docs/engine.md, docs/web.md; the check is
``tools/layers.py``, which also prints its figures):

- engine/ is in packages by job, and each imports only from its own package and from
  lower layers: the rules at the bottom; the formats, the bots and the Challenges on them;
  the coach and remote play on those; the tools on top;
- web/'s folders are layers, and the features do not lean on each other;
- the engine imports nothing from web/; no import circle anywhere, type-only imports
  included; no module over 500 lines; at most 8 modules on engine/'s top level.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tools import layers

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rule", sorted(layers.problems()))
def test_the_layout_keeps_its_rule(rule: str) -> None:
    assert layers.problems()[rule] == []


def test_every_package_says_what_it_owns_and_what_it_may_import() -> None:
    """Every package in engine/ and web/, a feature's subpackages too (``web/challenges/draw``)."""
    inits = sorted((ROOT / "web").glob("*/**/__init__.py")) + sorted(
        (ROOT / "engine").glob("*/**/__init__.py")
    )
    assert ROOT / "web" / "challenges" / "draw" / "__init__.py" in inits
    assert ROOT / "engine" / "rules" / "__init__.py" in inits
    for init in inits:
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert "May import" in doc or "Imports nothing" in doc, (
            f"{init.relative_to(ROOT)}: its docstring does not say what it may import"
        )


def test_the_check_sees_an_upward_import_a_sideways_one_and_a_circle() -> None:
    """The checks themselves: the rules reaching up into the coach or the tools, one
    feature leaning on another, a circle made by an import inside a function or under
    ``if TYPE_CHECKING:`` (both count)."""
    edges = {
        "engine.rules.game": {"engine.coach.review", "engine.rules.board"},
        "engine.rules.view": {"engine.tools.cli"},
        "engine.bots.search": {"engine.formats.save"},
        "engine.coach.review": {"engine.bots.search", "engine.rules.game"},
        "engine.puzzles": {"engine.coach.puzzles"},
    }
    assert layers.against_the_order(edges, "engine", layers.ENGINE_LAYERS) == [
        "engine.bots.search imports engine.formats.save",
        "engine.rules.game imports engine.coach.review",
        "engine.rules.view imports engine.tools.cli",
    ]
    web_edges = {"web.ui.scoreboard": {"web.game.words"}, "web.teach.embed": {"web.game.model"}}
    assert layers.against_the_order(web_edges, "web", layers.WEB_LAYERS) == [
        "web.teach.embed imports web.game.model",
        "web.ui.scoreboard imports web.game.words",
    ]
    source = "if TYPE_CHECKING:\n    import b\ndef f():\n    import c\n"
    nodes = layers.import_nodes(ast.parse(source))
    assert sorted(a.name for n in nodes if isinstance(n, ast.Import) for a in n.names) == [
        "b",
        "c",
    ]
    assert layers.cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert layers.cycles({"a": {"b"}, "b": set()}) == []


def test_the_check_finds_a_long_module_and_a_crowded_top_level(tmp_path: Path) -> None:
    for name in ("__init__", "__main__", *(f"m{i}" for i in range(8))):
        (tmp_path / "engine").mkdir(exist_ok=True)
        (tmp_path / "engine" / f"{name}.py").write_text("x = 1\n")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "big.py").write_text("x = 1\n" * 501)
    found = layers.problems(tmp_path)
    assert found["modules over 500 lines"] == ["web/big.py: 501 lines"]
    assert len(found["engine top level over 8 modules"]) == 10


def test_the_layer_tool_prints_its_figures() -> None:
    out = subprocess.run(
        [sys.executable, "tools/layers.py"], cwd=ROOT, capture_output=True, text=True
    )
    assert "largest module in engine/" in out.stdout
    assert "import circles (type-only imports included): " in out.stdout
    assert "modules on engine/'s top level beside its packages: " in out.stdout
