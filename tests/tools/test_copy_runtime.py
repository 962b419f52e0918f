"""copy_runtime copies exactly the runtime files, skips unchanged ones, drops stale ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.copy_runtime import PYODIDE_FILES, main


def fake_node_modules(root: Path) -> Path:
    nm = root / "node_modules"
    (nm / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        (nm / "pyodide" / name).write_text(name)
    (nm / "pyodide" / "console.html").write_text("not needed")
    dist = nm / "@pyscript" / "core" / "dist"
    dist.mkdir(parents=True)
    for name in ("core.js", "core-abc.js", "core.css", "core.js.map"):
        (dist / name).write_text(name)
    return nm


def test_copies_needed_files_only_and_is_idempotent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """First run copies the page's files (no maps, no demo pages); a second copies none."""
    nm = fake_node_modules(tmp_path)
    dest = tmp_path / "runtime"
    assert main(["--node-modules", str(nm), "--dest", str(dest)]) == 0
    assert sorted(p.name for p in (dest / "pyodide").iterdir()) == sorted(PYODIDE_FILES)
    assert sorted(p.name for p in (dest / "pyscript").iterdir()) == [
        "core-abc.js",
        "core.css",
        "core.js",
    ]
    capsys.readouterr()
    assert main(["--node-modules", str(nm), "--dest", str(dest)]) == 0
    assert "up to date" in capsys.readouterr().out


def test_stale_files_are_removed(tmp_path: Path) -> None:
    """A chunk left over from an older PyScript version does not linger in runtime/."""
    nm = fake_node_modules(tmp_path)
    dest = tmp_path / "runtime"
    (dest / "pyscript").mkdir(parents=True)
    (dest / "pyscript" / "core-old.js").write_text("old")
    main(["--node-modules", str(nm), "--dest", str(dest)])
    assert not (dest / "pyscript" / "core-old.js").exists()


def test_missing_node_modules_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without npm ci the script says what to run instead of a traceback."""
    assert main(["--node-modules", str(tmp_path / "none"), "--dest", str(tmp_path / "r")]) == 1
    assert "npm ci" in capsys.readouterr().err
