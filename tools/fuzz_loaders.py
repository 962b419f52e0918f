"""Mutated inputs through every loader of the game: saves, positions, links, imported
files, stored records, every stored key's reader, the line under Continue, the set-aside
list, remote play's messages and stored games, and the command line. Prints tried /
loaded / refused / other per loader; "other" (an exception a loader does not mean to
raise: a traceback on the command line, a failed start in the page) must be 0.

Usage: ``python3 tools/fuzz_loaders.py [--seed N] [--inputs N] [--cli N] [--only NAME]``
(defaults: seed 1, 10,000 inputs per loader, 300 per command-line subcommand). The run is
seeded: the same seed tries the same inputs. Exit status 1 when any "other" was seen
(the first of each loader is printed with its input's start).

Each input is a valid text of the loader's own kind (a few games of every variant, a
game tried from another's position, records, summaries, statistics, reviewed games, ...)
mutated (tools/fuzz_mutations.py). The targets of tools/fuzz_screens.py go on to the
screen that shows what was read (the Review screen's model, the saves and finished games
lists, the line under Continue in all six languages, the puzzle's model). The table gives
each loader's slowest input (in CPU seconds: the machine may be shared), and the last
lines the slowest of all.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent

from tools import fuzz_screens  # noqa: E402 (after the path is set)
from tools.fuzz_mutations import mutated  # noqa: E402

Run = Callable[[str], object]


@dataclass
class Loader:
    """A loader: its seed texts, how one input is run, and the exceptions that are its
    way of refusing an input (anything else is "other")."""

    name: str
    seeds: list[str]
    run: Run
    refusals: tuple[type[BaseException], ...]


@dataclass
class Tally:
    tried: int = 0
    loaded: int = 0
    refused: int = 0
    other: int = 0
    first_other: str = ""
    seconds: float = 0.0
    kinds: dict[str, int] = field(default_factory=dict)
    slowest: float = 0.0  # the CPU seconds of the slowest input
    slowest_input: str = ""  # its start


# --- seed texts ----------------------------------------------------------------------------------
def _play(game: Any, moves: int, rng: random.Random) -> Any:
    for _ in range(moves):
        if game.over:
            break
        game.apply(rng.choice(game.legal_moves()))
    return game


def seed_games() -> list[Any]:
    """A few games of every variant, one finished, one tried from another's position."""
    from engine import new_game
    from engine.formats.save import start_from

    rng = random.Random(5)
    games = [
        _play(new_game("standard", 2, 11, ["Ann", "Bob"]), 6, rng),
        _play(new_game("standard", 3, 12, ["Ann", "Bob", "Cy"]), 3, rng),
        _play(new_game("standard", 4, 13, ["A", "B", "C", "D"]), 2, rng),
        _play(new_game("solo", 1, 14, ["Sol"]), 5, rng),
        _play(new_game("team", 4, 15, ["A", "B", "C", "D"], {"open": True}), 4, rng),
        _play(new_game("duel", 2, 16, ["Ann", "Bob"]), 4, rng),
        _play(new_game("duel", 2, 17, ["Ann", "Bob"]), 400, rng),
    ]
    tried = start_from(_play(new_game("standard", 2, 18, ["Ann", "Bob"]), 4, rng), 0, 77)
    games.append(_play(tried, 2, rng))
    return games


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def seed_texts() -> dict[str, list[str]]:
    """Valid texts of each kind the loaders read."""
    from web.challenges.session import Session
    from web.challenges.setup import make_setup
    from web.play import summary
    from web.saves import stats
    from web.store.storage import AUTOSAVE_KIND, NAMED_KIND, Record, UiState, game_dict

    games = seed_games()
    saves = [_dumps(g.to_save()) for g in games]
    seats = {1: ["human"], 2: ["human", "casual"], 3: ["human", "strong", "human"],
             4: ["human", "expert", "beginner", "human"]}  # fmt: skip
    records, named, exports = [], [], []
    for n, game in enumerate(games):
        ui = UiState(None, "game", n % 3)
        record = Record(AUTOSAVE_KIND, game, seats[game.players], ui, rev=n,
                        game_id=f"g{n:012x}", tab=f"t{n:012x}", saved_at=1.7e12 + n)  # fmt: skip
        records.append(_dumps(record.to_json()))
        record.kind, record.name = NAMED_KIND, f"Game {n}"
        named.append(_dumps(record.to_json()))
        exports.append(_dumps(game_dict(game, seats[game.players])))
    finished = games[6]
    data = stats.empty()
    stats.record_game(data, finished, ["human", "casual"], "g1", 0)
    session = Session(make_setup("match", ["cards", "dice"], 2, ["Ann", ""], ["human", "casual"],
                                 "9", True, 1))  # fmt: skip
    from engine.challenges.bots import make_challenge_bot

    for n in range(3):
        if session.awaiting_tally:
            session.acknowledge_tally()
        seat = session.game.current
        session.apply(str(make_challenge_bot("casual", n).choose(session.game.view(seat))))
    positions = sorted((ROOT / "docs" / "positions").glob("*.json"))
    return {
        "save": saves,
        "record": records,
        "named": named,
        "export": exports + saves + records,
        "summary": [summary.summary_json(g, 1.7e12) for g in games]
        + [summary.challenge_summary_json(session_words(session), 1.7e12)],
        "settings": [_dumps({"speed": "fast", "confirm": True, "keep-storage-asked": "1"})],
        "stats": [_dumps(data), _dumps(stats.empty())],
        "solo-best": [
            _dumps(
                [{"name": "Sol", "score": 12, "seed": 5}, {"name": "Ann", "score": 9, "seed": None}]
            )
        ],  # fmt: skip
        "challenge": [_dumps(session.to_save())],
        "puzzles": [_dumps({"solved": ["2025-01-02"], "tried": ["2025-01-02", "2025-01-03"]})],
        "legacy-taken": [_dumps({"ingenious.autosave": "120-0a1b2c3d", "ingenious.stats": "9-1"})],
        "lang": ["de", "fr-CH", "en"],
        "set-aside": [
            _dumps({"from": "ingenious.autosave", "problem": "damaged", "at": 1.0, "raw": r})
            for r in records[:2]
        ],  # fmt: skip
        "position": [p.read_text(encoding="utf-8") for p in positions],
        **fuzz_screens.seed_texts(),
    }


