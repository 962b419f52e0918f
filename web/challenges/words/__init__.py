"""The Challenges in the players' language (pure): symbols and points, never move codes.

* ``phrases``: the phrase machinery (text and symbol parts, kept message ids, titles);
* ``lines``: the move list's lines, what ended a challenge, who won, a bot's intent;
* ``rules``: the short in-game rules of the three challenges.

May import: ``web.challenges.previews``, `web.ui`, `web.i18n`, the engine; no browser
module, not the other features.
"""
