"""Short rules of the three challenges for the in-game help (our own words)."""

from __future__ import annotations

from html import escape

from web.i18n import N_, _
from web.ui.markup import Markup

#: Each part of the rules: (tag, text) pairs, the texts translated where shown.
COMMON = (
    (
        "p",
        N_(
            "Everyone has six score rows, one per colour, from 0 to 10. A row may only move "
            "into 4–6 once none of your rows is at 0, and into 7–10 once all of them are at 4 "
            "or more; a point that would break this, or go past 10, is lost, together with "
            "the rest of that symbol's points. Reaching 10 in a colour earns one bonus turn "
            "(once per colour). The first player with every row at 7 or more wins."
        ),
    ),
)

RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "cards": (
        (
            "h3",
            N_("Card Challenge"),
        ),
        (
            "p",
            N_(
                "Each card shows two symbols. On your turn play one card from your hand of six: "
                "for each of its symbols, in the order you choose, score one point for every "
                "face-up card on the table (yours included) showing that symbol. The played card "
                "then replaces your face-up card (with two players each has two: the one near the "
                "centre is discarded, the near one moves up, the new one goes near you)."
            ),
        ),
        (
            "p",
            N_(
                "At the end of your turn, if no card in your hand shows your lowest colour, you "
                "may show and discard the whole hand. Then draw back up to six. Bonus turns are "
                "played from the hand without drawing."
            ),
        ),
        *COMMON,
    ),
    "dice": (
        (
            "h3",
            N_("Dice Challenge"),
        ),
        (
            "p",
            N_(
                "Roll all your dice; you may re-roll all of them up to two more times. Then score "
                "each die in the order you choose: one point for every die of the other players "
                "showing the same symbol. Two or more equal dice may instead be a wild: any "
                "colour you pick, worth one point less than the number of dice (two dice: 1, "
                "three: 2, four: 3); a group can be split, e.g. four equal dice as two wilds of "
                "two. Your dice stay showing for the others."
            ),
        ),
        *COMMON,
    ),
    "tiles": (
        (
            "h3",
            N_("Tile Challenge"),
        ),
        (
            "p",
            N_(
                "The centre holds three face-up tiles, refilled at the start of each turn. Either "
                "take a free score (all centre tiles of one of your lowest colours, if the centre "
                "shows one) or draw from the face-down pool. A drawn tile that repeats a symbol "
                "you drew this turn, or that no centre tile shows, ends your turn: your drawn "
                "tiles go to the centre. Otherwise you may draw again or stop and score: take the "
                "centre tiles matching your drawn ones and score one point per tile. Points above "
                "the target (7, or 5 with four players) are lost. Reaching the target in a colour "
                "earns a bonus turn. The first player with every row at the target wins; the area "
                "rule does not apply here."
            ),
        ),
    ),
    "match": (
        (
            "h3",
            N_("A match"),
        ),
        (
            "p",
            N_(
                "Play several challenges in a row. After each, every player earns victory points "
                "equal to their lowest row; the highest total wins the match."
            ),
        ),
    ),
}


def rules_html(variant: str | None = None) -> Markup:
    "''The rules of one challenge first, then the others (this module's own HTML).''"
    order = ["cards", "dice", "tiles", "match"]
    if variant in order:
        order.remove(variant)
        order.insert(0, variant)
    return Markup(
        "".join(f"<{t}>{escape(_(text), quote=False)}</{t}>" for v in order for t, text in RULES[v])
    )
