#!/usr/bin/env python3
"""Property test of warplint-bank-conflict on loops and device functions.

gen.py covers straight-line index expressions. This one generates kernels
whose shared access sits in a `for` loop whose counter the code fixes for the
block shape (doubling, halving and counted loops, and loops whose start
depends on the thread: a window of the same length in every thread, or a
stride loop whose trip count differs between threads), guarded by conditions on
the thread index and the counter (the reduction patterns), sometimes inside a
__device__ function called from the loop with the thread index and the
counter as arguments. For every launch, an independent brute-force reference
evaluates every iteration (each thread's own counter value), every warp
and every lane with the bank model
(32 banks of 4 bytes; 4-byte accesses one phase of 32 lanes, 8-byte two of
16; wavefronts = distinct words of the busiest bank; degree = wavefronts /
phases, worst over warps and iterations) and the test requires
warplint's degree (from --dump-shared-accesses) to be the same, and its
wavefronts and phases to be those of a worst (counter, warp).

Standard library only. Exit status 0 when everything agrees.
"""

import argparse
import json
import os
import random
import subprocess
import sys
from fractions import Fraction

SHAPES = [(32, 1), (64, 1), (128, 1), (256, 1), (512, 1), (96, 1), (48, 1),
          (100, 1), (32, 8), (16, 16), (8, 8), (64, 4), (33, 3), (16, 4)]


def loops(rng):
    """(C text using blockDim and tid, Python function (tid, n) -> the
    counter's values in that thread, iteration by iteration)."""
    kind = rng.randrange(6)
    if kind == 0:
        def doubling(t, n):
            vals, v = [], 1
            while v < n:
                vals.append(v)
                v *= 2
            return vals
        return ("for (unsigned v = 1; v < blockDim.x * blockDim.y; v *= 2)",
                doubling)
    if kind == 1:
        def halving(t, n):
            vals, v = [], n // 2
            while v > 0:
                vals.append(v)
                v >>= 1
            return vals
        return ("for (unsigned v = (blockDim.x * blockDim.y) / 2; v > 0; "
                "v >>= 1)", halving)
    k, d = rng.choice([8, 16, 33, 64]), rng.choice([1, 2, 3, 8])
    if kind == 2:
        return ("for (unsigned v = 0; v < %d; v += %d)" % (k, d),
                lambda t, n: list(range(0, k, d)))
    if kind == 3:
        return ("for (int v = %d; v >= 0; v -= %d)" % (k, d),
                lambda t, n: list(range(k, -1, -d)))
    # The start depends on the thread: a window of the same length in every
    # thread (`si = si_start; si < si_start + 32`), or a stride loop whose
    # trip count differs between threads (the lanes that have left are idle).
    s = rng.choice([1, 2, 4, 8])
    if kind == 4:
        return ("for (int v = tid * %d; v < tid * %d + %d; v += %d)"
                % (s, s, k, d),
                lambda t, n: list(range(t * s, t * s + k, d)))
    m = rng.choice([40, 100, 200])
    return ("for (int v = tid %% %d; v < %d; v += %d)" % (s * 4, m, d * 4),
            lambda t, n: list(range(t % (s * 4), m, d * 4)))


def guards(rng):
    """(C condition or None, Python predicate of (tid, v, n))."""
    g = rng.randrange(5)
    if g == 0:
        return None, lambda t, v, n: True
    if g == 1:
        return "tid < v", lambda t, v, n: t < v
    if g == 2:
        return ("tid % (2 * v + 1) == 0",
                lambda t, v, n: t % (2 * v + 1) == 0)
    if g == 3:
        return ("2 * v * tid + v < blockDim.x * blockDim.y",
                lambda t, v, n: 2 * v * t + v < n)
    return "(tid & 31) < 16", lambda t, v, n: (t & 31) < 16


def index(rng, size):
    """(C index text over tid and v, Python function), in [0, size)."""
    a = rng.choice([0, 1, 2])
    b = rng.choice([0, 1, 2, 4, 8, 32, 33])
    c = rng.choice([0, 1, 3, 32])
    x = rng.choice(["", " ^ (tid % 8)", " ^ (v % 32)"])
    text = "((%d * tid * v + %d * tid + %d * v)%s) %% %d" % (a, b, c, x, size)

    def f(t, v):
        r = a * t * v + b * t + c * v
        if x == " ^ (tid % 8)":
            r ^= t % 8
        elif x == " ^ (v % 32)":
            r ^= v % 32
        return r % size
    return text, f


