#!/usr/bin/env bash
# What warplint-launch costs a build, measured (not asserted): wall time and
# peak RSS of compiling each file of examples/ with nvcc
#   1. plainly;
#   2. through warplint-launch with --no-ptxas (the analysis only, beside
#      the compile);
#   3. through warplint-launch (the registers read from the object nvcc
#      wrote; ptxas alone on the object's PTX for the kernels whose stack
#      frame may be spills: stencil of examples/occupancy.cu);
#   4. through warplint-launch with -Xptxas -v in the command (the report is
#      read from the compile's own output, no second pass).
# CPU is user + system time of the launcher and everything it ran: what a
# parallel build (ninja -j N over many files) pays. Peak RSS is the largest of the launcher's processes (GNU time follows the
# children it waits for). Needs nvcc and GNU time.
# Usage: bench/launcher.sh [ARCH=sm_90] [REPEAT=3]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LAUNCH="${WARPLINT_LAUNCH:-$ROOT/build/bin/warplint-launch}"
NVCC="${NVCC:-/usr/local/cuda/bin/nvcc}"
ARCH="${1:-sm_90}"
REPEAT="${2:-3}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)"; exit 1; }
[ -x "$NVCC" ] || { echo "needs nvcc (NVCC=...)"; exit 1; }
[ -x "$LAUNCH" ] || { echo "build warplint-launch first ($LAUNCH)"; exit 1; }

measure() { # measure LABEL CMD... ; the best of REPEAT runs over every example
  local best="" bestcpu="" mem=0
  for _ in $(seq 1 "$REPEAT"); do
    local total=0 cpu=0 peak=0
    for f in "$ROOT"/examples/*.cu; do
      /usr/bin/time -f "%e %U %S %M" "${@:2}" -arch="$ARCH" -c "$f" -o "$TMP/o.o" \
        >/dev/null 2>"$TMP/out" || true
      read -r secs user sys kb < <(tail -1 "$TMP/out")
      total=$(echo "$total + $secs" | bc)
      cpu=$(echo "$cpu + $user + $sys" | bc)
      [ "$kb" -gt "$peak" ] && peak=$kb
    done
    if [ -z "$best" ] || [ "$(echo "$total < $best" | bc)" = 1 ]; then
      best=$total
      bestcpu=$cpu
    fi
    mem=$peak
  done
  printf '%-58s %6.2f s wall %6.2f s CPU %5d MB\n' "$1" "$best" "$bestcpu" "$((mem / 1024))"
}

echo "nvcc: $("$NVCC" --version | tail -2 | head -1)"
echo "warplint-launch: $("$LAUNCH" --version)"
echo "machine: $(nproc) cores; $(ls "$ROOT"/examples/*.cu | wc -l) files of examples/, -arch=$ARCH, best of $REPEAT"
measure "nvcc" "$NVCC"
measure "nvcc -Xptxas -v" "$NVCC" -Xptxas -v
measure "warplint-launch --no-ptxas nvcc" "$LAUNCH" --no-ptxas "$NVCC"
measure "warplint-launch nvcc (the object; ptxas alone for a kernel with a frame)" "$LAUNCH" "$NVCC"
measure "warplint-launch nvcc -Xptxas -v (report from the compile)" "$LAUNCH" "$NVCC" -Xptxas -v
