// assert() through CUDA's own headers: the access after it runs only for
// the values of the run-time stride the assertion lets through, so the
// degree as a function of it is 32-way for all of them but 0.
//
// REQUIRES: cuda-toolkit
// RUN: %warplint --cuda-path=%cuda_path --dump-shared-accesses %s | %python %S/../checks/warplint-bank-conflict/Inputs/accesses.py | FileCheck %s

#include <cassert>

// CHECK: [[@LINE+4]]:22 s[threadIdx.x * d] bytes=4 why=the degree depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 32; no thread executes it when 'd' is not a multiple of 32; except 'd' = 0: conflict-free
__global__ void rows(float *out, int d) {
  __shared__ float s[64 * 128];
  assert(d % 32 == 0);
  out[threadIdx.x] = s[threadIdx.x * d];
}

void launch(float *o, int d) { rows<<<1, 32>>>(o, d); }
