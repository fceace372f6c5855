#!/usr/bin/env python3
"""Tunes the Gomoku engine's search numbers by play: SPSA over self-play pairs.

    scripts/gomoku-spsa.py [--pairs N] [--time-ms MS] [--jobs J] [--rule RULE]
                           [--params NAME,...] [--openings FILE]... [--log FILE]
                           ENGINE CLI

ENGINE is a pbrain-tabletop (scripts/build-engine.sh), CLI a tabletop-cli (for its
`match`, which judges every move by the rules). Each step draws a random sign for
every parameter, sets one engine to the numbers plus their steps and the other to
the numbers minus them (the Gomocup engine's `INFO tune_<name> <value>`), and plays
an opening both ways (of the six free-style sets of scripts/gomoku-openings, or its
renju set under renju, or those of --openings); the numbers then move towards the
side that scored more (simultaneous perturbation stochastic approximation, as
Stockfish's fishtest tunes its search). J pairs run side by side (default: the
cores; each keeps about one busy, the engines taking turns), each step applied as
it comes back.

Every step goes to the log (JSON lines: the step, both engines' numbers, the
result, the numbers after); the numbers so far are printed every 50 steps and at
the end, rounded as the engine takes them, and last, for each number, how much a
pair's result moved with it: the mean of the result times the number's sign, with
its standard error (`--gradient LOG` prints that for a log alone). A step's signal is small (a pair of
games), so a run must be long: fishtest spends tens of thousands of games on a
few numbers, and this script's default of 1,000 pairs only finds the numbers whose
step changes a pair's result by a tenth of a point or more. Judge what it finds by
a match against another engine (docs/engine-lab.md), not by the run itself.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name: (step, lowest, highest): how far each side of a pair is set from the
# numbers, about what a match can tell apart, and the bounds the tuning keeps them
# in (inside what the engine accepts). Every run starts from the engine's defaults,
# read from its table of them (`SPECS` in src/ai/gomoku/search/params.rs).
STEPS = {
    "quiescence_plies": (1, 0, 6),
    "block_extension_tenths": (1, 0, 10),
    "futility_depth": (1, 0, 5),
    "futility_margin": (30, 0, 600),
    "reduction_divisor": (20, 80, 400),
    "width_1": (2, 2, 40),
    "width_2": (2, 2, 50),
    "width_3": (3, 2, 60),
    "width_4": (3, 4, 80),
    "history_cap": (800, 0, 20000),
    "killer_bonus": (1000, 0, 20000),
    "reduction_history": (1000, 0, 40000),
}


def engine_defaults():
    """Each number's default, from the engine's source: `("name", default, range)`."""
    source = (ROOT / "src" / "ai" / "gomoku" / "search" / "params.rs").read_text()
    found = {name: int(value.replace("_", ""))
             for name, value in re.findall(r'^\s*\("(\w+)", (-?[\d_]+), ', source, re.M)}
    if set(found) != set(STEPS):
        sys.exit(f"the engine's numbers {sorted(found)} are not this script's {sorted(STEPS)}")
    return found


# name: (start, step, lowest, highest)
DEFAULTS = engine_defaults()
PARAMS = {name: (DEFAULTS[name],) + step for name, step in STEPS.items()}


def openings(paths, rule):
    """Every opening of `paths`; by default of the committed free-style sets, or the
    renju set under renju."""
    if not paths:
        folder = ROOT / "scripts" / "gomoku-openings"
        paths = [folder / "renju.txt"] if rule == "renju" else sorted(folder.glob("[a-f].txt"))
    found = []
    for path in paths:
        found += [line.strip() for line in Path(path).read_text().splitlines() if line.strip()]
    return found


def play_pair(cli, engine, opening, plus, minus, time_ms, rule):
    """Plays `opening` both ways, `plus` as engine A and `minus` as B; A's points
    less B's (-2 to 2), or None when the match failed."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(opening + "\n")
        path = f.name
    try:
        cmd = [cli, "match", "--engine-a", engine, "--engine-b", engine,
               "--info-a", "thread_num 1", "--info-b", "thread_num 1",
               "--games", "2", "--time-ms", str(time_ms), "--rule", rule,
               "--openings", path]
        for name, value in plus.items():
            cmd += ["--info-a", f"tune_{name} {value}"]
        for name, value in minus.items():
            cmd += ["--info-b", f"tune_{name} {value}"]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(path)
    m = re.search(r"a_wins (\d+) b_wins (\d+) draws (\d+)", out.stdout)
    if out.returncode != 0 or not m:
        sys.stderr.write(f"match failed ({out.returncode}): {out.stderr[-400:]}\n")
        return None
    a, b, _ = map(int, m.groups())
    return a - b


