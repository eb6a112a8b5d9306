#!/usr/bin/env python3
"""Writes BUILD_DIR/compile_commands.json for project-index.test.

usage: make_project_db.py BUILD_DIR SOURCE_DIR INPUTS_DIR

The kernels and their launch wrappers in a .cu compiled by clang++, the
calls of the wrappers in a .cpp compiled as plain C++, and a .cu between
them: a build where the block shapes cross files. INPUTS_DIR holds the mock cuda.h.
"""
import json
import os
import sys

build, root, inputs = (os.path.abspath(a) for a in sys.argv[1:4])
src = os.path.join(root, "src")
inc = os.path.join(root, "include")
os.makedirs(build, exist_ok=True)
entries = [
    {"directory": build,
     "command": f"/usr/bin/clang++ -x cuda -nocudainc -nocudalib "
                f"--cuda-gpu-arch=sm_80 -isystem {inputs} -I{inc} "
                f"-c {src}/kernels.cu -o kernels.o",
     "file": f"{src}/kernels.cu"},
    {"directory": build,
     "command": f"/usr/bin/clang++ -x cuda -nocudainc -nocudalib "
                f"--cuda-gpu-arch=sm_80 -isystem {inputs} -I{inc} "
                f"-c {src}/middle.cu -o middle.o",
     "file": f"{src}/middle.cu"},
    {"directory": build,
     "command": f"/usr/bin/clang++ -I{inc} -c {src}/main.cpp -o main.o",
     "file": f"{src}/main.cpp"},
]
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
