#!/usr/bin/env python3
"""How good the Gomoku engine's moves are in level positions, as a judge scores them:
a quicker measure of a variant than whole games.

    python3 scripts/gomoku-move-quality.py select LABELS [PER_GAME] [SEED] < MATCH_LOGS > set.txt
    python3 scripts/gomoku-move-quality.py play ENGINE MS SET [JOBS] > moves.txt
    python3 scripts/gomoku-move-quality.py judge JUDGE DEPTH SET MOVES...

`select` reads match logs as `../shared/gomoku-lab/match.py` prints them and
LABELS, positions scored by a judge as `scripts/label-gomoku-positions.py` prints
them (run it on `scripts/gomoku-match-positions.py`'s output), and prints the
level positions of each game (a judge's score within +-150, from the third move
after the opening on), at most PER_GAME of them a game (default 5), in an order
drawn with SEED (default 11), as `15x15:h8,i9,...`.

`play` has ENGINE (a Gomocup engine command) choose its move in each position of
SET in MS milliseconds (one thread, 256 MiB; JOBS engines side by side, default
2) and prints `position<TAB>move`. The engines think by the clock: give the
machine to them alone.

`judge` has JUDGE (Rapfi from `../shared/gomoku-lab/`, say) search the position
after each move of each MOVES file to DEPTH (through
`scripts/label-gomoku-positions.py`, its scores kept in `MOVES.judged-DEPTH`
files beside the first MOVES file) and prints, per file, the mover's mean
winning chance after its moves (sigmoid(score / 200)), how many moves walked into
a forced loss, and the mean difference from the first file's moves on the same
positions with its standard error.

What it showed, on 2,392 level positions of the 313 games the engine lost against
full Rapfi at 500 ms in the lab's matches (918 of them with the engine to move,
the rest with Rapfi to move), the engine built by `scripts/build-engine.sh
--native`, judged by Rapfi to depth 16 (about 9 minutes a 500 ms run on two
cores, and 1 to 2 minutes of judging):

| Moves by | Same as the engine's | Into a forced loss | Winning chance after |
|---|---|---|---|
| the engine at 500 ms | 2,392 | 141 | 0.4698 |
| the same build again | 2,323 | 146 | -0.0009 +- 0.0005 |
| the engine at 1000 ms | 2,051 | 133 | +0.0033 +- 0.0012 |

and on the 918 with the engine to move, Rapfi at 500 ms +0.0134 +- 0.0031 (506
moves the same), the engine at 1000 ms +0.0035 +- 0.0017. Twice the time is
worth about ten points in a hundred games against Rapfi, so a run's standard
error, about 0.0015, is some five such points: what two matches of 128 games
tell apart (about an hour here), in ten minutes. The variants measured with it
(in the notes of `src/ai/gomoku/`) were within 0.0015 of the engine, but for a
heavier weight on the opponent's points, 0.0033 behind. The judge's scores
favour its own moves, so Rapfi's lead here is an upper bound. Standard library
only; the judge's code is not part of Tabletop.
"""

import math
import os
import queue
import random
import re
import subprocess
import sys
import threading

from gomocup_pipe import PacedEngine

GAME = re.compile(r"game \d+: .*opening=(\d+) stones")
POINT = re.compile(r"[a-z]\d+")
MOVE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
LEVEL = 150


def select(labels, per_game, seed):
    scores = {}
    with open(labels) as f:
        for line in f:
            position, score = line.rstrip("\n").split("\t")[:2]
            scores[position] = int(score)
    lines = sys.stdin.read().splitlines()
    rng = random.Random(seed)
    chosen, seen = [], set()
    for header, moves in zip(lines, lines[1:]):
        game = GAME.match(header)
        if not game:
            continue
        moves = POINT.findall(moves)
        level = []
        for k in range(int(game.group(1)) + 2, len(moves)):
            position = "15x15:" + ",".join(moves[:k])
            if abs(scores.get(position, LEVEL + 1)) <= LEVEL and position not in seen:
                level.append(position)
                seen.add(position)
        rng.shuffle(level)
        chosen += level[:per_game]
    rng.shuffle(chosen)
    sys.stdout.write("".join(p + "\n" for p in chosen))


