"""The Play-with-friends screen as state, and its markup (pure: CPython-tested).

`RemoteState` is the screen's own state: which part shows (the list, or one game), what
the last step said and made (`web.remote.games.Outcome`), and what is typed in its fields.
`body_html(state, stores, page)` draws all of it from that state and the stored games
(their engine stores: `engine.remote.api.status` says where each stands); the page only
puts the markup in and tells the state what was typed or clicked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.remote import api
from web.board.symbols import colour_name
from web.i18n import N_, _, fmt
from web.i18n import join as join_words
from web.play.engine_words import engine_text
from web.remote.codes import codes_html
from web.remote.games import Outcome
from web.ui.markup import Markup, join, tag

#: The tables a remote game can be: (value, variant, players, words).
TABLES = (
    ("2", "standard", 2, N_("Standard, 2 players")),
    ("3", "standard", 3, N_("Standard, 3 players")),
    ("4", "standard", 4, N_("Standard, 4 players")),
    ("team", "team", 4, N_("Team, 2 against 2")),
    ("duel", "duel", 2, N_("Duel, 2 players")),
)
FILES = ".txt,.json,text/plain,application/json"  # a message, or an exported game
VARIANT_WORDS = {"standard": N_("Standard game"), "team": N_("Team game"),
                 "duel": N_("Duel")}  # fmt: skip


@dataclass
class RemoteState:
    """What the screen shows: ``view`` is ``"list"`` (the games, the open-a-message box,
    a new game) or ``"game"`` (one game: ``game``)."""

    view: str = "list"
    game: str | None = None
    problem: str = ""
    note: str = ""
    since: list[dict[str, Any]] = field(default_factory=list)
    send: str | None = None
    table: str = "2"
    name: str = ""
    join_name: str = ""
    paste: str = ""

    def told(self, out: Outcome) -> None:
        """A step's outcome: its game shows (if it has one) with what it said and made."""
        self.problem, self.note = out.problem, out.note
        self.since, self.send = list(out.since), out.send
        if out.game is not None:
            self.view, self.game = "game", out.game
        if not out.problem:
            self.paste = ""

    def table_choice(self) -> tuple[str, int]:
        for value, variant, players, _words in TABLES:
            if value == self.table:
                return variant, players
        return "standard", 2


def since_lines(since: list[dict[str, Any]], names: list[str]) -> list[str]:
    """The engine's events since this seat's last move, in words."""
    lines = []
    for event in since:
        seat = int(event.get("seat", 0))
        who = names[seat] if 0 <= seat < len(names) and names[seat] else fmt("Seat {n}", n=seat + 1)
        move = str(event.get("move", ""))
        if move == "swap":
            lines.append(fmt("{name} swapped their tiles.", name=who))
        elif move == "pass":
            lines.append(fmt("{name} kept their tiles.", name=who))
        elif move:
            points = event.get("points") or {}
            gained = [fmt("+{n} {colour}", n=int(n), colour=colour_name(str(c)))
                      for c, n in points.items()]  # fmt: skip
            if gained:
                lines.append(fmt("{name} placed a tile: {points}.", name=who,
                                 points=join_words(gained)))  # fmt: skip
            else:
                lines.append(fmt("{name} placed a tile, scoring nothing.", name=who))
            if event.get("bonus"):
                lines.append(fmt("Ingenious! {name} plays again.", name=who))
        if event.get("end"):
            lines.append(_("The game is over."))
    return lines


def who_names(status: dict[str, Any]) -> str:
    names = [n or fmt("Seat {n}", n=i + 1) for i, n in enumerate(status["names"])]
    return join_words(names)


def title(status: dict[str, Any]) -> str:
    kind = _(VARIANT_WORDS.get(str(status["variant"]), VARIANT_WORDS["standard"]))
    return fmt("{kind}: {names}", kind=kind, names=who_names(status))


