"""The bot levels' measured strength, per table, from the arena runs kept in docs/arena.

Each kept run is a results file of ``python -m engine arena ... --results FILE``: a
settings line, then one JSON line per game. A file named ``<table>-<level>-<rival>.jsonl``
(``2p``, ``3p``, ``4p``, ``team``, ``team-open`` (open racks) or ``duel``) measures
``level`` against ``rival`` at that table; ``solo-<level>.jsonl``, the score ``level``
reaches alone (its lowest colour). This tool reads every such file and prints the figures
the start screen states, or with ``--write`` writes them to ``engine/bots/measured.py``
(the engine ships to the page, the kept games do not) and the start form's level list in
``index.html`` (plain HTML, shown before Python runs).
``tests/tools/test_level_figures.py`` fails when that module is not what the kept games
give, so a line on the start screen always has its games in the repository, and any of
them reproduces with its command (docs/bots.md, "Figures").

Usage: ``python tools/level_figures.py [--write]``.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules.variants import table_of  # noqa: E402
from engine.tools.arena import summary, totals_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "docs" / "arena"
MODULE = ROOT / "engine" / "bots" / "measured.py"
PAGE = ROOT / "index.html"
#: The start form's list of the board game's levels (its lines are written by --write).
HELP_LIST = re.compile(r'(<ul id="level-help">\n)(.*?)(\n *</ul>\n *</details>)', re.S)
NAME = re.compile(r"^(?:(2p|3p|4p|team-open|team|duel)-([a-z]+)-([a-z]+)|(solo)-([a-z]+))\.jsonl$")
#: The order of the tables in the module and on the start screen.
TABLES = ("solo", "2p", "3p", "4p", "team", "team-open", "duel")


def read_run(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A results file's settings and its whole games in order, read only (a run may be
    writing its next line: a last line without its end of line is not yet a game)."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")[:-1]  # what follows the last end of line is still being written
    settings = dict(json.loads(lines[0])["arena"])
    games = [json.loads(line) for line in lines[1:] if line.strip()]
    numbers = sorted(int(game["game"]) for game in games)
    if numbers != list(range(len(numbers))):
        raise SystemExit(f"{path.name}: its games are not numbered 0 to {len(numbers) - 1}")
    return settings, sorted(games, key=lambda game: int(game["game"]))


def kept_run(path: Path) -> tuple[str, str, str, dict[str, Any], dict[str, Any]]:
    """A kept run checked against its name: its table, level and rival (solo: ""), its
    settings and the arena's summary of its level over its games."""
    match = NAME.match(path.name)
    assert match is not None, path
    table, level, rival = match.groups()[:3] if match.group(1) else (*match.groups()[3:], "")
    settings, ordered = read_run(path)
    variant, players, open_racks = settings["variant"], settings["players"], settings.get("open")
    if table_of(variant, players, bool(open_racks)) != table:
        kind = f"{variant} for {players}" + (" with open racks" if open_racks else "")
        raise SystemExit(f"{path.name}: its run is the {kind}, not the {table} table")
    bots = settings["bots"]
    if table == "solo":
        if bots != [level]:
            raise SystemExit(f"{path.name}: its run is {', '.join(bots)}, not {level} alone")
    elif bots[0] != level or rival not in bots or len(set(bots)) != 2:
        raise SystemExit(f"{path.name}: its run is {', '.join(bots)}, not {level} against {rival}")
    if settings["budget_ms"] is not None or settings["budget_scale"] is not None:
        raise SystemExit(f"{path.name}: the start screen states default budgets only")
    return table, level, rival, settings, summary(totals_of(ordered))[level]


def figure(path: Path) -> tuple[Any, ...]:
    """One kept run as ``(level, table, rival, games, win_rate, mean_place, mean_result,
    ms_per_move)``; solo has no rival ("") and its result is the lowest colour reached."""
    table, level, rival, _, mine = kept_run(path)
    return (
        level,
        table,
        rival,
        mine["games"],
        round(mine["win_rate"], 4),
        mine["mean_place"],
        round(mine["mean_result"], 2),
        round(mine["ms_per_move"]),
    )


def figures(runs: Path = RUNS) -> list[tuple[Any, ...]]:
    """Every kept run's figure, by level (weakest first as the engine lists them), then
    table."""
    from engine.bots import BOT_LEVELS

    rows = [figure(path) for path in sorted(runs.glob("*.jsonl")) if NAME.match(path.name)]
    levels = list(BOT_LEVELS)
    return sorted(rows, key=lambda row: (levels.index(row[0]), TABLES.index(row[1])))


