"""Runs COMMAND with inherited standard streams and succeeds when its exit
status is N (a negative N: killed by signal -N).

    expect_status.py N COMMAND [ARGS...]
"""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("exit status %d, expected %d: %s\n"
                     % (got, want, " ".join(sys.argv[2:])))
    sys.exit(1)
