#!/usr/bin/env bash
# warplint speed and memory, measured (not asserted): wall time and peak RSS
# of the tool on
#   1. a generated file with N kernels and N launches whose block sizes come
#      from constants, local variables and dim3 variables (the analysis cost);
#   2. the same file parsed with the real CUDA toolkit plus thrust, when one
#      is installed (the parse cost that real projects pay);
#   3. M copies of a file analysed with -j 1 and with -j $(nproc);
#   4. a generated file with N/10 kernels of shared-memory tiles, reductions
#      and swizzles (each analysed for its launch shape, loops enumerated):
#      the cost of warplint-bank-conflict.
# Usage: bench/run.sh [N=2000] [M=16]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WARPLINT="${WARPLINT:-$ROOT/build/bin/warplint}"
N="${1:-2000}"
M="${2:-16}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

gen() { # gen FILE N INCLUDE
  {
    echo "$3"
    for i in $(seq 1 "$2"); do
      echo "__global__ void k$i(float *p) { p[threadIdx.x] = $i; }"
    done
    echo "void launchAll(float *p, int n) {"
    for i in $(seq 1 "$2"); do
      case $((i % 4)) in
        0) echo "  k$i<<<n, $((i % 1024 + 1))>>>(p);" ;;
        1) echo "  int t$i = $((i % 512 + 1)); k$i<<<n, t$i>>>(p);" ;;
        2) echo "  dim3 b$i($((i % 32 + 1)), $((i % 8 + 1))); k$i<<<n, b$i>>>(p);" ;;
        3) echo "  k$i<<<n, n>>>(p);" ;;
      esac
    done
    echo "}"
  } >"$1"
}

measure() { # measure LABEL CMD...
  /usr/bin/time -f "%e %M" "${@:2}" >/dev/null 2>"$TMP/time" || true
  read -r secs kb < <(tail -1 "$TMP/time")
  printf '%-52s %8.2f s %8d MB\n' "$1" "$secs" "$((kb / 1024))"
}

command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)"; exit 1; }
echo "warplint: $("$WARPLINT" --version)"
echo "machine: $(nproc) cores"
gen "$TMP/many.cu" "$N" '#include <cuda_runtime.h>'
measure "$N launches, built-in prelude" "$WARPLINT" --cuda-path=none "$TMP/many.cu"
if [ -e /usr/local/cuda/include/cuda_runtime.h ]; then
  gen "$TMP/many-thrust.cu" "$N" $'#include <cuda_runtime.h>\n#include <thrust/device_vector.h>\n#include <thrust/sort.h>'
  measure "$N launches, CUDA toolkit + thrust" "$WARPLINT" "$TMP/many-thrust.cu"
fi
gen "$TMP/one.cu" 50 '#include <cuda_runtime.h>'
files=()
for i in $(seq 1 "$M"); do cp "$TMP/one.cu" "$TMP/f$i.cu"; files+=("$TMP/f$i.cu"); done
measure "$M files, -j 1" "$WARPLINT" --cuda-path=none -j 1 "${files[@]}"
measure "$M files, -j $(nproc)" "$WARPLINT" --cuda-path=none -j "$(nproc)" "${files[@]}"

gen_shared() { # gen_shared FILE K
  {
    echo '#include <cuda_runtime.h>'
    for i in $(seq 1 "$2"); do
      cat <<EOF2
__global__ void t$i(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  __shared__ float sdata[1024];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    tile[ty + j][tx ^ ((ty + j) % 32)] = in[(ty + j) * n + tx];
  __syncthreads();
  for (int j = 0; j < 32; j += blockDim.y)
    out[(ty + j) * n + tx] = tile[tx][(ty + j) ^ tx] + tile[tx][ty + j];
  unsigned tid = ty * blockDim.x + tx;
  sdata[tid] = in[tid];
  for (unsigned s = 1; s < blockDim.x * blockDim.y; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x * blockDim.y)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
}
EOF2
    done
    echo "void launchShared(float *p, int n) {"
    for i in $(seq 1 "$2"); do
      echo "  t$i<<<n, dim3(32, $((1 << (i % 5))))>>>(p, p, n);"
    done
    echo "}"
  } >"$1"
}
K=$((N / 10))
gen_shared "$TMP/shared.cu" "$K"
measure "$K kernels with shared tiles, built-in prelude" "$WARPLINT" --cuda-path=none "$TMP/shared.cu"
measure "  the same, block-size check only" "$WARPLINT" --cuda-path=none --checks=warplint-block-size "$TMP/shared.cu"
