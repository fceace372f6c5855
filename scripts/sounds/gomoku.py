"""Gomoku's sounds."""

from synth import fade_in, mix, modes, noise_burst, normalise


def stone(rng):
    """A slate stone set down on a wooden board: a dry, high click."""
    body = modes([(2350, 0.018, 1.0), (3900, 0.010, 0.6), (1250, 0.030, 0.5), (620, 0.045, 0.35)],
                 0.16, rng, detune=0.01)
    click = noise_burst(0.16, 0.004, rng, brightness=0.8)
    return normalise(fade_in(mix(body, click, gain=0.9)), 0.8)


SOUNDS = {
    "stone": stone,
}
