"""Checks that file LAUNCH begins with the bytes of file PLAIN (what the
compiler printed alone) and prints the rest (what warplint-launch added).

    split_prefix.py [--ptxas-times] PLAIN LAUNCH

--ptxas-times: ptxas's "Compile time = N ms" differs between two runs; the
number is masked in both files before comparing.
"""
import re
import sys

args = sys.argv[1:]
mask = False
if args and args[0] == "--ptxas-times":
    mask = True
    args = args[1:]
plain, launch = (open(p, "rb").read() for p in args)
if mask:
    pattern = re.compile(rb"Compile time = [0-9.]+ ms")
    plain = pattern.sub(b"Compile time = N ms", plain)
    launch = pattern.sub(b"Compile time = N ms", launch)
if not launch.startswith(plain):
    sys.stderr.write("%s does not begin with the %d bytes of %s\n"
                     % (args[1], len(plain), args[0]))
    sys.exit(1)
sys.stdout.buffer.write(launch[len(plain):])
