#!/usr/bin/env python3
"""Scores Gomoku positions with a Gomocup (pbrain) engine, for the evaluation fit.

    python3 scripts/label-gomoku-positions.py ENGINE DEPTH [JOBS] < positions.txt > labels.txt

Reads positions as `examples/gomoku_fit.rs positions` prints them (`15x15:h8,i9,...`,
moves in order; free-style, or renju where the size is followed by `/renju`), has
ENGINE search each to DEPTH (`INFO max_depth`, one thread) and prints `position<TAB>score`, the score for the side to move as the
engine's last `MESSAGE ... Eval <score>` line gave it (a found win `+M5` becomes
30000, a loss -30000). JOBS engines (default 2) work side by side; positions the engine
gives no score for are left out. Standard library only.

An engine scores position after position and keeps what it learnt (its hash table)
from one to the next, so a score depends a little on the positions before it. With
`FRESH=1` in the environment every position gets an engine of its own: slower, but
each score stands alone (for judging single moves). With `MOVES=1` each line ends
with a third column, the engine's move (`h8`), for fits to its choices.

The engine meant is Rapfi (`../shared/gomoku-lab/build-rapfi.sh`), whose scores mean a
winning chance of sigmoid(score / 200). It is a judge here, nothing more: none of its
code is in Tabletop.
"""

import os
import queue
import re
import subprocess
import sys
import threading
import time

from gomocup_pipe import end

FRESH = os.environ.get("FRESH") == "1"
MOVES = os.environ.get("MOVES") == "1"
EVAL = re.compile(r"\bEval ([+-]?M\d+|[+-]?M\*|-?\d+)")
MOVE = re.compile(r"^\s*\d+\s*,\s*\d+\s*$")


# Gomocup's `INFO rule` by the rule named after the size.
RULES = {"": 0, "freestyle": 0, "standard": 1, "renju": 4}


def stones(position):
    """The width, the Gomocup rule and the BOARD lines (x,y,who) for
    `15x15[/rule]:h8,i9,...`, who 1 = side to move."""
    size, _, moves = position.partition(":")
    size, _, rule = size.partition("/")
    width = int(size.split("x")[0])
    moves = [m for m in moves.split(",") if m]
    to_move = len(moves) % 2
    lines = []
    for i, m in enumerate(moves):
        x = ord(m[0]) - ord("a")
        y = int(m[1:]) - 1
        if not (0 <= x < width):
            raise ValueError(m)
        lines.append(f"{x},{y},{1 if i % 2 == to_move else 2}")
    return width, RULES[rule], lines


def score_of(text):
    if "M" in text:
        return -30000 if text.startswith("-") else 30000
    return int(text)


class Engine:
    """One engine process, its output read by a thread of its own so that a read can
    time out."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, pattern, timeout):
        """Lines until one matches: (that line, the last score seen), or None for the
        line when the engine ended or went silent for `timeout` seconds."""
        last = None
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                return None, last
            if line is None:
                return None, last
            m = EVAL.search(line)
            if m:
                last = score_of(m.group(1))
            if pattern(line):
                return line, last

    def close(self):
        end(self.proc, self.send)


def worker(command, depth, jobs, results):
    engine, started = None, None
    while True:
        try:
            index, position = jobs.get_nowait()
        except queue.Empty:
            break
        try:
            width, rule, board = stones(position)
        except (ValueError, IndexError, KeyError):
            continue
        if engine is None or started != (width, rule):
            if engine is not None:
                engine.close()
            engine = Engine(command)
            engine.send(f"START {width}")
            engine.read_until(lambda l: l.strip().startswith(("OK", "ERROR")), 30)
            for info in (f"rule {rule}", "thread_num 1", f"max_depth {depth}",
                         "timeout_turn 60000", "timeout_match 0",
                         "max_memory 268435456"):
                engine.send(f"INFO {info}")
            started = (width, rule)
        # The engine drops a command that comes within a moment of its own move.
        time.sleep(0.005)
        engine.send("BOARD")
        for line in board:
            engine.send(line)
        engine.send("DONE")
        move, score = engine.read_until(lambda l: bool(MOVE.match(l)), 30)
        if move is None:
            # Silent (a dropped command) or gone: a fresh engine for the next one.
            print(f"no answer for {position}", file=sys.stderr)
            engine.close()
            engine = None
            continue
        if score is not None:
            x, y = (int(v) for v in move.split(","))
            results.put((index, position, score, f"{chr(ord('a') + x)}{y + 1}"))
        if FRESH:
            engine.close()
            engine = None
    if engine is not None:
        engine.close()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine, depth = sys.argv[1], int(sys.argv[2])
    jobs_n = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    jobs = queue.Queue()
    for i, line in enumerate(sys.stdin):
        if line.strip():
            jobs.put((i, line.strip()))
    total = jobs.qsize()
    results = queue.Queue()
    threads = [threading.Thread(target=worker, args=(engine, depth, jobs, results))
               for _ in range(jobs_n)]
    for t in threads:
        t.start()
    done = []
    while any(t.is_alive() for t in threads) or not results.empty():
        try:
            done.append(results.get(timeout=0.5))
        except queue.Empty:
            continue
        if len(done) % 1000 == 0:
            print(f"{len(done)} of {total}", file=sys.stderr)
    for _, position, score, move in sorted(done):
        print(f"{position}\t{score}\t{move}" if MOVES else f"{position}\t{score}")


if __name__ == "__main__":
    main()
