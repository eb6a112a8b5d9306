// The clang-tidy module analyses each translation unit once for all its
// enabled checks (their check options merged), and each check still reports
// its own findings; checks given other architectures or another ptxas report
// get an analysis of their own.
// REQUIRES: clang-tidy
//
// RUN: env WARPLINT_DEBUG_ANALYSES=1 %clang_tidy --load=%warplint_tidy \
// RUN:   --checks='-*,warplint-*' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=ONE,FINDINGS,DEFAULT
// ONE-COUNT-1: warplint: debug: analysing {{.*}}one-analysis.cu for warplint-block-size,warplint-bank-conflict,warplint-occupancy,warplint-register-spill
// ONE-NOT: warplint: debug: analysing
//
// Check options of one check reach the shared analysis: a bank-conflict
// BlockDim used for kernels without a launch.
// RUN: env WARPLINT_DEBUG_ANALYSES=1 %clang_tidy --load=%warplint_tidy \
// RUN:   -config='{Checks: "-*,warplint-*", CheckOptions: {warplint-bank-conflict.BlockDim: "64"}}' \
// RUN:   --extra-arg=--cuda-host-only %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=ONE,FINDINGS,BLOCKDIM
//
// An Arch of its own for the occupancy check: two analyses.
// RUN: env WARPLINT_DEBUG_ANALYSES=1 %clang_tidy --load=%warplint_tidy \
// RUN:   -config='{Checks: "-*,warplint-*", CheckOptions: {warplint-occupancy.Arch: "sm_90"}}' \
// RUN:   --extra-arg=--cuda-host-only %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=TWO,FINDINGS,DEFAULT
// TWO-DAG: warplint: debug: analysing {{.*}}one-analysis.cu for warplint-block-size,warplint-bank-conflict,warplint-register-spill
// TWO-DAG: warplint: debug: analysing {{.*}}one-analysis.cu for warplint-occupancy

#include <cuda.h>

__global__ void column(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
  // FINDINGS-DAG: one-analysis.cu:[[@LINE-1]]:22: warning: {{.*}}32-way bank conflict (block 100x1{{.*}}[warplint-bank-conflict]
}

__global__ void unlaunched(float *out) {
  __shared__ float u[64][32];
  out[threadIdx.x] = u[threadIdx.x][1];
  // DEFAULT-DAG: one-analysis.cu:[[@LINE-1]]:22: warning: {{.*}}32-way bank conflict (assumed block 32x1{{.*}}[warplint-bank-conflict]
  // BLOCKDIM-DAG: one-analysis.cu:[[@LINE-2]]:22: warning: {{.*}}(assumed block 64x1{{.*}}[warplint-bank-conflict]
}

void launch() { column<<<1, 100>>>(0); }

// FINDINGS-DAG: one-analysis.cu:[[@LINE-2]]:29: warning: launch of 'column' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32{{.*}}[warplint-block-size]
