#!/usr/bin/env python3
"""Writes BUILD_DIR/compile_commands.json for compile-database.test.

usage: make_compile_db.py BUILD_DIR SOURCE_DIR

One clang++ entry and one nvcc entry, both with -I SOURCE_DIR/include, plus a
C++ file; the paths are absolute, as CMake writes them.
"""
import json
import os
import sys

build, root = (os.path.abspath(a) for a in sys.argv[1:3])
src = os.path.join(root, "src")
inc = os.path.join(root, "include")
os.makedirs(build, exist_ok=True)
entries = [
    {"directory": build,
     "command": f"/usr/bin/clang++ -x cuda -I{inc} -DFROM_DEFINE=1 "
                f"--cuda-gpu-arch=sm_80 -c {src}/clang_entry.cu -o clang_entry.o",
     "file": f"{src}/clang_entry.cu"},
    {"directory": build,
     "command": f"/usr/local/cuda/bin/nvcc -DNDEBUG -I{inc} -O3 "
                "-gencode arch=compute_80,code=sm_80 -Xcompiler=-fPIC "
                "--expt-relaxed-constexpr -std=c++17 -x cu "
                f"-c {src}/nvcc_entry.cu -o nvcc_entry.o",
     "file": f"{src}/nvcc_entry.cu"},
    {"directory": build,
     "command": f"/usr/bin/clang++ -c {src}/host.cpp -o host.o",
     "file": f"{src}/host.cpp"},
]
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
