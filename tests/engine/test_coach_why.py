"""The coach says why, truthfully (issue 51): every mistake gets its difference in the game's
terms (the tie-break order among them), never "the same"; no bonus turn on a game's last move;
points past a track's end said as past it; a tie for the lowest colour said as a tie; the duel's
exchange, not the standard game's swap; plans whose span and counts agree; hints weighed
against an alternative that is no twin, with a concrete reason."""

from __future__ import annotations

from itertools import islice

from engine import new_game
from engine.bots import make_bot
from engine.coach import hints, lesson_futures, lessons
from engine.coach.lesson_checks import check_fact, check_point
from engine.coach.lesson_plans import plans
from engine.coach.lesson_suite import check_plan
from engine.coach.lesson_words import TEXT, say
from engine.coach.review import MoveReview, costliest, reason_text, worth_figure
from engine.formats.save import load_game
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.tiles import COLOURS
from tests.reviewed_game import avoiding_red

RED, GREEN, BLUE, ORANGE, YELLOW, PURPLE = range(6)


def _midgame(variant: str = "standard", players: int = 2, seed: int = 4, moves: int = 16) -> Game:
    game = new_game(variant, players, seed=seed, names=[f"P{i}" for i in range(players)])
    bot = make_bot("casual", seed=seed)
    for _ in range(moves):
        game.apply(bot.choose(game.view(game.current)))
    return game


def _set_track(game: Game, seat: int, values: list[int]) -> None:
    side = game.variant.side_of(seat)
    game.scores[side][:] = values


def _scoring(game: Game, seat: int, yes: int, no: tuple[int, ...]) -> list[Placement]:
    """Placements that score in colour ``yes`` and in none of ``no``."""
    out = []
    for p in game.placements():
        points = lessons.effect(game, seat, p).points
        if points[yes] and not any(points[c] for c in no):
            out.append(p)
    return out


# --- 1. every mistake gets its difference ----------------------------------------------------


def test_the_next_lowest_colour_decides_when_the_lowest_stays_equal() -> None:
    """The tie-break counts the lowest colour, then the next lowest. Green at 0 and raised by
    neither move, orange at 1 (the next lowest), yellow at 7: raising orange beats raising
    yellow by as many points, and the lesson says so in the tie-break's figures (the issue's
    yellow 7 to 11 against orange 1 to 5), a point the engine confirms."""
    game = _midgame()
    seat = game.current
    _set_track(game, seat, [10, 0, 10, 1, 7, 10])
    found = None
    for p_o in _scoring(game, seat, ORANGE, (GREEN, YELLOW)):
        for p_y in _scoring(game, seat, YELLOW, (GREEN, ORANGE)):
            eo, ey = lessons.effect(game, seat, p_o), lessons.effect(game, seat, p_y)
            if eo.counted() == ey.counted() and not eo.lost[ORANGE]:
                found = (p_o, p_y, eo)
                break
        if found:
            break
    assert found, "no pair of placements scoring alike in orange and yellow"
    p_o, p_y, eo = found
    pro, _ = lessons.contrast(game, seat, p_o, p_y)
    tie = [f for f in pro if f["kind"] == "tie_break"]
    assert tie == [{"kind": "tie_break", "better": [0, eo.after[ORANGE]], "played": [0, 1]}]
    assert check_point(game, seat, p_o, p_y, tie[0]) is None
    assert check_point(game, seat, p_y, p_o, tie[0]) is not None  # the other way it is false
    assert f"0, {eo.after[ORANGE]} after the better move, 0, 1 after yours" in say(tie[0])


def test_every_move_ahead_in_the_tie_break_order_gets_a_difference() -> None:
    """Whenever the better move leaves the player's colours ahead in the tie-break order (the
    lowest, then the next lowest, ...), the lesson states at least one difference."""
    game = _midgame(seed=7)
    seat = game.current
    moves = list(islice(game.placements(), 0, 400, 7))
    checked = 0
    for a in moves:
        for b in moves:
            ea, eb = lessons.effect(game, seat, a), lessons.effect(game, seat, b)
            if sorted(ea.after) > sorted(eb.after):
                pro, _ = lessons.contrast(game, seat, a, b)
                assert pro, (game.placement_text(a), game.placement_text(b))
                checked += 1
    assert checked > 20


def test_a_reason_never_calls_the_moves_the_same() -> None:
    """A mistake whose lesson is empty but whose move played has a merit: the reason gives the
    merit and the sampled futures, never "Both moves do the same now"."""
    merit = {"kind": "yours_points", "better": 2, "played": 5}
    future = [{"kind": "futures_mine", "better": 7.0, "played": 6.0}]
    said = reason_text("x", [], [merit], future)
    assert "the same" not in said
    assert "Yours scores more points that count now (5 against 2)." in said
    assert said.endswith("at 7.0 on average after the better move and at 6.0 after yours.")


