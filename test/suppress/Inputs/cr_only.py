"""Writes a CUDA file whose lines end with a carriage return alone (classic
Mac line endings), with NOLINT comments on some lines.

    cr_only.py OUT [EXTRA_LINES]

EXTRA_LINES comment lines go first, moving everything down.
"""
import sys

out = sys.argv[1]
extra = int(sys.argv[2]) if len(sys.argv) > 2 else 0
lines = ["// added line %d" % i for i in range(extra)] + [
    '#include "cuda.h"',                                # 1
    "// NOLINT",                                        # 2
    "__global__ void k(float *p) {}",                   # 3
    "void run(float *p) {",                             # 4
    "  k<<<1, 100>>>(p);",                              # 5
    "  k<<<1, 40>>>(p); // NOLINT(warplint-block-size)",  # 6
    "  // NOLINTNEXTLINE(warplint-block-size)",         # 7
    "  k<<<1, 50>>>(p);",                               # 8
    "}",                                                # 9
]
with open(out, "w", newline="") as f:
    f.write("\r".join(lines) + "\r")
