"""Saves in the page: autosave and resume, named saves, import/export, links, replays, stats.

- `manager`: the autosave, two-tab conflicts, and the hooks the page shell calls;
- `panel`: the "Saved games" card (save under a name, the list, set-aside entries,
  statistics), its texts and markup in `entries` (pure);
- `sharing`: export files, import files (button or drop), links (`#game=`);
- `viewer`: the replay viewer (its model is `web.replay.replay_model`);
- `messages`: the notice and the toasts; `widgets`: the storage and small elements.

The storage rules themselves are in `web.storage`. Text from a save (names, file names,
reasons) is always set with ``textContent`` or through `web.markup`.
"""
