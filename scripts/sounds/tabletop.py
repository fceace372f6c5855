"""The sounds every game shares: the end of a game."""

from synth import bell, fade_in, mix, normalise, silence


def win(rng):
    """A win: a rising major arpeggio of bells, the last held and sparkling."""
    out = silence(1.6)
    notes = [523.25, 659.25, 783.99, 1046.5]  # C5 E5 G5 C6
    for i, f in enumerate(notes):
        mix(out, bell(f, 1.6 - 0.12 * i, rng), at=0.12 * i, gain=0.8 if i < 3 else 1.0)
    mix(out, bell(1318.5, 1.0, rng), at=0.5, gain=0.3)  # E6 over the top
    return normalise(fade_in(out), 0.8)


def draw(rng):
    """A draw: two calm tones, a fourth apart, settling."""
    out = silence(1.1)
    mix(out, bell(587.33, 1.0, rng), gain=0.8)  # D5
    mix(out, bell(440.0, 0.9, rng), at=0.2, gain=0.9)  # A4
    return normalise(fade_in(out), 0.7)


SOUNDS = {
    "win": win,
    "draw": draw,
}
