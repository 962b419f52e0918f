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
game tried from another's position, records, summaries, statistics, ...) mutated: one to
three changes to its JSON (a key removed, an unknown key added, a value replaced by one of
another type: deep nesting, a huge string, a format string, a huge number, ...), or
edits of its characters, or a hostile text of its own (nesting 100,000 deep, a string
longer than any limit, bytes that are not JSON).
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
    }


def session_words(session: Any) -> Any:
    from web.challenges.session import save_msg

    return save_msg(session)


# --- mutations -----------------------------------------------------------------------------------
FORMAT_STRINGS = ["{a.b}", "{0}", "{}", "{a[0]}", "{a.__class__}", "{n:>999999999}", "%s%n",
                  "{{", "}"]  # fmt: skip
WORDS = ["human", "casual", "expert", "standard", "duel", "game", "start", "ingenious",
         "ingenious-autosave", "ingenious-named", "swap", "pass"]  # fmt: skip
CHARS = '{}[]",:0123456789.-+eE \\/ntrufalsu\u0000\u202e\ud800'


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of a random kind, hostile more often than not."""
    kind = rng.randrange(16)
    if kind == 0:
        return rng.choice(FORMAT_STRINGS)
    if kind == 1:
        return "x" * rng.choice([0, 1, 61, 301, 5000, 70_000])
    if kind == 2:
        return rng.choice([0, -1, 1, 2**53, 2**53 + 1, 2**63, -(2**63), 10**40, 7])
    if kind == 3:
        return rng.choice([0.5, -0.0, 1e308, 1.7e12, 3.0])
    if kind == 4:
        return rng.choice([True, False, None])
    if kind == 5 and depth < 4:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 6 and depth < 4:
        keys = ["m", "a", "v", "game", "moves", "kind", "x"]
        return {rng.choice(keys): random_value(rng, depth + 1) for _ in range(rng.randrange(4))}
    if kind == 7:
        value: Any = 1
        for _ in range(rng.choice([20, 33, 40, 200])):
            value = [value] if rng.random() < 0.5 else {"a": value}
        return value
    if kind == 8:
        return rng.choice(WORDS)
    if kind == 9:
        return "".join(rng.choice(CHARS) for _ in range(rng.randrange(12)))
    if kind == 10:
        return {"m": rng.choice(FORMAT_STRINGS), "a": random_value(rng, depth + 1)}
    return rng.choice(["", "a", "0,0:blue 1,0:red", "2025-01-02", "g1", "t1", "de"])


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:50]):
            out += _nodes(item, (*path, index))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def mutate_json(data: Any, rng: random.Random) -> Any:
    """One change to a decoded value: at a random place, a value replaced, a key removed
    or added, a list shortened or an item doubled."""
    nodes = _nodes(data)
    path = rng.choice(nodes)
    if not path:
        return random_value(rng) if rng.random() < 0.1 else data
    parent, last = _get(data, path[:-1]), path[-1]
    action = rng.randrange(5)
    if action == 0 or not isinstance(parent, dict | list):
        parent[last] = random_value(rng)
    elif action == 1 and isinstance(parent, dict):
        del parent[last]
    elif action == 2 and isinstance(parent, dict):
        parent[rng.choice(["junk", "extra", "__proto__", "start", "msg", "a"])] = random_value(rng)
    elif action == 3 and isinstance(parent, list):
        del parent[last:]
    else:
        target = _get(data, path)
        if isinstance(target, list) and target:
            target.append(rng.choice(target))
        else:
            parent[last] = random_value(rng)
    return data


def mutate_text(text: str, rng: random.Random) -> str:
    """Edits of the characters: a few replaced, inserted or deleted; a slice doubled; the
    end cut."""
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(chars) + 1)
        action = rng.randrange(5)
        if action == 0 and chars:
            chars[min(at, len(chars) - 1)] = rng.choice(CHARS)
        elif action == 1:
            chars.insert(at, rng.choice(CHARS))
        elif action == 2 and chars:
            del chars[at : at + rng.randrange(1, 20)]
        elif action == 3:
            chars[at:at] = chars[at : at + rng.randrange(1, 40)]
        else:
            chars = chars[:at]
    return "".join(chars)


def hostile_text(rng: random.Random) -> str:
    """A text of its own: deep nesting, a huge string, a huge number, not JSON at all."""
    kind = rng.randrange(6)
    depth = rng.choice([33, 1000, 100_000])
    if kind == 0:
        return "[" * depth + "]" * depth
    if kind == 1:
        return '{"a":' * depth + "1" + "}" * depth
    if kind == 2:
        return json.dumps("x" * rng.choice([600_000, 10_000]))
    if kind == 3:
        return "9" * rng.choice([400, 5000]) + rng.choice(["", "e999", ".5"])
    if kind == 4:
        return "".join(rng.choice(CHARS) for _ in range(rng.randrange(1, 200)))
    return rng.choice(["", "null", "[]", "{}", '"x"', "NaN", "-Infinity", "\ufeff{}", "\x00"])


def mutated(seed_text: str, rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.05:
        return hostile_text(rng)
    if roll < 0.35:
        return mutate_text(seed_text, rng)
    try:
        data = json.loads(seed_text)
    except ValueError:
        return mutate_text(seed_text, rng)
    for _ in range(rng.randrange(1, 4)):
        data = mutate_json(data, rng)
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):
        return seed_text


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
        try:
            loader.run(text)
        except loader.refusals:
            tally.refused += 1
            continue
        except Exception as exc:  # noqa: BLE001 (what the fuzz looks for)
            tally.other += 1
            kind = type(exc).__name__
            tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
            if not tally.first_other:
                tally.first_other = f"{kind}: {str(exc)[:160]} <- {text[:120]!r}"
            continue
        tally.loaded += 1
    tally.seconds = time.perf_counter() - began
    return tally


def fuzz_cli(name: str, args: list[str], seeds: list[str], inputs: int, seed: int) -> Tally:
    rng = random.Random(f"{seed}:{name}")
    tally = Tally()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(inputs):
            outcome, why = run_cli(args, mutated(rng.choice(seeds), rng), Path(folder))
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
    lines = [f"{'loader':28} {'tried':>7} {'loaded':>7} {'refused':>8} {'other':>6} {'s':>6}"]
    for name, t in results.items():
        lines.append(f"{name:28} {t.tried:7} {t.loaded:7} {t.refused:8} {t.other:6} "
                     f"{t.seconds:6.1f}")  # fmt: skip
    total = Tally()
    for t in results.values():
        total.tried += t.tried
        total.loaded += t.loaded
        total.refused += t.refused
        total.other += t.other
    lines.append(f"{'all':28} {total.tried:7} {total.loaded:7} {total.refused:8} {total.other:6}")
    for name, t in results.items():
        if t.other:
            lines.append(f"other in {name} ({t.kinds}): {t.first_other}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--inputs", type=int, default=10_000, help="inputs per loader")
    parser.add_argument("--cli", type=int, default=300, help="inputs per command-line subcommand")
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
