"""Connect Four's sounds."""

from synth import fade_in, mix, modes, noise_burst, normalise, silence


def disc(rng):
    """A plastic disc dropping into the rack: a clack and a short rattle."""
    hit = modes([(1450, 0.02, 1.0), (2700, 0.012, 0.5), (780, 0.035, 0.4)], 0.12, rng, detune=0.01)
    mix(hit, noise_burst(0.12, 0.005, rng, brightness=0.7), gain=0.6)
    out = silence(0.0)
    mix(out, hit)
    mix(out, hit, at=0.065, gain=0.3)
    mix(out, hit, at=0.105, gain=0.1)
    return normalise(fade_in(out), 0.75)


SOUNDS = {
    "disc": disc,
}
