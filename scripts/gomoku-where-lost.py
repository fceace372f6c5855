#!/usr/bin/env python3
"""Where the Gomoku engine loses its games: a judge engine scores every move.

    python3 scripts/gomoku-where-lost.py JUDGE MATCH_LOG [MS] [ENGINE]

MATCH_LOG is what `../shared/gomoku-lab/match.py` prints (a `game N: black=A
white=B opening=K stones, X wins ...` line, then the moves as `h8i9j10...`).
For each game ENGINE (`A` or `B`, default A) lost, JUDGE (a Gomocup engine that
prints `MESSAGE ... Eval <score>` lines, such as Rapfi from
`../shared/gomoku-lab/`) searches MS milliseconds (default 300, one thread) on
the position before each of ENGINE's moves, and the game's line shows the
judge's score for ENGINE there, `*` where ENGINE's move was not the judge's, up
to the first forced loss the judge sees (`-M<plies>`). Then `blunder` if that
loss came from a position the judge scored within +-200 (one bad move),
`drift` if the position had gone bad first. Standard library only; the judge's
code is not part of Tabletop.

A command goes to the judge no sooner than 50 ms after its last line: Rapfi
drops a command that arrives right after it printed its move (the input race
that `../shared/gomoku-lab/rapfi_delay.py` works around in matches), and the
script would wait for its answer forever.
"""

import re
import sys

from gomocup_pipe import PacedEngine

EVAL = re.compile(r"\bEval ([+-]?M\d+|[+-]?M\*|-?\d+)")
MOVE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
GAME = re.compile(r"game (\d+): black=(\w) white=(\w) opening=(\d+) stones, (\w) wins")


class Judge(PacedEngine):
    def __init__(self, command, ms):
        super().__init__(command)
        self.send("START 15")
        self.read_line()
        self.send(f"INFO timeout_turn {ms}")
        self.send("INFO thread_num 1")

    def score(self, stones):
        """The judge's score for the side to move and its move."""
        self.send("BOARD")
        for i, (x, y) in enumerate(stones):
            # 1: a stone of the side to move, 2: the opponent's, whose stone was
            # the last one played. (Rapfi goes by the order of the stones, and
            # scored the positions right when the last stone was called its own;
            # a judge that takes the fields as they are saw the wrong side to
            # move.)
            own = 2 if (len(stones) - 1 - i) % 2 == 0 else 1
            self.send(f"{x},{y},{own}")
        self.send("DONE")
        score = None
        while True:
            line = self.read_line()
            if not line:
                raise SystemExit("the judge quit")
            found = EVAL.search(line)
            if found:
                score = found.group(1)
            move = MOVE.match(line)
            if move:
                return score, (int(move.group(1)), int(move.group(2)))


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    judge_command, log = sys.argv[1], sys.argv[2]
    ms = sys.argv[3] if len(sys.argv) > 3 else "300"
    engine = sys.argv[4] if len(sys.argv) > 4 else "A"
    judge = Judge(judge_command, ms)
    lines = open(log, encoding="utf-8").read().split("\n")
    tally = {"blunder": 0, "drift": 0, "unseen": 0}
    for i, line in enumerate(lines):
        game = GAME.match(line)
        if not game or game.group(5) == engine or i + 1 >= len(lines):
            continue
        number, black, opening = game.group(1), game.group(2), int(game.group(4))
        moves = [(ord(c) - 97, int(r) - 1) for c, r in re.findall(r"([a-z])(\d+)", lines[i + 1])]
        parity = 0 if black == engine else 1
        shown, last, verdict = [], None, "unseen"
        for k in range(opening, len(moves)):
            if k % 2 != parity:
                continue
            score, best = judge.score(moves[:k])
            shown.append(f"{score}{'' if best == moves[k] else '*'}")
            if score and score.startswith("-M"):
                level = last is not None and "M" not in last and abs(int(last)) <= 200
                verdict = "blunder" if level else "drift"
                break
            last = score
        tally[verdict] += 1
        colour = "black" if parity == 0 else "white"
        print(f"game {number} ({engine} {colour}): {' '.join(shown)} -> {verdict}", flush=True)
    judge.close(timeout=5)
    print(" ".join(f"{k} {v}" for k, v in tally.items()))


if __name__ == "__main__":
    main()
