"""The board game screen, drawn from state.

- `state`: the screen's own state (`Screen`) and the pure steps that change it;
- `words`: moves and decisions in the players' language;
- `model`: ``model(game, screen, facts)``, everything the screen shows (the status line
  is decided in `model.status_line`);
- `draw` (the page) and `canvas` (the board) write a model; `input` turns events into
  state changes; `screen` ties them together (moves, undo, redo, hints, bots).

May import: `web.board`, `web.ui`, `web.play`, `web.store`, the engine; not the other
features.
"""
