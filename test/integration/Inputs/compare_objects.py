#!/usr/bin/env python3
"""Compares the object files of two builds of the same CMake project.

usage: compare_objects.py TARGET DIR_A DIR_B --exact
       compare_objects.py TARGET DIR_A DIR_B --as-close-as REF_A REF_B

Compares DIR_A/CMakeFiles/TARGET.dir/**/*.o with the same files in DIR_B,
counting the positions whose bytes differ (as 'cmp -l | wc -l' does) plus
any difference in length. --exact fails unless the count is 0;
--as-close-as fails when it is above the count between REF_A and REF_B (two
builds that should be alike: nvcc names its temporary files after its
process, and they end up in the objects).
"""
import os
import sys


def objects(root, target):
    base = os.path.join(root, "CMakeFiles", target + ".dir")
    found = {}
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith(".o"):
                p = os.path.join(d, f)
                found[os.path.relpath(p, base)] = p
    return found


def differing_bytes(target, a, b):
    oa, ob = objects(a, target), objects(b, target)
    if not oa or sorted(oa) != sorted(ob):
        sys.exit(f"{target}: different object files in {a} and {b}: "
                 f"{sorted(oa)}, {sorted(ob)}")
    diff = 0
    for rel in sorted(oa):
        x = open(oa[rel], "rb").read()
        y = open(ob[rel], "rb").read()
        diff += sum(1 for i, j in zip(x, y) if i != j) + abs(len(x) - len(y))
    return len(oa), diff


target, a, b, mode = sys.argv[1:5]
count, diff = differing_bytes(target, a, b)
if mode == "--exact":
    limit, what = 0, "identical"
elif mode == "--as-close-as":
    _, limit = differing_bytes(target, *sys.argv[5:7])
    what = f"at most {limit} bytes apart, as two builds without warplint are"
else:
    sys.exit(f"unknown mode {mode}")
print(f"{target}: {count} objects, {diff} bytes differ; expected {what}")
if diff > limit:
    sys.exit(1)
