#!/usr/bin/env python3
"""Property test of warplint-bank-conflict on control flow.

gen.py covers straight-line index expressions and gen_loops.py counted for
loops. This one generates kernels whose index is built through the
constructs of real code: variables defined in if/else arms and by ?:,
device functions with several returns, pointers chosen in a branch, loop
counters declared before their loop, while and do/while loops, a second
variable the loop steps (`pos += step`) with an extra step joined at an
`if (...) { ...; continue; }`, and a switch case guarding the access.
The access is made directly, or through a lambda (capturing the pointer by
reference or by copy, before or after the branch that moves it, or given
it as a parameter) or a function object holding the pointer (copied before
or after that branch; a const operator() or one that only reads its
members); its index is written directly or through a member of a union
(another member written before it). A kernel whose union member is
written through another member after the index must be reported unknown
on every launch.

Each kernel is written twice: as CUDA for warplint, and as a Python
function that runs the same program for one thread and returns the address
of the access in each iteration (None where the thread skips it). The
reference applies the bank model to every iteration of every warp (the
loops' trip counts do not depend on the thread) and requires warplint's
degree (--dump-shared-accesses) to be the worst one, and its wavefronts
and phases to be those of a worst (iteration, warp).

Standard library only. Exit status 0 when everything agrees.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_loops import warp_cost  # noqa: E402  (the same bank model)

SHAPES = [(32, 1), (64, 1), (128, 1), (96, 1), (48, 1), (100, 1), (32, 8),
          (16, 16), (8, 8), (64, 4), (33, 3)]


def expr(rng, var):
    """(C text, Python function) of a small non-negative value of var."""
    c = rng.choice([1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 33])
    k = rng.randrange(7)
    if k == 0:
        return "%s * %d" % (var, c), lambda x: x * c
    if k == 1:
        return "%s / %d" % (var, c), lambda x: x // c
    if k == 2:
        return "%s %% %d" % (var, c), lambda x: x % c
    if k == 3:
        return "(%s ^ %d)" % (var, c), lambda x: x ^ c
    if k == 4:
        s = rng.choice([1, 2, 3, 5])
        return "(%s >> %d)" % (var, s), lambda x: x >> s
    if k == 5:
        return "%s + %d" % (var, c), lambda x: x + c
    return "%d" % c, lambda x: c


def cond(rng, var):
    """(C condition, Python predicate) on var."""
    c = rng.choice([1, 2, 3, 4, 8, 16])
    k = rng.randrange(4)
    if k == 0:
        return "(%s & %d)" % (var, c), lambda x: (x & c) != 0
    if k == 1:
        return "%s %% %d == 0" % (var, c + 1), lambda x: x % (c + 1) == 0
    if k == 2:
        return "%s < %d" % (var, c * 4), lambda x: x < c * 4
    return "%s >= %d" % (var, c * 8), lambda x: x >= c * 8


class Kernel:
    pass


def generate_one(rng, name, helpers):
    """A kernel: C lines, and run(tid) -> [address or None per iteration]."""
    k = Kernel()
    k.name = name
    k.shapes = rng.sample(SHAPES, rng.choice([1, 2]))
    k.ctype, k.nbytes = rng.choice([("float", 4), ("float", 4),
                                    ("double", 8)])
    size = 2048
    lines = ["__global__ void %s(float *out) {" % name,
             "  __shared__ %s s[%d];" % (k.ctype, size),
             "  int tid = threadIdx.x + threadIdx.y * blockDim.x;"]
    steps = []  # Python: functions env -> None, in program order

    # a: an if/else, an if without else, or ?:
    ka = rng.randrange(3)
    (ce, cf), (e1, f1), (e2, f2) = cond(rng, "tid"), expr(rng, "tid"), \
        expr(rng, "tid")
    if ka == 0:
        lines += ["  int a;", "  if (%s)" % ce, "    a = %s;" % e1,
                  "  else", "    a = %s;" % e2]
    elif ka == 1:
        lines += ["  int a = %s;" % e2, "  if (%s)" % ce,
                  "    a = %s;" % e1]
    else:
        lines += ["  int a = (%s) ? %s : %s;" % (ce, e1, e2)]
    steps.append(lambda env, cf=cf, f1=f1, f2=f2:
                 env.__setitem__("a", f1(env["tid"]) if cf(env["tid"])
                                 else f2(env["tid"])))

    # b: a device function with two returns, called on a
    hname = "%s_h" % name
    (hc, hcf), (h1, hf1), (h2, hf2) = cond(rng, "x"), expr(rng, "x"), \
        expr(rng, "x")
    helpers.append("__device__ int %s(int x) {\n  if (%s)\n    return %s;\n"
                   "  return %s;\n}" % (hname, hc, h1, h2))
    lines.append("  int b = %s(a);" % hname)
    steps.append(lambda env, hcf=hcf, hf1=hf1, hf2=hf2:
                 env.__setitem__("b", hf1(env["a"]) if hcf(env["a"])
                                 else hf2(env["a"])))

    # a pointer chosen in a branch; the access through a lambda or a
    # function object made before or after that branch
    off = rng.choice([0, 1, 32, 64])
    pc, pcf = cond(rng, "tid")
    k.via = rng.choice(["direct", "direct", "lambda-ref", "lambda-copy",
                        "lambda-param", "functor", "functor-mutable"])
    before = rng.random() < 0.5
    # Where the pointer is taken before the branch (a copy capture, a
    # function object's member), the branch does not move it.
    k.unmoved = before and k.via in ("lambda-copy", "functor",
                                     "functor-mutable")
    made = []
    if k.via == "lambda-ref":
        made = ["  auto touch = [&](int q) { p[q] = 0; };"]
    elif k.via == "lambda-copy":
        made = ["  auto touch = [=](int q) { p[q] = 0; };"]
    elif k.via == "lambda-param":
        made = ["  auto touch = [](%s *r, int q) { r[q] = 0; };" % k.ctype]
    elif k.via.startswith("functor"):
        const = "" if k.via == "functor-mutable" else " const"
        lines[:0] = ["struct %s_Fn {" % name, "  %s *r;" % k.ctype,
                     "  __device__ void operator()(int q)%s { r[q] = 0; }"
                     % const, "};"]
        made = ["  %s_Fn touch{p};" % name]
    lines += ["  %s *p = s;" % k.ctype]
    lines += made if before else []
    lines += ["  if (%s)" % pc, "    p = s + %d;" % off]
    lines += [] if before else made

    # the loop: its counter declared before it, a carried variable
    trips = rng.choice([1, 2, 3, 4])
    step = rng.choice([0, 1, 4, 32, 33])
    p0 = rng.choice([0, 1, 16])
    cont = rng.random() < 0.5
    ci, extra = rng.randrange(trips), rng.choice([1, 7, 32])
    ca, cb, cc, cp = [rng.choice([0, 1, 2, 4, 32, 33]) for _ in range(4)]
    # The loop's values only rotate the banks when they are the same in
    # every lane; a lane-dependent factor makes the degree depend on them.
    scaled = rng.random() < 0.5
    index = "(a * %d + b * %d + (i * %d + pos * %d)%s) & %d" % (
        ca, cb, cc, cp, " * (1 + (tid & 1))" if scaled else "",
        size // 2 - 1)
    guard = rng.random() < 0.3
    gm, gv = rng.choice([2, 3, 4]), 0
    # The index through a union: another member written before the index
    # (known), or after it (unknown).
    k.union = rng.choice(["none", "none", "member", "clobbered"])
    pre = []
    if k.union != "none":
        lines += ["  union { int v; unsigned short h[2]; } u;"]
        pre = ["    u.h[1] = %d;" % rng.randrange(4), "    u.v = %s;" % index]
        if k.union == "clobbered":
            pre += ["    u.h[0] = tid;"]
        index = "u.v"
    if k.via == "direct":
        access = "p[%s] = 0;" % index
    elif k.via == "lambda-param":
        access = "touch(p, %s);" % index
    else:
        access = "touch(%s);" % index
    if guard:
        access = ("switch (tid %% %d) {\n    case %d:\n      %s\n"
                  "      break;\n    default:\n      break;\n    }"
                  % (gm, gv, access))
    body = []
    form = rng.choice(["for", "while", "do"])
    lines += ["  int i;", "  int pos = %d;" % p0]
    if form == "for":
        head, tail = ["  for (i = 0; i < %d; i++) {" % trips], ["  }"]
        inc = []
    elif form == "while":
        head, tail = ["  i = 0;", "  while (i < %d) {" % trips], ["  }"]
        inc = ["    i++;"]
    else:
        head, tail = ["  i = 0;", "  do {"], ["  } while (i < %d);" % trips]
        inc = ["    i++;"]
    if cont:
        # a while or do loop steps its counter before the continue too
        body = ["    if (i == %d) {" % ci, "      pos += %d;" % extra] + \
            (["      i++;"] if inc else []) + ["      continue;", "    }"]
    lines += head + body + pre + ["    " + access, "    pos += %d;" % step] + \
        inc + tail
    lines.append("}")

    def run(tid):
        env = {"tid": tid}
        for s_ in steps:
            s_(env)
        a, b = env["a"], env["b"]
        base = off if pcf(tid) and not k.unmoved else 0
        out, pos = [], p0
        for i in range(trips):
            if cont and i == ci:
                pos += extra
                out.append(None)
                continue
            if guard and tid % gm != gv:
                out.append(None)
            else:
                m = 1 + (tid & 1) if scaled else 1
                idx = (a * ca + b * cb + (i * cc + pos * cp) * m) & \
                    (size // 2 - 1)
                out.append((base + idx) * k.nbytes)
            pos += step
        return out

    k.run = run
    k.lines = lines
    return k


def reference(k, shape):
    bx, by = shape
    n = bx * by
    per_thread = [k.run(t) for t in range(n)]
    trips = len(per_thread[0])
    worst, pairs = None, set()
    for it in range(trips):
        for w in range((n + 31) // 32):
            addrs = []
            for lane in range(32):
                t = w * 32 + lane
                addrs.append(per_thread[t][it] if t < n else None)
            wf, ph = warp_cost(addrs, k.nbytes)
            if ph == 0:
                continue
            d = Fraction(wf, ph)
            if worst is None or d > worst:
                worst, pairs = d, {(wf, ph)}
            elif d == worst:
                pairs.add((wf, ph))
    return worst, pairs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    helpers, kernels = [], []
    for i in range(a.count):
        kernels.append(generate_one(rng, "F%d" % i, helpers))
    src = ["#include <cuda.h>"] + helpers
    for k in kernels:
        src += k.lines
    src.append("void launchAll(float *f) {")
    for k in kernels:
        for bx, by in k.shapes:
            src.append("  %s<<<1, dim3(%d, %d)>>>(f);" % (k.name, bx, by))
    src.append("}")
    os.makedirs(a.workdir, exist_ok=True)
    path = os.path.join(a.workdir, "flow_%d.cu" % a.seed)
    with open(path, "w") as f:
        f.write("\n".join(src) + "\n")
    out = subprocess.run(
        [a.warplint, "--dump-shared-accesses", path, "--", "-x", "cuda",
         "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
         "-Wno-unknown-cuda-version", "-isystem", a.inputs],
        capture_output=True, text=True)
    if out.returncode != 0:
        print("warplint failed (%d): %s" % (out.returncode, out.stderr[:2000]))
        return 1
    by_function = {}
    for acc in json.loads(out.stdout)["accesses"]:
        # F3, F3()::(lambda)::operator(), F3_Fn::operator(): kernel F3
        key = re.split(r"[(:]", acc["function"])[0]
        if key.endswith("_Fn"):
            key = key[:-3]
        by_function.setdefault(key, []).append(acc)
    bad = compared = 0
    for k in kernels:
        accs = by_function.get(k.name, [])
        if len(accs) != 1:
            print("%s: %d dump entries, expected 1" % (k.name, len(accs)))
            bad += 1
            continue
        runs = {(r["blockDim"][0], r["blockDim"][1]): r
                for r in accs[0]["runs"]}
        if k.union == "clobbered":
            compared += 1
            if any(r["state"] == "ok" for r in runs.values()) or \
                    not accs[0]["whyUnknown"]:
                print("%s (%s): expected unknown (u.v is written through "
                      "u.h), got %s" % (k.name, k.via,
                                        [r["state"] for r in runs.values()]))
                bad += 1
            continue
        for shape in k.shapes:
            compared += 1
            worst, pairs = reference(k, shape)
            r = runs.get(shape)
            if r is None:
                print("%s %s (%s, %s): no run (%s)" % (k.name, shape, k.via,
                                                      k.union,
                                              accs[0]["whyUnknown"]))
                bad += 1
                continue
            if worst is None:
                if r["state"] != "never-runs":
                    print("%s %s: expected never-runs, got %s"
                          % (k.name, shape, r["state"]))
                    bad += 1
                continue
            if r["state"] != "ok" or \
                    Fraction(r["wavefronts"], r["phases"]) != worst or \
                    (r["wavefronts"], r["phases"]) not in pairs:
                print("%s %s (%s, %s): warplint %s %s/%s (%s), reference "
                      "degree %s %s"
                      % (k.name, shape, k.via, k.union, r["state"],
                         r.get("wavefronts"),
                         r.get("phases"), r.get("why", ""), worst,
                         sorted(pairs)))
                bad += 1
    print("seed %d: %d runs compared, %d agree, %d disagree"
          % (a.seed, compared, compared - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
