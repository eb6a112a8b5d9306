#!/usr/bin/env bash
# bench/project.sh [REPS] [DIR...]: what the build as one program (-p,
# issue 22) costs over analysing the same files one by one.
#
# A compilation database is written for the .cu files below each DIR (one
# clang++ -x cuda command each, the file's directory on the include path),
# and for a generated build of 20 kernel files whose launch wrappers a
# main.cpp calls (every kernel file is analysed again with main.cpp's
# calls). Each is analysed REPS times (default 3), by turns, with
# `warplint -p DB --project-index=EMPTY` (an empty index: each file alone),
# with `warplint -p DB` and an empty project cache (one program, cold), and
# with `warplint -p DB` and the cache the cold run left (one program, warm:
# a second run over an unchanged build); printed are the median CPU
# seconds (user + sys) of each, the ratios to the files one by one, and
# whether the findings are the same (for the generated build they must
# differ: that is what the index is for; cold and warm must agree).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WARPLINT=${WARPLINT:-$ROOT/build/bin/warplint}
REPS=3
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then REPS=$1; shift; fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo '{"version": 1, "calls": []}' > "$WORK/empty.json"

python3 - "$WORK" "$ROOT/test/Inputs" "$@" <<'PY'
import glob, json, os, sys
work, inputs, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
def db(name, files, extra=""):
    os.makedirs(f"{work}/{name}", exist_ok=True)
    json.dump([{"directory": os.path.dirname(f),
                "command": f"/usr/bin/clang++ -x cuda --cuda-gpu-arch=sm_80 "
                           f"-I{os.path.dirname(f)} {extra}-c {f} -o /tmp/x.o"
                           if f.endswith(".cu") else
                           f"/usr/bin/clang++ -I{os.path.dirname(f)} -c {f}",
                "file": f} for f in files],
              open(f"{work}/{name}/compile_commands.json", "w"))
if dirs:
    db("given", sorted(f for d in dirs
                       for f in glob.glob(f"{d}/**/*.cu", recursive=True)))
# The generated build: kernel files with wrappers, main.cpp calling them.
src = f"{work}/gen"
os.makedirs(src, exist_ok=True)
files, decls, calls = [], [], []
for i in range(20):
    p = f"{src}/k{i}.cu"
    open(p, "w").write(f'''#include <cuda.h>
__global__ void k{i}(float *out, int stride) {{
  __shared__ float s[2048];
  s[threadIdx.y * 32 + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 4; ++j)
    out[threadIdx.x + j] = s[threadIdx.x * stride + j];
}}
void launch{i}(int w, int h, int stride, float *out) {{
  k{i}<<<1, dim3(w, h)>>>(out, stride);
}}
''')
    files.append(p)
    decls.append(f"void launch{i}(int, int, int, float *);")
    calls.append(f"  launch{i}({8 << (i % 3)}, 8, {1 + i % 32}, out);")
open(f"{src}/main.cpp", "w").write("\n".join(decls) + "\nint main() {\n"
    "  float *out = nullptr;\n" + "\n".join(calls) + "\n  return 0;\n}\n")
files.append(f"{src}/main.cpp")
db("generated", files, f"-nocudainc -nocudalib -isystem {inputs} ")
PY
# A build's sources are older than the run (the cache keeps nothing that
# changed while it ran).
find "$WORK/gen" -type f -exec touch -d '1 hour ago' {} +

cpu() { # cpu SECONDS-FILE COMMAND...: runs, appends user+sys seconds
  local out=$1; shift
  /usr/bin/time -f "%U %S" -o "$WORK/t" "$@" > "$WORK/last.out" 2>/dev/null || true
  tail -n 1 "$WORK/t" | awk '{print $1 + $2}' >> "$out"
}
median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for name in given generated; do
  [[ -f $WORK/$name/compile_commands.json ]] || continue
  : > "$WORK/cold.s"; : > "$WORK/warm.s"; : > "$WORK/alone.s"
  for ((r = 0; r < REPS; r++)); do
    cpu "$WORK/alone.s" "$WARPLINT" --no-config --cuda-path=none --fail-on=never -p "$WORK/$name" --project-index="$WORK/empty.json"
    cp "$WORK/last.out" "$WORK/alone.out"
    rm -rf "$WORK/cache"
    cpu "$WORK/cold.s" "$WARPLINT" --no-config --cuda-path=none --fail-on=never -p "$WORK/$name" --project-cache="$WORK/cache"
    cp "$WORK/last.out" "$WORK/cold.out"
    cpu "$WORK/warm.s" "$WARPLINT" --no-config --cuda-path=none --fail-on=never -p "$WORK/$name" --project-cache="$WORK/cache"
    cp "$WORK/last.out" "$WORK/warm.out"
  done
  a=$(median "$WORK/alone.s"); c=$(median "$WORK/cold.s"); w=$(median "$WORK/warm.s")
  same=$(cmp -s "$WORK/alone.out" "$WORK/cold.out" && echo same || echo different)
  agree=$(cmp -s "$WORK/cold.out" "$WORK/warm.out" && echo agree || echo DIFFER)
  printf '%-10s one by one %6.2f s; one program: cold %6.2f s (%.3f), warm %6.2f s (%.3f); findings %s, cold and warm %s\n' \
    "$name" "$a" "$c" "$(awk -v a="$a" -v o="$c" 'BEGIN {print o / a}')" \
    "$w" "$(awk -v a="$a" -v o="$w" 'BEGIN {print o / a}')" "$same" "$agree"
done
