#!/usr/bin/env python3
"""Writes BUILD_DIR/compile_commands.json for Inputs/project's .cu files.

usage: make_project_db.py BUILD_DIR PROJECT_DIR

clang commands, as a build with clang++-22 as the CUDA compiler writes them;
the header include/tile.cuh is not in it, as no header is.
"""
import json
import os
import sys

build, root = (os.path.abspath(a) for a in sys.argv[1:3])
os.makedirs(build, exist_ok=True)
entries = [
    {"directory": build,
     "command": f"clang++ -x cuda --cuda-gpu-arch=sm_80 -I{root}/include "
                f"-c {root}/src/{f} -o {f}.o",
     "file": f"{root}/src/{f}"}
    for f in ("clean.cu", "reduce.cu", "spill.cu", "transpose.cu")
]
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
