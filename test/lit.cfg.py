# lit configuration of warplint's tests: FileCheck tests of the tool, the
# plugin and the clang-tidy module, and the GoogleTest unit tests of unit/
# (unit/lit.local.cfg), all in one run.
import os
import shutil
import sys

import lit.formats

config.name = "warplint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cuh", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "CMakeLists.txt"]
config.test_source_root = config.warplint_test_src
config.test_exec_root = config.warplint_test_obj

# Tests must not depend on the machine's configuration files.
config.environment["CLANG_NO_DEFAULT_CONFIG"] = "1"
for var in ("CUDA_PATH", "CUDA_HOME"):
    config.environment.pop(var, None)
# The precompiled CUDA headers (--pch-cache) in the build tree, shared by
# the tests (as by the files of a build), never in the user's home.
warplint_cache = os.path.join(config.warplint_test_obj, "warplint-cache")
config.environment["WARPLINT_CACHE_DIR"] = warplint_cache
config.environment.pop("XDG_CACHE_HOME", None)

inputs = os.path.join(config.warplint_test_src, "Inputs")
bindir = os.path.join(config.warplint_obj_root, "bin")
libdir = os.path.join(config.warplint_obj_root, "lib")

# Compile flags for the mock CUDA header, host and device side.
mock = ("-x cuda -nocudainc -nocudalib --cuda-gpu-arch=sm_80 "
        "-Wno-unknown-cuda-version -isystem " + inputs)
config.substitutions.append(("%cuda_host_flags", mock + " --cuda-host-only"))
config.substitutions.append(("%cuda_device_flags", mock + " --cuda-device-only"))
config.substitutions.append(("%cuda_flags", mock))
config.substitutions.append(("%cuda_inputs", inputs))
# The shared cache, for a test with a cache of its own that keeps the
# shared PCHs (a link to its prelude/).
config.substitutions.append(("%warplint_cache", warplint_cache))
config.substitutions.append(("%warplint_plugin", os.path.join(libdir, "warplint-plugin.so")))
config.substitutions.append(("%warplint_tidy", os.path.join(libdir, "warplint-tidy.so")))
config.substitutions.append(("%warplint_launch", os.path.join(bindir, "warplint-launch")))
config.substitutions.append(("%warplint", os.path.join(bindir, "warplint")))
config.substitutions.append(("%clang_tidy", config.clang_tidy))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%host_cxx", config.host_cxx))
# GCC, a compiler that cannot load the plugin (whatever built warplint).
gxx = shutil.which("g++")
if gxx:
    config.available_features.add("gxx")
    config.substitutions.append(("%gxx", gxx))
config.substitutions.append(("%src_root", config.warplint_src_root))
sarif_schema = os.path.join(config.warplint_src_root, "test", "Inputs",
                            "sarif", "sarif-schema-2.1.0.json")
config.substitutions.append(("%sarif_schema", sarif_schema))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("not ", config.not_tool + " "))

if sys.platform.startswith("linux"):
    config.available_features.add("system-linux")
if config.have_plugin:
    config.available_features.add("plugin")
if config.have_tidy and config.clang_tidy:
    config.available_features.add("clang-tidy")
# clangd of LLVM 22 (optional): test/tool/compdb*.test.
clangd = getattr(config, "clangd", "")
if clangd and os.path.exists(clangd):
    config.available_features.add("clangd")
    # Before %clang, which would otherwise replace its start.
    config.substitutions.insert(0, ("%clangd", clangd))

# Builds through CMake with Ninja (test/launch/cmake.test).
if shutil.which("cmake") and shutil.which("ninja"):
    config.available_features.add("cmake")

# Tests that need the real CUDA toolkit say "REQUIRES: cuda-toolkit".
# Not in a sanitizer build: the tests preload the sanitizer runtime into
# every process (below), and NVIDIA's nvcc crashes with it. The normal suite
# runs them.
cuda = "/usr/local/cuda"
if os.path.exists(os.path.join(cuda, "include", "cuda_runtime.h")) and \
        not config.sanitizer_runtime:
    config.available_features.add("cuda-toolkit")
    config.substitutions.append(("%cuda_path", cuda))
# The reader of CUDA objects reads LZ4-compressed entries (liblz4-dev).
if config.have_lz4:
    config.available_features.add("lz4")
# warplint and warplint-launch link LLVM and Clang statically
# (WARPLINT_STATIC_LLVM, where the static libraries are installed).
if config.static_tool:
    config.available_features.add("static-llvm")