def warp_cost(addrs, nbytes):
    """(wavefronts, phases) of one warp; addrs has None for idle lanes."""
    phases = 1 if nbytes <= 4 else nbytes // 4
    per = 32 // phases
    wf = ph = 0
    for p in range(phases):
        banks = {}
        for lane in range(p * per, (p + 1) * per):
            a = addrs[lane]
            if a is None:
                continue
            for w in range(a // 4, (a + nbytes - 1) // 4 + 1):
                banks.setdefault(w % 32, set()).add(w)
        if banks:
            ph += 1
            wf += max(len(s) for s in banks.values())
    return wf, ph


def reference(k, shape):
    """The worst degree over iterations and warps, and its (wf, ph) pairs.
    Iteration j of the loop runs in every thread that has a j-th value; the
    others are idle (the counter's values may differ between threads)."""
    bx, by = shape
    n = bx * by
    worst, pairs = None, set()
    values = [k.values(t, n) for t in range(n)]
    for j in range(max((len(v) for v in values), default=0)):
        for w in range((n + 31) // 32):
            addrs = []
            for lane in range(32):
                t = w * 32 + lane
                if t >= n or j >= len(values[t]) or \
                        not k.guard(t, values[t][j], n):
                    addrs.append(None)
                else:
                    addrs.append(k.index(t, values[t][j]) * k.nbytes)
            wf, ph = warp_cost(addrs, k.nbytes)
            if ph == 0:
                continue
            d = Fraction(wf, ph)
            if worst is None or d > worst:
                worst, pairs = d, {(wf, ph)}
            elif d == worst:
                pairs.add((wf, ph))
    return worst, pairs


def generate(rng, count):
    kernels, src = [], ["#include <cuda.h>"]
    for i in range(count):
        k = argparse.Namespace()
        k.name = "L%d" % i
        k.shapes = rng.sample(SHAPES, rng.choice([1, 2]))
        loop_text, k.values = loops(rng)
        gtext, k.guard = guards(rng)
        etype, k.nbytes = rng.choice([("float", 4), ("float", 4),
                                      ("double", 8), ("int2", 8)])
        size = rng.choice([64, 256, 1024, 2048])
        itext, k.index = index(rng, size)
        k.device = rng.random() < 0.3
        body = []
        if k.device:
            src.append("__device__ void %s_at(%s *s, int tid, unsigned v) "
                       "{ s[%s] = %s; }" % (k.name, etype, itext,
                                            "{}" if etype == "int2" else "0"))
            access = "%s_at(s, tid, v);" % k.name
        else:
            access = "s[%s] = %s;" % (itext, "int2{}" if etype == "int2"
                                      else "0")
        body.append("__global__ void %s(float *out) {" % k.name)
        body.append("  __shared__ %s s[%d];" % (etype, size))
        body.append("  int tid = threadIdx.x + threadIdx.y * blockDim.x;")
        body.append("  %s {" % loop_text)
        body.append("    %s%s" % ("if (%s) " % gtext if gtext else "", access))
        body.append("  }")
        body.append("}")
        k.line = len(src) + (0 if k.device else 5)
        src.extend(body)
        kernels.append(k)
    src.append("void launchAll(float *f) {")
    for k in kernels:
        for bx, by in k.shapes:
            src.append("  %s<<<1, dim3(%d, %d)>>>(f);" % (k.name, bx, by))
    src.append("}")
    return kernels, "\n".join(src) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    kernels, text = generate(rng, a.count)
    os.makedirs(a.workdir, exist_ok=True)
    path = os.path.join(a.workdir, "loops_%d.cu" % a.seed)
    with open(path, "w") as f:
        f.write(text)
    out = subprocess.run(
        [a.warplint, "--dump-shared-accesses", path, "--", "-x", "cuda",
         "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
         "-Wno-unknown-cuda-version", "-isystem", a.inputs],
        capture_output=True, text=True)
    if out.returncode != 0:
        print("warplint failed (%d): %s" % (out.returncode, out.stderr[:2000]))
        return 1
    dump = json.loads(out.stdout)["accesses"]
    by_function = {}
    for acc in dump:
        by_function.setdefault(acc["function"].split("_at")[0], []).append(acc)
    bad = compared = 0
    for k in kernels:
        accs = by_function.get(k.name, [])
        if len(accs) != 1:
            print("%s: %d dump entries, expected 1" % (k.name, len(accs)))
            bad += 1
            continue
        runs = {(r["blockDim"][0], r["blockDim"][1]): r for r in accs[0]["runs"]}
        for shape in k.shapes:
            compared += 1
            worst, pairs = reference(k, shape)
            r = runs.get(shape)
            if r is None:
                print("%s %s: no run (%s)" % (k.name, shape,
                                              accs[0]["whyUnknown"]))
                bad += 1
                continue
            if worst is None:
                if r["state"] != "never-runs":
                    print("%s %s: expected never-runs, got %s" % (
                        k.name, shape, r["state"]))
                    bad += 1
                continue
            if r["state"] != "ok" or \
                    Fraction(r["wavefronts"], r["phases"]) != worst or \
                    (r["wavefronts"], r["phases"]) not in pairs:
                print("%s %s: warplint %s %s/%s, reference degree %s %s\n  %s"
                      % (k.name, shape, r["state"], r.get("wavefronts"),
                         r.get("phases"), worst, sorted(pairs),
                         accs[0]["text"]))
                bad += 1
    print("seed %d: %d runs compared, %d agree, %d disagree"
          % (a.seed, compared, compared - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