def gradient(rows):
    """Per number, the mean of a pair's result times its sign (+1 where the engine
    with more of it was A), its standard error, and the pairs counted."""
    rows = [r for r in rows if r["result"] is not None]
    n = len(rows)
    found = {}
    for name in (rows[0]["plus"] if rows else {}):
        xs = [r["result"] * ((r["plus"][name] > r["minus"][name]) - (r["plus"][name] < r["minus"][name]))
              for r in rows]
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / max(n - 1, 1)
        found[name] = (mean, (var / n) ** 0.5, n)
    return found


def print_gradient(rows):
    for name, (mean, se, n) in gradient(rows).items():
        print(f"{name:24} {mean:+.3f} +- {se:.3f} a pair, of {n} pairs")


def rounded(theta, names):
    return {n: int(round(min(max(theta[n], PARAMS[n][2]), PARAMS[n][3]))) for n in names}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine", nargs="?")
    ap.add_argument("cli", nargs="?")
    ap.add_argument("--gradient", metavar="LOG",
                    help="print how a pair's result moved with each number in LOG, and stop")
    ap.add_argument("--pairs", type=int, default=1000)
    ap.add_argument("--time-ms", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--rule", default="freestyle")
    ap.add_argument("--openings", action="append", default=[], metavar="FILE",
                    help="a file of openings, one a line (repeatable; default: the "
                         "committed sets for the rule)")
    ap.add_argument("--params", default=",".join(PARAMS),
                    help="the numbers to tune, by name (default: all)")
    ap.add_argument("--rate", type=float, default=0.005,
                    help="a point of result moves a number by rate x its step at first")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", default="spsa.jsonl")
    args = ap.parse_args()
    if args.gradient:
        with open(args.gradient) as f:
            print_gradient([json.loads(line) for line in f if line.strip()])
        return
    if not (args.engine and args.cli):
        ap.error("give ENGINE and CLI (or --gradient LOG)")

    names = [n for n in args.params.split(",") if n]
    unknown = [n for n in names if n not in PARAMS]
    if unknown:
        sys.exit(f"no such parameter: {', '.join(unknown)} (known: {', '.join(PARAMS)})")
    book = openings(args.openings, args.rule)
    rng = random.Random(args.seed)
    theta = {n: float(PARAMS[n][0]) for n in names}
    lock = threading.Lock()
    # The rate falls as (A + k)^-0.602, A a tenth of the run, as Spall recommends;
    # the steps stay (shrinking as k^-0.101 they fell below half a unit late in a
    # run, and a number of a few units, rounded, then no longer moved at all).
    big_a = args.pairs / 10

    def step_sizes(k):
        c = {n: float(PARAMS[n][1]) for n in names}
        rate = args.rate * ((big_a + 1) / (big_a + k)) ** 0.602
        return c, rate

    def draw(k):
        with lock:
            c, rate = step_sizes(k)
            delta = {n: rng.choice((-1, 1)) for n in names}
            plus = rounded({n: theta[n] + c[n] * delta[n] for n in names}, names)
            minus = rounded({n: theta[n] - c[n] * delta[n] for n in names}, names)
            return k, delta, c, rate, plus, minus, rng.choice(book)

    rows = []
    with open(args.log, "a") as log, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        running = {}
        k = 0
        while k < min(args.jobs, args.pairs):
            k += 1
            job = draw(k)
            running[pool.submit(play_pair, args.cli, args.engine, job[6], job[4], job[5],
                                args.time_ms, args.rule)] = job
        while running:
            done, _ = concurrent.futures.wait(running, return_when="FIRST_COMPLETED")
            for fut in done:
                step, delta, c, rate, plus, minus, opening = running.pop(fut)
                result = fut.result()
                with lock:
                    if result is not None:
                        for n in names:
                            # Towards the side that scored more, by rate x step a point.
                            theta[n] += rate * c[n] * result * delta[n]
                            theta[n] = min(max(theta[n], PARAMS[n][2]), PARAMS[n][3])
                    row = {"step": step, "opening": opening, "plus": plus,
                           "minus": minus, "result": result, "theta": theta}
                    rows.append(row)
                    log.write(json.dumps(row) + "\n")
                    log.flush()
                    if step % 50 == 0:
                        print(f"step {step}: {rounded(theta, names)} "
                              f"({json.dumps({n: round(v, 2) for n, v in theta.items()})})",
                              flush=True)
                if k < args.pairs:
                    k += 1
                    job = draw(k)
                    running[pool.submit(play_pair, args.cli, args.engine, job[6], job[4],
                                        job[5], args.time_ms, args.rule)] = job
    print(f"after {args.pairs} pairs: {rounded(theta, names)}")
    print("as engine options: " + " ".join(
        f'--info-a "tune_{n} {v}"' for n, v in rounded(theta, names).items()))
    print_gradient(rows)


if __name__ == "__main__":
    main()