def session_words(session: Any) -> Any:
    from web.challenges.session import save_msg

    return save_msg(session)


# --- the loaders ---------------------------------------------------------------------------------
def loaders(texts: dict[str, list[str]]) -> list[Loader]:
    from engine import IngeniousError
    from engine.formats.position import parse_position, score_position
    from engine.formats.save import loads
    from web.play import summary
    from web.saves import stored
    from web.saves.share import parse_fragment, parse_game_text
    from web.store.storage import (
        AUTOSAVE_KIND,
        NAMED_KIND,
        MemoryStore,
        StoredDataError,
        parse_record,
        peek_named,
        quarantined,
    )

    refused = (IngeniousError, StoredDataError)

    def position(text: str) -> object:
        return score_position(parse_position(text))

    def link(text: str) -> object:
        import base64

        payload = base64.urlsafe_b64encode(text.encode("utf-8", "surrogatepass")).decode()
        return parse_fragment("#game=" + payload.rstrip("="))

    def set_aside(text: str) -> object:
        store = MemoryStore()
        store.setItem("ingenious.quarantine.1-a", text)
        items = quarantined(store)
        json.dumps(items)  # what "Download them" writes
        return items

    out = [
        Loader("engine save", texts["save"], loads, (IngeniousError,)),
        Loader("position", texts["position"], position, (IngeniousError,)),
        Loader("link", texts["export"], link, refused),
        Loader("imported file", texts["export"], parse_game_text, refused),
        Loader(
            "autosave record", texts["record"], lambda t: parse_record(t, AUTOSAVE_KIND), refused
        ),  # fmt: skip
        Loader("named save", texts["named"], lambda t: parse_record(t, NAMED_KIND), refused),
        Loader(
            "saves list line", texts["named"], lambda t: peek_named(t, "ingenious.save.a"), refused
        ),  # fmt: skip
        Loader("set-aside list", texts["set-aside"], set_aside, ()),
    ]
    seeds_of = {
        "ingenious.autosave": texts["record"],
        "ingenious.settings": texts["settings"],
        "ingenious.stats": texts["stats"],
        "ingenious.solo-best": texts["solo-best"],
        "ingenious.challenge-autosave": texts["challenge"],
        "ingenious.autosave-summary": texts["summary"],
        "ingenious.puzzles": texts["puzzles"],
        "ingenious.legacy-taken": texts["legacy-taken"],
        "ingenious.lang": texts["lang"],
    }
    for key in stored.STORED:

        def check(text: str, key: str = key) -> object:
            # The check as read_stored runs it (decode with the limits, then the check),
            # whose refusals are ValueError (StoredDataError) and IngeniousError; then the
            # guarded path itself, which must never raise, and the summary's words.
            from engine.formats.jsontext import decode

            limit = stored.LIMITS.get(key)
            if key not in stored.TEXT_KEYS:
                value: Any = decode(text, key, **({} if limit is None else {"max_text": limit}))
            else:
                value = text
            result = stored.STORED[key](value)
            if key == summary.SUMMARY_KEY:
                summary.text_of(result)
            return result

        def guarded(text: str, key: str = key) -> object:
            store = MemoryStore()
            store.setItem(key, text)
            problems: list[str] = []
            value = stored.read_key(store, key, problems, now=1.0)
            empty = text == ""  # nothing stored: the default, nothing to say
            if (value is None) != (bool(problems) or empty) or (problems and store.getItem(key)):
                raise AssertionError("a refused value was neither reported nor set aside")
            if value is None:
                raise StoredDataError("set aside")
            if key == summary.SUMMARY_KEY:
                summary.text_of(value)
            return value

        if key not in seeds_of:
            raise SystemExit(f"fuzz_loaders: no seed texts for the stored key {key}")
        short = key.removeprefix("ingenious.")
        out.append(Loader(f"stored {short}", seeds_of[key], check, (IngeniousError, ValueError)))
        out.append(Loader(f"read_stored {short}", seeds_of[key], guarded, (StoredDataError,)))
    out.extend(Loader(*target) for target in fuzz_screens.loaders(texts))
    return out


