# Shared by scripts/demo, scripts/test and scripts/fuzz: install what is
# missing, then configure and build build/ in Release, or build-sanitize/
# (clang with AddressSanitizer, UndefinedBehaviorSanitizer and the libFuzzer
# targets). Sourced, not run.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WARPLINT_BUILD_DIR:-$ROOT/build}"
SANITIZE_BUILD="${WARPLINT_SANITIZE_BUILD_DIR:-$ROOT/build-sanitize}"
LLVM_MAJOR=22

PACKAGES=(clang-$LLVM_MAJOR libclang-$LLVM_MAJOR-dev llvm-$LLVM_MAJOR-dev
          llvm-$LLVM_MAJOR-tools clang-tidy-$LLVM_MAJOR cmake ninja-build g++
          # the sanitizer and libFuzzer runtimes (scripts/fuzz, --sanitize)
          libclang-rt-$LLVM_MAJOR-dev
          # LLVMSupport links to zstd, which llvm-22-dev does not pull in
          libzstd-dev
          # CUDA objects compressed with LZ4 (nvcc --compress-mode=speed)
          liblz4-dev
          libgtest-dev python3 python3-jsonschema
          # test/docs/format.test: the sources as clang-format-22 writes them
          clang-format-$LLVM_MAJOR
          # test/integration: the pre-commit hook, ccache chained with warplint
          git pre-commit ccache
          # test/lsp: real clients of `warplint lsp` and of `warplint compdb`
          neovim clangd-$LLVM_MAJOR
          # test/report and the calculator's --plot: a browser and an SVG
          # renderer draw the HTML report and the charts
          chromium librsvg2-bin
          # scripts/package and test/integration/package.test: dpkg-shlibdeps
          # finds the package's Depends; man shows the man pages; zsh runs
          # its completion (test/tool/completion-zsh.test)
          dpkg-dev man-db zsh)

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

# build_in DIR TARGET [CMAKE ARGS...]: configures DIR once, then builds
# TARGET ("all" for everything) there.
build_in() {
  local dir="$1" target="$2" jobs
  shift 2
  jobs="$(nproc 2>/dev/null || echo 2)"
  if [ ! -f "$dir/build.ninja" ]; then
    say "configuring $dir"
    cmake -S "$ROOT" -B "$dir" -G Ninja \
      -DLLVM_DIR=/usr/lib/llvm-$LLVM_MAJOR/lib/cmake/llvm "$@" >/dev/null
  fi
  say "building $target in $dir ($jobs jobs)"
  # The filter never fails; under pipefail the pipeline fails when ninja does.
  ninja -C "$dir" -j "$jobs" "$target" |
    { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; } ||
    { say "build failed"; exit 1; }
}

build() {
  build_in "$BUILD" all -DCMAKE_BUILD_TYPE=Release
}

# Is libFuzzer (clang's runtime, libclang-rt-22-dev) there?
have_fuzzer_runtime() {
  local dir
  dir="$(clang++-$LLVM_MAJOR -print-runtime-dir 2>/dev/null)" || return 1
  [ -e "$dir/libclang_rt.fuzzer-x86_64.a" ] || [ -e "$dir/libclang_rt.fuzzer.a" ]
}

# build_sanitize TARGET: builds TARGET (all, or warplint-fuzzers) in the
# sanitizer build.
build_sanitize() {
  CC=clang-$LLVM_MAJOR CXX=clang++-$LLVM_MAJOR build_in "$SANITIZE_BUILD" "$1" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-gline-tables-only \
    -DWARPLINT_SANITIZE=address,undefined \
    -DWARPLINT_FUZZ=ON
}
