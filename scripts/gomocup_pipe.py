"""A Gomocup engine behind a pipe, as the Gomoku lab scripts talk to one: commands
paced after its last line, and an end that never hangs. Imported by
gomoku-move-quality.py, gomoku-where-lost.py and label-gomoku-positions.py (Python
finds it beside them)."""

import subprocess
import time

# Least time between an engine's last line and the next command, in seconds
# (Rapfi drops a command that arrives right after it printed its move).
QUIET = 0.05


def end(proc, send, timeout=2):
    """Sends END through `send` and waits for `proc` to exit; kills it if it does not."""
    try:
        send("END")
        proc.wait(timeout=timeout)
    except (BrokenPipeError, OSError, subprocess.TimeoutExpired):
        proc.kill()


class PacedEngine:
    """One engine process whose commands wait QUIET after its last line."""

    def __init__(self, command, stderr=None):
        self.proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr, text=True)
        self.last_line = 0.0

    def read_line(self):
        line = self.proc.stdout.readline()
        self.last_line = time.monotonic()
        return line

    def send(self, line):
        wait = self.last_line + QUIET - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def close(self, timeout=2):
        end(self.proc, self.send, timeout)
