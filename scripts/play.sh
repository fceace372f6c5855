#!/usr/bin/env bash
# Plays Tabletop, with sound: `scripts/play.sh [the game's flags]`, for example
# `scripts/play.sh --game gomoku --white ai:5`.
#
# Sound goes through Bevy's audio, which on Linux links ALSA: its development
# package (libasound2-dev) and pkg-config must be there to build it. When they are
# not, this installs them (apt-get, with sudo unless run as root); where that is not
# possible it says so and plays without sound (`cargo run --release` builds the
# silent game, which needs no system package at all).
set -euo pipefail
cd "$(dirname "$0")/.."

features=sound
if [ "$(uname -s)" = Linux ] && ! pkg-config --exists alsa 2>/dev/null; then
    echo "Sound needs ALSA's development package: installing libasound2-dev and pkg-config (apt-get)..."
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    if command -v apt-get >/dev/null &&
        { $sudo apt-get install -y -q libasound2-dev pkg-config ||
            { $sudo apt-get update -q && $sudo apt-get install -y -q libasound2-dev pkg-config; }; }; then
        echo "installed"
    else
        echo "Could not install them: playing without sound. With your system's ALSA development"
        echo "package and pkg-config installed, this script builds the game with sound."
        features=""
    fi
fi

exec cargo run --release ${features:+--features "$features"} -- "$@"
