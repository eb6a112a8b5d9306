#!/usr/bin/env python3
"""Writes BUILD_DIR/compile_commands.json for compdb*.test.

usage: make_db.py BUILD_DIR

An nvcc entry of src/column.cu with the flags CMake's nvcc builds have
(list-valued -D, --generate-code, -Xcompiler, -forward-unknown-to-host-compiler,
an --options-file named relative to the entry's directory), and a g++ entry
of src/host.cpp as "arguments", with a relative "directory".
"""
import json
import os
import sys

build = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(root, "src")
inc = os.path.join(root, "include")
os.makedirs(build, exist_ok=True)
with open(os.path.join(build, "includes.rsp"), "w") as f:
    f.write(f'-I"{inc}"\n')
entries = [
    {"directory": build,
     "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                "-DTILE=32,OTHER=1 --options-file includes.rsp -O3 "
                "--generate-code=arch=compute_80,code=[compute_80,sm_80] "
                "-Xcompiler=-fPIC --expt-relaxed-constexpr -std=c++17 -x cu "
                f"-c {src}/column.cu -o column.o",
     "file": f"{src}/column.cu",
     "output": "column.o"},
    {"directory": ".",
     "arguments": ["/usr/bin/g++", "-O2", "-c", f"{src}/host.cpp",
                   "-o", "host.o"],
     "file": f"{src}/host.cpp"},
]
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