def standing(status: dict[str, Any]) -> str:
    """Where a game stands, in one sentence (the list's line, the game's heading)."""
    verification = status.get("verification")
    if status["finished"] and isinstance(verification, dict):
        if verification.get("verified"):
            return _("Game over: verified.")
        problems = verification.get("problems") or [{}]
        first = problems[0] if isinstance(problems[0], dict) else {}
        return fmt("Game over, but NOT verified: message {message}, seat {seat}: {problem}",
                   message=first.get("message", "?"), seat=_seat_no(first.get("seat")),
                   problem=engine_text(str(first.get("problem", ""))))  # fmt: skip
    if status["seat"] is None and status["joinable"] is not None:
        return fmt("An invitation: join seat {n}.", n=int(status["joinable"]) + 1)
    if status["my_turn"]:
        return _("Your turn.")
    if status["over"]:
        return _("Game over: the devices are showing their keys to verify it.")
    name = status["awaited_name"] or fmt("seat {n}", n=_seat_no(status["awaited"]))
    if status["awaited"] == status["seat"]:
        return _("This device owes a message.")
    return fmt("Waiting for {name}: {why}", name=name, why=engine_text(str(status["waiting_for"])))


def _seat_no(seat: Any) -> str:
    return str(int(seat) + 1) if isinstance(seat, int) else "?"


def result_line(status: dict[str, Any]) -> str:
    verification = status.get("verification")
    result = verification.get("result") if isinstance(verification, dict) else None
    if not isinstance(result, dict):
        return ""
    standings = [s for s in result.get("standings") or [] if isinstance(s, dict)]
    if not standings:
        return ""
    first = min(int(s.get("place", 0)) for s in standings)
    names = [str(s.get("name", "")) for s in standings if int(s.get("place", 0)) == first]
    lows = [fmt("{name} {n}", name=str(s.get("name", "")), n=int(s.get("lowest", 0)))
            for s in standings]  # fmt: skip
    return fmt("Winner: {names}. Lowest colours: {lows}.", names=join_words(names),
               lows=join_words(lows))  # fmt: skip


def button(act: str, text: str, element_id: str, primary: bool = False, **data: str) -> Markup:
    attrs: dict[str, object] = {"type": "button", "id": element_id or None, "data-act": act,
                                "class": "primary" if primary else None}  # fmt: skip
    attrs.update({f"data-{k}": v for k, v in data.items()})
    return tag("button", attrs, text)


def send_html(message: str, page: str) -> Markup:
    """The message to send: as a link, as text (each with Copy), as a file."""
    link = api.message_link(message, page)
    return tag(
        "section", {"class": "remote-send", "aria-labelledby": "remote-send-title"},
        tag("h3", {"id": "remote-send-title"}, _("Send this message to every other player")),
        tag("p", {"class": "muted"}, _("By any messenger or mail: the link opens the game on"
                                      " their device; or they paste the text, or open the file,"
                                      " in Play with friends.")),  # fmt: skip
        tag("label", {"for": "remote-link"}, _("Link")),
        tag("textarea", {"id": "remote-link", "readonly": True, "rows": 2}, link),
        tag("div", {"class": "row-buttons"},
            button("copy-link", _("Copy the link"), "remote-copy-link", True),
            button("copy-text", _("Copy the text"), "remote-copy-text"),
            button("download", _("Download as a file"), "remote-download")),
        tag("label", {"for": "remote-text"}, _("Text")),
        tag("textarea", {"id": "remote-text", "readonly": True, "rows": 2}, message),
        codes_html(message, page),
    )  # fmt: skip


def game_html(state: RemoteState, status: dict[str, Any]) -> Markup:
    """One game: its table, its seats, what happened, whom it waits on, what to do."""
    parts: list[object] = [
        tag("h3", {"id": "remote-game-title"},
            title(status)),
        tag("p", {"id": "remote-standing", "class": "remote-standing"}, standing(status)),
    ]  # fmt: skip
    seat = status["seat"]
    if seat is not None:
        parts.append(tag("p", {"class": "muted"}, fmt("You play seat {n}.", n=seat + 1)))
    result = result_line(status)
    if result:
        parts.append(tag("p", {"id": "remote-result"}, result))
    lines = since_lines(state.since, list(status["names"]))
    if lines:
        parts.append(tag("h4", None, _("Since your last turn")))
        parts.append(tag("ul", {"id": "remote-since"}, [tag("li", None, x) for x in lines]))
    actions: list[object] = []
    if seat is None and status["joinable"] is not None:
        n = int(status["joinable"]) + 1
        parts.append(tag("label", {"for": "remote-join-name"}, fmt("Your name (seat {n})", n=n)))
        parts.append(tag("input", {"id": "remote-join-name", "maxlength": 24,
                                   "autocomplete": "off", "value": state.join_name,
                                   "data-field": "join_name"}))  # fmt: skip
        actions.append(button("join", fmt("Join seat {n}", n=n), "remote-join", True,
                              seat=str(n - 1)))  # fmt: skip
    if status["my_turn"]:
        actions.append(button("play", _("Play your turn"), "remote-play", True))
    elif status["started"]:
        actions.append(button("play", _("Show the board"), "remote-board"))
    if status["last_sent"] is not None and state.send is None:
        actions.append(button("again", _("Send again"), "remote-again"))
    if seat is not None:
        actions.append(button("export", _("Export this game"), "remote-export"))
    actions.append(button("list", _("All games with friends"), "remote-to-list"))
    parts.append(tag("div", {"class": "row-buttons"}, actions))
    if seat is not None:
        parts.append(tag("p", {"class": "muted"},
                         _("The export holds this device's secret keys for the game: whoever"
                           " has the file can play your seat. Open it in Play with friends on"
                           " your other device to go on there.")))  # fmt: skip
    return tag("section", {"class": "remote-game", "aria-labelledby": "remote-game-title"},
               parts)  # fmt: skip