def test_with_no_difference_in_the_position_the_futures_give_figures_that_differ() -> None:
    """Where the position shows no difference, the futures say every figure that differs as
    said (the lowest colour, the chance of winning), never a figure equal on both sides."""
    game = _midgame()
    seat = game.current

    def figures(mine: list[float]) -> list[list[float]]:
        rival = [0.5, 6.0, 8.0]
        return [mine, rival] if seat == 0 else [rival, mine]

    said = lesson_futures.futures(
        game, seat, figures([0.48, 6.04, 9.0]), figures([0.04, 6.01, 9.0]), concrete=True
    )
    assert said == [{"kind": "futures_wins", "better": 0.48, "played": 0.04}]
    said = lesson_futures.futures(
        game, seat, figures([0.5, 7.2, 9.0]), figures([0.3, 6.1, 9.0]), concrete=True
    )
    assert [f["kind"] for f in said] == ["futures_mine", "futures_wins"]
    assert "much the same" not in " ".join(say(f) for f in said)


def _result(
    index: int, played_win: float, best_win: float, lows: tuple[float, float]
) -> MoveReview:
    cost = best_win - played_win + 0.03 * (lows[1] - lows[0])
    return MoveReview(index, index, 0, "Ann", "a", "b", played_win, best_win, lows[0], lows[1],
                      cost, "", chances=[played_win, 1 - played_win])  # fmt: skip


def test_the_costliest_list_is_ranked_by_the_figure_it_shows() -> None:
    """A move whose chances of winning round alike (0% after both) lost in the expected lowest
    colour only: its worth is said in that figure, and a move that lost chance of winning
    comes first in the list, so no "0% after; 0% after" heads it."""
    flat = _result(3, 0.001, 0.004, (2.0, 6.0))  # cost 0.123, all in the lowest colour
    lost = _result(5, 0.04, 0.12, (5.0, 5.5))  # cost 0.095, mostly chance of winning
    assert worth_figure(flat, False) == "lowest" and worth_figure(lost, False) == "win"
    assert [r.index for r in costliest([flat, lost])] == [5, 3]


# --- 2. no false facts -----------------------------------------------------------------------


def test_no_bonus_turn_is_claimed_for_the_last_move_of_a_game() -> None:
    """A bonus turn is a turn to play: the placement that ends the game earns none, even when it
    reaches 18 (the engine ends the game first)."""
    game = new_game("standard", 2, seed=3, names=["Ann", "Bob"])
    bots = [make_bot("casual", seed=1), make_bot("casual", seed=2)]
    while not game.over:
        game.apply(bots[game.current].choose(game.view(game.current)))
    save = game.to_save()
    before = load_game({**save, "moves": save["moves"][:-1]})
    last = before.parse(save["moves"][-1])
    assert not isinstance(last, str)
    seat = before.current
    points = lessons.effect(before, seat, last).points
    c = max(range(6), key=lambda x: points[x])
    track = [17] * 6
    track[c] = 18 - points[c]
    _set_track(before, seat, track)
    said = lessons.facts(before, seat, last)
    assert not [f for f in said if f["kind"] == "bonus"], said
    claim = {"kind": "bonus", "colour": COLOURS[c], "mark": 18}
    assert check_fact(before, seat, last, claim) is not None
    trial = before.copy()
    trial.play(last)
    assert trial.over


def test_points_past_18_are_said_past_18_in_the_lesson_too() -> None:
    """Solo: a colour at 16 given more than 2 points stops at 18, the rest wasted past it
    (the issue's blue 16 + 5). The lesson says "N more points of blue past 18", not that the
    colour "was already at 18"."""
    game = _midgame("solo", 1, seed=5, moves=10)
    seat = game.current
    rich = [(lessons.effect(game, seat, p).points[c], c, p)
            for p in game.placements() for c in range(6)]  # fmt: skip
    n, c, over = max(rich)
    assert n > 2
    track = [5] * 6
    track[c] = 16
    _set_track(game, seat, track)
    clean = [p for p in game.placements() if not any(lessons.effect(game, seat, p).lost)]
    assert clean
    pro, _ = lessons.contrast(game, seat, clean[0], over)
    point = next(f for f in pro if f.get("colour") == COLOURS[c] and "wasted" in f["kind"])
    assert point == {"kind": "more_wasted_past", "colour": COLOURS[c], "n": n - 2, "at": 18}
    assert f"{n - 2} more point" in say(point) and "past 18" in say(point)
    assert "already" not in say(point)
    assert check_point(game, seat, clean[0], over, point) is None
    assert check_point(game, seat, clean[0], over, {**point, "kind": "more_wasted"})


