"""Checks warplint's per-architecture warps and blocks per SM against ptxas.

ptxas knows each architecture's limits: for __launch_bounds__(T, B) it warns
"Value of minnctapersm ... is out of range" when B is above the most blocks
an SM holds, and "Value of threads per SM ... is out of range" when T * B is
above the most threads. This script compiles kernels with a range of bounds
for every architecture nvcc and warplint both know, derives the two limits
from ptxas's warnings, and compares them with what `warplint occupancy`
reports (maxWarpsPerSM; activeBlocksPerSM of a 32-thread block that uses no
registers or shared memory, which only the block limit bounds).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

nvcc, warplint = sys.argv[1], sys.argv[2]
archs = ["sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_100",
         "sm_103", "sm_110", "sm_120", "sm_121"]

src = []
for b in range(1, 65):
    src.append("__global__ void __launch_bounds__(32, %d) kb%d(float *p) "
               "{ p[threadIdx.x] = 1; }" % (b, b))
for t in range(1, 5):
    src.append("__global__ void __launch_bounds__(512, %d) kt%d(float *p) "
               "{ p[threadIdx.x] = 1; }" % (t, t))

failures = 0
with tempfile.TemporaryDirectory() as d:
    cu = os.path.join(d, "probe.cu")
    with open(cu, "w") as f:
        f.write("\n".join(src) + "\n")
    for arch in archs:
        out = subprocess.run([nvcc, "-c", "-o", os.devnull, "-Xptxas", "-v",
                              "-arch=" + arch, cu],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print("%s: nvcc failed: %s" % (arch, out.stderr.strip()[:200]))
            failures += 1
            continue
        bad_b = {int(m) for m in re.findall(
            r"minnctapersm for entry _Z\d+kb(\d+)Pf", out.stderr)}
        bad_t = {int(m) for m in re.findall(
            r"threads per SM for entry _Z\d+kt(\d+)Pf", out.stderr)}
        blocks = max(b for b in range(1, 65) if b not in bad_b)
        warps = max([t for t in range(1, 5) if t not in bad_t] or [0]) * 16
        w = json.loads(subprocess.run(
            [warplint, "occupancy", "--arch=" + arch, "--threads=32",
             "--regs=0", "--smem=0", "--format=json"],
            capture_output=True, text=True, check=True).stdout)
        ok = (w["maxWarpsPerSM"] == warps and w["activeBlocksPerSM"] == blocks)
        print("%s: ptxas %d warps, %d blocks per SM; warplint %d, %d%s"
              % (arch, warps, blocks, w["maxWarpsPerSM"],
                 w["activeBlocksPerSM"], "" if ok else "  MISMATCH"))
        failures += not ok
print("%d architectures compared, %d differ" % (len(archs), failures))
sys.exit(1 if failures else 0)
