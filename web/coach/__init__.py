"""The bots as teachers: the post-game review (`review_model`, `review_screen`: the
costliest moves, the better move and why, the chart, Try from here) and the daily puzzle
(`puzzle_model`, `puzzle_screen`: the day's position, four answers, days solved).

May import: `web.board`, `web.ui`, `web.play`, `web.store`, the engine; not the other
features.
"""
