"""usage: covers.py REPLIES NAMES [--negated] [--list-item]

Checks that the completions in REPLIES (one per line) offer every name of
NAMES (whitespace-separated; at least 3), and with --negated '-NAME' too;
with --list-item, a reply's last comma-separated item is what counts.
Prints the missing names and exits 1 when there are any."""
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
flags = set(a for a in sys.argv[1:] if a.startswith("--"))
if len(args) != 2:
    sys.exit(__doc__)
replies = open(args[0]).read().split()
if "--list-item" in flags:
    replies = [r.split(",")[-1] for r in replies]
names = open(args[1]).read().split()
if len(names) < 3:
    sys.exit("too few names in %s: %s" % (args[1], names))
wanted = names + (["-" + n for n in names] if "--negated" in flags else [])
missing = [n for n in wanted if n not in set(replies)]
if missing:
    sys.exit("not offered: " + ", ".join(missing))
