"""The board game screen, drawn from state.

- `state`: the screen's own state (`Screen`) and the pure steps that change it;
- `words`: moves and decisions in the players' language;
- `facts`: what depends on the position only (the view, the legal moves, the moves in
  words);
- `model`: ``model(game, screen, facts)``, everything the screen shows; its texts come
  from `status` (the status line, hints, announcements, `status.status_line` decides the
  line) and `over` (the pass screen, the resume panel, the game-over card);
- `draw` (the page) and `canvas` (the board) write a model; `input` turns events into
  state changes; `screen` ties them together (moves, undo, redo, hints, bots).

May import: `web.board`, `web.ui`, `web.play`, `web.store`, the engine; not the other
features.
"""
