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

The recipes are in scripts/sounds/: the synthesis in synth.py, the sounds every game
shares in tabletop.py, and each game's own in a file named after it; every file
there with a SOUNDS table is read, so a game's sounds come with its file.
"""

import argparse
import importlib
import io
import random
import struct
import sys
import wave
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "assets" / "sounds"
sys.path.insert(0, str(HERE / "sounds"))
from synth import RATE  # noqa: E402


def recipes():
    """Every sound of scripts/sounds/*.py: name -> function of a random generator."""
    sounds = {}
    for path in sorted((HERE / "sounds").glob("*.py")):
        module = importlib.import_module(path.stem)
        for name, make in getattr(module, "SOUNDS", {}).items():
            if name in sounds:
                sys.exit(f"two sounds called {name}")
            sounds[name] = make
    return sounds


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
    for name, make in recipes().items():
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
