// A crash while one file is analysed (here clang's own, forced by
// `#pragma clang __debug crash` in Inputs/crashes.cu) is reported as an
// error naming that file, with exit status 2; the other files' findings are
// still printed, in every format and with -j.
//
// RUN: sh -c '%warplint --checks=warplint-bank-conflict %S/Inputs/crashes.cu %s -- %cuda_flags 2> %t.err; echo status=$?' > %t.out
// RUN: FileCheck %s --check-prefix=STATUS --input-file=%t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: not %warplint -j 2 --checks=warplint-bank-conflict %s %S/Inputs/crashes.cu -- %cuda_flags 2> %t.j2.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.j2.err
// RUN: not %warplint --format=json --checks=warplint-bank-conflict %S/Inputs/crashes.cu %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefix=JSON
//
// A crash in warplint's own analysis, and a stack overflow, the same way
// (WARPLINT_DEBUG_CRASH is the tests' hook that crashes the analysis):
// RUN: env WARPLINT_DEBUG_CRASH=segv not %warplint %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=OWN -DSIGNAL=11
// RUN: env WARPLINT_DEBUG_CRASH=stack not %warplint %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=OWN -DSIGNAL=11
// RUN: env WARPLINT_DEBUG_CRASH=abort not %warplint %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=OWN -DSIGNAL=6
// OWN: warplint: error: analysing {{.*}}crash-containment.cu crashed (signal [[SIGNAL]]); the other files' results stand

#include <cuda.h>

__global__ void column(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
}

int main() { column<<<1, 32>>>(0); }

// OUT: crash-containment.cu:[[@LINE-5]]:22: warning: shared-memory load of 't[threadIdx.x][0]' has a 32-way bank conflict
// STATUS: status=2
// ERR: warplint: error: analysing {{.*}}crashes.cu crashed (signal {{[0-9]+}}); the other files' results stand
// JSON: "message": "shared-memory load of 't[threadIdx.x][0]' has a 32-way bank conflict
