#!/usr/bin/env python3
"""Property test of warplint-bank-conflict.

Generates CUDA files with many small kernels, each with exactly one
__shared__ access whose address is a random expression over the thread
index, launched with random block shapes.  Runs
`warplint --dump-shared-accesses` on them and compares every run of every
access with a brute-force reference of the bank model:

  * 32 banks of 4 bytes, bank of byte address a = (a // 4) % 32;
  * thread t = x + y*Bx + z*Bx*By, warp w = threads 32w .. 32w+31 (the last
    warp may be partial);
  * accesses of 1, 2, 4 bytes: 1 phase of 32 lanes; 8 bytes: 2 phases of 16
    lanes; 16 bytes: 4 phases of 8 lanes; a lane touches the words
    a//4 .. (a+B-1)//4;
  * wavefronts of a phase = the largest number of distinct words one bank
    serves among the phase's active lanes; a phase without an active lane is
    not issued;
  * a warp's wavefronts / phases = sums over its issued phases; the access's
    result is the warp with the highest degree wavefronts/phases;
  * the array base is unknown but aligned to the element alignment (base 0
    for elements of 4 bytes or more; every allowed base offset is evaluated
    for char and short elements).

Expressions are evaluated with C semantics (32-bit wrap-around, unsigned
arithmetic when an operand is unsigned, truncating division, arithmetic
right shift of signed values).  Standard library only.

A negative slice indexes with a kernel parameter times the thread index or
with a value loaded from global memory: warplint must report those as
unknown on every launch.

Exit status 0 when everything agrees, 1 otherwise (every problem printed).
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time
from fractions import Fraction

M32 = 1 << 32
SAFE_LIMIT = 1 << 24  # values of the "safe" slice stay in [0, SAFE_LIMIT)
SMEM_LIMIT = 48 * 1024  # static shared memory of one kernel


# --------------------------------------------------------------------------
# Block shapes and their threads
# --------------------------------------------------------------------------

FIXED_SHAPES = [
    (32, 1, 1), (64, 1, 1), (128, 1, 1), (256, 1, 1), (1024, 1, 1),
    (100, 1, 1), (33, 1, 1), (48, 1, 1), (96, 1, 1), (17, 1, 1), (1, 1, 1),
    (200, 1, 1), (513, 1, 1), (31, 1, 1),
    (32, 8, 1), (16, 16, 1), (8, 8, 1), (48, 3, 1), (32, 32, 1), (16, 8, 1),
    (8, 32, 1), (4, 8, 1), (33, 4, 1), (20, 5, 1), (64, 4, 1), (7, 9, 1),
    (8, 8, 4), (4, 4, 4), (16, 4, 2), (2, 16, 8), (32, 2, 3), (5, 6, 7),
    (8, 4, 8), (10, 10, 10), (3, 3, 64), (1, 32, 2), (1, 1, 64),
]


def random_shape(rng):
    if rng.random() < 0.6:
        return rng.choice(FIXED_SHAPES)
    while True:
        dims = rng.choice([1, 1, 2, 2, 3])
        if dims == 1:
            s = (rng.randint(1, 1024), 1, 1)
        elif dims == 2:
            bx = rng.choice([1, 2, 4, 8, 16, 32, 64, rng.randint(1, 100)])
            by = rng.randint(1, max(1, 1024 // bx))
            s = (bx, min(by, 1024), 1)
        else:
            bx = rng.choice([1, 2, 4, 8, 16, 32, rng.randint(1, 40)])
            by = rng.choice([1, 2, 4, 8, rng.randint(1, 16)])
            bz = rng.randint(1, 64)
            s = (bx, by, bz)
        if s[0] * s[1] * s[2] <= 1024:
            return s


class ShapeCtx:
    """The threads of one block shape, as lists indexed by linear id."""

    cache = {}

    def __init__(self, shape):
        bx, by, bz = shape
        self.shape = shape
        self.n = bx * by * bz
        self.X = [t % bx for t in range(self.n)]
        self.Y = [(t // bx) % by for t in range(self.n)]
        self.Z = [t // (bx * by) for t in range(self.n)]

    @classmethod
    def get(cls, shape):
        if shape not in cls.cache:
            cls.cache[shape] = ShapeCtx(shape)
        return cls.cache[shape]


# --------------------------------------------------------------------------
# Expressions with C semantics, evaluated for every thread of every shape
# --------------------------------------------------------------------------


def to_type(v, u):
    """Converts a mathematical integer to int (u False) or unsigned."""
    v &= 0xFFFFFFFF
    if not u and v >= 1 << 31:
        v -= M32
    return v


class UB(Exception):
    """The expression has undefined behaviour for some thread."""


class Expr:
    def __init__(self, text, u, vals, atomic=True):
        self.text = text  # C text
        self.u = u  # unsigned?
        self.vals = vals  # list (one per shape) of lists (one per thread)
        self.atomic = atomic  # needs no parentheses

    def p(self):
        return self.text if self.atomic else "(" + self.text + ")"

    def lo(self, mask=None):
        return min(min(v) for v in self.vals if v)

    def hi(self):
        return max(max(v) for v in self.vals if v)


def leaf(text, u, ctxs, fn):
    return Expr(text, u, [fn(c) for c in ctxs])


def conv(vals, frm_u, to_u):
    if frm_u == to_u:
        return vals
    return [[to_type(x, to_u) for x in v] for v in vals]


def _div(a, b):  # C division, truncating
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _mod(a, b):  # C remainder, sign of the dividend
    return a - b * _div(a, b)


def binop(op, a, b):
    """a op b with C's usual arithmetic conversions (int / unsigned only)."""
    if op in ("<<", ">>"):
        u = a.u
        A, B = a.vals, b.vals
    else:
        u = a.u or b.u
        A, B = conv(a.vals, a.u, u), conv(b.vals, b.u, u)
    out = []
    for va, vb in zip(A, B):
        if op == "+":
            r = [x + y for x, y in zip(va, vb)]
        elif op == "-":
            r = [x - y for x, y in zip(va, vb)]
        elif op == "*":
            r = [x * y for x, y in zip(va, vb)]
        elif op == "/":
            if any(y == 0 for y in vb):
                raise UB()
            r = [_div(x, y) for x, y in zip(va, vb)]
        elif op == "%":
            if any(y == 0 for y in vb):
                raise UB()
            r = [_mod(x, y) for x, y in zip(va, vb)]
        elif op == "<<":
            if any(y < 0 or y > 31 for y in vb):
                raise UB()
            if not u and any(x < 0 for x in va):
                raise UB()
            r = [x << y for x, y in zip(va, vb)]
        elif op == ">>":
            if any(y < 0 or y > 31 for y in vb):
                raise UB()
            r = [x >> y for x, y in zip(va, vb)]
        elif op == "&":
            r = [x & y for x, y in zip(va, vb)]
        elif op == "|":
            r = [x | y for x, y in zip(va, vb)]
        elif op == "^":
            r = [x ^ y for x, y in zip(va, vb)]
        elif op in ("<", "<=", ">", ">=", "==", "!="):
            f = {"<": lambda x, y: x < y, "<=": lambda x, y: x <= y,
                 ">": lambda x, y: x > y, ">=": lambda x, y: x >= y,
                 "==": lambda x, y: x == y, "!=": lambda x, y: x != y}[op]
            out.append([1 if f(x, y) else 0 for x, y in zip(va, vb)])
            continue
        elif op in ("&&", "||"):
            if op == "&&":
                out.append([1 if (x and y) else 0 for x, y in zip(va, vb)])
            else:
                out.append([1 if (x or y) else 0 for x, y in zip(va, vb)])
            continue
        else:
            raise ValueError(op)
        if not u and op in ("+", "-", "*", "<<"):
            # signed overflow is undefined: keep away from it
            if any(x < -(1 << 31) or x >= (1 << 31) for x in r):
                raise UB()
        out.append([to_type(x, u) for x in r])
    ru = False if op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||") else u
    return Expr("%s %s %s" % (a.p(), op, b.p()), ru, out, atomic=False)


