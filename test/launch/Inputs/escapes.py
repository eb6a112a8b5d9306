#!/usr/bin/env python3
"""Prints "escapes: yes" when FILE holds ANSI escape sequences, else "escapes: no"."""
import sys

print("escapes: " + ("yes" if b"\x1b[" in open(sys.argv[1], "rb").read() else "no"))
