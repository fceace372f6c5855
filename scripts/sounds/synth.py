"""The synthesis every game's sounds are made of (see scripts/make-sounds.py): damped
sine modes for what rings, filtered noise for contacts, 16-bit mono at 22,050 Hz.
Python's standard library only."""

import math

RATE = 22050


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def mix(into, sound, at=0.0, gain=1.0):
    """Adds `sound` into `into` starting `at` seconds, growing it as needed."""
    start = int(at * RATE)
    end = start + len(sound)
    if len(into) < end:
        into.extend([0.0] * (end - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += gain * v
    return into


def modes(freqs_decays_gains, seconds, rng=None, detune=0.0):
    """Damped sine modes: (frequency Hz, decay time s, gain) each."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for freq, decay, gain in freqs_decays_gains:
        if rng is not None and detune:
            freq *= 1.0 + rng.uniform(-detune, detune)
        phase = rng.uniform(0, 2 * math.pi) if rng is not None else 0.0
        w = 2 * math.pi * freq / RATE
        for i in range(n):
            t = i / RATE
            out[i] += gain * math.exp(-t / decay) * math.sin(w * i + phase)
    return out


def noise_burst(seconds, decay, rng, brightness=0.5):
    """White noise through a one-pole low-pass (brightness 0 dark .. 1 bright),
    with an exponential decay: the contact of an impact."""
    n = int(seconds * RATE)
    out = []
    y = 0.0
    a = 1.0 - brightness
    for i in range(n):
        t = i / RATE
        x = rng.uniform(-1, 1)
        y = a * y + (1 - a) * x
        out.append(y * math.exp(-t / decay))
    return out


def fade_in(sound, seconds=0.002):
    n = max(1, int(seconds * RATE))
    for i in range(min(n, len(sound))):
        sound[i] *= i / n
    return sound


def normalise(sound, peak=0.85):
    top = max(abs(v) for v in sound) or 1.0
    return [v * peak / top for v in sound]


def bell(freq, seconds, rng):
    """A soft bell: inharmonic partials, the high ones fading first."""
    return modes([(freq, 0.9, 1.0), (freq * 2.0, 0.5, 0.45), (freq * 2.76, 0.3, 0.25),
                  (freq * 5.4, 0.12, 0.1)], seconds, rng)
