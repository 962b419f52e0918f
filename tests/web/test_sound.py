"""The game's sounds as data (web/play/sound.py): what a move sounds like and when a
sound may play at all."""

from __future__ import annotations

from web.play.sound import MAX_TICKS, SOUNDS, may_play, move_sounds

WAVES = {"sine", "square", "triangle", "sawtooth"}


def test_a_move_clicks_ticks_per_scoring_line_and_calls_ingenious_and_the_end() -> None:
    """A placement clicks; each line that scores ticks, one after the other (at most four);
    a colour at the top adds the fanfare, the last move the closing chord, in that order."""
    assert move_sounds(0, False, False) == [("place", 0.0)]
    names = [name for name, _ in move_sounds(3, True, True)]
    assert names == ["place", "score", "score", "score", "ingenious", "end"]
    times = [at for _, at in move_sounds(3, True, True)]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert [n for n, _ in move_sounds(9, False, False)].count("score") == MAX_TICKS


def test_no_sound_before_the_players_first_interaction_nor_when_muted() -> None:
    assert may_play(activated=True, muted=False)
    assert not may_play(activated=False, muted=False)
    assert not may_play(activated=True, muted=True)


def test_every_sound_is_short_soft_and_made_of_real_notes() -> None:
    for name, notes in SOUNDS.items():
        assert notes, name
        assert max(n.at + n.length for n in notes) <= 1.2, name
        for note in notes:
            assert 0 < note.volume <= 1 and 20 <= note.frequency <= 8000 and note.wave in WAVES
