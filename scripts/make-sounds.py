#!/usr/bin/env python3
"""Makes the game's sounds (assets/sounds/*.wav) from nothing but arithmetic.

Every sound is synthesised here, with Python's standard library only, from a fixed
random seed, so running this again writes the same files byte for byte:

    python3 scripts/make-sounds.py            # writes assets/sounds/
    python3 scripts/make-sounds.py --check    # fails if the committed files differ

The recipes are the classic ones for impacts: a short burst of filtered noise for
the contact, and a few exponentially damped sine modes for the body that rings
(wood rings low and briefly, a stone on wood clicks high and dry, plastic
clacks in between). The win is a bell-like rising arpeggio, the draw two calm
tones. 16-bit mono at 22,050 Hz: enough for clicks and knocks, half the bytes of
CD rate.
"""

import argparse
import io
import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


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


def stone(rng):
    """A slate stone set down on a wooden board: a dry, high click."""
    body = modes([(2350, 0.018, 1.0), (3900, 0.010, 0.6), (1250, 0.030, 0.5), (620, 0.045, 0.35)],
                 0.16, rng, detune=0.01)
    click = noise_burst(0.16, 0.004, rng, brightness=0.8)
    return normalise(fade_in(mix(body, click, gain=0.9)), 0.8)


def piece(rng):
    """A wooden piece put on the board: a lower, rounder knock."""
    body = modes([(520, 0.05, 1.0), (1180, 0.025, 0.55), (2100, 0.012, 0.3)], 0.22, rng, detune=0.01)
    thump = noise_burst(0.22, 0.008, rng, brightness=0.35)
    return normalise(fade_in(mix(body, thump, gain=0.7)), 0.75)


def disc(rng):
    """A plastic disc dropping into the rack: a clack and a short rattle."""
    hit = modes([(1450, 0.02, 1.0), (2700, 0.012, 0.5), (780, 0.035, 0.4)], 0.12, rng, detune=0.01)
    mix(hit, noise_burst(0.12, 0.005, rng, brightness=0.7), gain=0.6)
    out = silence(0.0)
    mix(out, hit)
    mix(out, hit, at=0.065, gain=0.3)
    mix(out, hit, at=0.105, gain=0.1)
    return normalise(fade_in(out), 0.75)


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


def bell(freq, seconds, rng):
    """A soft bell: inharmonic partials, the high ones fading first."""
    return modes([(freq, 0.9, 1.0), (freq * 2.0, 0.5, 0.45), (freq * 2.76, 0.3, 0.25),
                  (freq * 5.4, 0.12, 0.1)], seconds, rng)


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
    "stone": stone,
    "piece": piece,
    "disc": disc,
    "dice-roll": dice_roll,
    "dice-land": dice_land,
    "dice-knocked": dice_knocked,
    "win": win,
    "draw": draw,
}


def wav_bytes(sound):
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        frames = b"".join(
            struct.pack("<h", max(-32767, min(32767, int(round(v * 32767))))) for v in sound
        )
        w.writeframes(frames)
    return buffer.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the files")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, make in SOUNDS.items():
        data = wav_bytes(make(random.Random(f"tabletop {name}")))
        path = OUT / f"{name}.wav"
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(path.name)
        else:
            path.write_bytes(data)
            print(f"{path.relative_to(OUT.parent.parent)}: {len(data):,} bytes")
    if stale:
        print("differ from scripts/make-sounds.py: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
