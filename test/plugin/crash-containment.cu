// A crash in warplint's own analysis costs its findings, never the compile:
// the plugin warns (a warning -Werror leaves a warning) and clang goes on,
// writes its output and exits 0. WARPLINT_DEBUG_CRASH is the tests' hook
// that makes the analysis crash as it starts: a segmentation fault, an
// abort, and a stack overflow.
// REQUIRES: plugin
//
// RUN: rm -f %t.o
// RUN: env WARPLINT_DEBUG_CRASH=segv %clang -c -Werror -fplugin=%warplint_plugin %cuda_host_flags %s -o %t.o 2>&1 | FileCheck %s -DSIGNAL=11
// RUN: test -s %t.o
// RUN: env WARPLINT_DEBUG_CRASH=abort %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-werror %cuda_host_flags %s 2>&1 | FileCheck %s -DSIGNAL=6
// RUN: env WARPLINT_DEBUG_CRASH=stack %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_host_flags %s 2>&1 | FileCheck %s -DSIGNAL=11
//
// Without the hook, the finding:
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_host_flags %s 2>&1 | FileCheck %s --check-prefix=NORMAL

#include <cuda.h>

__global__ void column(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
}

void launch() { column<<<1, 32>>>(0); }

// CHECK: warning: warplint: the analysis of {{.*}}crash-containment.cu crashed (signal [[SIGNAL]]); it reports nothing for this file, and the compile goes on (please report this warplint bug with the file)
// CHECK-NOT: error
// NORMAL: crash-containment.cu:21:22: warning: shared-memory load of 't[threadIdx.x][0]' has a 32-way bank conflict
