#!/usr/bin/env python3
"""usage: orphan.py OUT COMMAND...

Starts COMMAND (stdout and stderr to OUT) from a shell that exits at once,
as if warplint-launch died while warplint ran, and waits up to 60 s for
COMMAND to end. Exits 0 when it ended, 1 (killing it) when it did not."""
import os
import signal
import subprocess
import sys
import time


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie has ended
        return f.read().split(") ")[-1][0] != "Z"


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    shell = subprocess.run(
        ["sh", "-c", 'out=$1; shift; "$@" > "$out" 2>&1 & echo $!', "sh",
         argv[1]] + argv[2:], stdout=subprocess.PIPE, check=True, text=True)
    pid = int(shell.stdout.strip())
    deadline = time.time() + 60
    while time.time() < deadline:
        if not alive(pid):
            return 0
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    print(f"{argv[2]} still waits 60 s after its parent ended", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
