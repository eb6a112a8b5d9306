"""Writes a CUDA file whose N kernels, each with a 32-way bank conflict, are
all on one line: one finding per kernel, every one on the same line.

    one_line_kernels.py N OUT
"""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
with open(out, "w") as f:
    f.write('#include "cuda.h"\n')
    f.write("".join("__global__ void k%d() { __shared__ float s[1024]; "
                    "s[threadIdx.x * 32] = 1; }" % i for i in range(n)))
    f.write("\n")
