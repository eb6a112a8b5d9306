#!/usr/bin/env python3
"""Property test of warplint-bank-conflict: launch shapes and kernel
arguments passed down chains of host functions.

The kernels are gen.py's (one __shared__ access over the thread index,
launched with one or two block shapes) and kernels whose index reads an
integer argument `st` (a stride). Their block shapes (and strides) are not
written at the launch: main passes values (literals, or constexpr / static
const / const globals) down a random chain of 1 to 10 host functions, each
level passing them on

  * by value or through `const int &`,
  * through a helper that writes them into out-parameters (`int &`),
  * through helpers that return them (`int f(int x) { return x * 2; }`),
  * through locals (`int l0 = std::min(a0, 64);`),
  * changed on the way: `std::min(a, C)`, `std::max(a, C)`, `a * 2`,
    `a / 2`, `a + C` (the generator solves for the value main must pass),
  * as a dim3 built at some level and passed down by value or `const
    dim3 &`,
  * through an if/else whose condition is unknown (main's argc), one arm
    keeping the caller's values and the other setting constants: two shapes,
  * from a loop in main over constant arrays (`const int v0[] = {32, 64},
    v1[] = ...; for (j...) c(v0[j], v1[j], ...)`): two shapes,

and the launch builds its block as an int, `dim3(x, y, z)`, a local dim3,
or (open constructs, see OPEN) a dim3 a helper returns or fills through a
reference, a dim3 each arm of an if/else assigns, or an int a helper writes
through a pointer.

Expected of `warplint --dump-shared-accesses`:

  * chains of at most MAX_DEPTH (8: LaunchShapes::MaxHostDepth) calls from
    main to the launching function: exactly one run per shape the program
    uses, none assumed, each with the degree of gen.py's brute-force
    reference of the bank model;
  * longer chains, and values read from argv (`atoi(argv[1])`): every run
    assumed, with a reason (assumedWhy): never a shape the program does not
    use;
  * (the lowering's limit of 24 nested calls, which a chain of 8 with
    helpers at most levels can reach, is accepted when the reason names it:
    "calls nested too deep");
  * a kernel with one launch within the limit and one past it: exactly the
    first's shape, and for the second an assumed run with a reason;
  * an open construct (named in --open, see OPEN): exact, or every run
    assumed with a reason; never a wrong shape.

Standard library only. Exit status 0 when everything agrees.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402  (the bank model's reference and warplint's runner)

MAX_DEPTH = 8  # LaunchShapes::MaxHostDepth: calls from main to the launch

# Constructs the analysis does not follow yet: a dim3 a helper returns
# (dim3-helper) or fills through a reference (dim3-out), a dim3 each arm
# of an if/else assigns (dim3-branch: "the field rule is straight-line
# only", ValueEngine.h), an int a helper writes through a pointer
# (pointer-out: issue 22's notes, "out-parameters through pointers"), and
# a kernel with one launch of known shape and one whose values are past the
# limit (partial: the second is left out without an assumed run or a
# reason). When named in
# --open, exact or every run assumed with a reason (with partial also: the
# shapes of the launches the construct is not on) is accepted for them; a
# wrong shape never is.
OPEN = ("dim3-helper", "dim3-out", "pointer-out", "dim3-branch", "partial")


# --------------------------------------------------------------------------
# Values changed on their way down: forward functions, solved backwards
# --------------------------------------------------------------------------


def transforms(rng):
    """(C text with {a}, forward function) of one argument's change."""
    t = rng.randrange(8)
    if t < 3:
        return "{a}", lambda u: u
    c = rng.choice([1, 2, 3, 4, 8, 16, 17, 32, 48, 64, 100, 128, 256, 1024])
    if t == 3:
        return "std::min({a}, %d)" % c, lambda u: min(u, c)
    if t == 4:
        return "std::max({a}, %d)" % c, lambda u: max(u, c)
    if t == 5:
        return "{a} * 2", lambda u: u * 2
    if t == 6:
        return "{a} / 2", lambda u: u // 2
    return "{a} + %d" % c, lambda u: u + c