# --- remote play ---------------------------------------------------------------------------------
@cache
def remote_game() -> tuple[list[str], dict[int, str], list[str]]:
    """A two-player remote game by the page's API, its first messages: (the messages, the
    store that each message opens on, by number, both seats' stores at a few points)."""
    from engine.remote import api
    from engine.rules.rng import Rng

    made = api.create_game("standard", 2, ["Ann", "Bob"])
    stores = {0: made["store"]}
    messages = [made["message"]]
    bob = api.open_message(None, messages[0])["store"]
    joined = api.join_game(bob, 1, "Bob")
    stores[1], messages = bob, messages + [joined["message"]]
    seats = {0: api.open_message(made["store"], joined["message"])["store"], 1: joined["store"]}
    kept = [seats[0], seats[1]]
    rng = Rng(2)
    while len(messages) < 16:
        seat = api.status(seats[0])["awaited"]
        store = seats[seat]
        if api.status(store)["my_turn"]:
            game, moves = api.turn_game(store), []
            while not game.over and game.current == seat:
                legal = game.legal_moves()
                moves.append("swap" if "swap" in legal else legal[rng.below(len(legal))])
                game.apply(moves[-1])
            out = api.play_turn(store, moves)
        else:
            out = api.respond(store)
        stores[len(messages)] = seats[1 - seat]  # the other seat opens it
        messages.append(out["message"])
        seats[seat] = out["store"]
        seats[1 - seat] = api.open_message(seats[1 - seat], out["message"])["store"]
        if len(messages) % 5 == 0:
            kept += [seats[0], seats[1]]
    return messages, stores, kept


