#!/usr/bin/env python3
"""Property test of warplint-bank-conflict: the degree as a function of a
run-time value (ParametricDegree).

Generates kernels whose one __shared__ access has an address affine in the
thread index and in one warp-uniform kernel argument `d` that no host code
fixes (`s[tx * d + c]`, `s[(tx + d) * k]`, `s[tx * (2 * d + 1)]`,
`s[ty * d + tx]`, `s[(tx % 8) * d + tx / 8]`, through a local `stride`, ...),
with elements of 1 to 16 bytes (and members of vectors), `int` or
`unsigned` d, 1-D and 2-D blocks, masks on the thread index, and some
guards that read d (`if (d % 32 != 0) return;`, `if (tx < d)`).

For every run of `warplint --dump-shared-accesses`, the test evaluates the
access for every d in --range (default -64..256; d >= 0 when unsigned), and
for every exceptional value the dump lists, with gen.py's brute-force
reference of the bank model, and requires:

  * a run with a degree (state ok): that degree for every d for which a
    thread runs the access;
  * a run with a "parametric" result: for every d, the degree of its class
    (degreeByResidue[d mod period], or its listed exception) equals the
    reference's (a class given as null: no thread runs it for such d);
    minDegree / maxDegree / conflictsForEveryValue those of the values;
  * char and short elements: the degree may depend on the array's base
    offset; then warplint must not give one (state unknown, no parametric);
  * a plain `warplint` run: a warning on the access's line if and only if
    the degree is known and conflicts, or every value of d conflicts:
    never a warning when the access runs conflict-free for some d (except
    under `if (tx < d)`, a guard warplint cannot evaluate and documents as
    letting every lane through: there the degree is the full warp's, the
    worst over d);
  * an access whose address is affine in d, with no guard reading d, no
    subword base issue and few exceptional values: a parametric result
    (or a degree) on every run, not "unknown".

Standard library only. Exit status 0 when everything agrees.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402  (the bank model's reference and warplint's runner)

SHAPES = [(32, 1), (64, 1), (128, 1), (96, 1), (48, 1), (33, 1), (16, 1),
          (100, 1), (32, 2), (16, 16), (8, 8), (16, 4), (8, 32), (4, 8),
          (32, 4), (12, 5)]

# name: (size, members [(name, size, offset)])
TYPES = {"char": (1, []), "short": (2, []), "int": (4, []),
         "float": (4, []), "double": (8, []), "float2": (8, [("x", 4, 0),
                                                              ("y", 4, 4)]),
         "float4": (16, [("x", 4, 0), ("y", 4, 4), ("z", 4, 8),
                         ("w", 4, 12)]),
         "double2": (16, [("x", 8, 0), ("y", 8, 8)])}
TYPE_WEIGHTS = [("char", 2), ("short", 2), ("int", 3), ("float", 5),
                ("double", 3), ("float2", 3), ("float4", 3), ("double2", 1)]


def thread_term(rng, two_d):
    """(C text, f(x, y, bx)) of a lane-dependent factor."""
    c = rng.choice([1, 2, 3, 4, 8, 16, 32, 33])
    opts = [("tx", lambda x, y, b: x),
            ("(tx %% %d)" % 8, lambda x, y, b: x % 8),
            ("(tx / %d)" % 4, lambda x, y, b: x // 4),
            ("(tx ^ 1)", lambda x, y, b: x ^ 1),
            ("(tx * %d)" % c, lambda x, y, b: x * c),
            ("(tx - 1)", lambda x, y, b: x - 1),
            ("%d" % c, lambda x, y, b: c)]
    if two_d:
        opts += [("ty", lambda x, y, b: y),
                 ("(ty * blockDim.x + tx)", lambda x, y, b: y * b + x),
                 ("(tx + ty)", lambda x, y, b: x + y),
                 ("ty", lambda x, y, b: y)]
    return rng.choice(opts)


def d_term(rng, unsigned):
    """(C text, f(d)) of a factor affine in d (its coefficient not 0)."""
    c = rng.choice([1, 2, 3, 4, 5, 8, 16, 17, 32, 33])
    s = rng.randint(1, 4)
    opts = [("d", lambda d: d), ("d", lambda d: d),
            ("(2 * d + 1)", lambda d: 2 * d + 1),
            ("(d + %d)" % c, lambda d: d + c),
            ("(d - %d)" % c, lambda d: d - c),
            ("(d * %d)" % c, lambda d: d * c),
            ("(%d * d + %d)" % (c, s), lambda d: c * d + s)]
    if unsigned:
        opts.append(("(d << %d)" % s, lambda d: d << s))
    return rng.choice(opts)


def rest_term(rng, two_d):
    c = rng.choice([0, 1, 3, 16, 31, 32, 64])
    opts = [("", lambda x, y, b: 0), (" + %d" % c, lambda x, y, b: c),
            (" + tx", lambda x, y, b: x), (" + tx / 8", lambda x, y, b: x // 8),
            (" + (tx % 4) * 32", lambda x, y, b: (x % 4) * 32)]
    if two_d:
        opts += [(" + ty", lambda x, y, b: y),
                 (" + ty * 33", lambda x, y, b: y * 33)]
    return rng.choice(opts)


MASKS = [(None, None, False),
         ("tx < 16", lambda x, y, d: x < 16, False),
         ("(tx & 1) == 0", lambda x, y, d: (x & 1) == 0, False),
         ("ty < 2", lambda x, y, d: y < 2, False),
         ("tx >= 8", lambda x, y, d: x >= 8, False),
         # guards that read d
         ("d % 32 == 0", lambda x, y, d: d % 32 == 0 if d >= 0 else
          (-d) % 32 == 0, True),
         ("d % 2 != 0", lambda x, y, d: d % 2 != 0, True),
         ("tx < d", lambda x, y, d: x < d, True)]


class PKernel:
    pass


def make_kernel(rng, name):
    k = PKernel()
    k.name = name
    n = 1 if rng.random() < 0.6 else 2
    k.shapes = rng.sample(SHAPES, n)
    two_d = any(s[1] > 1 for s in k.shapes)
    k.unsigned = rng.random() < 0.3
    tot = sum(w for _, w in TYPE_WEIGHTS)
    r = rng.uniform(0, tot)
    for tname, w in TYPE_WEIGHTS:
        r -= w
        if r <= 0:
            break
    size, members = TYPES[tname]
    k.tname = tname
    member = rng.choice(members) if members and rng.random() < 0.3 else None
    k.nbytes = member[1] if member else size
    off = member[2] if member else 0
    k.bases = [0, 1, 2, 3] if size == 1 else [0, 2] if size == 2 else [0]

    ptext, pf = thread_term(rng, two_d)
    qtext, qf = d_term(rng, k.unsigned)
    rtext, rf = rest_term(rng, two_d)
    decls = []
    form = rng.randrange(4)
    if form == 0 and qtext != "d":
        decls.append("int stride = %s;" % qtext)
        index = "%s * stride%s" % (ptext, rtext)
    elif form == 1:
        index = "%s * %s%s" % (qtext, ptext, rtext)
    else:
        index = "%s * %s%s" % (ptext, qtext, rtext)
    base = lambda x, y, b, d: pf(x, y, b) * qf(d) + rf(x, y, b)
    # the index is unsigned (wraps around 2^32 where it is negative as a
    # number): an unsigned d, or blockDim in the lane factor
    k.index_unsigned = k.unsigned or "blockDim" in ptext
    # a loop around the access: its counter in the index (the loop does
    # not read d), or a bound that reads d
    k.loop = None
    k.iterations = lambda d: [0]
    r = rng.random()
    if r < 0.15:
        trips, cj = rng.choice([2, 4]), rng.choice([1, 2, 32, 33])
        k.loop = "for (int j = 0; j < %d; ++j)" % trips
        index += " + j * %d" % cj
        k.iterations = lambda d: list(range(trips))
        idx = lambda x, y, b, d, j: base(x, y, b, d) + j * cj
    elif r < 0.22:
        k.loop = "for (int j = 0; j < 3 && j < %s; ++j)" % (
            "(int)d" if k.unsigned else "d")
        index += " + j"
        k.iterations = lambda d: list(range(max(0, min(3, d))))
        idx = lambda x, y, b, d, j: base(x, y, b, d) + j
    else:
        idx = lambda x, y, b, d, j: base(x, y, b, d)
    # a second run-time value e added to the index: the degree must not
    # depend on it (the reference tries e = 0..3, like base offsets)
    k.second = rng.random() < 0.1
    if k.second:
        index += " + e"
    # wrapped into the array: not affine in d (C semantics)
    k.wrapped = rng.random() < 0.12
    if k.wrapped:
        m = rng.choice([64, 256, 1024])
        if k.unsigned and rng.random() < 0.5:
            index = "(%s) %% %du" % (index, m)
            wrap = lambda v: (v % (1 << 32)) % m
        else:
            index = "(%s) & %d" % (index, m - 1)
            wrap = lambda v: v & (m - 1)
        k.index = lambda x, y, b, d, j: wrap(idx(x, y, b, d, j))
    else:
        k.index = idx
    mtext, mf, k.mask_reads_d = rng.choice(MASKS) if rng.random() < 0.35 \
        else MASKS[0]
    if mtext and "ty" in mtext and not two_d:
        mtext, mf, k.mask_reads_d = MASKS[0]
    k.mask = mf
    k.mask_text = mtext
    k.addr = lambda x, y, b, d, j: k.index(x, y, b, d, j) * size + off
    if k.second:
        k.bases = sorted({b + e * size for b in k.bases for e in range(4)})
    ref = "s[%s]%s" % (index, "." + member[0] if member else "")
    kind = rng.choice(["load", "store"])
    if kind == "load":
        stmt = "out[blockIdx.x]%s = %s;" % ("." + member[0] if member
                                            else "", ref)
    else:
        stmt = "%s = v%s;" % (ref, "." + member[0] if member else "")
    k.access = kind
    lines = ["__global__ void %s(%s *out, %s v, %s d, int e) {"
             % (name, tname, tname, "unsigned" if k.unsigned else "int"),
             "  __shared__ %s s[%d];" % (tname, 4096 // size),
             "  int tx = threadIdx.x; int ty = threadIdx.y;"]
    lines += ["  " + x for x in decls]
    ind = "  "
    if k.loop:
        lines.append(ind + k.loop)
        ind += "  "
    if mtext:
        lines.append(ind + "if (%s)" % mtext)
        ind += "  "
    lines.append(ind + stmt)
    k.access_line_offset = len(lines) - 1
    lines.append("}")
    k.lines = lines
    k.shown = " ".join(decls + ([k.loop] if k.loop else []) +
                       (["if (%s)" % mtext] if mtext else []) + [stmt])
    # what the analysis is expected to give a parametric result for
    k.affine_only = not k.mask_reads_d and not k.wrapped and \
        "&&" not in (k.loop or "")
    return k


def write_file(path, kernels):
    out = ['#include "cuda.h"', "// generated by gen_param.py: do not edit",
           ""]
    for k in kernels:
        k.line = len(out) + 1 + k.access_line_offset
        out.extend(k.lines)
        out.append("")
    # d is a parameter of a function no code calls: known only at run time
    out.append("void launch_all(int d, unsigned ud, int e) {")
    for k in kernels:
        for bx, by in k.shapes:
            out.append("  %s<<<1, dim3(%d, %d)>>>((%s *)0, %s{}, %s, e);"
                       % (k.name, bx, by, k.tname, k.tname,
                          "ud" if k.unsigned else "d"))
    out.append("}")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# --------------------------------------------------------------------------
# The reference: every d, every base offset the element alignment allows
# --------------------------------------------------------------------------


class Lanes:
    """The lanes of one shape: the address of each lane as a + c * d
    (checked at other values of d, else evaluated for each d)."""

    def __init__(self, k, shape):
        self.k = k
        bx, by = shape
        self.n = bx * by
        self.xy = [(t % bx, t // bx) for t in range(self.n)]
        self.bx = bx
        self.affine = True
        self.a, self.c = {}, {}
        for j in k.iterations(10 ** 6):
            a0 = [k.addr(x, y, bx, 0, j) for x, y in self.xy]
            a1 = [k.addr(x, y, bx, 1, j) for x, y in self.xy]
            self.a[j] = a0
            self.c[j] = [q - p for p, q in zip(a0, a1)]
            self.affine = self.affine and all(
                k.addr(x, y, bx, dd, j) == a + c * dd
                for (x, y), a, c in zip(self.xy, a0, self.c[j])
                for dd in (-7, 5, 300))

    def addrs(self, d, j, base):
        k = self.k
        out = []
        for i, (x, y) in enumerate(self.xy):
            if k.mask and not k.mask(x, y, d):
                out.append(None)
            elif self.affine:
                out.append(self.a[j][i] + self.c[j][i] * d + base)
            else:
                out.append(k.addr(x, y, self.bx, d, j) + base)
        return out

    def exceptional(self):
        """How many values of d make two lanes of a warp with different
        coefficients share a word (|a_i - a_k + d (c_i - c_k)| <= 3), as
        the analysis counts them (ParametricDegree.cpp)."""
        vals = set()
        for j in self.a:
            for w in range(0, self.n, 32):
                lanes = [i for i in range(w, min(w + 32, self.n))
                         if not self.k.mask or
                         self.k.mask(*self.xy[i], 0)]
                for p, i in enumerate(lanes):
                    for i2 in lanes[p + 1:]:
                        da = self.a[j][i] - self.a[j][i2]
                        dc = self.c[j][i] - self.c[j][i2]
                        if dc == 0:
                            continue
                        if dc < 0:
                            da, dc = -da, -dc
                        lo = -((3 + da) // dc)
                        hi = (3 - da) // dc
                        vals.update(range(lo, hi + 1))
        return len(vals)

    def degree(self, d):
        """The worst degree over the loop's iterations for d (Fraction), 0
        when no thread runs it, None when it depends on the base offset."""
        degs = set()
        for b in self.k.bases:
            worst = Fraction(0)
            for j in self.k.iterations(d):
                r = gen.reference(self.addrs(d, j, b), self.k.nbytes, self.n)
                if r is not None:
                    worst = max(worst, Fraction(r[1], r[2]))
            degs.add(worst)
        return degs.pop() if len(degs) == 1 else None


def claimed(par, d):
    """The degree the parametric result gives for d (None: not a value d
    can have)."""
    for e in par.get("exceptions", []):
        if e.get("value") == d:
            return e.get("degree")
    p = par.get("period", 1)
    cls = par.get("degreeByResidue", [])
    # Below a bound (a loop `j < d` that runs for no d < 1, say): the
    # degrees of belowDegreeByResidue, 0 where no thread executes it.
    if "below" in par and d < par["below"]:
        cls = par.get("belowDegreeByResidue", [])
    return cls[d % p] if d % p < len(cls) else "missing"


def check_run(k, shape, run, values, warned, open_ok=()):
    """[(category, message)] for one run."""
    lanes = Lanes(k, shape)
    par = run.get("parametric")
    vals = list(values)
    if par:
        vals += [e.get("value") for e in par.get("exceptions", [])
                 if isinstance(e.get("value"), int)]
    if k.unsigned:
        vals = [v for v in vals if v >= 0]
    vals = sorted(set(vals))
    ref = {d: lanes.degree(d) for d in vals}
    found = []
    subword = [d for d in vals if ref[d] is None]
    state = run.get("state")
    bad = []
    # A guard on the lane and d (`tx < d`) is one warplint cannot
    # evaluate: it lets every lane through (docs/checks/
    # warplint-bank-conflict.md, "Only the lanes that execute the access
    # count"), so a degree is that of the full warp, the worst over d.
    lane_guard = k.mask_text == "tx < d"
    if state == "ok" and lane_guard:
        worst = max((ref[d] for d in vals if ref[d] is not None),
                    default=None)
        if worst is None or abs(float(worst) - run.get("degree", -1)) > 1e-6:
            bad.append("the worst over d: reference %s" % worst)
    elif state == "ok":
        # the degree when the access runs: values of d for which no
        # thread runs it (a guard on d alone) say nothing against it
        for d in vals:
            if ref[d] == 0:
                continue
            if ref[d] is None or abs(float(ref[d]) - run.get("degree", -1)) \
                    > 1e-6:
                bad.append("d=%d: reference %s" % (d, ref[d]))
    elif state == "never-runs":
        bad = ["d=%d: reference %s" % (d, ref[d]) for d in vals
               if ref[d] != 0]
    elif par:
        if subword:
            found.append(("subword", "a parametric result, but the degree "
                          "depends on the array's base offset for d in %s"
                          % subword[:8]))
        for d in vals:
            c = claimed(par, d)
            r = ref[d]
            if r is None:
                continue
            if c is None:
                c = 0  # a class d cannot have: compare with no lane
            if c == "missing" or abs(float(r) - c) > 1e-6:
                bad.append("d=%d: warplint %s, reference %s" % (d, c, r))
        # The degrees of the values for which some thread executes it
        # (minDegree, maxDegree and conflictsForEveryValue are about those).
        known = [ref[d] for d in vals if ref[d] is not None and ref[d] != 0]
        lo = min(known, default=0)
        hi = max(known, default=0)
        if abs(par.get("minDegree", -1) - float(lo)) > 1e-6 or \
                abs(par.get("maxDegree", -1) - float(hi)) > 1e-6:
            found.append(("min-max", "minDegree %s maxDegree %s, reference "
                          "%s and %s" % (par.get("minDegree"),
                                         par.get("maxDegree"), lo, hi)))
        if bool(par.get("conflictsForEveryValue")) != (lo > 1):
            found.append(("every", "conflictsForEveryValue %s, reference "
                          "least degree %s"
                          % (par.get("conflictsForEveryValue"), lo)))
    if bad:
        found.append(("numbers", "state %s; %d values disagree: %s%s"
                      % (state, len(bad), "; ".join(bad[:6]),
                         " ..." if len(bad) > 6 else "")))
    # No false alarm: a warning only when every value conflicts.
    known = [ref[d] for d in vals if ref[d]]
    if warned and not (state == "ok" and lane_guard) and \
            (subword or not known or min(known) <= 1):
        found.append(("false-alarm", "a warning, but the reference has "
                      "degree %s for some d"
                      % (min(known) if known else "unknown")))
    expect_warn = (state == "ok" and run.get("degree", 0) > 1) or \
        bool(par and par.get("conflictsForEveryValue"))
    if expect_warn and not warned:
        found.append(("no-warning", "the dump says every value conflicts, "
                      "but no warning"))
    if state == "unknown" and not par and k.affine_only and not subword \
            and lanes.affine:
        why = run.get("why", "")
        limit = ("too many" in why and lanes.exceptional() > 512) or \
            "too large" in why
        if k.index_unsigned and "unsigned-wrap" in open_ok and any(
                v < 0 for d in vals[::7] for j in k.iterations(d)
                for v in lanes.addrs(d, j, 0) if v is not None):
            limit = True  # the index wraps around 2^32 for some lanes
        if not limit:
            found.append(("no-parametric", "unknown without a parametric "
                          "result (%d exceptional values): %s"
                          % (lanes.exceptional(), why)))
    return found


def warnings_of(args, path):
    """{line: {block (x, y) a warning names}} of a plain run."""
    out = subprocess.run(
        [args.warplint, "--checks=warplint-bank-conflict", path, "--", "-x",
         "cuda", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
         "-Wno-unknown-cuda-version", "-isystem", args.inputs],
        capture_output=True, text=True)
    w = {}
    for line in out.stdout.splitlines() + out.stderr.splitlines():
        m = re.match(r"(.*?):(\d+):\d+: warning: .*?\((?:assumed )?"
                     r"blocks? ([^:]*):", line)
        if m and os.path.basename(m.group(1)) == os.path.basename(path):
            for bx, by in re.findall(r"(\d+)x(\d+)", m.group(3)):
                w.setdefault(int(m.group(2)), set()).add((int(bx), int(by)))
    return w


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--per-file", type=int, default=100)
    ap.add_argument("--range", default="-64,256",
                    help="the values of d compared: LO,HI")
    ap.add_argument("--open", default="",
                    help="comma-separated gaps accepted as unknown with a "
                    "reason: unsigned-wrap (an unsigned index negative as a "
                    "number for some lanes and d: `(tx - 1) * d` with "
                    "unsigned d, `(ty * blockDim.x + tx) * d` with d < 0; "
                    "it wraps around 2^32)")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--retries", type=int, default=4)
    ap.add_argument("--max-report", type=int, default=-1)
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.range.split(","))
    args.open_ok = [o for o in args.open.split(",") if o]
    values = list(range(lo, hi + 1))

    t0 = time.time()
    rng = random.Random(args.seed)
    os.makedirs(args.workdir, exist_ok=True)
    kernels = [make_kernel(rng, "p%d" % i) for i in range(args.count)]
    files = []
    for i in range(0, len(kernels), args.per_file):
        path = os.path.join(args.workdir, "param_s%d_%d.cu"
                            % (args.seed, i // args.per_file))
        write_file(path, kernels[i:i + args.per_file])
        files.append((path, kernels[i:i + args.per_file]))
    results = gen.run_all(args, [p for p, _ in files])
    t1 = time.time()

    problems = []
    stats = {"parametric": 0, "ok": 0, "unknown": 0, "never-runs": 0,
             "warned": 0}
    for path, ks in files:
        res = results[path]
        if isinstance(res, str):
            problems.append(("file", "%s: %s" % (path, res)))
            continue
        warns = warnings_of(args, path)
        by_line = {}
        for a in res.get("accesses", []):
            by_line.setdefault(a.get("line"), []).append(a)
        for k in ks:
            head = ("%s:%d: kernel %s: %s[] (%d-byte access), %s d, blocks "
                    "%s\n    %s" % (path, k.line, k.name, k.tname, k.nbytes,
                                    "unsigned" if k.unsigned else "int",
                                    k.shapes, k.shown))
            acc = [a for a in by_line.get(k.line, [])
                   if a.get("function") == k.name]
            if len(acc) != 1:
                problems.append(("missing", "%s\n    %d entries in the dump"
                                 % (head, len(acc))))
                continue
            runs = {tuple(r.get("blockDim", []))[:2]: r
                    for r in acc[0].get("runs", [])}
            stats["warned"] += bool(warns.get(k.line))
            found = []
            for s in k.shapes:
                r = runs.get(s)
                if r is None or r.get("assumed"):
                    found.append(("runs", "no run for block %s" % (s,)))
                    continue
                stats["parametric" if r.get("parametric") else
                      r.get("state", "unknown")] += 1
                warned = s in warns.get(k.line, ())
                for cat, m in check_run(k, s, r, values, warned,
                                        args.open_ok):
                    found.append((cat, "block %dx%d: %s%s" % (
                        s + (m, "\n      parametric: " +
                             r["parametric"].get("text", "")
                             if r.get("parametric") else
                             "\n      why: %s" % r.get("why", "")))))
            if found:
                problems.append((found[0][0], head + "\n    " + "\n    ".join(
                    "[%s] %s" % (c, m) for c, m in found)))
    t2 = time.time()
    shown = problems if args.max_report < 0 else problems[:args.max_report]
    for cat, text in shown:
        print("MISMATCH [%s] %s\n" % (cat, text))
    if len(problems) > len(shown):
        print("(%d more mismatches not printed)\n"
              % (len(problems) - len(shown)))
    print("seed %d: %d kernels, %d agree, %d disagree; runs: %s "
          "[warplint %.1fs, reference %.1fs]"
          % (args.seed, len(kernels), len(kernels) - len(problems),
             len(problems), ", ".join("%s %d" % kv for kv in stats.items()),
             t1 - t0, t2 - t1))
    cats = {}
    for c, _ in problems:
        cats[c] = cats.get(c, 0) + 1
    for c, n in sorted(cats.items()):
        print("  %4d %s" % (n, c))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
