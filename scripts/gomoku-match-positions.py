#!/usr/bin/env python3
"""The positions of match games, for the evaluation's fit.

    python3 scripts/gomoku-match-positions.py [N] [SEED] < MATCH_LOGS > positions.txt

Reads what `../shared/gomoku-lab/match.py` prints (a `game N: ... opening=K stones,
...` line, then the moves as `h8i9j10...`), any number of logs one after another,
and prints every position of their games after the opening and before the last
move, once each, as `examples/gomoku_fit.rs positions` prints them
(`15x15:h8,i9,...`): N of them (default all), drawn at random with SEED (default
5). `scripts/label-gomoku-positions.py` scores them. Standard library only.
"""

import random
import re
import sys

GAME = re.compile(r"game \d+: .*opening=(\d+) stones")
MOVE = re.compile(r"[a-z]\d+")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else None
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    lines = sys.stdin.read().splitlines()
    positions = set()
    for header, moves in zip(lines, lines[1:]):
        game = GAME.match(header)
        if not game:
            continue
        moves = MOVE.findall(moves)
        for k in range(int(game.group(1)), len(moves) - 1):
            positions.add("15x15:" + ",".join(moves[:k]))
    positions = sorted(positions)
    random.Random(seed).shuffle(positions)
    if count is not None:
        positions = positions[:count]
    sys.stdout.write("".join(p + "\n" for p in positions))


if __name__ == "__main__":
    main()
