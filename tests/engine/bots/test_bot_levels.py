"""Every bot level plays every variant legally, deterministically and from the view alone."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import BOT_LEVELS, make_bot
from engine.rules.game import Game

# Small budgets keep the searching levels quick; the search code paths are the same.
BUDGET = {"beginner": None, "casual": None, "strong": 1, "expert": 1}

TABLES = [
    ("standard", 2, {}, ["strong", "beginner"]),
    ("standard", 2, {}, ["expert", "casual"]),
    ("standard", 3, {}, ["strong", "casual", "beginner"]),
    ("standard", 4, {}, ["beginner", "casual", "strong", "expert"]),
    ("solo", 1, {}, ["strong"]),
    ("solo", 1, {}, ["beginner"]),
    ("team", 4, {}, ["strong", "casual", "expert", "beginner"]),
    ("team", 4, {"open": True}, ["casual", "strong", "beginner", "expert"]),
    ("duel", 2, {}, ["strong", "casual"]),
    ("duel", 2, {}, ["beginner", "expert"]),
]


def play_out(
    variant: str, players: int, options: dict[str, bool], levels: list[str], seed: int
) -> Game:
    game = new_game(variant, players=players, seed=seed, options=options)
    bots = [
        make_bot(level, seed=seed + s, budget_ms=BUDGET[level]) for s, level in enumerate(levels)
    ]
    while game.phase != "over":
        seat = game.current
        move = bots[seat].choose(game.view(seat))
        assert move in game.legal_moves(), f"{levels[seat]} chose illegal {move!r} in {variant}"
        game.apply(move)
    return game


@pytest.mark.parametrize(("variant", "players", "options", "levels"), TABLES)
def test_every_level_plays_whole_games_legally(
    variant: str, players: int, options: dict[str, bool], levels: list[str]
) -> None:
    """Every move of each level is legal: placements, bonuses, swap and exchange answers."""
    game = play_out(variant, players, options, levels, seed=3)
    assert game.result()["standings"]


def test_bots_answer_swap_offers_and_take_bonus_placements() -> None:
    """Across a few games the bots meet swap offers and bonus placements, and handle both."""
    swaps = bonuses = 0
    for seed in range(4):
        game = play_out("standard", 2, {}, ["casual", "strong"], seed=seed)
        swaps += sum(1 for e in game.log if e["move"] in ("swap", "pass"))
        bonuses += sum(e.get("bonus", 0) for e in game.log)
    assert swaps > 0
    assert bonuses > 0


def test_levels_are_the_four_named_in_order() -> None:
    """The levels offered to players, weakest first."""
    assert list(BOT_LEVELS) == ["beginner", "casual", "strong", "expert"]


def test_unknown_level_and_bad_budget_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'wizard'"):
        make_bot("wizard")
    with pytest.raises(ValueError, match="positive"):
        make_bot("strong", budget_ms=0)


def test_expert_thinks_longer_than_strong_by_default() -> None:
    """The expert's default budget is the larger: its endgame rollouts go to the end."""
    assert make_bot("expert").budget_ms > make_bot("strong").budget_ms


def test_expert_plays_its_endgame_rollouts_to_the_end() -> None:
    """Near the end every rollout of expert's finishes the game; strong's stop at its next
    turn and are valued there."""
    from engine.bots.expert import Expert
    from engine.bots.scan import Position
    from engine.bots.search import Search
    from engine.bots.strong import Strong

    ends: dict[str, list[str]] = {"expert": [], "strong": []}

    def recording(cls: type[Search], name: str) -> Search:
        class Recording(cls):  # type: ignore[valid-type,misc]
            def finished(self, g: Game, seat: int) -> float:
                ends[name].append(g.phase)
                return float(super().finished(g, seat))

            def leaf(self, pos: Position, seat: int) -> float:
                ends[name].append("leaf")
                return float(super().leaf(pos, seat))

        return Recording(seed=1, budget_ms=10)

    game = new_game("standard", players=2, seed=2)
    bots = [make_bot("casual", seed=s) for s in range(2)]
    while len(game.free) > 30:
        game.apply(bots[game.current].choose(game.view(game.current)))
    while game.phase == "swap":
        game.apply("pass")
    assert len(game.free) <= Expert.endgame_free
    seat = game.current
    move = Position(game).best(seat)[1]
    assert move is not None
    for cls, name in ((Expert, "expert"), (Strong, "strong")):
        recording(cls, name).rollout(Position(game.copy()), move, seat)
    assert ends["expert"] == ["over"]
    assert ends["strong"] == ["leaf"]


