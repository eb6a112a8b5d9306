#!/usr/bin/env python3
"""Compares, kernel by kernel, what warplint reads from a built object with
what ptxas -v printed for the same compile.

  compare.py --warplint W --out DIR --archs 80,90,120 [--clang CLANG
             --cuda-path P] [--nvcc NVCC] [--flag FLAG]... FILE.cu...

Each file is compiled once for all the architectures (nvcc -Xptxas -v, or
clang++ -Xcuda-ptxas -v with --clang), and `warplint occupancy
--parse-ptxas` reads both the object and the report. Registers, barriers,
stack frame and static shared memory must agree (a report leaves out what
is 0). Prints each disagreement, then "agree: N of M kernels"; exits 1 on
any disagreement, a kernel only one side has, or no kernel at all.
"""
import argparse
import json
import os
import subprocess
import sys

FIELDS = ("registers", "barriers", "stackFrame", "smem")


def compile_one(args, src, obj):
    if args.clang:
        cmd = [args.clang, "-c", "-O3", "--cuda-path=" + args.cuda_path,
               "-Xcuda-ptxas", "-v", "-o", obj, src]
        cmd += ["--cuda-gpu-arch=sm_" + a for a in args.archs]
    else:
        cmd = [args.nvcc, "-c", "-Xptxas", "-v", "-o", obj, src]
        for a in args.archs:
            cmd += ["-gencode", "arch=compute_%s,code=sm_%s" % (a, a)]
    cmd += args.flag
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit("compile failed: %s\n%s" % (" ".join(cmd), p.stderr))
    return p.stdout + p.stderr


def kernels(warplint, path):
    p = subprocess.run([warplint, "occupancy", "--parse-ptxas=" + path,
                        "--format=json"], capture_output=True, text=True)
    if p.returncode not in (0, 1) or not p.stdout:
        sys.exit("warplint failed on %s:\n%s" % (path, p.stderr))
    out = {}
    for f in json.loads(p.stdout)["functions"]:
        if f["kind"] == "kernel":
            out[(f["mangledName"], f["arch"])] = {
                k: f.get(k, 0) for k in FIELDS}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--archs", required=True)
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--clang")
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--flag", action="append", default=[],
                    help="one more compiler flag")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    args.archs = args.archs.split(",")
    os.makedirs(args.out, exist_ok=True)
    agree = total = 0
    for src in args.files:
        base = os.path.join(args.out, os.path.basename(src))
        report = compile_one(args, src, base + ".o")
        with open(base + ".ptxas", "w") as f:
            f.write(report)
        want = kernels(args.warplint, base + ".ptxas")
        got = kernels(args.warplint, base + ".o")
        for key in sorted(set(want) | set(got)):
            total += 1
            name = "%s: %s for %s" % (os.path.basename(src), *key)
            if key not in got or key not in want:
                print("only in the %s: %s" %
                      ("report" if key in want else "object", name))
            elif got[key] != want[key]:
                print("disagree: %s: object %s, ptxas %s" %
                      (name, got[key], want[key]))
            else:
                agree += 1
    print("agree: %d of %d kernels" % (agree, total))
    return 0 if total and agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
