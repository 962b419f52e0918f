"""The bots as teachers: the post-game review (`review_model`, `review_screen`: the
costliest moves, the better move and why, the chart, Try from here) and the daily puzzle
(`puzzle_model`, `puzzle_screen`: the day's position, played on the game screen's board,
which the shell lends it as a question; the answer against the best one; days solved).

May import: `web.board`, `web.ui`, `web.play`, `web.store`, the engine; not the other
features.
"""
