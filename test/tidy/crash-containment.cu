// A crash in warplint's own analysis (WARPLINT_DEBUG_CRASH, the tests' hook)
// costs that check its findings for the file, never clang-tidy's run: the
// other checks still report, and clang-tidy exits 0.
// REQUIRES: clang-tidy
//
// RUN: env WARPLINT_DEBUG_CRASH=segv %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict,misc-unused-parameters' %s -- %cuda_flags 2>/dev/null | FileCheck %s
// RUN: env WARPLINT_DEBUG_CRASH=stack %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict,misc-unused-parameters' %s -- %cuda_flags 2>/dev/null | FileCheck %s

#include <cuda.h>

__global__ void column(float *out, int unused) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
}

void launch() { column<<<1, 32>>>(0, 0); }

// CHECK-DAG: warning: the analysis of {{.*}}crash-containment.cu crashed (signal 11); warplint-bank-conflict reports nothing for this file (please report this warplint bug with the file) [clang-tidy-config]
// CHECK-DAG: crash-containment.cu:11:40: warning: parameter 'unused' is unused [misc-unused-parameters]
