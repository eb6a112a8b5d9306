"""Compares two object files nvcc made from the same command, which differ
only in the name of a temporary file with nvcc's process id
(tmpxft_<pid>_...): succeeds when they are the same bytes otherwise.

    cmp_objects.py A B
"""
import re
import sys

a, b = (open(p, "rb").read() for p in sys.argv[1:3])
pattern = re.compile(rb"tmpxft_[0-9a-f]{8}_")
a, b = (pattern.sub(b"tmpxft_XXXXXXXX_", x) for x in (a, b))
if a != b:
    sys.stderr.write("%s and %s differ\n" % tuple(sys.argv[1:3]))
    sys.exit(1)