class Engine(PacedEngine):
    def __init__(self, command, ms):
        super().__init__(command, stderr=subprocess.DEVNULL)
        for info in (f"timeout_turn {ms}", "thread_num 1", "max_memory 268435456"):
            self.send(f"INFO {info}")
        self.send("START 15")
        self.read_line()

    def move(self, position):
        """The engine's move in `15x15:h8,i9,...`, as `j10`."""
        points = [p for p in position.split(":")[1].split(",") if p]
        self.send("BOARD")
        for i, p in enumerate(points):
            own = 1 if (len(points) - i) % 2 == 0 else 2
            self.send(f"{ord(p[0]) - ord('a')},{int(p[1:]) - 1},{own}")
        self.send("DONE")
        while True:
            line = self.read_line()
            if not line:
                raise SystemExit(f"the engine ended at {position}")
            m = MOVE.match(line)
            if m:
                return f"{chr(ord('a') + int(m.group(1)))}{int(m.group(2)) + 1}"



def play(command, ms, set_file, jobs):
    with open(set_file) as f:
        positions = [line.split("\t")[0].strip() for line in f if line.strip()]
    work = queue.Queue()
    for i, p in enumerate(positions):
        work.put((i, p))
    moves = [None] * len(positions)

    def worker():
        engine = Engine(command, ms)
        while True:
            try:
                i, p = work.get_nowait()
            except queue.Empty:
                break
            moves[i] = engine.move(p)
        engine.close()

    threads = [threading.Thread(target=worker) for _ in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sys.stdout.write("".join(f"{p}\t{m}\n" for p, m in zip(positions, moves) if m))


def winning_chance(score):
    return 1 / (1 + math.exp(-max(-3000, min(3000, score)) / 200))


def judge(command, depth, set_file, files):
    with open(set_file) as f:
        positions = [line.split("\t")[0].strip() for line in f if line.strip()]
    chosen = []
    for name in files:
        with open(name) as f:
            chosen.append(dict(line.rstrip("\n").split("\t")[:2] for line in f))
    cache_file = f"{files[0]}.judged-{depth}"
    scores = {}
    if os.path.exists(cache_file):
        with open(cache_file) as f:
            for line in f:
                p, s = line.rstrip("\n").split("\t")
                scores[p] = int(s)
    after = sorted({f"{p},{m[p]}" for m in chosen for p in positions if p in m} - set(scores))
    if after:
        label = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "label-gomoku-positions.py")
        out = subprocess.run([sys.executable, label, command, str(depth)],
                             input="".join(a + "\n" for a in after),
                             capture_output=True, text=True, check=True).stdout
        with open(cache_file, "a") as f:
            f.write(out)
        for line in out.splitlines():
            p, s = line.split("\t")[:2]
            scores[p] = int(s)
    # The judge scores the position for the side to move next: the mover's is the
    # opposite.
    common = [p for p in positions
              if all(p in m and f"{p},{m[p]}" in scores for m in chosen)]
    n = len(common)
    if n < 2:
        raise SystemExit("fewer than two positions judged for every file")
    first = chosen[0]
    for name, m in zip(files, chosen):
        chance = [winning_chance(-scores[f"{p},{m[p]}"]) for p in common]
        base = [winning_chance(-scores[f"{p},{first[p]}"]) for p in common]
        diffs = [a - b for a, b in zip(chance, base)]
        mean = sum(diffs) / n
        se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        lost = sum(scores[f"{p},{m[p]}"] >= 30000 for p in common)
        same = sum(m[p] == first[p] for p in common)
        print(f"{name}: {n} positions, {same} moves as the first, {lost} into a forced "
              f"loss, winning chance {sum(chance) / n:.4f}, {mean:+.4f} +- {se:.4f}")


def main():
    args = sys.argv[1:]
    try:
        if args[0] == "select":
            select(args[1], int(args[2]) if len(args) > 2 else 5,
                   int(args[3]) if len(args) > 3 else 11)
        elif args[0] == "play":
            play(args[1], int(args[2]), args[3], int(args[4]) if len(args) > 4 else 2)
        elif args[0] == "judge" and len(args) >= 5:
            judge(args[1], int(args[2]), args[3], args[4:])
        else:
            sys.exit(__doc__)
    except (IndexError, ValueError):
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
