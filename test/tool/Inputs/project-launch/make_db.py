#!/usr/bin/env python3
"""Writes BUILD_DIR/compile_commands.json for project-launch.test:
kern.cu and host.cu, each compiled by clang++ -x cuda against the mock
cuda.h in INPUTS_DIR.

usage: make_db.py BUILD_DIR SOURCE_DIR INPUTS_DIR"""
import json
import os
import sys

build, src, inputs = (os.path.abspath(a) for a in sys.argv[1:4])
os.makedirs(build, exist_ok=True)
json.dump([{"directory": build,
            "command": f"/usr/bin/clang++ -x cuda -nocudainc -nocudalib "
                       f"--cuda-gpu-arch=sm_80 -isystem {inputs} "
                       f"-c {src}/{f} -o {f}.o",
            "file": f"{src}/{f}"} for f in ("kern.cu", "host.cu")],
          open(os.path.join(build, "compile_commands.json"), "w"), indent=2)