def list_html(state: RemoteState, stores: dict[str, str]) -> Markup:
    rows = []
    for game, text in stores.items():
        status = api.status(text)
        rows.append(tag(
            "li", {"class": "remote-entry", "data-game": game},
            tag("span", {"class": "remote-entry-names"},
                title(status)),
            " ",
            tag("span", {"class": "remote-entry-standing"}, standing(status)),
            " ",
            button("show", _("Open"), "", False, game=game),
            button("again", _("Send again"), "", False, game=game)
            if status["last_sent"] is not None else "",
        ))  # fmt: skip
    games = (
        tag("ul", {"id": "remote-games", "class": "remote-games"}, rows)
        if rows
        else tag("p", {"id": "remote-games", "class": "muted"}, _("No games with friends yet."))
    )
    options = [tag("option", {"value": value, "selected": value == state.table}, _(words))
               for value, _v, _p, words in TABLES]  # fmt: skip
    return join([
        tag("h3", None, _("Your games with friends")),
        games,
        tag("section", {"class": "remote-open", "aria-labelledby": "remote-open-title"},
            tag("h3", {"id": "remote-open-title"}, _("Open a message")),
            tag("label", {"for": "remote-paste"}, _("Paste a link or a message a friend sent")),
            tag("textarea", {"id": "remote-paste", "rows": 3, "data-field": "paste"},
                state.paste),
            tag("div", {"class": "row-buttons"},
                button("open", _("Open the message"), "remote-open-button", True)),
            tag("label", {"for": "remote-file"},
                _("Or open a message file, or a game exported on another device")),
            tag("input", {"type": "file", "id": "remote-file", "accept": FILES})),
        tag("section", {"class": "remote-new", "aria-labelledby": "remote-new-title"},
            tag("h3", {"id": "remote-new-title"}, _("New game with friends")),
            tag("p", {"class": "muted"},
                _("You play the first seat here; every other seat is a friend on their own"
                  " device, who joins with the invitation you send. No bots at such a table:"
                  " this device would hold a bot's tiles and could read them.")),
            tag("label", {"for": "remote-table"}, _("Game")),
            tag("select", {"id": "remote-table", "data-field": "table"}, options),
            tag("label", {"for": "remote-name"}, _("Your name")),
            tag("input", {"id": "remote-name", "maxlength": 24, "autocomplete": "off",
                          "value": state.name, "data-field": "name"}),
            tag("div", {"class": "row-buttons"},
                button("create", _("Make the invitation"), "remote-create", True))),
    ])  # fmt: skip


def body_html(state: RemoteState, stores: dict[str, str], page: str) -> Markup:
    """The whole screen below its title, from the state and the stored games."""
    parts: list[object] = []
    if state.problem:
        parts.append(tag("p", {"id": "remote-problem", "class": "remote-problem problem",
                               "role": "alert"}, state.problem))  # fmt: skip
    if state.note:
        parts.append(tag("p", {"id": "remote-note", "role": "status"}, state.note))
    if state.send is not None:
        parts.append(send_html(state.send, page))
    if state.view == "game" and state.game in stores:
        parts.append(game_html(state, api.status(stores[state.game])))
    else:
        parts.append(list_html(state, stores))
    return join(parts)