def test_a_tie_for_the_lowest_colour_is_said_as_a_tie() -> None:
    """Red and green both at 0: the better move raising red raises "one of your lowest
    colours", and a lesson calling red "your lowest colour" is false."""
    game = _midgame()
    seat = game.current
    _set_track(game, seat, [0, 0, 6, 6, 6, 6])
    up = _scoring(game, seat, RED, (GREEN,))
    flat = [p for p in game.placements() if not any(lessons.effect(game, seat, p).points[:2])]
    assert up and flat
    pro, _ = lessons.contrast(game, seat, up[0], flat[0])
    point = next(f for f in pro if f.get("colour") == "red")
    assert point["kind"] == "left_lowest_tied" and "one of your lowest colours" in say(point)
    assert check_point(game, seat, up[0], flat[0], point) is None
    assert check_point(game, seat, up[0], flat[0], {**point, "kind": "left_lowest"})


def test_the_duel_speaks_of_its_own_rules() -> None:
    """The duel has no lowest colour and no swap: a colour at your 9 lets you exchange the
    tiles showing it. Its lessons never name a lowest colour or the swap; a declined exchange
    is the exchange's lesson, and a fact of the standard swap is false there."""
    game = _midgame("duel", 2, seed=3, moves=12)
    seat = game.current
    moves = list(islice(game.placements(), 0, 300, 11))
    standard = {"take_swap", "swap_setup", "sets_swap", "lowest_after", "tie_break"}
    for a in moves:
        for b in moves[:8]:
            pro, con = lessons.contrast(game, seat, a, b)
            kinds = {f["kind"] for f in pro + con}
            assert not kinds & (standard | lessons.LOWEST_POINTS), kinds
            assert not kinds & {"yours_lowest", "yours_lowest_tied"}
            for f in pro:
                assert check_point(game, seat, a, b, f) is None, f
    colour = game.racks[seat][0][0]
    sign = 1 if seat == 0 else -1
    game.scores[0][colour] = 9 * sign
    pro, _ = lessons.contrast(game, seat, "swap", "pass")
    assert pro == [{"kind": "take_exchange", "colours": [COLOURS[colour]]}]
    assert check_point(game, seat, "swap", "pass", {"kind": "take_swap", "colours": []})
    assert "past your 9" in say(pro[0])


def test_declined_exchanges_in_the_duel_are_a_plan_of_exchanges() -> None:
    """A duel player who declines the exchange again and again: the plan names exchanges."""
    game = new_game("duel", 2, seed=1, names=["Ann", "Bob"])
    bots = [make_bot("strong", seed=1, budget_ms=20), make_bot("casual", seed=1)]
    declined = 0
    while not game.over:
        if game.phase == "swap" and game.current == 0:
            game.apply("pass")
            declined += 1
        else:
            game.apply(bots[game.current].choose(game.view(game.current)))
    assert declined >= 2
    found = plans(game.to_save(), [0])
    assert not [p for p in found if p["kind"] == "plan_swaps"]
    plan = next(p for p in found if p["kind"] == "plan_exchanges")
    assert plan["count"] == declined
    assert "exchanges" in say(plan) and "swap" not in say(plan)
    assert check_plan(game.to_save(), plan) is None
    assert check_plan(game.to_save(), {**plan, "kind": "plan_swaps"})


# --- 3. plans ----------------------------------------------------------------------------


def test_a_plan_left_behind_spans_its_neglect_and_counts_only_its_span() -> None:
    """A colour left behind: the plan begins at the first move where raising it was on offer
    and no lowest colour was raised; its turns and offers are counted in its span, so "on
    offer in N of them" never exceeds the turns; a move in it that raised another lowest
    colour is one of its exceptions (no part of the plan); its words name no other start."""
    save = avoiding_red()
    found = [p for p in plans(save, [0]) if p["kind"] == "plan_behind"]
    assert found
    game = load_game({**save, "moves": []})
    raised: set[int] = set()
    for index, move in enumerate(save["moves"]):
        if game.current == 0 and game.phase == "place":
            p = game.parse(move)
            assert not isinstance(p, str)
            e = lessons.effect(game, 0, p)
            if any(e.gained[c] for c in e.lows):
                raised.add(index)
        game.apply(move)
    for plan in found:
        assert plan["offered"] <= plan["turns"] and plan["first"] == plan["moves"][0]
        span = set(range(plan["first"], plan["last"] + 1))
        assert raised & span == set(plan["except"]), plan
        assert check_plan(save, plan) is None
        assert "from move" not in say(plan)
        assert say(plan).count(".") == 1 and ".." not in say(plan)


