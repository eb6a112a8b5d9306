"""Compares `warplint occupancy --batch` (stdin) with cuda_occupancy.h's
answers (EXPECTED, written by occ_reference.cpp), line for line.

  compare.py blocks EXPECTED   active blocks and every per-resource limit
  compare.py best EXPECTED     the best block size (needs --batch --steps)

Prints "compared N configurations: D differences" and the first
differences; exits 1 when there is any, or when the counts differ.
"""
import json
import sys


def main():
    mode, expected_path = sys.argv[1], sys.argv[2]
    with open(expected_path) as f:
        expected = f.read().splitlines()
    diffs = []
    n = 0
    for n, line in enumerate(sys.stdin, 1):
        got = json.loads(line)
        if n > len(expected):
            diffs.append("line %d: no expected answer" % n)
            break
        want = expected[n - 1]
        config = "%s %s %s %s" % (got.get("arch"), got.get("threads"),
                                  got.get("regs"), got.get("smem"))
        if "arch" not in got:  # a line warplint could not read
            diffs.append("line %d: %s" % (n, got.get("error")))
            continue
        if want == "ERR":
            if "error" not in got:
                diffs.append("%s: cuda_occupancy.h fails, warplint gives %s"
                             % (config, got["activeBlocksPerSM"]))
            continue
        if mode == "blocks":
            lim = got["limits"]
            mine = [got["activeBlocksPerSM"]] + [
                -1 if lim[k] is None else lim[k]
                for k in ("warps", "blocks", "registers", "sharedMemory",
                          "barriers")]
            theirs = [int(x) for x in want.split()]
        else:
            steps = got.get("steps")
            mine = [steps["bestThreads"] if steps else 0]
            theirs = [int(want)]
        if mine != theirs:
            diffs.append("%s: cuda_occupancy.h %s, warplint %s"
                         % (config, theirs, mine))
    if n != len(expected):
        diffs.append("%d answers from warplint, %d expected" % (n, len(expected)))
    print("compared %d configurations: %d differences" % (n, len(diffs)))
    for d in diffs[:20]:
        print("  " + d)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