def ternary(c, a, b):
    u = a.u or b.u
    A, B = conv(a.vals, a.u, u), conv(b.vals, b.u, u)
    out = [[x if k else y for k, x, y in zip(vc, va, vb)]
           for vc, va, vb in zip(c.vals, A, B)]
    return Expr("%s ? %s : %s" % (c.p(), a.p(), b.p()), u, out, atomic=False)


def cast(e, u):
    name = "unsigned" if u else "int"
    return Expr("(%s)%s" % (name, e.p()), u, conv(e.vals, e.u, u),
                atomic=False)


LVALUES = ("tx", "ty", "tz", "i", "row", "col")

# narrow integer types: (bits, signed); they promote to int when used
NARROW = {"unsigned char": (8, False), "signed char": (8, True),
          "short": (16, True), "unsigned short": (16, False)}


def narrow_cast(e, name):
    bits, signed = NARROW[name]
    m = (1 << bits) - 1
    half = 1 << (bits - 1)
    if signed:
        f = lambda x: ((x & m) ^ half) - half
    else:
        f = lambda x: x & m
    return Expr("(%s)%s" % (name, e.p()), False,
                [[f(x) for x in v] for v in e.vals], atomic=False)


def const(ctxs, c, u=False):
    return Expr(("%du" % c) if u else str(c), u, [[c] * x.n for x in ctxs])


