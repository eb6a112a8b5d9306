#!/usr/bin/env python3
"""Prints the diagnostics of a build log, one line each, sorted.

usage: findings.py LOG

A diagnostic is a line 'FILE:LINE:COL: warning|error: ...'; notes, source
lines and carets are left out. Parallel compiles print in any order, so the
lines are sorted by file, then line and column as numbers; a finding printed
twice stays twice.
"""
import re
import sys

DIAG = re.compile(r"^(.*?):(\d+):(\d+): (warning|error): ")
lines = []
with open(sys.argv[1], errors="replace") as f:
    for line in f:
        m = DIAG.match(line)
        if m:
            lines.append(((m.group(1), int(m.group(2)), int(m.group(3))),
                          line.rstrip("\n")))
for _, line in sorted(lines):
    print(line)
