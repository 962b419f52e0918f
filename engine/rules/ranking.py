"""Ranking: the lowest colour decides, then the next lowest, and so on.

>>> ranking_key([12, 9, 15, 12, 18, 10])
(9, 10, 12, 12, 15, 18)
>>> places([(10, 11), (9, 12), (9, 12), (7, 18)])
[1, 2, 2, 4]
>>> places([(10, 11), (18, 18), (9, 12), (9, 13)], winner=1)
[2, 1, 4, 3]
"""

from __future__ import annotations

from collections.abc import Sequence


def ranking_key(counts: Sequence[int]) -> tuple[int, ...]:
    """Counts sorted ascending; a higher key (compared left to right) ranks higher."""
    return tuple(sorted(counts))


def places(keys: Sequence[tuple[int, ...]], winner: int | None = None) -> list[int]:
    """The place (1 = first) of each key; equal keys share a place.

    After an instant win (``winner``, an index into ``keys``) the winner is first alone
    and the others rank behind by the same rule among themselves (second, third, ...),
    rather than all sharing second place.
    """
    if winner is None:
        return [1 + sum(1 for other in keys if other > key) for key in keys]
    rest = [key for i, key in enumerate(keys) if i != winner]
    return [
        1 if i == winner else 2 + sum(1 for other in rest if other > key)
        for i, key in enumerate(keys)
    ]


def deciding_index(a: Sequence[int], b: Sequence[int]) -> int:
    """The first position where two sorted keys differ (``-1`` if equal)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return -1


ORDINALS = ("lowest", "second lowest", "third lowest", "fourth lowest", "fifth lowest", "highest")


def explain_pair(name_a: str, key_a: Sequence[int], name_b: str, key_b: Sequence[int]) -> str:
    """Why ``a`` ranks above ``b`` (or that they tie), in words."""
    i = deciding_index(key_a, key_b)
    if i < 0:
        return f"{name_a} and {name_b} have the same counts and share the place."
    if i == 0:
        return f"{name_a} is ahead of {name_b}: lowest colour {key_a[0]} against {key_b[0]}."
    tied = "lowest colour" if i == 1 else f"{i} lowest colours"
    return (
        f"{name_a} and {name_b} tie on their {tied} "
        f"({', '.join(map(str, key_a[:i]))}); "
        f"the {ORDINALS[i]} colour decides: {key_a[i]} against {key_b[i]}."
    )