def command_of(path: Path, settings: dict[str, Any], games: int) -> str:
    """The arena command that gives a kept run's figures again (more games continue it)."""
    words = ["python -m engine arena --seed", str(settings["seed"]), "--json --jobs 1"]
    words += ["--variant", settings["variant"]]
    if settings["variant"] == "standard":
        words += ["--players", str(settings["players"])]
    if settings.get("open"):
        words.append("--open")
    words += ["--bots", ",".join(settings["bots"]), "--games", str(games)]
    words += ["--results", f"docs/arena/{path.name}"]
    return " ".join(words)


def markdown(runs: Path = RUNS) -> str:
    """A Markdown table of every kept run: its command, and its level's figures with their
    95% intervals (for docs/bots.md)."""
    lines = [
        "| run | command | games | wins (95% CI) | mean place (95% CI) | mean result |"
        " ms/move (longest) |",
        "|---|---|---|---|---|---|---|",
    ]
    for path in sorted(runs.glob("*.jsonl")):
        if NAME.match(path.name) is None:
            continue
        _, _, _, settings, mine = kept_run(path)
        low, high = mine["ci95"]
        place = mine["mean_place"]
        interval = mine["place_ci95"]
        at = "" if place is None else f"{place:.2f}"
        if interval is not None and place is not None:
            at += f" ({interval[0]:.2f}-{interval[1]:.2f})"
        lines.append(
            f"| {path.stem} | `{command_of(path, settings, mine['games'])}` | {mine['games']} |"
            f" {mine['win_rate']:.1%} ({low:.1%}-{high:.1%}) | {at} | {mine['mean_result']:.2f} |"
            f" {mine['ms_per_move']:.0f} ({mine['ms_longest_move']:.0f}) |"
        )
    return "\n".join(lines)


def module_text(rows: list[tuple[Any, ...]]) -> str:
    lines = [
        '"""The bot levels\' measured strength per table: generated by',
        "``python tools/level_figures.py --write`` from the arena runs kept in docs/arena (one",
        "JSON line per game); do not edit. ``engine.bots.levels`` words them for the start",
        'screen."""',
        "",
        "from __future__ import annotations",
        "",
        "#: Per kept run: level, table, rival (solo: none), games, win rate, mean place, mean",
        "#: result (the lowest colour; duel: colours on its side), CPython ms per move.",
        "MEASURED: tuple[tuple[str, str, str, int, float, float | None, float, int], ...] = (",
    ]
    # Strings in double quotes, as the project's formatter writes them.
    lines += [f"    ({', '.join(json.dumps(v) if isinstance(v, str) else repr(v) for v in row)}),"
              for row in rows]  # fmt: skip
    lines += [")", ""]
    return "\n".join(lines)


def help_items(rows: list[tuple[Any, ...]], indent: str = "              ") -> str:
    """The start form's level list: one item per level (how it plays, how long it thinks)
    with its measured figures as a list inside, one item per table (``data-table``: the
    form marks the table chosen)."""
    from engine.bots.levels import level_blurbs, level_figures

    figures_by_level = level_figures(tuple(rows))
    items = []
    for level, text in level_blurbs().items():
        inner = "".join(
            f'<li data-table="{table}">{html.escape(words, quote=False)}</li>'
            for table, words in figures_by_level[level]
        )
        figures_list = f'<ul class="level-figures">{inner}</ul>' if inner else ""
        items.append(f"{indent}<li>{html.escape(text, quote=False)}{figures_list}</li>")
    return "\n".join(items)


def page_with_help(page: str, rows: list[tuple[Any, ...]]) -> str:
    match = HELP_LIST.search(page)
    if match is None:
        raise SystemExit('index.html has no <ul id="level-help"> list inside its <details>')
    return page[: match.start(2)] + help_items(rows) + page[match.end(2) :]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/level_figures.py")
    parser.add_argument("--write", action="store_true", help="write engine/bots/measured.py")
    parser.add_argument("--markdown", action="store_true", help="print the runs as a table")
    args = parser.parse_args(argv)
    if args.markdown:
        print(markdown())
        return 0
    rows = figures()
    for level, table, rival, games, rate, place, result, ms in rows:
        at = "" if place is None else f", mean place {place:.2f}"
        head = f"{level:>8} {table:>4} vs {rival or '-':<8} {games:>4} games"
        print(f"{head}: wins {rate:.1%}{at}, mean result {result:.2f}, {ms} ms/move")
    if args.write:
        MODULE.write_text(module_text(rows), encoding="utf-8")
        PAGE.write_text(page_with_help(PAGE.read_text(encoding="utf-8"), rows), encoding="utf-8")
        print(f"wrote {MODULE.relative_to(ROOT)} and the level list of {PAGE.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
