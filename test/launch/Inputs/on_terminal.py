#!/usr/bin/env python3
"""Runs a command with its standard output and error on a pseudo-terminal,
as a person at a terminal runs it, and prints "escapes: yes" when what it
wrote holds ANSI escape sequences (colour), else "escapes: no"."""
import os
import pty
import sys

out = bytearray()


def read(fd):
    data = os.read(fd, 4096)
    out.extend(data)
    return b""  # keep it off this process's own output


status = pty.spawn(sys.argv[1:], read)
print("escapes: " + ("yes" if b"\x1b[" in out else "no"))
