#!/usr/bin/env bash
# Makes Connect Four's opening book, assets/connectfour/book.bin, with the game's own
# exact solver (see src/ai/connectfour/book.rs): every position level 5 meets before
# the book's depth, as either side, with its score and best column, solved ply by
# ply (the shipped book, 9 plies: 1,112 positions in 54 minutes on one core of
# a 2-core machine). Usage: scripts/make-connectfour-book.sh [DEPTH]. A run stopped part-way
# leaves assets/connectfour/book.bin.partial; `scripts/make-connectfour-book.sh
# --finish` makes the book from it (complete to the plies it finished).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tabletop-target}"
out=assets/connectfour/book.bin
if [ "${1:-}" = "--finish" ]; then
    cargo run --release --no-default-features --example connectfour_book -- --finish "$out"
else
    cargo run --release --no-default-features --example connectfour_book -- "$out" "$@"
fi
rm -f "$out.partial"
