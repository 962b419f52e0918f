"""Saves in the page: autosave and resume, named saves, import/export, links, replays, stats.

- `manager`: the autosave, two-tab conflicts, and the hooks the page shell calls;
- `panel`: the "Saved games" card (save under a name, the list, set-aside entries,
  statistics), its texts and markup in `entries` (pure);
- `viewer`: the replay viewer (its model is `web.saves.replay.replay_model`);
- `messages`: the notice and the toasts; `widgets`: the storage and small elements.
- `share`: a game as a JSON file or a link (pure functions), and `Sharing`, the page's
  export, import (button or drop) and links (`#game=`); `replay`: a game step by step (pure);
  `stats`: games played and won; `reviews`: where a game's review is kept (pure).

The storage rules themselves are in `web.store.storage`. Text from a save (names, file names,
reasons) is always set with ``textContent`` or through `web.ui.markup`.

May import: `web.board`, `web.ui`, `web.play`, `web.store`, `web.game`, the engine.
"""
