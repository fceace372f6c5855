"""Knucklebones' sounds."""

import math

from synth import RATE, fade_in, mix, modes, noise_burst, normalise, silence


def tick(rng, gain):
    """One small contact of a die: a tiny bright knock."""
    f = rng.uniform(1800, 3200)
    body = modes([(f, 0.008, 1.0), (f * 1.7, 0.005, 0.5)], 0.04, rng)
    return [gain * v for v in mix(body, noise_burst(0.04, 0.002, rng, brightness=0.9), gain=0.8)]


def dice_roll(rng):
    """A die rolling and tumbling: a rattle of small contacts, thinning out."""
    out = silence(0.55)
    t = 0.0
    while t < 0.5:
        mix(out, tick(rng, rng.uniform(0.3, 1.0) * (1.0 - t)), at=t)
        t += rng.uniform(0.018, 0.06) * (1.0 + 2.5 * t)
    return normalise(fade_in(out), 0.6)


def dice_land(rng):
    """A die coming to rest in its slot: a wooden tock."""
    body = modes([(880, 0.03, 1.0), (1900, 0.015, 0.5), (430, 0.05, 0.4)], 0.16, rng, detune=0.02)
    mix(body, noise_burst(0.16, 0.004, rng, brightness=0.6), gain=0.6)
    return normalise(fade_in(body), 0.7)


def dice_knocked(rng):
    """A die knocked out: a hard hit, then it flies off with a falling whoosh."""
    hit = modes([(760, 0.04, 1.0), (1600, 0.02, 0.7), (3100, 0.01, 0.4)], 0.1, rng)
    mix(hit, noise_burst(0.1, 0.006, rng, brightness=0.85), gain=1.0)
    whoosh = []
    y = 0.0
    n = int(0.45 * RATE)
    for i in range(n):
        t = i / RATE
        a = 0.55 + 0.4 * (t / 0.45)  # darker as it goes
        y = a * y + (1 - a) * rng.uniform(-1, 1)
        env = math.sin(math.pi * min(1.0, t / 0.45)) ** 2
        whoosh.append(0.5 * y * env)
    out = silence(0.0)
    mix(out, hit)
    mix(out, whoosh, at=0.03)
    return normalise(fade_in(out), 0.75)


SOUNDS = {
    "dice-roll": dice_roll,
    "dice-land": dice_land,
    "dice-knocked": dice_knocked,
}
