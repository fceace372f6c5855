#!/usr/bin/env bash
# The Gomoku engine against Rapfi as issue 13's targets are measured: the lab's match
# manager (../shared/gomoku-lab/match.py), 500 ms a move, one thread each, 256 MiB,
# Rapfi behind the lab's wrapper for its input race, each opening twice with colours
# swapped. The openings are shared out among JOBS matches played side by side.
#
#   scripts/gomoku-vs-rapfi.sh [-t MS] [-j JOBS] [-i 'KEY VALUE'] [-s SECONDS] ENGINE OPENINGS...
#
# ENGINE: a Gomocup engine (scripts/build-engine.sh builds ours); Rapfi is $RAPFI
# (../shared/gomoku-lab/build-rapfi.sh builds it); the lab is $LAB (default
# ../shared/gomoku-lab, for its match.py and rapfi_delay.py).
# OPENINGS: files of openings, one a line as `h8i9j10` (scripts/gomoku-openings/ has
#     six sets of 64, the ones issue 13's measurements use).
# -t  time per move in ms (default 500).
# -j  matches side by side (default: the cores less one; each match keeps about one
#     core busy, the engines taking turns). The engines think by the clock: with more
#     matches than free cores they share them and play worse.
# -i  an INFO line for Rapfi, e.g. 'max_depth 8' (default: full strength).
# -s  stop the matches after SECONDS (a machine lent for a few minutes): the games
#     finished by then are counted, the ones under way are not.
#
# Writes each match's log to $OUT_DIR (default a temporary folder) and prints, per
# match and in all, the games won/lost/drawn (counted from the games' lines, so a
# stopped match counts too) and each engine's slowest move and peak memory (from a
# finished match's summary).
#
# Read one match of 128 games as rough: the clock decides how deep each move is
# searched, so the same engine on the same openings plays other games. The engine
# at e43ab49, played twice on the lab's opA and opB a day apart, scored 26
# then 25 points on opA and 19.5 then 21 on opB, with another result in 22 and 26
# of the 128 games.
set -euo pipefail
cd "$(dirname "$0")/.."

# Prints the header above (its comment lines) and exits.
usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { print }' "$0" >&2
    exit 2
}

ms=500
jobs=$(($(nproc) > 1 ? $(nproc) - 1 : 1))
info=""
stop=""
while getopts "t:j:i:s:" opt; do
    case $opt in
        t) ms=$OPTARG ;;
        j) jobs=$OPTARG ;;
        i) info=$OPTARG ;;
        s) stop=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ]; then
    usage
fi
engine=$(realpath "$1")
shift
if [ -z "${RAPFI:-}" ] || [ ! -x "$RAPFI" ]; then
    echo "set RAPFI to Rapfi's pbrain binary (../shared/gomoku-lab/build-rapfi.sh)" >&2
    exit 2
fi
lab=$(realpath "${LAB:-../shared/gomoku-lab}")
out=${OUT_DIR:-$(mktemp -d /tmp/gomoku-vs-rapfi.XXXXXX)}
mkdir -p "$out"

# (Comments, from a `#` on, and empty lines are no openings.)
sed 's/#.*//; s/[[:space:]]*$//' "$@" | grep . > "$out/openings.txt"
total=$(wc -l < "$out/openings.txt")
if [ "$jobs" -gt "$total" ]; then
    jobs=$total
fi
extra=()
if [ -n "$info" ]; then
    extra=(--info-b "$info")
fi
# Each match in a process group of its own (job control on), its manager's engines
# with it, so that -s stops a match and its engines together.
set -m
matches=()
for ((k = 0; k < jobs; k++)); do
    awk -v k=$k -v n=$jobs '(NR - 1) % n == k' "$out/openings.txt" > "$out/openings-$k.txt"
    games=$((2 * $(wc -l < "$out/openings-$k.txt")))
    python3 "$lab/match.py" --engine-a "$engine" \
        --engine-b "python3 $lab/rapfi_delay.py 50 $RAPFI" \
        --info-a "thread_num 1" --info-b "thread_num 1" "${extra[@]}" \
        --games "$games" --board 15 --rule 0 --timeout-turn "$ms" --timeout-match 0 \
        --max-memory 268435456 --first-move-grace 3000 \
        --openings "$out/openings-$k.txt" > "$out/match-$k.log" 2>&1 &
    matches+=($!)
done
set +m
if [ -n "$stop" ]; then
    (sleep "$stop" && for pid in "${matches[@]}"; do kill -- -"$pid" 2>/dev/null || true; done) &
    stopper=$!
fi
wait "${matches[@]}" 2>/dev/null || true
if [ -n "$stop" ]; then
    kill "$stopper" 2>/dev/null || true
fi

tally() {
    awk '/^game [0-9]+:/ { if (/ A wins/) a++; else if (/ B wins/) b++; else d++ }
        END { printf "A wins %d, B wins %d, draws %d\n", a, b, d }' "$@"
}
for ((k = 0; k < jobs; k++)); do
    finished=""
    grep -q "^A wins" "$out/match-$k.log" || finished=" (stopped)"
    echo "match $k: $(tally "$out/match-$k.log")$finished"
    { grep -h "^[AB] = " "$out/match-$k.log" || true; } | sed 's/^/  /'
done
{ tally "$out"/match-*.log; grep -h "^[AB] = " "$out"/match-*.log || true; } | awk '
    /^A wins/ { a += $3; b += $6; d += $8 }
    /^A = / { for (i = 1; i <= NF; i++) if ($i == "max") { v = $(i + 1) + 0; if (v > amax) amax = v } }
    /^B = / { for (i = 1; i <= NF; i++) if ($i == "max") { v = $(i + 1) + 0; if (v > bmax) bmax = v } }
    END {
        n = a + b + d
        printf "in all: engine won %d, lost %d, drawn %d of %d (score %.1f%%)", a, b, d, n, n ? 100 * (a + d / 2) / n : 0
        if (amax) printf "; slowest move of the finished matches: engine %d ms, Rapfi %d ms", amax, bmax
        printf "\n"
    }'
echo "logs in $out"