def test_expert_also_searches_moves_that_shut_a_rivals_richest_cell() -> None:
    """Expert's candidates are strong's best plus a few blocking moves (at a table of three
    or four in place of strong's weakest, so that they add no round of halving): in this
    position no placement strong searches takes the empty cell where a rival could score
    most, and expert's blocking candidates do. The cells' worth is read from the board
    alone."""
    from engine.bots.scan import Position

    game = new_game("standard", players=3, seed=25)
    casual = make_bot("casual", seed=25)
    for _ in range(12):
        game.apply(casual.choose(game.view(game.current)))
    assert game.phase == "place"
    seat = game.current
    root = Position(game)
    expert = make_bot("expert", seed=1, budget_ms=200)
    strong = make_bot("strong", seed=1, budget_ms=400)
    threat = expert.rival_threats(root, seat)  # type: ignore[attr-defined]
    richest = max(threat, key=lambda cell: (threat[cell], -cell))
    own = strong.candidates(root, seat)  # type: ignore[attr-defined]
    both = expert.candidates(root, seat)  # type: ignore[attr-defined]
    assert len(own) == 16 and len(both) == 16 and both[:12] == own[:12]
    assert not [p for p in own if richest in p[:2]]
    assert [p for p in both[12:] if richest in p[:2]]


@pytest.mark.parametrize("variant, players", [("duel", 2), ("solo", 1)])
def test_expert_adds_no_blocking_moves_in_the_duel_or_solo(variant: str, players: int) -> None:
    """In the duel (where self-play found blocking moves a loss) and in solo (no rivals)
    expert searches the same candidates as strong."""
    from engine.bots.scan import Position

    game = new_game(variant, players=players, seed=3)
    casual = make_bot("casual", seed=3)
    for _ in range(8):
        game.apply(casual.choose(game.view(game.current)))
    while game.phase == "swap":
        game.apply("pass")
    root = Position(game)
    expert = make_bot("expert", seed=1, budget_ms=200)
    strong = make_bot("strong", seed=1, budget_ms=400)
    seat = game.current
    assert expert.candidates(root, seat) == strong.candidates(root, seat)  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", list(BOT_LEVELS))
def test_same_seed_same_budget_same_moves(level: str) -> None:
    """A bot is deterministic for a seed and budget: a bug report replays move for move."""
    budget = 10 if level in ("strong", "expert") else None
    runs = []
    for _ in range(2):
        game = new_game("standard", players=2, seed=21)
        bot = make_bot(level, seed=5, budget_ms=budget)
        other = make_bot("casual", seed=6)
        for _ in range(10):
            seat = game.current
            game.apply((bot if seat == 0 else other).choose(game.view(seat)))
        runs.append(list(game.moves))
    assert runs[0] == runs[1]


def test_casual_raises_its_lowest_colour() -> None:
    """Casual picks a placement that leaves its sorted track as high as any other placement."""
    game = new_game("standard", players=2, seed=8)
    for _ in range(6):
        game.apply(make_bot("casual", seed=1).choose(game.view(game.current)))
    seat = game.current
    best = max(sorted(game.preview(m)["scores_after"].values()) for m in game.legal_moves())
    chosen = make_bot("casual", seed=2).choose(game.view(seat))
    assert sorted(game.preview(chosen)["scores_after"].values()) == best


def test_solo_rollouts_stop_at_the_bots_next_turn() -> None:
    """In solo no one plays between the bot's turns: a rollout still stops at its next
    turn (one placement, then the leaf), not at the end of the game."""
    from engine.bots.scan import Position
    from engine.bots.strong import Strong

    class Counting(Strong):
        leaves = 0

        def leaf(self, pos: Position, seat: int) -> float:
            Counting.leaves += 1
            assert pos.game.phase != "over" and pos.game.turn == start + 1
            return float(super().leaf(pos, seat))

    game = new_game("solo", players=1, seed=3)
    casual = make_bot("casual", seed=1)
    for _ in range(10):
        game.apply(casual.choose(game.view(0)))
    start = game.turn
    pos = Position(game)
    move = pos.best(0)[1]
    assert move is not None
    Counting(seed=1, budget_ms=10).rollout(pos, move, 0)
    assert Counting.leaves == 1