class Gen:
    """Random expression generator for one kernel (a fixed list of shapes)."""

    def __init__(self, rng, ctxs, mixed):
        self.rng = rng
        self.ctxs = ctxs
        self.mixed = mixed  # allow negative / wrapping intermediates
        # `c ? tx : ty` (both arms variables: an lvalue conditional)
        self.lvalue_ternary = True
        # `i = i * 2;` / `i |= tx;` after `int i = ...;`
        self.self_update = True

    def ok(self, e):
        if self.mixed:
            return True
        return all(0 <= x < SAFE_LIMIT for v in e.vals for x in v)

    def var(self):
        r = self.rng.random()
        c = self.ctxs
        if r < 0.38:
            return leaf("tx", False, c, lambda s: s.X)
        if r < 0.50:
            return leaf("threadIdx.x", True, c, lambda s: s.X)
        if r < 0.68:
            return leaf("ty", False, c, lambda s: s.Y)
        if r < 0.73:
            return leaf("threadIdx.y", True, c, lambda s: s.Y)
        if r < 0.82:
            return leaf("tz", False, c, lambda s: s.Z)
        if r < 0.85:
            return leaf("threadIdx.z", True, c, lambda s: s.Z)
        if r < 0.93:
            return leaf("blockDim.x", True, c,
                        lambda s: [s.shape[0]] * s.n)
        return leaf("blockDim.y", True, c, lambda s: [s.shape[1]] * s.n)

    def small_const(self):
        rng = self.rng
        c = rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33,
                        63, 64, 65, rng.randint(0, 100)])
        return const(self.ctxs, c, self.mixed and rng.random() < 0.3)

    def pos_const(self, choices):
        c = self.rng.choice(choices)
        return const(self.ctxs, c, self.mixed and self.rng.random() < 0.3)

    def ternary(self, c, a, b):
        if not self.lvalue_ternary and a.text in LVALUES and \
                b.text in LVALUES:
            a = Expr(a.text + " + 0", a.u, a.vals, atomic=False)
        return ternary(c, a, b)

    def cond(self, depth=1):
        """A comparison on the thread index (int 0/1 per thread)."""
        rng = self.rng
        for _ in range(20):
            try:
                r = rng.random()
                if r < 0.3:
                    e = binop("<", self.var(), self.small_const())
                elif r < 0.45:
                    e = binop("==", binop("&", self.var(),
                                          self.pos_const([1, 3, 7, 15])),
                              self.pos_const([0, 1]))
                elif r < 0.55:
                    # ty * blockDim.x + tx < N
                    lin = binop("+", binop("*", leaf("ty", False, self.ctxs,
                                                     lambda s: s.Y),
                                           leaf("blockDim.x", True,
                                                self.ctxs,
                                                lambda s: [s.shape[0]] * s.n)),
                                leaf("tx", False, self.ctxs, lambda s: s.X))
                    e = binop("<", lin, self.pos_const(
                        [1, 16, 40, 100, 200, 500]))
                elif r < 0.7:
                    e = binop(rng.choice(["<", "<=", ">", ">=", "!=", "=="]),
                              self.expr(2), self.small_const())
                elif r < 0.8 and depth > 0:
                    e = binop(rng.choice(["&&", "||"]), self.cond(0),
                              self.cond(0))
                else:
                    e = binop(rng.choice(["<", ">=", "!="]), self.expr(1),
                              self.expr(1))
                return e
            except UB:
                continue
        return binop("<", self.var(), const(self.ctxs, 16))

    def expr(self, depth):
        for _ in range(30):
            try:
                e = self._expr(depth)
            except UB:
                continue
            if self.ok(e):
                return e
        return self.var()

    def _expr(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.15:
            return self.var() if rng.random() < 0.85 else self.small_const()
        if self.mixed and rng.random() < 0.35:
            return self.mixed_template(depth)
        r = rng.random()
        a = self.expr(depth - 1)
        if r < 0.14:
            return binop("+", a, self.expr(depth - 1))
        if r < 0.22:
            b = self.expr(depth - 1)
            e = binop("-", a, b)
            if not self.mixed and e.lo() < 0:
                k = const(self.ctxs, -e.lo())
                e = binop("-", binop("+", a, k), b)
            return e
        if r < 0.36:
            return binop("*", a, self.pos_const(
                [1, 2, 3, 4, 5, 8, 9, 16, 17, 31, 32, 33, 64, 65, 36]))
        if r < 0.40:
            return binop("*", a, self.var())
        if r < 0.46:
            return binop("/", a, self.pos_const([1, 2, 3, 4, 5, 7, 8, 16, 32]))
        if r < 0.54:
            return binop("%", a, self.pos_const(
                [2, 3, 4, 5, 7, 8, 10, 16, 17, 32, 33, 64, 100]))
        if r < 0.60:
            return binop("<<", a, const(self.ctxs, rng.randint(0, 5)))
        if r < 0.65:
            return binop(">>", a, const(self.ctxs, rng.randint(0, 5)))
        if r < 0.78:
            op = rng.choice(["&", "|", "^"])
            if rng.random() < 0.5:
                return binop(op, a, self.pos_const([1, 3, 7, 8, 15, 16, 31,
                                                    24, 5, 63]))
            return binop(op, a, self.expr(depth - 1))
        if r < 0.84:
            return self.ternary(self.cond(), a, self.expr(depth - 1))
        if r < 0.86:
            return cast(a, not a.u)
        if r < 0.88:
            return narrow_cast(a, rng.choice(list(NARROW)))
        return self.template()

    def mixed_template(self, depth):
        """Negative ints and wrapped unsigneds meeting / % >> & and casts."""
        rng = self.rng
        c = self.ctxs
        ints = [("tx", False, lambda s: s.X), ("ty", False, lambda s: s.Y),
                ("threadIdx.x", True, lambda s: s.X),
                ("threadIdx.y", True, lambda s: s.Y)]
        name, u, f = rng.choice(ints[:2] * 3 + ints[2:])
        v = leaf(name, u, c, f)
        if rng.random() < 0.3:
            v = self.expr(depth - 1)
        kk = const(c, rng.randint(1, 40), rng.random() < 0.15)
        d = binop("-", v, kk)  # negative (int) or wrapped (unsigned)
        if rng.random() < 0.2:
            d = cast(d, not d.u)
        t = rng.randint(0, 9)
        if t == 0:
            return binop("/", d, self.pos_const([2, 3, 4, 5, 7, 8, 16]))
        if t == 1:
            return binop("%", d, self.pos_const([2, 3, 5, 7, 8, 10, 32, 33]))
        if t == 2:
            return binop(">>", d, const(c, rng.randint(1, 5)))
        if t == 3:
            return binop("&", d, self.pos_const([7, 15, 31, 63, 127]))
        if t == 4:
            return narrow_cast(binop("*", d, self.pos_const([1, 3, 9, 33])),
                               rng.choice(list(NARROW)))
        if t == 5:
            return self.ternary(binop(rng.choice(["<", ">=", "<=", ">"]), d,
                                      self.var()), self.var(), self.expr(1))
        if t == 6:
            return binop("*", d, binop("-", self.var(),
                                       const(c, rng.randint(0, 8))))
        if t == 7:
            return binop("^", d, self.var())
        if t == 8:
            return binop("|", d, self.pos_const([1, 8, 33]))
        return binop("+", d, self.expr(depth - 1))

    def template(self):
        """Patterns typical of shared-memory code."""
        rng = self.rng
        c = self.ctxs
        tx = leaf("tx", False, c, lambda s: s.X)
        ty = leaf("ty", False, c, lambda s: s.Y)
        tz = leaf("tz", False, c, lambda s: s.Z)
        K = lambda *ch: const(c, rng.choice(ch))
        t = rng.randint(0, 9)
        if t == 0:  # strided
            return binop("*", tx, K(1, 2, 3, 4, 8, 16, 32, 33, 5, 6, 7))
        if t == 1:  # row-major tile
            return binop("+", binop("*", ty, K(16, 17, 32, 33, 64, 8, 9)), tx)
        if t == 2:  # transposed tile
            return binop("+", binop("*", tx, K(16, 17, 32, 33, 8, 9)), ty)
        if t == 3:  # XOR swizzle
            return binop("%", binop("^", tx, ty), K(32, 16, 8))
        if t == 4:  # col ^ (row % 8)
            return binop("^", tx, binop("%", ty, K(8, 4, 32)))
        if t == 5:
            return binop("+", binop("*", binop("%", tx, K(8, 4, 16)),
                                    K(4, 8, 16, 32)),
                         binop("/", tx, K(8, 4, 16)))
        if t == 6:  # broadcast
            return binop(rng.choice([">>", "/"]), tx, K(1, 2, 3, 5))
        if t == 7:
            return binop("|", binop("<<", binop(">>", tx, K(3)), K(4)),
                         binop("&", tx, K(7)))
        if t == 8:
            bdx = leaf("blockDim.x", True, c, lambda s: [s.shape[0]] * s.n)
            bdy = leaf("blockDim.y", True, c, lambda s: [s.shape[1]] * s.n)
            return binop("+", binop("+", binop("*", tz, binop("*", bdx, bdy)),
                                    binop("*", ty, bdx)), tx)
        return binop("+", binop("*", tx, K(2, 4, 8)), K(0, 1, 3))


def wrap_index(gen, e, limit):
    """Makes e an index in [0, M) for some M <= limit, for every thread."""
    rng = gen.rng
    lo, hi = e.lo(), e.hi()
    if lo >= 0 and hi < limit and not (gen.mixed and rng.random() < 0.5):
        return e
    pow2 = [m for m in (2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048,
                        4096) if m <= limit] or [1]
    other = [m for m in (17, 33, 100, 129, 1000, 3000) if m <= limit]
    if e.u or lo >= 0:
        m = rng.choice(pow2 + other)
        return binop("%", e, const(gen.ctxs, m))
    r = rng.random()
    if r < 0.35:
        m = rng.choice(pow2)
        return binop("&", e, const(gen.ctxs, m - 1))
    if r < 0.7:
        m = rng.choice(pow2 + other)
        return binop("%", cast(e, True), const(gen.ctxs, m))
    m = rng.choice(pow2 + other)
    inner = binop("%", e, const(gen.ctxs, m))
    return binop("%", binop("+", inner, const(gen.ctxs, m)),
                 const(gen.ctxs, m))


# --------------------------------------------------------------------------
# Element types
# --------------------------------------------------------------------------

# name: (size, align, members [(name, size, offset)], scalar?)
TYPES = {
    "char": (1, 1, [], True),
    "short": (2, 2, [], True),
    "int": (4, 4, [], True),
    "unsigned": (4, 4, [], True),
    "float": (4, 4, [], True),
    "double": (8, 8, [], True),
    "long long": (8, 8, [], True),
    "unsigned char": (1, 1, [], True),
    "char4": (4, 4, [("x", 1, 0), ("y", 1, 1), ("z", 1, 2), ("w", 1, 3)],
              False),
    "float2": (8, 8, [("x", 4, 0), ("y", 4, 4)], False),
    "int2": (8, 8, [("x", 4, 0), ("y", 4, 4)], False),
    "float4": (16, 16, [("x", 4, 0), ("y", 4, 4), ("z", 4, 8), ("w", 4, 12)],
               False),
    "int4": (16, 16, [("x", 4, 0), ("y", 4, 4), ("z", 4, 8), ("w", 4, 12)],
             False),
    "double2": (16, 16, [("x", 8, 0), ("y", 8, 8)], False),
}
TYPE_WEIGHTS = [("char", 8), ("short", 8), ("int", 10), ("unsigned", 3),
                ("float", 14), ("double", 10), ("long long", 3), ("unsigned char", 2), ("char4", 3), ("float2", 8),
                ("int2", 4), ("float4", 8), ("int4", 5), ("double2", 4)]


def pick_type(rng):
    tot = sum(w for _, w in TYPE_WEIGHTS)
    r = rng.uniform(0, tot)
    for n, w in TYPE_WEIGHTS:
        r -= w
        if r <= 0:
            return n
    return TYPE_WEIGHTS[-1][0]


# --------------------------------------------------------------------------
# The reference bank model
# --------------------------------------------------------------------------


def warp_costs(addrs, nbytes, n):
    """[(wavefronts, phases)] per warp; addrs[t] is None for inactive lanes."""
    nph = {1: 1, 2: 1, 4: 1, 8: 2, 16: 4}[nbytes]
    per = 32 // nph
    res = []
    for w in range((n + 31) // 32):
        wf = ph = 0
        for p in range(nph):
            banks = {}
            any_active = False
            for t in range(32 * w + p * per, min(32 * w + (p + 1) * per, n)):
                a = addrs[t]
                if a is None:
                    continue
                any_active = True
                for word in range(a // 4, (a + nbytes - 1) // 4 + 1):
                    banks.setdefault(word % 32, set()).add(word)
            if any_active:
                ph += 1
                wf += max(len(s) for s in banks.values())
        res.append((wf, ph))
    return res


def reference(addrs, nbytes, n):
    """(best warp, wavefronts, phases, per-warp costs); None when no lane runs."""
    costs = warp_costs(addrs, nbytes, n)
    best = None
    for w, (wf, ph) in enumerate(costs):
        if ph == 0:
            continue
        if best is None or Fraction(wf, ph) > Fraction(costs[best][0],
                                                       costs[best][1]):
            best = w
    if best is None:
        return None
    return best, costs[best][0], costs[best][1], costs


# --------------------------------------------------------------------------
# Kernels
# --------------------------------------------------------------------------


class Kernel:
    pass


def active_of(vals):
    return [[bool(x) for x in v] for v in vals]


def max_active(e, active):
    return max([x for v, a in zip(e.vals, active)
                for x, on in zip(v, a) if on] or [0])


def as_local(gen, e, name, decls):
    """Sometimes stores e in a local `int`/`unsigned` variable first."""
    if gen.rng.random() >= 0.2:
        return e
    rng = gen.rng
    u = rng.random() < 0.4
    decls.append("%s %s = %s;" % ("unsigned" if u else "int", name, e.text))
    v = Expr(name, u, conv(e.vals, e.u, u))
    if gen.self_update and rng.random() < 0.4:
        # one more straight-line assignment: v = v OP e2 or v OP= e2
        for _ in range(10):
            op = rng.choice(["+", "*", "^", "|", "%", "/"])
            e2 = gen.var() if op in "+^|*" else gen.pos_const([2, 3, 4, 8, 33])
            try:
                n = binop(op, v, e2)
            except UB:
                continue
            n = Expr(name, u, conv(n.vals, n.u, u))
            if not gen.ok(n):
                continue
            if rng.random() < 0.5:
                decls.append("%s %s= %s;" % (name, op, e2.text))
            else:
                decls.append("%s = %s %s %s;" % (name, name, op, e2.p()))
            return n
    return v


def make_kernel(rng, name, mixed, avoid=()):
    k = Kernel()
    k.name = name
    k.negative = False
    nlaunch = 1 if rng.random() < 0.6 else 2
    shapes = []
    while len(shapes) < nlaunch:
        s = random_shape(rng)
        if s not in shapes:
            shapes.append(s)
    k.shapes = shapes
    ctxs = [ShapeCtx.get(s) for s in shapes]
    gen = Gen(rng, ctxs, mixed)
    gen.lvalue_ternary = "lvalue-ternary" not in avoid
    gen.self_update = "self-update" not in avoid
    tname = pick_type(rng)
    size, align, members, scalar = TYPES[tname]
    k.tname = tname

    kind = rng.choice(["load", "store", "compound"])
    member = None
    if not scalar and (kind == "compound" or rng.random() < 0.25):
        member = rng.choice(members)
    if tname == "char4" and kind == "compound" and rng.random() < 0.5:
        member = None
        kind = rng.choice(["load", "store"])

    # which threads run the access: `if (c) {..}`, `if (c) {} else {..}`,
    # `if (c) return;`
    r = rng.random()
    k.mask = None
    active = [[True] * x.n for x in ctxs]
    if r < 0.35:
        c = gen.cond()
        k.cond = c.text
        if r < 0.25:
            k.mask = "if"
            active = active_of(c.vals)
        else:
            k.mask = rng.choice(["else", "return"])
            active = [[not x for x in v] for v in active_of(c.vals)]

    decls = []
    two_d = rng.random() < 0.4
    depth = rng.choice([1, 2, 2, 3, 3, 4])
    if two_d:
        e1 = gen.expr(max(1, depth - 1))
        e2 = gen.expr(depth)
        e2 = as_local(gen, e2, "col", decls)
        e2 = wrap_index(gen, e2, 128)
        cmax = max_active(e2, active)
        opts = [c for c in (8, 9, 16, 17, 32, 33, 64, 65, 128, 129)
                if c > cmax]
        cols = rng.choice(opts) if opts and rng.random() < 0.7 else cmax + 1 + \
            rng.randint(0, 2)
        rlimit = max(1, SMEM_LIMIT // (size * cols))
        e1 = as_local(gen, e1, "row", decls)
        e1 = wrap_index(gen, e1, rlimit)
        rmax = max_active(e1, active)
        rows = rmax + 1 + rng.randint(0, 1)
        if rows * cols * size > SMEM_LIMIT:
            rows = rmax + 1
        decl = "%s s[%d][%d]" % (tname, rows, cols)
        ref = "s[%s][%s]" % (e1.text, e2.text)
        idx = [[r * cols + cc for r, cc in zip(v1, v2)]
               for v1, v2 in zip(e1.vals, e2.vals)]
    else:
        e = gen.expr(depth)
        e = as_local(gen, e, "i", decls)
        e = wrap_index(gen, e, SMEM_LIMIT // size)
        nmax = max_active(e, active)
        n = nmax + 1 + rng.choice([0, 0, 0, 1, 5])
        if n * size > SMEM_LIMIT:
            n = nmax + 1
        decl = "%s s[%d]" % (tname, n)
        ref = "s[%s]" % e.text
        idx = e.vals
    k.decl = "__shared__ " + decl

    off, nbytes = 0, size
    if member:
        ref += "." + member[0]
        off, nbytes = member[2], member[1]
    k.nbytes = nbytes
    # byte addresses per shape and thread, relative to the array base
    k.addrs = [[(i * size + off) if on else None for i, on in zip(v, a)]
               for v, a in zip(idx, active)]
    k.bases = [0, 1, 2, 3] if align == 1 else [0, 2] if align == 2 else [0]

    # the statement
    if kind == "load":
        if member:
            stmt = "out[blockIdx.x].%s = %s;" % (member[0], ref)
        elif scalar or rng.random() < 0.15:
            # for struct types this is a call of the implicit copy-assignment
            # operator with the shared element as its argument
            stmt = "out[blockIdx.x] = %s;" % ref
        else:
            stmt = "%s r = %s; out[blockIdx.x] = r;" % (tname, ref)
        k.access = "load"
    elif kind == "store":
        stmt = "%s = v%s;" % (ref, ("." + member[0]) if member else "")
        k.access = "store"
    else:
        stmt = "%s += v%s;" % (ref, ("." + member[0]) if member else "")
        k.access = "load-store"

    lines = ["__global__ void %s(%s *out, %s v) {" % (name, tname, tname),
             "  __shared__ %s;" % decl,
             "  int tx = threadIdx.x; int ty = threadIdx.y; "
             "int tz = threadIdx.z;"]
    lines += ["  " + d for d in decls]
    if k.mask == "if":
        lines.append("  if (%s) {" % k.cond)
        lines.append("    " + stmt)
        k.access_line_offset = len(lines) - 1
        lines.append("  }")
        k.shown = "if (%s) { %s }" % (k.cond, stmt)
    elif k.mask == "else":
        lines.append("  if (%s) {" % k.cond)
        lines.append("    out[0] = v;")
        lines.append("  } else {")
        lines.append("    " + stmt)
        k.access_line_offset = len(lines) - 1
        lines.append("  }")
        k.shown = "if (%s) { out[0] = v; } else { %s }" % (k.cond, stmt)
    elif k.mask == "return":
        lines.append("  if (%s)" % k.cond)
        lines.append("    return;")
        lines.append("  " + stmt)
        k.access_line_offset = len(lines) - 1
        k.shown = "if (%s) return; %s" % (k.cond, stmt)
    else:
        lines.append("  " + stmt)
        k.access_line_offset = len(lines) - 1
        k.shown = stmt
    if decls:
        k.shown = " ".join(decls) + " " + k.shown
    k.stmt = stmt
    lines.append("}")
    k.lines = lines
    k.args = "(%s *)0, v_%s" % (tname, tname.replace(" ", "_"))
    return k


NEGATIVE_FORMS = [
    ("s[(tx * stride) & 1023]", 1024),
    ("s[tx * stride]", 4096),
    ("s[(ty * stride + tx) % 512]", 512),
    ("s[idx[tx]]", 1024),
    ("s[idx[tx] % 64]", 64),
    ("s[idx[ty * blockDim.x + tx] & 255]", 256),
    ("s[(unsigned)(threadIdx.x * stride) % 1000u]", 1000),
    ("s[tx * stride + 1]", 4096),
]


def make_negative(rng, name):
    k = Kernel()
    k.name = name
    k.negative = True
    form, n = rng.choice(NEGATIVE_FORMS)
    nlaunch = 1 if rng.random() < 0.6 else 2
    shapes = []
    while len(shapes) < nlaunch:
        s = random_shape(rng)
        # the thread index multiplied by the unknown must vary in a warp,
        # else the address is uniform and warplint may well know the answer
        if s[0] < 2 or ("ty" in form and s[1] < 2):
            continue
        if s not in shapes:
            shapes.append(s)
    k.shapes = shapes
    tname = rng.choice(["int", "float", "double", "char", "float4"])
    size = TYPES[tname][0]
    if n * size > SMEM_LIMIT:
        n = SMEM_LIMIT // size
        form = form.replace("4096", str(n))
    kind = rng.choice(["load", "store", "compound"])
    if tname == "float4" and kind == "compound":
        kind = "store"
    if kind == "load":
        if tname == "float4":
            stmt = "float4 r = %s; out[blockIdx.x] = r;" % form
        else:
            stmt = "out[blockIdx.x] = %s;" % form
        k.access = "load"
    elif kind == "store":
        stmt = "%s = v;" % form
        k.access = "store"
    else:
        stmt = "%s += v;" % form
        k.access = "load-store"
    k.cond = None
    k.shown = stmt
    k.tname = tname
    k.nbytes = size
    k.stmt = stmt
    k.index_text = form
    lines = ["__global__ void %s(%s *out, %s v, int stride, const int *idx) {"
             % (name, tname, tname),
             "  __shared__ %s s[%d];" % (tname, n),
             "  int tx = threadIdx.x; int ty = threadIdx.y; "
             "int tz = threadIdx.z;",
             "  " + stmt]
    k.access_line_offset = 3
    lines.append("}")
    k.lines = lines
    # The stride is a value only the run fixes (launch_all's parameter):
    # host code that fixes it would make the access analysable.
    k.args = "(%s *)0, v_%s, runtime, (const int *)0" % (tname, tname)
    return k


def write_file(path, kernels):
    out = ['#include "cuda.h"', "// generated by gen.py: do not edit", ""]
    for k in kernels:
        k.file = path
        k.line = len(out) + 1 + k.access_line_offset
        out.extend(k.lines)
        out.append("")
    used = sorted({k.tname for k in kernels})
    out.append("void launch_all(int runtime) {")
    for t in used:
        if TYPES[t][3]:
            out.append("  %s v_%s = 1;" % (t, t.replace(" ", "_")))
        else:
            out.append("  %s v_%s = {};" % (t, t))
    rng = random.Random(len(kernels))
    for j, k in enumerate(kernels):
        for i, s in enumerate(k.shapes):
            form = rng.random()
            if form < 0.15 and s[1] == s[2] == 1:
                block = "%d" % s[0]
            elif form < 0.3 and s[2] == 1:
                block = "dim3(%d, %d)" % s[:2]
            elif form < 0.45:
                out.append("  dim3 b%d_%d(%d, %d, %d);" % ((j, i) + s))
                block = "b%d_%d" % (j, i)
            else:
                block = "dim3(%d, %d, %d)" % s
            out.append("  %s<<<%d, %s>>>(%s);"
                       % (k.name, rng.choice([1, 4, 80]), block, k.args))
    out.append("}")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# --------------------------------------------------------------------------
# Running warplint and comparing
# --------------------------------------------------------------------------


def warplint_cmd(args, path):
    return [args.warplint, "--dump-shared-accesses", path, "--", "-x",
            "cuda", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
            "-Wno-unknown-cuda-version", "-isystem", args.inputs]


def _mtime(path):
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None


def run_all(args, paths):
    """Runs warplint on every file (args.jobs at a time): {path: json}.

    While the binary is missing, cannot start, or changes during a run (the
    owner rebuilding it), waits 30 s and retries, args.retries times."""
    results = {}
    pending = list(paths)
    attempts = {p: 0 for p in paths}
    running = []

    def retry(p, why):
        attempts[p] += 1
        if attempts[p] > args.retries:
            results[p] = why
            return
        time.sleep(30)
        pending.insert(0, p)

    while pending or running:
        while pending and len(running) < args.jobs:
            p = pending.pop(0)
            stamp = _mtime(args.warplint)
            try:
                proc = subprocess.Popen(warplint_cmd(args, p),
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
            except OSError as e:
                retry(p, "cannot start %s: %s" % (args.warplint, e))
                continue
            running.append((p, proc, stamp))
        if not running:
            continue
        p, proc, stamp = running.pop(0)
        out, err = proc.communicate()
        err = err.decode(errors="replace")
        try:
            res = json.loads(out.decode(errors="replace"))
        except ValueError:
            if proc.returncode in (126, 127) or stamp is None or \
                    _mtime(args.warplint) != stamp:
                retry(p, "warplint could not run (exit %d):\n%s"
                      % (proc.returncode, err[-3000:]))
            else:
                results[p] = ("warplint exited %d without JSON:\n%s"
                              % (proc.returncode, err[-3000:]))
            continue
        # clang's own errors, or warplint's count of them ("1 clang error
        # in FILE")
        errors = [l for l in err.splitlines()
                  if "error:" in l or " clang error" in l]
        if errors:
            res = ("clang errors in the generated file:\n"
                   + "\n".join(errors[:50]))
        results[p] = res
    return results


def fmt_lanes(k, si, w, base):
    ctx = ShapeCtx.get(k.shapes[si])
    addrs = k.addrs[si]
    parts = []
    for t in range(32 * w, min(32 * w + 32, ctx.n)):
        a = addrs[t]
        if a is None:
            parts.append("%2d:-" % (t - 32 * w))
        else:
            a += base
            parts.append("%2d:%d(w%d,b%d)" % (t - 32 * w, a, a // 4,
                                             (a // 4) % 32))
    lines = []
    for i in range(0, len(parts), 8):
        lines.append("      " + "  ".join(parts[i:i + 8]))
    return "\n".join(lines)


def _agrees(refs, wf, ph, w):
    """Whether (wf, ph, warp w) is the worst result over the base offsets."""
    worst = max(Fraction(r[1], r[2]) for _, r in refs)
    if Fraction(wf, ph) != worst:
        return False
    # the reported warp must have the reported numbers (for a base offset
    # that gives the worst degree; ties between warps may go either way)
    return any(Fraction(r[1], r[2]) == worst and w < len(r[3])
               and r[3][w] == (wf, ph) for _, r in refs)


def check_run(k, si, run, subword_base):
    """None when the run agrees, else (category, description, references)."""
    n = ShapeCtx.get(k.shapes[si]).n
    refs = []
    for b in k.bases:
        addrs = [None if a is None else a + b for a in k.addrs[si]]
        refs.append((b, reference(addrs, k.nbytes, n)))
    if all(r is None for _, r in refs):
        if run.get("state") == "never-runs":
            return None
        return ("state", "no thread runs the access; expected state "
                "never-runs", refs)
    if subword_base != "zero":
        # warplint reports only what holds for every base offset the
        # element alignment allows: where they differ it must say unknown.
        degrees = {Fraction(r[1], r[2]) for _, r in refs if r is not None}
        if len(degrees) > 1:
            if run.get("state") == "unknown":
                return None
            return ("numbers", "the degree depends on the array's base "
                    "offset (%s); expected unknown"
                    % sorted(str(d) for d in degrees), refs)
    if run.get("state") != "ok":
        return ("state", "state %r (%s), expected ok"
                % (run.get("state"), run.get("why", "")), refs)
    wf, ph, w = run.get("wavefronts"), run.get("phases"), run.get("warp")
    deg = run.get("degree")
    if not isinstance(wf, int) or not isinstance(ph, int) or ph <= 0 \
            or not isinstance(w, int):
        return ("numbers", "malformed run", refs)
    if deg is None or abs(float(deg) - wf / ph) > 1e-6:
        return ("numbers", "degree %r is not wavefronts/phases" % deg, refs)
    if subword_base == "zero":
        refs = refs[:1]
    if _agrees(refs, wf, ph, w):
        return None
    if len(refs) > 1 and _agrees(refs[:1], wf, ph, w):
        return ("subword-base", "agrees with base offset 0 only, not with "
                "the worst base offset the element alignment allows", refs)
    return ("numbers", "wavefronts/phases/warp differ", refs)


CATEGORIES = [
    ("file", "a generated file was not analysed"),
    ("missing", "access missing from the dump"),
    ("kind", "wrong access kind, size, kernel or block shapes of the runs"),
    ("unknown", "unknown for an analysable access"),
    ("state", "wrong state (ok / never-runs)"),
    ("numbers", "wavefronts / phases / degree / warp differ"),
    ("subword-base", "char/short array: agrees with base offset 0 only"),
    ("neg-unsound", "negative slice: a run is not unknown"),
    ("neg-runs", "negative slice: not one run per launched block shape"),
]


def describe_run(k, si, r, why, refs):
    s = k.shapes[si]
    m = ["block %dx%dx%d: %s" % (s + (why,)),
         "  warplint: state=%s wavefronts=%s phases=%s degree=%s warp=%s"
         % (r.get("state"), r.get("wavefronts"), r.get("phases"),
            r.get("degree"), r.get("warp"))]
    for b, ref in refs:
        if ref is None:
            m.append("  reference (base %d): no active lane" % b)
            continue
        m.append("  reference (base offset %d): wavefronts=%d phases=%d "
                 "degree=%s warp=%d  (per warp: %s%s)"
                 % (b, ref[1], ref[2], Fraction(ref[1], ref[2]), ref[0],
                    " ".join("%d/%d" % c for c in ref[3][:40]),
                    " ..." if len(ref[3]) > 40 else ""))
        warps = {ref[0]}
        if isinstance(r.get("warp"), int) and r.get("warp") < len(ref[3]):
            warps.add(r.get("warp"))
        for w in sorted(warps):
            m.append("  lanes of warp %d, lane:byte-address(word,bank), "
                     "'-' inactive, base offset %d:" % (w, b))
            m.append(fmt_lanes(k, si, w, b))
    return "\n    ".join(m)


def compare(args, files, results):
    """[(category, text)], accesses compared, runs compared."""
    problems = []
    compared = runs_compared = 0
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
            compared += 1
            head = ("%s:%d: kernel %s: %s %s[] (%d-byte access), launched "
                    "with %s\n    %s%s"
                    % (path, k.line, k.name,
                       "NEGATIVE" if k.negative else "analysable", k.tname,
                       k.nbytes, ", ".join("%dx%dx%d" % s for s in k.shapes),
                       k.decl + "; " if hasattr(k, "decl") else "",
                       k.shown))
            acc = [a for a in by_line.get((os.path.basename(path), k.line), [])
                   if a.get("function") == k.name]
            if len(acc) != 1:
                problems.append(("missing", "%s\n    %d entries in the dump "
                                 "for this line, expected 1" % (head,
                                                                len(acc))))
                continue
            a = acc[0]
            found = []  # (category, message)
            if a.get("access") != k.access:
                found.append(("kind", "access %r, expected %r"
                              % (a.get("access"), k.access)))
            if a.get("bytes") != k.nbytes:
                found.append(("kind", "bytes %r, expected %d"
                              % (a.get("bytes"), k.nbytes)))
            runs = a.get("runs", [])
            shapes_seen = [tuple(r.get("blockDim", [])) for r in runs]
            # A lowering that fails gives no run at all, only whyUnknown;
            # for the negative slice that is as good as unknown runs.
            no_runs_ok = k.negative and not runs and a.get("whyUnknown")
            if sorted(shapes_seen) != sorted(k.shapes) and not no_runs_ok:
                found.append(("neg-runs" if k.negative else
                              "unknown" if a.get("whyUnknown") else "kind",
                              "runs for block shapes %s, expected one for "
                              "each of %s (whyUnknown: %r)"
                              % (shapes_seen, k.shapes, a.get("whyUnknown"))))
            for r in runs:
                if r.get("kernel") != k.name or r.get("assumed"):
                    found.append(("kind", "run of kernel %r, assumed %r"
                                  % (r.get("kernel"), r.get("assumed"))))
            if k.negative:
                bad = [r for r in runs if r.get("state") != "unknown"]
                if bad:
                    found.append(("neg-unsound",
                                  "expected every run unknown, got %s"
                                  % ["%s %s: %s/%s" % (r.get("blockDim"),
                                                       r.get("state"),
                                                       r.get("wavefronts"),
                                                       r.get("phases"))
                                     for r in bad]))
            else:
                # whyUnknown alone is no failure: a run may rightly be
                # unknown (check_run decides); no run at all is.
                if a.get("whyUnknown") and not runs:
                    found.append(("unknown", "whyUnknown %r"
                                  % a.get("whyUnknown")))
                for r in runs:
                    s = tuple(r.get("blockDim", []))
                    if s not in k.shapes:
                        continue
                    si = k.shapes.index(s)
                    runs_compared += 1
                    bad = check_run(k, si, r, args.subword_base)
                    if bad is not None:
                        cat, why, refs = bad
                        if cat == "state" and r.get("state") == "unknown":
                            cat = "unknown"
                        found.append((cat, describe_run(k, si, r, why, refs)))
            if found:
                cats = [c for c, _ in found]
                main_cat = min(cats, key=[c for c, _ in CATEGORIES].index)
                problems.append((main_cat, head + "\n    " + "\n    ".join(
                    "[%s] %s" % (c, m) for c, m in found)))
    return problems, compared, runs_compared


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--inputs", required=True,
                    help="directory of the mock cuda.h")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=700,
                    help="analysable accesses to generate")
    ap.add_argument("--negative", type=int, default=17,
                    help="accesses that must be reported unknown")
    ap.add_argument("--mixed", type=float, default=0.2,
                    help="share of accesses mixing signed/unsigned wrap")
    ap.add_argument("--subword-base", choices=["worst", "zero"],
                    default="worst",
                    help="char/short arrays: compare with the worst base "
                    "offset their alignment allows (default), or with a "
                    "4-byte aligned base only")
    ap.add_argument("--avoid", default="",
                    help="comma-separated constructs not to generate, to look "
                    "for other problems while known ones are open: "
                    "lvalue-ternary (`c ? tx : ty`), self-update "
                    "(`i = i * 2;`, `i |= tx;`)")
    ap.add_argument("--per-file", type=int, default=150)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--retries", type=int, default=4)
    ap.add_argument("--max-report", type=int, default=-1,
                    help="mismatches printed in full (default: all)")
    args = ap.parse_args()

    avoid = set(a for a in args.avoid.split(",") if a)
    t0 = time.time()
    rng = random.Random(args.seed)
    os.makedirs(args.workdir, exist_ok=True)
    kernels = []
    for i in range(args.count):
        kernels.append(make_kernel(rng, "k%d" % i, rng.random() < args.mixed,
                                   avoid))
    for i in range(args.negative):
        kernels.append(make_negative(rng, "neg%d" % i))
    rng.shuffle(kernels)
    files = []
    for i in range(0, len(kernels), args.per_file):
        path = os.path.join(args.workdir, "prop_s%d_%d.cu"
                            % (args.seed, i // args.per_file))
        write_file(path, kernels[i:i + args.per_file])
        files.append((path, kernels[i:i + args.per_file]))
    t1 = time.time()
    results = run_all(args, [p for p, _ in files])
    t2 = time.time()
    problems, compared, runs_compared = compare(args, files, results)
    t3 = time.time()

    shown = problems if args.max_report < 0 else problems[:args.max_report]
    for cat, text in shown:
        print("MISMATCH [%s] %s\n" % (cat, text))
    if len(problems) > len(shown):
        print("(%d more mismatches not printed)\n"
              % (len(problems) - len(shown)))
    print("seed %d: %d accesses compared (%d analysable in %d runs, %d that "
          "must be unknown) in %d files, %d agree, %d disagree "
          "[generate %.1fs, warplint %.1fs, compare %.1fs]"
          % (args.seed, compared, compared - args.negative, runs_compared,
             args.negative, len(files), compared - len(problems),
             len(problems), t1 - t0, t2 - t1, t3 - t2))
    if problems:
        for cat, what in CATEGORIES:
            n = sum(1 for c, _ in problems if c == cat)
            if n:
                print("  %4d %s: %s" % (n, cat, what))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