def remote_loaders() -> list[Loader]:
    """Messages opened on the stored game they follow and on another point of the game
    (swapped, replayed, out of order); the same signed again by their seat after the
    mutation (a cheat's well-formed nonsense); stored remote games read back."""
    import zlib

    from engine import IngeniousError
    from engine.remote import api, schnorr
    from engine.remote.wire import (
        HEADER,
        finish,
        from_text,
        pack_header,
        parse,
        signed_bytes,
        to_text,
    )

    messages, stores, kept = remote_game()
    numbers = sorted(stores)
    secrets = {s: bytes.fromhex(json.loads(kept[s])["secret"]["signing"]) for s in (0, 1)}
    hashes = {n: api._load(stores[n]).table.hashes for n in numbers}

    def store_of(raw: bytes) -> str:
        seq = int.from_bytes(raw[11:13], "big") if len(raw) >= HEADER else 0
        return stores.get(seq, stores[numbers[-1]])

    def opened(text: str) -> object:
        # A message of the game, unchanged, opened where it does not belong (swapped,
        # replayed, out of order): refused, and never anything else.
        pick = zlib.crc32(text.encode("utf-8", "replace"))
        whole = messages[pick % len(messages)]
        elsewhere = stores[numbers[(pick >> 8) % len(numbers)]]
        with contextlib.suppress(IngeniousError):
            api.open_message(elsewhere, whole)
        raw = from_text(text)
        return api.open_message(store_of(raw), text)

    def signed(text: str) -> object:
        raw = from_text(text)
        if len(raw) < HEADER:
            parse(raw)
        seq, seat = int.from_bytes(raw[11:13], "big"), raw[10]
        body = raw[HEADER:-68] if len(raw) > HEADER + 68 else raw[HEADER:]
        key = secrets.get(seat)
        store = store_of(raw)
        chain = hashes.get(seq, hashes[numbers[-1]])
        if key is None or seq == 0 or seq > len(chain):
            return api.open_message(store, text)
        prev = chain[seq - 1]
        head = pack_header(raw[2:10], seat, seq, prev, min(len(body), 60000)) + body[:60000]
        fixed = finish(head, schnorr.sign(signed_bytes(head, prev), key, bytes(32)))
        return api.open_message(store, to_text(fixed))

    refused = (IngeniousError,)
    return [
        Loader("remote message", messages, opened, refused),
        Loader("remote signed message", messages, signed, refused),
        Loader("remote stored game", kept, api.status, refused),
    ]


def cli_loaders(texts: dict[str, list[str]]) -> list[tuple[str, list[str], list[str]]]:
    """(name, argument list with FILE for the input, seed texts) of each subcommand that
    reads a file."""
    short = [t for t in texts["save"] if len(json.loads(t)["moves"]) <= 6]
    return [
        ("cli replay", ["replay", "FILE"], texts["save"]),
        ("cli score", ["score", "FILE"], texts["position"]),
        ("cli review", ["review", "FILE", "--worlds", "1", "--seats", "0"], short),
        ("cli verify", ["verify", "FILE"], remote_game()[2]),
    ]


def run_cli(args: list[str], text: str, folder: Path) -> tuple[str, str]:
    """("loaded" | "refused" | "other", what was wrong) of one command line run."""
    from engine.tools.cli import main

    path = folder / "input.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(path) if a == "FILE" else a for a in args])
    except SystemExit as exc:
        code = int(exc.code or 0)
    except Exception as exc:  # noqa: BLE001 (what the fuzz looks for)
        return "other", f"{type(exc).__name__}: {exc}"[:200]
    lines = err.getvalue().strip().splitlines()
    if code == 0 or (code == 1 and not lines and args[0] == "verify"):
        return "loaded", ""  # verify's status 1: an answer (the game is not verified)
    if code == 2 and len(lines) == 1 and lines[0].startswith("error: "):
        return "refused", ""
    return "other", f"status {code}: {err.getvalue()[:200]!r}"


