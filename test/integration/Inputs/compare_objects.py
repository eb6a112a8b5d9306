#!/usr/bin/env python3
"""Compares the object files of two builds of the same CMake project.

usage: compare_objects.py TARGET DIR_A DIR_B --exact
       compare_objects.py TARGET DIR_A DIR_B --but-nvcc-names REF_A REF_B

Compares DIR_A/CMakeFiles/TARGET.dir/**/*.o with the same files in DIR_B.

--exact: they must be identical, byte for byte.

--but-nvcc-names: nvcc names its temporary files after its process
(tmpxft_000029ef_00000000-6_spill.cudafe1.cpp), and those names end up in
the objects, so two builds of the same sources differ in a few bytes, how
many depending on how far apart the process ids were. The objects must be
identical once the 8 hex digits of each such name are blanked out. REF_A and
REF_B, two builds that differ only by being two runs, show that the blanking
is needed and enough: their objects must differ, and only there.

Prints how many bytes differ, before and after blanking.
"""
import os
import re
import sys

NVCC_TEMP = re.compile(rb"tmpxft_[0-9a-f]{8}_")


def objects(root, target):
    base = os.path.join(root, "CMakeFiles", target + ".dir")
    found = {}
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith(".o"):
                p = os.path.join(d, f)
                found[os.path.relpath(p, base)] = p
    return found


def blank(data):
    return NVCC_TEMP.sub(lambda m: b"tmpxft_" + b"0" * 8 + b"_", data)


def differing_bytes(target, a, b, mask):
    oa, ob = objects(a, target), objects(b, target)
    if not oa or sorted(oa) != sorted(ob):
        sys.exit(f"{target}: different object files in {a} and {b}: "
                 f"{sorted(oa)}, {sorted(ob)}")
    diff = 0
    for rel in sorted(oa):
        x = open(oa[rel], "rb").read()
        y = open(ob[rel], "rb").read()
        if mask:
            x, y = blank(x), blank(y)
        diff += sum(1 for i, j in zip(x, y) if i != j) + abs(len(x) - len(y))
    return len(oa), diff


target, a, b, mode = sys.argv[1:5]
count, raw = differing_bytes(target, a, b, False)
if mode == "--exact":
    print(f"{target}: {count} objects, {raw} bytes differ; expected identical")
    sys.exit(1 if raw else 0)
if mode != "--but-nvcc-names":
    sys.exit(f"unknown mode {mode}")
_, masked = differing_bytes(target, a, b, True)
ref_a, ref_b = sys.argv[5:7]
_, ref_raw = differing_bytes(target, ref_a, ref_b, False)
_, ref_masked = differing_bytes(target, ref_a, ref_b, True)
print(f"{target}: {count} objects, {raw} bytes differ, {masked} but nvcc's "
      f"temporary names; two builds without warplint: {ref_raw} and "
      f"{ref_masked}")
if ref_masked:
    sys.exit(f"{target}: two builds without warplint differ in more than "
             "nvcc's temporary names")
if masked:
    sys.exit(f"{target}: the builds differ in more than nvcc's temporary names")
