# Shared by scripts/demo and scripts/test: install what is missing, then
# configure and build build/ in Release. Sourced, not run.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WARPLINT_BUILD_DIR:-$ROOT/build}"
LLVM_MAJOR=22

PACKAGES=(clang-$LLVM_MAJOR libclang-$LLVM_MAJOR-dev llvm-$LLVM_MAJOR-dev
          llvm-$LLVM_MAJOR-tools clang-tidy-$LLVM_MAJOR cmake ninja-build g++
          libgtest-dev python3 python3-jsonschema
          # test/integration: the pre-commit hook, ccache chained with warplint
          git pre-commit ccache)

say() { printf '%s\n' "warplint: $*" >&2; }

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null ||
      { say "not root and no sudo: install ${missing[*]} first"; exit 1; }
    sudo=(sudo)
  fi
  command -v apt-get >/dev/null ||
    { say "no apt-get: install LLVM/Clang $LLVM_MAJOR (${missing[*]}) by hand"; exit 1; }
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq >/dev/null
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

build() {
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  if [ ! -f "$BUILD/build.ninja" ]; then
    say "configuring $BUILD"
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DLLVM_DIR=/usr/lib/llvm-$LLVM_MAJOR/lib/cmake/llvm >/dev/null
  fi
  say "building ($jobs jobs)"
  ninja -C "$BUILD" -j "$jobs" | grep -vE '^\[[0-9]+/[0-9]+\] ' || true
  [ "${PIPESTATUS[0]}" -eq 0 ] || { say "build failed"; exit 1; }
}
