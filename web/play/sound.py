"""The game's sounds: a placement click, a scoring tick, the "Ingenious!" fanfare and the
end of a game, synthesised by the page with Web Audio (no sound file, nothing fetched).

Pure, tested on CPython: what each sound is (`SOUNDS`: notes), which sounds a move makes
(`move_sounds`), and whether a sound may play (`may_play`). Browser: `Sounds` plays them.

When a sound may play: never before the player has interacted with the page (a real
press or key, watched for from the first paint; the audio context is made only then, as
browsers allow), and never while
the player has muted the game (the Sound button, remembered with the settings). Reduced
motion says nothing about sound, so it does not turn sound off; sound is on by default.
`window.ingeniousSound` counts what was played, for tests that cannot listen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Note:
    at: float  # seconds after the sound starts
    length: float  # seconds
    frequency: float  # Hz
    volume: float  # 0..1 of the master volume
    wave: str = "sine"  # an OscillatorNode type


#: Each sound as notes. Short and soft: a click (two quick clicks of a wooden tile), a tick
#: (a high blip per scoring line, up to four), a rising arpeggio for "Ingenious!" and a
#: closing chord at the end of a game.
SOUNDS: dict[str, tuple[Note, ...]] = {
    "place": (Note(0.0, 0.05, 220.0, 0.5, "triangle"), Note(0.02, 0.04, 440.0, 0.25, "square")),
    "score": (Note(0.0, 0.06, 1318.5, 0.22), Note(0.03, 0.05, 1760.0, 0.12)),
    "ingenious": tuple(
        Note(0.09 * i, 0.18 if i < 3 else 0.5, f, 0.35, "triangle")
        for i, f in enumerate((523.25, 659.25, 783.99, 1046.5))
    ),
    "end": tuple(Note(0.0, 1.1, f, 0.22, "sine") for f in (392.0, 493.88, 587.33, 783.99)),
}
#: The Sound button's picture: a speaker with waves (on) or crossed out (off).
ICON_ON = (
    '<svg class="sound-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
    '<path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor"/>'
    '<path d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9" fill="none" '
    'stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>'
)
ICON_OFF = (
    '<svg class="sound-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
    '<path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor"/>'
    '<path d="M11 6l4 4M15 6l-4 4" fill="none" '
    'stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>'
)
#: Seconds between the ticks of one move's scoring lines.
TICK_GAP = 0.09
MAX_TICKS = 4


def move_sounds(lines: int, bonus: bool, over: bool) -> list[tuple[str, float]]:
    """The sounds of one move and when (seconds): the click; a tick per scoring line (at
    most four); the fanfare when a colour reached the top ("Ingenious!"); the chord when
    the move ended the game."""
    out = [("place", 0.0)]
    out += [("score", 0.08 + TICK_GAP * i) for i in range(min(lines, MAX_TICKS))]
    later = 0.12 + TICK_GAP * min(lines, MAX_TICKS)
    if bonus:
        out.append(("ingenious", later))
        later += 0.45
    if over:
        out.append(("end", later))
    return out


def may_play(activated: bool, muted: bool) -> bool:
    """A sound plays only once the player has interacted with the page, and never muted."""
    return activated and not muted


class Sounds:
    """The page's player (browser only): one audio context, made at the first sound the
    player's interaction allows; `played` counts each sound played, by name."""

    def __init__(self, muted: bool) -> None:
        self.muted = muted
        self.context: Any = None
        self.master: Any = None
        self.played: dict[str, int] = {}
        self.refused = 0  # sounds asked for before the player's first interaction

    def listen(self) -> None:
        """Make the audio context in idle time after the player's first real press or key
        (at once if there was one already): made on the first sound, it held that move's
        tap some 80 ms."""
        import js  # type: ignore[import-not-found]
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        if self.activated():
            self.prepare()
            return

        def touched(event: Any) -> None:
            if not event.isTrusted:
                return
            for kind in ("pointerdown", "keydown"):
                js.window.removeEventListener(kind, proxy, True)
            self.prepare()

        proxy = create_proxy(touched)
        for kind in ("pointerdown", "keydown"):
            js.window.addEventListener(kind, proxy, True)

    def prepare(self) -> None:
        """The audio context, made when the page is next idle (not when muted)."""
        import js
        from pyodide.ffi import create_once_callable

        if self.muted or self.context is not None:
            return
        options = js.Object.new()
        options.timeout = 2000
        idle = getattr(js.window, "requestIdleCallback", None)
        if idle is None:
            js.setTimeout(create_once_callable(lambda: self.ready()), 50)
        else:
            idle(create_once_callable(lambda deadline: self.ready()), options)

    def activated(self) -> bool:
        """The player has pressed or typed on the page (a real event, which
        web/scripts/start-form.js watches for from the first paint)."""
        import js

        return bool(getattr(js.window, "ingeniousTouched", False))

    def play(self, sounds: list[tuple[str, float]]) -> None:
        """Play `sounds` (name, delay in seconds) now, if the player allows it."""
        if not sounds or self.muted:
            return
        if not may_play(self.activated(), self.muted):
            self.refused += len(sounds)
            return
        try:
            context = self.ready()
            if context is None:
                return
            start = float(context.currentTime) + 0.01
            for name, delay in sounds:
                for note in SOUNDS[name]:
                    self.note(context, start + delay, note)
                self.played[name] = self.played.get(name, 0) + 1
        except Exception as exc:  # a browser without Web Audio: the game plays on, silent
            import js

            js.console.warn(f"sound: {exc}")

    def ready(self) -> Any:
        import js

        if self.context is None:
            maker = getattr(js.window, "AudioContext", None) or getattr(
                js.window, "webkitAudioContext", None
            )
            if maker is None:
                return None
            self.context = maker.new()
            self.master = self.context.createGain()
            self.master.gain.value = 0.35
            self.master.connect(self.context.destination)
        if str(self.context.state) == "suspended":
            self.context.resume()
        return self.context

    def note(self, context: Any, at: float, note: Note) -> None:
        oscillator = context.createOscillator()
        oscillator.type = note.wave
        oscillator.frequency.setValueAtTime(note.frequency, at)
        gain = context.createGain()
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(note.volume, at + 0.008)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + note.length)
        oscillator.connect(gain)
        gain.connect(self.master)
        oscillator.start(at)
        oscillator.stop(at + note.length + 0.02)
