"""``python -m engine verify FILE``: an exported remote game, or its messages, checked whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.remote.wire import from_text, to_text
from engine.tools.cli import main

from .test_api import game_via_api


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_verify_an_exported_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(game_via_api()["ann"][-1], encoding="utf-8")
    code, out, _ = run(["verify", str(path)], capsys)
    assert code == 0 and out.startswith("verified: ")
    code, out, _ = run(["verify", str(path), "--json"], capsys)
    assert code == 0 and json.loads(out)["verified"] is True


def test_verify_the_messages_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "messages.txt"
    path.write_text("\n".join(game_via_api()["messages"]), encoding="utf-8")
    assert run(["verify", str(path)], capsys)[0] == 0


def test_an_unfinished_or_changed_game_is_not_verified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    messages = game_via_api()["messages"]
    path = tmp_path / "part.json"
    path.write_text(json.dumps(messages[:9]), encoding="utf-8")
    code, out, _ = run(["verify", str(path)], capsys)
    assert code == 1 and out.startswith("not verified: the game is not over")
    raw = bytearray(from_text(messages[5]))
    raw[30] ^= 1
    path.write_text(json.dumps(messages[:5] + [to_text(bytes(raw))] + messages[6:]), "utf-8")
    code, out, _ = run(["verify", str(path)], capsys)
    assert code == 1 and "message 5" in out


def test_bad_files_get_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for text in ["{}", "[]", "[1, 2]", '{"format": "ingenious-remote"}', "@@@@"]:
        path = tmp_path / "bad.json"
        path.write_text(text, encoding="utf-8")
        code, _, err = run(["verify", str(path)], capsys)
        assert code == 2 and err.startswith("error: ") and len(err.splitlines()) == 1