# The integration tests (test/integration/) install warplint, then configure
# and build small CMake projects with it.
# Before %warplint, which would otherwise replace its start.
config.substitutions.insert(0, ("%warplint_obj_root", config.warplint_obj_root))
# cmake, ninja ("cmake" above), git, pre-commit and ccache are run from PATH.
# rsvg-convert (librsvg2-bin) renders the occupancy charts of --plot.
# chromium renders the HTML report headless (test/report/chromium.test).
# cpack, dpkg-deb and dpkg-shlibdeps (dpkg-dev) build and open the Debian
# package (test/integration/package.test); man and groff render the man
# pages (test/docs/man-pages.test); zsh runs its completion
# (test/tool/completion-zsh.test).
for tool in ("pre-commit", "git", "ccache", "rsvg-convert", "chromium",
             "cpack", "dpkg-deb", "dpkg-shlibdeps", "man", "groff", "zsh"):
    if shutil.which(tool):
        config.available_features.add(tool)
# Root, and chroot works here: test/integration/package.test installs the
# package with dpkg in a root of its own (Inputs/clean-root.py), never in
# this machine's.
if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("chroot"):
    import subprocess
    if subprocess.call(["chroot", "/", "true"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL) == 0:
        config.available_features.add("chroot")
# PATH with the built warplint first, for tools that run it by name
# (pre-commit): "env %path_with_warplint COMMAND".
config.substitutions.insert(0, ("%path_with_warplint", "PATH=" + bindir +
                                os.pathsep + os.environ.get("PATH", "")))
# A clang of another major, which cannot load the plugin (warplint_enable
# falls back to warplint-launch for it).
for major in range(21, 13, -1):
    other = shutil.which("clang++-%d" % major)
    if other:
        config.available_features.add("clang-other-major")
        config.substitutions.insert(0, ("%clang_other_major", other))
        break
# Neovim (0.7 or later), a real editor client of `warplint lsp`
# (test/lsp/nvim*.test). Not in a sanitizer build: the runtime preloaded
# into every process (below) would be preloaded into nvim too.
if shutil.which("nvim") and not config.sanitizer_runtime:
    config.available_features.add("nvim")
# A clangd on PATH, as an editor starts it: the server warplint's runs
# beside (test/lsp/nvim-beside-clangd.test).
if shutil.which("clangd"):
    config.available_features.add("clangd-on-path")
# test/docs/format.test: the clang-format whose output the sources keep.
if shutil.which("clang-format-22"):
    config.available_features.add("clang-format-22")
# pre-commit try-repo needs the source tree to be a git checkout.
if os.path.exists(os.path.join(config.warplint_src_root, ".git")):
    config.available_features.add("git-checkout")

# The SARIF schema is in test/Inputs/sarif; jsonschema comes from Debian's
# python3-jsonschema, which scripts/test installs.
try:
    import jsonschema  # noqa: F401
    if os.path.exists(sarif_schema):
        config.available_features.add("sarif-schema")
except ImportError:
    pass

# A sanitizer build (-DWARPLINT_SANITIZE, scripts/test --sanitize): the
# plugin and the clang-tidy module are loaded into a clang and a clang-tidy
# that are not instrumented, so every process gets the shared runtime
# preloaded. clang frees nothing on exit by design (-disable-free), so leak
# reports would all be clang's; UBSan stops at the first report.
if config.sanitizer_runtime:
    config.available_features.add("sanitize")
    config.environment["LD_PRELOAD"] = config.sanitizer_runtime
    # A preloaded runtime must not change how the tests' other programs
    # die: a script killed by SIGSEGV must die of it, not exit 1 after a
    # report (memory errors are still found by the instrumentation).
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=0:abort_on_error=0:halt_on_error=1:"
        "allocator_may_return_null=1:handle_segv=0:handle_sigbus=0")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

# The libFuzzer targets (test/fuzz): those of this build (-DWARPLINT_FUZZ),
# or of the build given with --param fuzz_bin=DIR (scripts/test passes its
# sanitizer build's). --param fuzz_seconds=N sets how long each runs.
fuzz_bin = lit_config.params.get("fuzz_bin") or config.fuzz_bin
if fuzz_bin and os.path.exists(os.path.join(fuzz_bin, "fuzz-config")):
    config.available_features.add("fuzzers")
    seconds = lit_config.params.get("fuzz_seconds", "60")
    config.substitutions.insert(0, ("%fuzz_seconds", seconds))
    config.substitutions.insert(0, ("%fuzz_run", "bash %s %s %s" % (
        os.path.join(config.warplint_test_src, "fuzz", "run-fuzzer"),
        fuzz_bin, seconds)))
