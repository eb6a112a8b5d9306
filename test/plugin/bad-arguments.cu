// A wrong plugin argument is a warning, never a build failure (not even with
// -Werror), said once for a host + device compile; the rest of the arguments
// still apply, and the findings are still reported.
//
// REQUIRES: plugin
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-bogus %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=UNKNOWN,FINDING -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -Werror -fplugin=%warplint_plugin -fplugin-arg-warplint-bogus %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=UNKNOWN,FINDING -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-arch=bad %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=ARCH,FINDING -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -Werror -fplugin=%warplint_plugin -fplugin-arg-warplint-arch=sm_90,bad %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=ARCH,FINDING -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-arch=sm_90 %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=FINDING -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-option=warplint-block-size.Nope=1 %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=OPTKEY,FINDING -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-option=warplint-block-size.LaunchBounds=maybe %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=OPTVAL,FINDING -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin '-fplugin-arg-warplint-checks=warplint-[' %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=GLOB,FINDING -implicit-check-not='{{warning|error}}:'
// An ignored argument leaves the others in force: werror still fails the compile.
// RUN: not %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-bogus -fplugin-arg-warplint-werror %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=UNKNOWN,ERROR -implicit-check-not='{{warning|error}}:'

// The warning comes first, from the start of the compile.
// UNKNOWN: warning: warplint: unknown plugin argument 'bogus' (known: werror, device-side, checks=GLOBS, arch=LIST, ptxas-report=FILE, object=FILE, project-index=FILE, option=check.Option=value, config=FILE, no-config, baseline=FILE, fail-on=LEVEL, warnings-as-errors=GLOBS, build-dir=DIR, set-up-by=warplint_enable); argument ignored
// ARCH:    warning: warplint: unknown GPU architecture 'bad'; known: sm_50, {{.*}}; argument ignored
// OPTKEY:  warning: warplint: unknown check option 'warplint-block-size.Nope'; known: warplint-block-size.LaunchBounds, warplint-occupancy.MinOccupancy, warplint-bank-conflict.BlockDim, warplint-bank-conflict.MaxSteps, warplint-bank-conflict.MaxFileSteps, warplint-bank-conflict.ReportPossible; argument ignored
// OPTVAL:  warning: warplint: check option 'warplint-block-size.LaunchBounds' takes true or false, not 'maybe'; argument ignored
// GLOB:    warning: warplint: invalid check glob 'warplint-[': {{.*}}; argument ignored

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p);
  // FINDING: bad-arguments.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  // ERROR:   bad-arguments.cu:[[@LINE-2]]:10: error: launch of 'k' uses a block of 100 threads
}
