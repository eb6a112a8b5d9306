"""Checks that docs/launcher.md documents every option and environment
variable that `warplint-launch --help` lists, in backquotes.

    launcher_options.py HELP_TEXT_FILE DOC
"""
import re
import sys

help_text = open(sys.argv[1]).read()
doc = open(sys.argv[2]).read()
names = set(re.findall(r"^  (--[a-z][a-z-]*)", help_text, re.M))
names |= set(re.findall(r"^  (WARPLINT_[A-Z_]+)", help_text, re.M))
if len(names) < 8:
    sys.exit("too few options found in --help: %s" % sorted(names))
missing = [n for n in sorted(names) if "`" + n not in doc]
if missing:
    sys.exit("not in %s: %s" % (sys.argv[2], ", ".join(missing)))
print("\n".join(sorted(names)))
