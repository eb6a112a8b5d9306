#!/usr/bin/env python3
"""usage: documented.py OPTIONS_FILE DOC...

Each line of OPTIONS_FILE is an option ('--checks', '-p'); each must appear
in one of the DOCs as a whole word ('--checks', '--checks=...', '-p BUILD';
not '--checks-x'). Prints the missing ones and exits 1 when there are any."""
import re
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    options = [l.strip() for l in open(argv[1], encoding="utf-8") if l.strip()]
    text = "".join(open(d, encoding="utf-8").read() for d in argv[2:])
    missing = [o for o in options
               if not re.search(r"(?<![\w-])" + re.escape(o) + r"(?![\w-])",
                                text)]
    for o in missing:
        print(f"{o} is not documented in {', '.join(argv[2:])}",
              file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
