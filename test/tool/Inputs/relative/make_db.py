#!/usr/bin/env python3
"""Writes BUILD_DIR/compile_commands.json for relative-paths.test.

usage: make_db.py BUILD_DIR SOURCE_DIR

nvcc entries for src/a.cu and src/b.cu whose file names and -I paths are
relative to BUILD_DIR, as a hand-written or Makefile database may have them;
the headers (src/kern.cuh) are not in it.
"""
import json
import os
import sys

build, root = (os.path.abspath(a) for a in sys.argv[1:3])
os.makedirs(build, exist_ok=True)
rel = lambda p: os.path.relpath(p, build)
entries = [
    {"directory": build,
     "command": f"nvcc -I{rel(os.path.join(root, 'include'))} "
                f"-arch=sm_80 -c {rel(os.path.join(root, 'src', f))}",
     "file": rel(os.path.join(root, "src", f))}
    for f in ("a.cu", "b.cu")
]
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
