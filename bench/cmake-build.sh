#!/usr/bin/env bash
# bench/cmake-build.sh [REPS] [DIR]: what warplint-launch costs a CMake
# build, as a user would set it up (CMAKE_CUDA_COMPILER_LAUNCHER), measured
# (not asserted).
#
# The .cu files of DIR (default: examples/) are compiled as one CMake
# OBJECT library with nvcc (Release, CUDA_ARCHITECTURES 90, DIR on the
# include path), once plainly and once through warplint-launch (all checks
# on: registers from the objects, ptxas alone for kernels with a stack
# frame), each configured once and then built from clean with `ninja -j1`:
# through the launcher once with warplint's cache empty (cold: the PCHs
# are built during it), then REPS times (default 3) each, by turns (warm).
# Printed: the wall and CPU seconds (user + sys of ninja and everything it
# ran; medians for the warm builds, then each warm build against the plain
# builds' median) and the overheads. Sources nvcc rejects
# are left out first. Needs cmake, ninja, nvcc and GNU time.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LAUNCH=${WARPLINT_LAUNCH:-$ROOT/build/bin/warplint-launch}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
REPS=3
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then REPS=$1; shift; fi
DIR=$(cd "${1:-$ROOT/examples}" && pwd)
for p in cmake ninja /usr/bin/time "$NVCC" "$LAUNCH"; do
  command -v "$p" >/dev/null || { echo "needs $p"; exit 1; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The sources nvcc compiles on its own, as the project would.
SOURCES=()
for f in "$DIR"/*.cu; do
  if "$NVCC" -arch=sm_90 -O3 -std=c++17 -I"$DIR" -c "$f" -o "$WORK/probe.o" \
      >/dev/null 2>&1; then
    SOURCES+=("$f")
  fi
done
[ ${#SOURCES[@]} -gt 0 ] || { echo "nvcc compiles none of $DIR/*.cu"; exit 1; }
mkdir -p "$WORK/src"
{
  echo "cmake_minimum_required(VERSION 3.20)"
  echo "project(bench LANGUAGES CXX CUDA)"
  echo "set(CMAKE_CUDA_STANDARD 17)"
  echo "add_library(kernels OBJECT ${SOURCES[*]})"
  echo "target_include_directories(kernels PRIVATE $DIR)"
  echo "set_target_properties(kernels PROPERTIES CUDA_ARCHITECTURES 90)"
} > "$WORK/src/CMakeLists.txt"

configure() { # configure BUILD_DIR [LAUNCHER]
  cmake -S "$WORK/src" -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_COMPILER="$NVCC" ${2:+-DCMAKE_CUDA_COMPILER_LAUNCHER=$2} \
    >/dev/null
}
configure "$WORK/plain"
configure "$WORK/launch" "$LAUNCH"
# warplint's cache of its own, empty at first.
export WARPLINT_CACHE_DIR="$WORK/cache"
# A first build of the plain one (the file system's caches).
ninja -C "$WORK/plain" >/dev/null

build() { # build DIR -> "WALL CPU"
  ninja -C "$1" -t clean >/dev/null
  /usr/bin/time -f "%e %U %S" -o "$WORK/time" ninja -j1 -C "$1" >/dev/null 2>&1
  read -r wall user sys < "$WORK/time"
  echo "$wall $(echo "$user + $sys" | bc)"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
read -r cw cc < <(build "$WORK/launch")
: > "$WORK/plain.txt"; : > "$WORK/launch.txt"
for _ in $(seq 1 "$REPS"); do
  build "$WORK/plain" >> "$WORK/plain.txt"
  build "$WORK/launch" >> "$WORK/launch.txt"
done
pw=$(cut -d' ' -f1 "$WORK/plain.txt" | median); pc=$(cut -d' ' -f2 "$WORK/plain.txt" | median)
lw=$(cut -d' ' -f1 "$WORK/launch.txt" | median); lc=$(cut -d' ' -f2 "$WORK/launch.txt" | median)
echo "nvcc: $("$NVCC" --version | tail -2 | head -1)"
echo "$DIR: ${#SOURCES[@]} sources nvcc compiles, ninja -j1, builds from clean (warm: median of $REPS)"
pct() { echo "($1 / $2 - 1) * 100" | bc -l; }
printf '| build | wall (s) | CPU (s) | wall overhead | CPU overhead |\n|---|---:|---:|---:|---:|\n'
printf '| nvcc | %.2f | %.2f | | |\n' "$pw" "$pc"
printf '| warplint-launch nvcc, cold cache | %.2f | %.2f | %+.1f%% | %+.1f%% |\n' \
  "$cw" "$cc" "$(pct "$cw" "$pw")" "$(pct "$cc" "$pc")"
printf '| warplint-launch nvcc, warm cache | %.2f | %.2f | %+.1f%% | %+.1f%% |\n' \
  "$lw" "$lc" "$(pct "$lw" "$pw")" "$(pct "$lc" "$pc")"
# Each warm build by itself: a list's PCH is built at its second use (the
# first warm build), one cut before a header that does not compile at its
# third, so the first warm builds cost more than the later ones.
n=0
while read -r w c; do
  n=$((n + 1))
  printf '| warm build %d | %.2f | %.2f | %+.1f%% | %+.1f%% |\n' \
    "$n" "$w" "$c" "$(pct "$w" "$pw")" "$(pct "$c" "$pc")"
done < "$WORK/launch.txt"
