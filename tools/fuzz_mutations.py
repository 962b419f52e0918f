"""The fuzz run's mutations (used by tools/fuzz_loaders.py): a valid text of a loader's
own kind changed as a hostile page, file or link would: one to three changes to its JSON
(a key removed, an unknown key added, a value replaced by one of another type: deep
nesting, a huge string, a format string, a huge number, a list doubled...), edits of its
characters, or a hostile text of its own (nesting 100,000 deep, a string longer than any
limit, bytes that are not JSON). Seeded: the same random generator gives the same inputs.
"""

from __future__ import annotations

import json
import random
from typing import Any

# ----------------------------------------------------------------------------------------------
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
