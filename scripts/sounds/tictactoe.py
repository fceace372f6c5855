"""Tic-tac-toe's sounds."""

from synth import fade_in, mix, modes, noise_burst, normalise


def piece(rng):
    """A wooden piece put on the board: a lower, rounder knock."""
    body = modes([(520, 0.05, 1.0), (1180, 0.025, 0.55), (2100, 0.012, 0.3)], 0.22, rng, detune=0.01)
    thump = noise_burst(0.22, 0.008, rng, brightness=0.35)
    return normalise(fade_in(mix(body, thump, gain=0.7)), 0.75)


SOUNDS = {
    "piece": piece,
}
