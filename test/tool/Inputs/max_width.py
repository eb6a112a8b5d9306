"""Fails, printing them, when lines of FILE are longer than WIDTH columns
(explain-width.cu): max_width.py WIDTH FILE."""
import sys

width, path = int(sys.argv[1]), sys.argv[2]
with open(path, encoding="utf-8") as f:
    lines = f.read().split("\n")
long = [l for l in lines if len(l) > width]
for l in long:
    print(f"{len(l)} > {width}: {l}")
if not any(lines):
    print("no output")
    sys.exit(1)
sys.exit(1 if long else 0)
