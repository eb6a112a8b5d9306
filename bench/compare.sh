#!/usr/bin/env bash
# Paired comparison of two warplint binaries (before and after a change) on
# the same inputs, measured (not asserted): each binary analyses each input
# REPS times, alternating, and the median wall time of each and their ratio
# are printed. Inputs: the generated file of bench/run (200 templated
# kernels with shared tiles) unless FILEs are given; files of real code bases
# run with the CUDA toolkit when one is installed.
# Usage: bench/compare.sh OLD_WARPLINT NEW_WARPLINT [FILE...]   (REPS=5)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OLD="$1"; NEW="$2"; shift 2
REPS="${REPS:-5}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  "$ROOT/bench/run" --generate templated 200 >"$TMP/shared.cu"
  files=("$TMP/shared.cu")
fi
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() { # wall BINARY FILE: seconds of one run
  local s e
  s=$(date +%s.%N)
  "$1" --no-config --fail-on=never "$2" >/dev/null 2>&1 || true
  e=$(date +%s.%N)
  echo "$e - $s" | bc -l
}
command -v bc >/dev/null || { echo "needs bc (apt-get install bc)"; exit 1; }
echo "old: $OLD"; echo "new: $NEW"; echo "machine: $(nproc) cores, $REPS paired runs"
printf '%-48s %9s %9s %7s\n' file old_s new_s new/old
for f in "${files[@]}"; do
  : >"$TMP/old"; : >"$TMP/new"
  for _ in $(seq 1 "$REPS"); do
    wall "$OLD" "$f" >>"$TMP/old"
    wall "$NEW" "$f" >>"$TMP/new"
  done
  o=$(median <"$TMP/old"); n=$(median <"$TMP/new")
  printf '%-48s %9.3f %9.3f %7.2f\n' "$(basename "$f")" "$o" "$n" \
    "$(echo "$n / $o" | bc -l)"
done
