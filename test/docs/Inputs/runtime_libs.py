#!/usr/bin/env python3
"""usage: runtime_libs.py README BINARY...

The shared libraries the BINARYs need (their ELF DT_NEEDED entries, by
llvm-readelf), less the C and C++ runtime every program has, must be the
ones README.md's "Requirements" section names (lib*.so.N): each needed one
named, each named one needed by some BINARY. Prints the differences and
exits 1 when there are any."""
import os
import re
import shutil
import subprocess
import sys

RUNTIME = re.compile(r"^(ld-linux.*|libc|libm|libgcc_s|libstdc\+\+|"
                     r"libpthread|libdl|librt)\.so")


def readelf():
    for name in ("llvm-readelf-22", "llvm-readelf"):
        if shutil.which(name):
            return shutil.which(name)
    return "/usr/lib/llvm-22/bin/llvm-readelf"


def needed(binary):
    out = subprocess.run([readelf(), "--needed-libs", binary], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    libs = re.findall(r"^\s+(\S+\.so\S*)\s*$", out, re.M)
    if not libs:
        sys.exit(f"{binary}: no needed libraries read: {out!r}")
    return {l for l in libs if not RUNTIME.match(l)}


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    text = open(argv[1], encoding="utf-8").read()
    section = re.search(r"^## Requirements\n(.*?)^## ", text, re.M | re.S)
    if not section:
        sys.exit(f"{argv[1]}: no '## Requirements' section")
    named = set(re.findall(r"\blib[\w+-]+\.so(?:\.\d+)+", section.group(1)))
    need = {}
    for binary in argv[2:]:
        for lib in needed(binary):
            need.setdefault(lib, []).append(os.path.basename(binary))
    status = 0
    for lib in sorted(set(need) - named):
        print(f"{lib} (needed by {', '.join(need[lib])}) is not named in "
              "README.md's Requirements")
        status = 1
    for lib in sorted(named - set(need)):
        print(f"{lib} is named in README.md's Requirements, but no binary "
              "needs it")
        status = 1
    for lib in sorted(need):
        print(f"{lib}: {', '.join(need[lib])}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