def fuzz(loader: Loader, inputs: int, seed: int) -> Tally:
    rng = random.Random(f"{seed}:{loader.name}")
    tally = Tally()
    began = time.perf_counter()
    for _ in range(inputs):
        text = mutated(rng.choice(loader.seeds), rng)
        tally.tried += 1
        at = time.process_time()
        try:
            loader.run(text)
            outcome = "loaded"
        except loader.refusals:
            outcome = "refused"
        except Exception as exc:  # noqa: BLE001 (what the fuzz looks for)
            outcome = "other"
            kind = type(exc).__name__
            tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
            if not tally.first_other:
                tally.first_other = f"{kind}: {str(exc)[:160]} <- {text[:120]!r}"
        took = time.process_time() - at  # CPU time: the machine may be shared
        if took > tally.slowest:
            tally.slowest, tally.slowest_input = took, f"{len(text)} characters: {text[:80]!r}"
        setattr(tally, outcome, getattr(tally, outcome) + 1)
    tally.seconds = time.perf_counter() - began
    return tally


def fuzz_cli(name: str, args: list[str], seeds: list[str], inputs: int, seed: int) -> Tally:
    rng = random.Random(f"{seed}:{name}")
    tally = Tally()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(inputs):
            text = mutated(rng.choice(seeds), rng)
            at = time.process_time()
            outcome, why = run_cli(args, text, Path(folder))
            took = time.process_time() - at
            if took > tally.slowest:
                tally.slowest, tally.slowest_input = took, f"{len(text)} characters: {text[:80]!r}"
            tally.tried += 1
            setattr(tally, outcome, getattr(tally, outcome) + 1)
            if outcome == "other" and not tally.first_other:
                tally.first_other = why
    tally.seconds = time.perf_counter() - began
    return tally


def run(seed: int, inputs: int, cli: int, only: str | None = None) -> dict[str, Tally]:
    texts = seed_texts()
    results: dict[str, Tally] = {}
    for loader in loaders(texts) + remote_loaders():
        if only is None or only in loader.name:
            results[loader.name] = fuzz(loader, inputs, seed)
    for name, args, seeds in cli_loaders(texts):
        if cli and (only is None or only in name):
            results[name] = fuzz_cli(name, args, seeds, cli, seed)
    return results


def table(results: dict[str, Tally]) -> str:
    width = max([28, *map(len, results)])
    lines = [f"{'loader':{width}} {'tried':>7} {'loaded':>7} {'refused':>8} {'other':>6} "
             f"{'s':>6} {'slowest':>8}"]  # fmt: skip
    for name, t in results.items():
        lines.append(f"{name:{width}} {t.tried:7} {t.loaded:7} {t.refused:8} {t.other:6} "
                     f"{t.seconds:6.1f} {t.slowest:8.3f}")  # fmt: skip
    total = Tally()
    for t in results.values():
        total.tried += t.tried
        total.loaded += t.loaded
        total.refused += t.refused
        total.other += t.other
        total.seconds += t.seconds
    lines.append(f"{'all':{width}} {total.tried:7} {total.loaded:7} {total.refused:8} "
                 f"{total.other:6} {total.seconds:6.0f}")  # fmt: skip
    if results:
        name, slowest = max(results.items(), key=lambda item: item[1].slowest)
        lines.append(f"slowest input: {slowest.slowest:.3f} s of CPU, {name} "
                     f"({slowest.slowest_input})")  # fmt: skip
    for name, t in results.items():
        if t.other:
            lines.append(f"other in {name} ({t.kinds}): {t.first_other}")
    return "\n".join(lines)


def _count(most: int, least: int = 1) -> Callable[[str], int]:
    def count(text: str) -> int:
        try:
            value = int(text) if len(text) <= 20 else least - 1
        except ValueError:
            value = least - 1
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number from "
                                             f"{least} to {most}")  # fmt: skip
        return value

    count.__name__ = "whole number"
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=_count(2**63), default=1)
    parser.add_argument("--inputs", type=_count(10**8), default=10_000, help="inputs per loader")
    parser.add_argument(
        "--cli", type=_count(10**8, 0), default=300, help="inputs per command-line subcommand"
    )
    parser.add_argument("--only", default=None, help="only the loaders whose name has this")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    results = run(args.seed, args.inputs, args.cli, args.only)
    print(f"fuzz_loaders: seed {args.seed}, {args.inputs} inputs per loader, {args.cli} per "
          "command-line subcommand")  # fmt: skip
    print(table(results))
    return 1 if any(t.other for t in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