def solve(f, targets, rng):
    """Values u >= 1 with f(u) = v for each v in targets, or None."""
    out = []
    for v in targets:
        sols = [u for u in range(1, 2 * v + 300) if f(u) == v]
        if not sols:
            return None
        out.append(rng.choice(sols))
    return out


# --------------------------------------------------------------------------
# Kernels with a stride argument
# --------------------------------------------------------------------------

STRIDE_TYPES = [("float", 4), ("int", 4), ("double", 8), ("float2", 8),
                ("float4", 16), ("char", 1), ("short", 2)]


def stride_kernel(rng, name):
    """A kernel whose index reads `st`, launched with (shape, stride)
    pairs; the shapes 1-D or 2-D, the strides 1..40."""
    k = gen.Kernel()
    k.name = name
    k.negative = False
    n = 1 if rng.random() < 0.6 else 2
    shapes = []
    while len(shapes) < n:
        s = gen.random_shape(rng)
        if s[2] == 1 and s not in shapes:
            shapes.append(s)
    k.shapes = shapes
    k.strides = [rng.randint(1, 40) for _ in shapes]
    tname, size = rng.choice(STRIDE_TYPES)
    k.tname, k.nbytes = tname, size
    form = rng.randrange(4)
    m = gen.SMEM_LIMIT // size
    if form == 0:
        text, f = "(tx * st) % " + str(m), lambda x, y, s: (x * s) % m
    elif form == 1:
        text, f = "(ty * st + tx) % " + str(m), lambda x, y, s: (y * s + x) % m
    elif form == 2:
        cy = rng.choice([1, 2, 4, 32, 33])
        text = "(tx * st + ty * %d) %% %d" % (cy, m)
        f = lambda x, y, s: (x * s + y * cy) % m
    else:
        text = "(tx %% 8 * st + tx / 8) %% %d" % m
        f = lambda x, y, s: (x % 8 * s + x // 8) % m
    k.addrs = []
    for s, st in zip(shapes, k.strides):
        ctx = gen.ShapeCtx.get(s)
        k.addrs.append([f(x, y, st) * size for x, y in zip(ctx.X, ctx.Y)])
    k.bases = [0, 1, 2, 3] if size == 1 else [0, 2] if size == 2 else [0]
    k.access = "store"
    stmt = "s[%s] = v;" % text
    k.decl = "__shared__ %s s[%d]" % (tname, m)
    k.shown = stmt
    k.lines = ["__global__ void %s(%s *out, %s v, int st) {"
               % (name, tname, tname),
               "  %s;" % k.decl,
               "  int tx = threadIdx.x; int ty = threadIdx.y;",
               "  " + stmt, "}"]
    k.access_line_offset = 3
    return k


# --------------------------------------------------------------------------
# Chains of host functions
# --------------------------------------------------------------------------


class Chain:
    """The host functions that bring one kernel's launch values from main."""

    def __init__(self, rng, k):
        self.rng, self.k = rng, k
        self.funcs = []  # C text of the helpers and the chain's functions
        self.globals = []  # constants at file scope
        self.main = []  # statements in main
        self.constructs = set()
        # values at the launch: one tuple per launch (bx, by, bz[, st])
        self.targets = [tuple(s) + ((st,) if st is not None else ())
                        for s, st in zip(k.shapes, k.strides)]
        self.nargs = len(self.targets[0])

    def launch(self, dim3_param, branch, body):
        """The launching function c_0's body: its block built from a0..a2
        (or the dim3 parameter b); branch: an if/else on flag choosing
        between a0..a3 and the second launch's constants."""
        rng, k = self.rng, self.k
        a = ["a%d" % i for i in range(self.nargs)]
        body.append("  %s v = {};" % k.tname)
        one_d = all(t[1] == 1 and t[2] == 1 for t in self.targets)
        if branch:
            self.constructs.add("branch")
            c = rng.randint(1, 3)
            other = self.targets[1]
            if rng.random() < 0.5:
                # each arm assigns a whole dim3
                self.constructs.add("dim3-branch")
                body.append("  dim3 b;")
                body.append("  if (flag > %d) b = dim3(%s, %s, %s); else "
                            "b = dim3(%d, %d, %d);"
                            % ((c,) + tuple(a[:3]) + other[:3]))
                if self.nargs == 4:
                    body.append("  int st = flag > %d ? a3 : %d;"
                                % (c, other[3]))
                block, a = "b", a[:3] + ["st"]
            else:
                t = ["t%d" % i for i in range(self.nargs)]
                body.append("  int %s;" % ", ".join(t))
                body.append("  if (flag > %d) { %s } else { %s }" % (
                    c, " ".join("%s = %s;" % x for x in zip(t, a)),
                    " ".join("%s = %d;" % x for x in zip(t, other))))
                a = t
                block = "dim3(%s, %s, %s)" % tuple(a[:3])
        elif dim3_param:
            block = "b"
        else:
            form = rng.random()
            if form < 0.2 and one_d:
                block = a[0]
            elif form < 0.45:
                block = "dim3(%s, %s, %s)" % tuple(a[:3])
            elif form < 0.7:
                body.append("  dim3 b(%s, %s, %s);" % tuple(a[:3]))
                block = "b"
            elif form < 0.8:
                self.constructs.add("dim3-helper")
                self.funcs.append("dim3 %s_dim(int x, int y, int z) { "
                                  "return dim3(x, y, z); }" % k.name)
                body.append("  dim3 b = %s_dim(%s, %s, %s);"
                            % ((k.name,) + tuple(a[:3])))
                block = "b"
            elif form < 0.9:
                self.constructs.add("dim3-out")
                if rng.random() < 0.5:
                    self.funcs.append("void %s_dim(dim3 &b, int x, int y, "
                                      "int z) { b = dim3(x, y, z); }"
                                      % k.name)
                else:
                    self.funcs.append("void %s_dim(dim3 &b, int x, int y, "
                                      "int z) { b.x = x; b.y = y; b.z = z; }"
                                      % k.name)
                body.append("  dim3 b; %s_dim(b, %s, %s, %s);"
                            % ((k.name,) + tuple(a[:3])))
                block = "b"
            else:
                self.constructs.add("pointer-out")
                self.funcs.append("void %s_ptr(int *o, int x) { *o = x; }"
                                  % k.name)
                body.append("  int bx; %s_ptr(&bx, %s);" % (k.name, a[0]))
                block = "dim3(bx, %s, %s)" % tuple(a[1:3])
        args = "(%s *)0, v" % k.tname
        if self.nargs == 4:
            args += ", " + a[3]
        body.append("  %s<<<1, %s>>>(%s);" % (k.name, block, args))

    def changes(self, need, idx):
        """Changes of the arguments idx on one call, solved backwards from
        the values `need` (one list per launch) the callee gets; updates
        need to the caller's values. {i: C text with {a}}."""
        tr = {}
        for i in idx:
            for _ in range(20):
                text, f = transforms(self.rng)
                u = solve(f, [n[i] for n in need], self.rng)
                if u is not None:
                    break
            else:
                text, u = "{a}", [n[i] for n in need]
            tr[i] = text
            for n, ui in zip(need, u):
                n[i] = ui
        return tr

    def build(self, depth, branch_level, unknown, dim_level):
        """depth: functions c_0 .. c_{depth-1}, main calls c_{depth-1};
        branch_level: the level whose if/else chooses the second launch's
        values (None: main calls the chain once per launch); unknown: main
        passes atoi(argv[1]) as the first value; dim_level: the level that
        builds a dim3 passed down to the launch (None: ints all the way)."""
        rng, k = self.rng, self.k
        name = lambda i: "%s_c%d" % (k.name, i)
        flag = branch_level is not None
        n = self.nargs
        # values needed at each level's parameters, per launch
        need = [list(t) for t in self.targets]
        for lvl in range(depth):
            style = rng.choice(["value", "cref", "out", "ret", "local",
                                "value", "cref"])
            below_dim = dim_level is not None and lvl < dim_level
            body = []
            if lvl == 0:
                self.launch(below_dim, branch_level == 0, body)
                if branch_level == 0:
                    need = need[:1]
            else:
                # how c_lvl calls c_{lvl-1}: argument changes, solved
                # backwards from the values c_{lvl-1} needs (a dim3 passed
                # on is passed as it is)
                ints = [3] if below_dim and n == 4 else \
                    [] if below_dim else list(range(n))
                tr = self.changes(need, ints)
                src = ["a%d" % i for i in range(n)]
                if lvl == branch_level:
                    self.constructs.add("branch")
                    t = ["t%d" % i for i in range(n)]
                    body.append("  int %s;" % ", ".join(t))
                    body.append("  if (flag > %d) { %s } else { %s }" % (
                        rng.randint(1, 3),
                        " ".join("%s = %s;" % x for x in zip(t, src)),
                        " ".join("%s = %d;" % x for x in zip(t, need[1]))))
                    src = t
                args = {i: tr[i].format(a=src[i]) for i in ints}
                if style == "out" and ints:
                    helper = "%s_set%d" % (k.name, lvl)
                    self.funcs.append("void %s(%s) { %s }" % (
                        helper, ", ".join(["int &o%d" % i for i in ints] +
                                          ["int x%d" % i for i in ints]),
                        " ".join("o%d = %s;" % (i, tr[i].format(a="x%d" % i))
                                 for i in ints)))
                    body.append("  int %s;" % ", ".join("o%d" % i
                                                        for i in ints))
                    body.append("  %s(%s, %s);" % (
                        helper, ", ".join("o%d" % i for i in ints),
                        ", ".join(src[i] for i in ints)))
                    args = {i: "o%d" % i for i in ints}
                elif style == "local":
                    # through locals initialised with the changed values
                    for i in ints:
                        body.append("  int l%d = %s;" % (i, args[i]))
                        args[i] = "l%d" % i
                elif style == "ret":
                    for i in ints:
                        if tr[i] == "{a}":
                            continue
                        if "std::" in tr[i]:
                            self.constructs.add("ret-minmax")
                        helper = "%s_f%d_%d" % (k.name, lvl, i)
                        self.funcs.append("int %s(int x) { return %s; }"
                                          % (helper, tr[i].format(a="x")))
                        args[i] = "%s(%s)" % (helper, src[i])
                if lvl == dim_level:
                    self.constructs.add("dim3-param")
                    body.append("  dim3 b(%s, %s, %s);"
                                % (args[0], args[1], args[2]))
                    call = ["b"] + ([args[3]] if n == 4 else [])
                elif below_dim:
                    call = ["b"] + ([args[3]] if n == 4 else [])
                else:
                    call = [args[i] for i in range(n)]
                if flag and lvl - 1 >= branch_level:
                    call.append("flag")
                body.append("  %s(%s);" % (name(lvl - 1), ", ".join(call)))
                if lvl == branch_level:
                    need = need[:1]  # above the branch: one launch's values
            # the parameters: a dim3 below dim_level, ints at and above it;
            # the flag from the branch level up
            ty = "const int &" if style == "cref" else "int "
            if below_dim:
                sig = ["const dim3 &b" if style == "cref" else "dim3 b"]
                if n == 4:
                    sig.append(ty + "a3")
            else:
                sig = ["%sa%d" % (ty, i) for i in range(n)]
            if flag and lvl >= branch_level:
                sig.append("int flag")
            self.funcs.append("void %s(%s) {" % (name(lvl), ", ".join(sig)))
            self.funcs.extend(body)
            self.funcs.append("}")
        top = name(depth - 1)
        if len(need) == 2 and not unknown and rng.random() < 0.3:
            # main walks constant arrays, one element of each per launch
            self.constructs.add("array-loop")
            arrs = ", ".join("v%d[] = {%d, %d}" % (i, need[0][i], need[1][i])
                             for i in range(n))
            call = ["v%d[j]" % i for i in range(n)] + \
                (["argc"] if flag else [])
            self.main.append("  { const int %s; for (int j = 0; j < 2; ++j) "
                             "%s(%s); }" % (arrs, top, ", ".join(call)))
            return
        for li, vals in enumerate(need):
            vals = [str(x) for x in vals]
            for i in range(n):
                if rng.random() < 0.15:
                    # a constant at file scope
                    g = "%s_k%d_%d" % (k.name, li, i)
                    self.globals.append("%s int %s = %s;" % (
                        rng.choice(["constexpr", "static const", "const"]),
                        g, vals[i]))
                    self.constructs.add("global-constant")
                    vals[i] = g
            if unknown:
                vals[0] = "atoi(argv[1])"
                self.constructs.add("argv")
            if flag:
                vals.append("argc")
            self.main.append("  %s(%s);" % (top, ", ".join(vals)))


def make_host_kernel(rng, name, open_ok, avoid):
    if rng.random() < 0.3:
        k = stride_kernel(rng, name)
    else:
        k = gen.make_kernel(rng, name, rng.random() < 0.2, avoid)
        k.strides = [None] * len(k.shapes)
    ch = Chain(rng, k)
    r = rng.random()
    if r < 0.12:
        depth = rng.randint(MAX_DEPTH + 1, MAX_DEPTH + 2)
    else:
        depth = rng.randint(1, MAX_DEPTH)
    branch = None
    if len(k.shapes) == 2 and rng.random() < 0.6:
        branch = rng.randint(0, depth - 1)
    dim_level = None
    if branch is None and depth > 1 and rng.random() < 0.25:
        dim_level = rng.randint(1, depth - 1)
    unknown = len(k.shapes) == 1 and rng.random() < 0.08
    ch.build(depth, branch, unknown, dim_level)
    k.chain = ch
    k.depth = depth
    # which launches' values reach the launch within the depth limit: the
    # calls from main (argv: never), and the constant arm of a branch at
    # level `branch` (that many calls above the launch)
    k.known = [depth <= MAX_DEPTH and not unknown] * len(k.shapes)
    if branch is not None:
        k.known[1] = branch <= MAX_DEPTH
    if not any(k.known):
        k.expect = "assumed"
    elif not all(k.known):
        k.expect = "partial"
    elif ch.constructs & set(open_ok):
        k.expect = "exact-or-assumed"
    else:
        k.expect = "exact"
    k.shown = "%s  [chain of %d, %s; expect %s]" % (
        k.shown, depth, ", ".join(sorted(ch.constructs)) or "plain",
        k.expect)
    return k


PRELUDE = """#include "cuda.h"
// generated by gen_host.py: do not edit
namespace std {
template <class T> const T &min(const T &a, const T &b) { return b < a ? b : a; }
template <class T> const T &max(const T &a, const T &b) { return a < b ? b : a; }
} // namespace std
int atoi(const char *);
"""


def write_file(path, kernels):
    out = PRELUDE.rstrip("\n").split("\n") + [""]
    for k in kernels:
        k.file = path
        k.line = len(out) + 1 + k.access_line_offset
        out.extend(k.lines)
        out.append("")
    for k in kernels:
        out.extend(k.chain.globals)
    for k in kernels:
        out.extend(k.chain.funcs)
    out.append("int main(int argc, char **argv) {")
    for k in kernels:
        out.extend(k.chain.main)
    out.append("}")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# --------------------------------------------------------------------------
# Comparing
# --------------------------------------------------------------------------


def check(args, k, a):
    """[(category, message)] for the dump entry a of kernel k."""
    found = []
    if a.get("access") != k.access or a.get("bytes") != k.nbytes:
        found.append(("kind", "access %r of %r bytes, expected %r of %d"
                      % (a.get("access"), a.get("bytes"), k.access,
                         k.nbytes)))
    runs = a.get("runs", [])
    assumed = [r for r in runs if r.get("assumed")]
    real = [r for r in runs if not r.get("assumed")]
    shapes = sorted(tuple(r.get("blockDim", [])) for r in real)
    for r in real:
        if tuple(r.get("blockDim", [])) not in k.shapes:
            found.append(("wrong-shape", "a run for block %s, which the "
                          "program never launches (it uses %s)"
                          % (r.get("blockDim"), k.shapes)))
    if len(shapes) != len(set(shapes)):
        found.append(("wrong-shape", "several runs for one block: %s"
                      % shapes))
    for r in assumed:
        if not r.get("assumedWhy"):
            found.append(("no-reason", "an assumed run without assumedWhy"))
    known = sorted(s for s, kn in zip(k.shapes, k.known) if kn)
    got = [(r.get("blockDim"), r.get("assumed")) for r in runs]
    why = "; ".join(sorted({r.get("assumedWhy", "") for r in assumed}))
    if k.expect == "assumed":
        if real or not assumed:
            found.append(("not-assumed", "expected every run assumed with "
                          "a reason, got %s" % got))
    elif k.expect == "partial":
        # one launch's shape is fixed, the other's is not: the fixed one
        # must be there; the other may only be said (an assumed run)
        open_assumed = (k.chain.constructs & set(args.open_ok)) and \
            assumed and not real
        if shapes != known and not open_assumed:
            found.append(("runs", "runs %s, expected one for %s (the launch "
                          "of %s has values past the limit)"
                          % (got, known, [s for s, kn in
                                          zip(k.shapes, k.known)
                                          if not kn])))
        elif not assumed and "partial" not in args.open_ok:
            found.append(("silent", "runs %s: the launch whose block is "
                          "not known (%s) is left out without a word"
                          % (got, [s for s, kn in zip(k.shapes, k.known)
                                   if not kn])))
    elif assumed or shapes != sorted(k.shapes):
        # an open construct on one launch's way only: that launch is left
        # out, as in `partial`
        subset = real and set(shapes) < set(k.shapes) and \
            "partial" in args.open_ok
        # the lowering's own limit of nested calls (24 frames: a chain of
        # 8 with helpers at most levels reaches it), named in the reason
        nested = assumed and not real and "nested too deep" in why
        if not nested and not (k.expect == "exact-or-assumed" and
                               ((assumed and not real) or subset)):
            found.append(("missed" if assumed else "runs",
                          "runs %s, expected one for each of %s (%s)"
                          % (got, k.shapes, why)))
    for r in real:
        s = tuple(r.get("blockDim", []))
        if s not in k.shapes:
            continue
        bad = gen.check_run(k, k.shapes.index(s), r, "worst")
        if bad is not None:
            cat, why, refs = bad
            if r.get("state") == "unknown":
                if k.chain.constructs & set(args.open_ok) and \
                        r.get("why"):
                    continue  # a stride through an open construct
                found.append(("unknown", "block %s: unknown (%s)"
                              % (s, r.get("why"))))
                continue
            found.append(("numbers", gen.describe_run(k, k.shapes.index(s),
                                                      r, why, refs)))
    return found


CATEGORIES = [
    ("file", "a generated file was not analysed"),
    ("missing", "access missing from the dump"),
    ("wrong-shape", "a run for a block the program does not use"),
    ("numbers", "a run's degree differs from the reference"),
    ("not-assumed", "argv / past the depth limit, but not assumed"),
    ("no-reason", "an assumed run without a reason"),
    ("runs", "not one run per shape the program uses"),
    ("silent", "a launch of unknown block left out without a word"),
    ("missed", "assumed block for a shape the chain fixes"),
    ("unknown", "a run unknown although the chain fixes its values"),
    ("kind", "wrong access kind or size"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--inputs", required=True,
                    help="directory of the mock cuda.h")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--per-file", type=int, default=100)
    ap.add_argument("--open", default="",
                    help="comma-separated constructs the analysis does not "
                    "follow yet, for which every run assumed with a reason "
                    "is accepted: " + ", ".join(OPEN))
    ap.add_argument("--avoid", default="",
                    help="gen.py's --avoid, for its kernels")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--retries", type=int, default=4)
    ap.add_argument("--max-report", type=int, default=-1)
    args = ap.parse_args()
    args.subword_base = "worst"
    open_ok = [o for o in args.open.split(",") if o]
    args.open_ok = open_ok
    for o in open_ok:
        if o not in OPEN:
            ap.error("--open: unknown construct %r (known: %s)"
                     % (o, ", ".join(OPEN)))
    avoid = set(a for a in args.avoid.split(",") if a)

    t0 = time.time()
    rng = random.Random(args.seed)
    os.makedirs(args.workdir, exist_ok=True)
    kernels = [make_host_kernel(rng, "h%d" % i, open_ok, avoid)
               for i in range(args.count)]
    files = []
    for i in range(0, len(kernels), args.per_file):
        path = os.path.join(args.workdir, "host_s%d_%d.cu"
                            % (args.seed, i // args.per_file))
        write_file(path, kernels[i:i + args.per_file])
        files.append((path, kernels[i:i + args.per_file]))
    t1 = time.time()
    results = gen.run_all(args, [p for p, _ in files])
    t2 = time.time()

    problems = []
    counts = {}
    for path, ks in files:
        res = results[path]
        if isinstance(res, str):
            problems.append(("file", "%s: %s" % (path, res)))
            continue
        by_line = {}
        for a in res.get("accesses", []):
            by_line.setdefault((os.path.basename(a.get("file", "")),
                                a.get("line")), []).append(a)
        for k in ks:
            acc = [a for a in by_line.get((os.path.basename(path), k.line),
                                          [])
                   if a.get("function") == k.name]
            head = ("%s:%d: kernel %s: %s[] (%d-byte access), launched with "
                    "%s%s\n    %s"
                    % (path, k.line, k.name, k.tname, k.nbytes,
                       ", ".join("%dx%dx%d" % s for s in k.shapes),
                       "" if k.strides[0] is None else
                       " (st = %s)" % k.strides, k.shown))
            if len(acc) != 1:
                problems.append(("missing", "%s\n    %d entries in the dump"
                                 % (head, len(acc))))
                continue
            found = check(args, k, acc[0])
            key = (k.expect, "agree" if not found else "disagree")
            counts[key] = counts.get(key, 0) + 1
            if k.expect == "exact-or-assumed" and not found:
                how = "assumed" if any(r.get("assumed")
                                       for r in acc[0]["runs"]) else "exact"
                counts[("open", how)] = counts.get(("open", how), 0) + 1
            if found:
                cats = [c for c, _ in found]
                main_cat = min(cats, key=[c for c, _ in CATEGORIES].index)
                problems.append((main_cat, head + "\n    " + "\n    ".join(
                    "[%s] %s" % (c, m) for c, m in found)))
    shown = problems if args.max_report < 0 else problems[:args.max_report]
    for cat, text in shown:
        print("MISMATCH [%s] %s\n" % (cat, text))
    if len(problems) > len(shown):
        print("(%d more mismatches not printed)\n"
              % (len(problems) - len(shown)))
    print("seed %d: %d kernels in %d files, %d agree, %d disagree; %s "
          "[generate %.1fs, warplint %.1fs]"
          % (args.seed, len(kernels), len(files),
             len(kernels) - len(problems), len(problems),
             ", ".join("%s %s: %d" % (a, b, n)
                       for (a, b), n in sorted(counts.items())),
             t1 - t0, t2 - t1))
    if problems:
        for cat, what in CATEGORIES:
            n = sum(1 for c, _ in problems if c == cat)
            if n:
                print("  %4d %s: %s" % (n, cat, what))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
