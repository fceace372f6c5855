#!/usr/bin/env bash
# Builds the Gomocup engine, pbrain-tabletop, as it plays matches and tournaments:
# the `engine` profile (the whole program optimised as one: fat LTO, one codegen
# unit) and profile-guided optimisation (PGO): an instrumented build plays a few
# short games against itself (`tabletop-cli match`, free-style, standard and renju),
# and the final build is optimised for where those games spent their time.
#
#   scripts/build-engine.sh [--no-pgo] [--native] [OUT]
#
# --no-pgo  the engine profile alone (no training games).
# --native  for this machine's processor (rustc's -C target-cpu=native): faster here,
#           but the binary may not run on an older x86-64.
# OUT       where the engine goes (default $CARGO_TARGET_DIR/pbrain-tabletop, and
#           $CARGO_TARGET_DIR defaults to $HOME/.cache/tabletop-target).
#
# PGO needs rustup's llvm-tools component (llvm-profdata); the script adds it.
# Prints the engine's path last.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { print }' "$0" >&2
    exit 2
}

pgo=1
flags=""
out=""
for arg in "$@"; do
    case $arg in
        --no-pgo) pgo=0 ;;
        --native) flags="-C target-cpu=native" ;;
        -*) usage ;;
        *) out=$arg ;;
    esac
done
target="${CARGO_TARGET_DIR:-$HOME/.cache/tabletop-target}"
out=${out:-$target/pbrain-tabletop}
# With the target named, RUSTFLAGS reach only the engine, not the build scripts and
# procedural macros that run during the build.
host=$(rustc -vV | sed -n 's/^host: //p')
build=(cargo build -q --profile engine --no-default-features --bin pbrain-tabletop --target "$host")
# Where the engine built in target folder $1 lies.
built() {
    echo "$1/$host/engine/pbrain-tabletop"
}

if [ "$pgo" -eq 0 ]; then
    CARGO_TARGET_DIR="$target/engine" RUSTFLAGS="$flags" "${build[@]}"
    cp "$(built "$target/engine")" "$out"
    echo "$out"
    exit 0
fi

rustup component add llvm-tools >/dev/null 2>&1 || true
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    echo "llvm-profdata not found (rustup component add llvm-tools); try --no-pgo" >&2
    exit 1
fi

# Each kind of build in a target folder of its own: their flags differ, and sharing
# one would rebuild every dependency at each switch.
data="$target/engine-pgo/profiles"
rm -rf "$data"
mkdir -p "$data"
CARGO_TARGET_DIR="$target/engine-pgo/generate" RUSTFLAGS="$flags -C profile-generate=$data" \
    "${build[@]}"
CARGO_TARGET_DIR="$target" cargo build -q --release --no-default-features --bin tabletop-cli
instrumented=$(built "$target/engine-pgo/generate")

# The training games: both sides instrumented, 150 ms a move, from four openings of
# three to five stones, each played both ways under free-style (eight games), and
# the first of them both ways under the exactly-five and renju rules.
openings="$target/engine-pgo/openings.txt"
printf '%s\n' h8i9j8 h8g9i10 h8j9h10i9 h8i8g10h10i11 > "$openings"
for rule_games in freestyle:8 standard:2 renju:2; do
    "$target/release/tabletop-cli" match --engine-a "$instrumented" --engine-b "$instrumented" \
        --info-a "thread_num 1" --info-b "thread_num 1" --rule "${rule_games%:*}" \
        --games "${rule_games#*:}" --time-ms 150 --openings "$openings" >/dev/null
done
"$profdata" merge -o "$target/engine-pgo/merged.profdata" "$data"

CARGO_TARGET_DIR="$target/engine-pgo/use" \
    RUSTFLAGS="$flags -C profile-use=$target/engine-pgo/merged.profdata" "${build[@]}"
cp "$(built "$target/engine-pgo/use")" "$out"
echo "$out"
