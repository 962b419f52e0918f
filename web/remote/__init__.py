"""Play with friends on their own devices, by messages (docs/remote.md; the engine side is
`engine.remote.api`).

- `games`: the remote games kept on this device (one storage key per game, read through
  `web.store`'s guarded reads), and the steps of a game (create, open a message, join,
  send a turn, send again), pure: each step either changes the stored game and says what to
  send, or names the problem and changes nothing;
- `model`: the Play-with-friends screen as state and its markup (the list of games, the
  open-a-message box, the new-game form, one game's status and the message to send), pure;
- `screen`: that screen in the page (a dialog), the `#m=` fragment, copy and download;
  a turn is played on the game screen, which the shell lends it (`screen.Host`).

May import: `web.board`, `web.ui`, `web.play`, `web.store`, the engine; not the other
features (the shell wires this one to the game screen).
"""
