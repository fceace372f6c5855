#!/usr/bin/env bash
# Makes Connect Four's opening book, assets/connectfour/book.bin, with the game's own
# exact solver (see src/ai/connectfour/book.rs): every position level 5 meets before
# the book's depth, as either side, with its score and best column. About half an
# hour on one core of a small machine. Usage: scripts/make-connectfour-book.sh [DEPTH]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tabletop-target}"
out=assets/connectfour/book.bin
cargo run --release --no-default-features --example connectfour_book -- "$out.new" "$@"
mv "$out.new" "$out"
echo "wrote $out"