def test_only_plans_that_cost_their_player_are_kept() -> None:
    """A plan whose player's chance of winning rose over its span cost them nothing: it is
    not listed under the plans that cost; the same plan with a falling chance is."""
    save = avoiding_red()
    behind = [p for p in plans(save, [0]) if p["kind"] == "plan_behind"]
    assert behind
    n = len(save["moves"])
    rising = {i: [i / n, 1 - i / n] for i in range(n)}
    falling = {i: [1 - i / n, i / n] for i in range(n)}
    assert not [p for p in plans(save, [0], rising) if p["kind"] == "plan_behind"]
    kept = [p for p in plans(save, [0], falling) if p["kind"] == "plan_behind"]
    assert len(kept) == len(behind)
    assert all(p["win_end"] < p["win_start"] for p in kept)


# --- 4. hints ----------------------------------------------------------------------------


def test_a_hint_is_never_weighed_against_its_twin() -> None:
    """The alternative a hint is weighed against is never the same tile with the same points
    and the same facts (a twin the player could not tell from the hint but by its cells)."""
    seen = 0
    for seed in (2, 5, 8):
        game = _midgame(seed=seed, moves=10 + seed)
        seat = game.current
        view = game.view(seat)
        h = hints.hint(view, level="casual", seed=seed)
        move = game.parse(h["move"])
        if isinstance(move, str) or h["versus"] is None:
            continue
        other = game.parse(h["versus"])
        assert not isinstance(other, str)
        assert not hints.twins(game, seat, move, other)
        assert h["versus_why"]["kind"] != "vs_search" or h["versus_why"] is None
        seen += 1
    assert seen >= 2


def test_twins_are_the_same_tile_points_and_facts() -> None:
    """Two placements of one tile with equal points and facts are twins; the alternatives of
    a hint leave every twin out."""
    game = _midgame(seed=9)
    seat = game.current
    by_tile: dict[tuple[object, ...], list[Placement]] = {}
    for p in game.placements():
        key = (frozenset((p[2], p[3])), tuple(lessons.effect(game, seat, p).points))
        by_tile.setdefault(key, []).append(p)
    pairs = [(ps[0], q) for ps in by_tile.values() for q in ps[1:]
             if lessons.facts(game, seat, ps[0]) == lessons.facts(game, seat, q)]  # fmt: skip
    assert pairs, "no twin placements in the position"
    a, b = pairs[0]
    assert hints.twins(game, seat, a, b)
    alternatives = hints.alternatives(game, seat, a)
    assert all(not hints.twins(game, seat, a, q) for q in alternatives if not isinstance(q, str))


def test_the_look_ahead_reason_is_given_in_figures() -> None:
    """Where the position shows no difference, the hint says what the sampled games show:
    the lowest colour each ends with (the duel: colours on your side), else the chance of
    winning; and only where the hint is ahead."""
    game = _midgame()
    said = hints._futures_clause(game, (0.5, 6.3), (0.5, 5.1))
    assert said == {"kind": "vs_futures", "better": 6.3, "played": 5.1}
    assert "ends at 5.1 on average in the sampled games to the end, against 6.3" in say(said)
    said = hints._futures_clause(game, (0.6, 6.3), (0.4, 6.31))
    assert said is not None and said["kind"] == "vs_futures_wins"
    assert hints._futures_clause(game, (0.4, 6.0), (0.6, 6.5)) is None
    duel = _midgame("duel", 2, seed=3, moves=6)
    said = hints._futures_clause(duel, (0.5, 3.0), (0.5, 2.0))
    assert said is not None and "colours on your side" in say(said)


def test_no_text_says_the_moves_are_the_same() -> None:
    """The review's lesson texts hold no "the same now" but the retired one."""
    assert all("the same now" not in t for k, t in TEXT.items() if k != "same_now")


def test_a_hint_whose_near_alternatives_all_do_as_well_looks_further_for_a_contrast() -> None:
    """The duel hint the audit found saying only "the bot's look-ahead rates lower" (game 27
    of `audit --table duel --seed 21`, seat 0 at move 11): where the four nearest
    alternatives show no difference, in the position or in the sampled games, the hint looks
    among more of them and gives a true, concrete reason."""
    from engine.coach.lesson_audit import bot_game

    save = bot_game("duel", 27).to_save()
    position = load_game({**save, "moves": save["moves"][:10]})
    assert position.current == 0 and position.phase == "place"
    h = hints.hint(position.view(0), level="casual", seed=10)
    assert h["versus"] is not None and h["versus_why"]["kind"] != "vs_search", h
    move, other = position.parse(h["move"]), position.parse(h["versus"])
    assert not isinstance(move, str) and not isinstance(other, str)
    assert not hints.twins(position, 0, move, other)
    if h["versus_why"]["kind"].startswith("vs_futures"):
        assert h["versus_why"]["better"] > h["versus_why"]["played"], h["versus_why"]
