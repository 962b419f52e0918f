"""The Challenges screen model as HTML (pure): one function per region of the page.

Every piece goes through ``web.ui.markup`` (``tag`` escapes every text and attribute value,
quotes included); only this project's own SVG symbols pass as ``Markup``. Controls carry
``data-action``: the key of their action in the screen model, nothing more.

* ``controls``: symbols, phrases, buttons, tiles, dice, cards and points;
* ``tables``: the table and the action panel (card and dice tables, racks, hands, plans);
* ``boards``: the score rows, the move list, the tally and the dialogs.

May import: the rest of ``web.challenges`` (its pure modules), `web.board`, `web.ui`,
`web.i18n`; no browser module, not the other features.
"""
