#!/usr/bin/env python3
"""Prints a compilation database one entry at a time, for FileCheck.

usage: check_db.py FILE

Fails unless FILE is a JSON array of objects with "directory" and "file";
prints each entry's fields and its command ("arguments" joined with
spaces, or "command" as it is).
"""
import json
import sys

with open(sys.argv[1]) as f:
    entries = json.load(f)
assert isinstance(entries, list), "not a JSON array"
for i, e in enumerate(entries, 1):
    print(f"entry {i}: directory={e['directory']} file={e['file']} "
          f"output={e.get('output', '-')}")
    if "arguments" in e:
        assert all(isinstance(a, str) for a in e["arguments"])
        print("  arguments: " + " ".join(e["arguments"]))
    else:
        print("  command: " + e["command"])
