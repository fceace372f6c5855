#!/usr/bin/env bash
# Self-play A/B for the Gomoku engine: builds pbrain-tabletop at two revisions and
# plays them against each other over the Gomocup protocol (`tabletop-cli match`,
# every move judged by the rules), one thread each, each opening twice with colours
# swapped. How the engine changes of issue 13 were judged.
#
#   scripts/gomoku-ab.sh [-t MS] [-j JOBS] [-o OPENINGS | -n OPENINGS_TO_MAKE] REV_A REV_B
#
# REV_A, REV_B: git revisions, or `.` for the working tree.
# -t  time per move in ms (default 150).
# -j  matches side by side, each on its share of the openings (default: the cores;
#     each match keeps about one core busy, the engines taking turns).
# -o  openings, one a line as `h8i9j10`; or
# -n  how many to make with Rapfi's `opengen` (3 to 6 stones each), Rapfi being
#     $RAPFI (../shared/gomoku-lab/build-rapfi.sh builds it). Default: -n 64.
#
# Prints each match's games to $OUT_DIR (default a temporary folder) and, last,
# `a_wins X b_wins Y draws Z` over all games. Self-play games repeat, so use many
# openings: 24 gave 48-48 where 64 told the engines apart (76-51).
set -euo pipefail
cd "$(dirname "$0")/.."

ms=150
jobs=$(nproc)
openings=""
make=64
while getopts "t:j:o:n:" opt; do
    case $opt in
        t) ms=$OPTARG ;;
        j) jobs=$OPTARG ;;
        o) openings=$OPTARG ;;
        n) make=$OPTARG ;;
        *) sed -n '2,19p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ]; then
    sed -n '2,19p' "$0" >&2
    exit 2
fi

if [ -z "$openings" ] && { [ -z "${RAPFI:-}" ] || [ ! -x "$RAPFI" ]; }; then
    echo "no openings: give -o FILE, or set RAPFI to Rapfi's pbrain binary for -n" >&2
    exit 2
fi

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tabletop-target}"
out=${OUT_DIR:-$(mktemp -d /tmp/gomoku-ab.XXXXXX)}
mkdir -p "$out"

# The engine at a revision, copied to $out/pbrain-<a|b>.
build() {
    local rev=$1 name=$2 dir=.
    if [ "$rev" != "." ]; then
        dir="$out/tree-$name"
        rm -rf "$dir"
        git worktree add -q --detach "$dir" "$rev"
    fi
    cargo build -q --release --no-default-features --bin pbrain-tabletop \
        --manifest-path "$dir/Cargo.toml"
    cp "$CARGO_TARGET_DIR/release/pbrain-tabletop" "$out/pbrain-$name"
    if [ "$dir" != "." ]; then
        git worktree remove --force "$dir"
    fi
}
build "$1" a
build "$2" b
# The judge comes from the working tree.
cargo build -q --release --no-default-features --bin tabletop-cli
cp "$CARGO_TARGET_DIR/release/tabletop-cli" "$out/tabletop-cli"

if [ -z "$openings" ]; then
    openings="$out/openings.txt"
    "$RAPFI" opengen -n "$make" --min-move 3 --max-move 6 -o "$out/opengen.txt" >/dev/null
    # opengen writes `h8i9j10`-style lines, maybe among others: keep those.
    grep -E '^([a-z][0-9]+)+$' "$out/opengen.txt" > "$openings" || true
fi
total=$(grep -c . "$openings" || true)
if [ "$total" -eq 0 ]; then
    echo "no openings in $openings" >&2
    exit 2
fi
echo "A = $1, B = $2: $((2 * total)) games from $total openings, $ms ms a move, $jobs at a time; games in $out" >&2

# Each job plays its share of the openings, both colours.
pids=()
for ((j = 0; j < jobs; j++)); do
    awk -v j="$j" -v n="$jobs" 'NF && (NR - 1) % n == j' "$openings" > "$out/openings-$j.txt"
    count=$(grep -c . "$out/openings-$j.txt" || true)
    [ "$count" -gt 0 ] || continue
    "$out/tabletop-cli" match --engine-a "$out/pbrain-a" --engine-b "$out/pbrain-b" \
        --info-a "thread_num 1" --info-b "thread_num 1" --games $((2 * count)) \
        --time-ms "$ms" --openings "$out/openings-$j.txt" > "$out/match-$j.log" 2>&1 &
    pids+=($!)
done
for pid in "${pids[@]}"; do
    wait "$pid"
done
tail -qn 1 "$out"/match-*.log |
    awk '{ a += $2; b += $4; d += $6 } END { printf "a_wins %d b_wins %d draws %d\n", a, b, d }'
