// A kernel launched twice, once with a block the code fixes and once with
// one it does not: its degrees are for the first launch only, and --verbose
// says so, with why the other gave no shape. Without --verbose, nothing on
// standard error.
//
// RUN: %warplint --fail-on=never --verbose --checks=warplint-bank-conflict %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s -DFILE=%s
// RUN: %warplint --fail-on=never --checks=warplint-bank-conflict %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty
//
// CHECK:      warplint: [[FILE]]: 1 shared-memory access: 1 with a degree, 0 at the assumed block only, 0 unknown
// CHECK-NEXT: warplint: note: [[FILE]]:15:17: the shared-memory accesses of 'twice' are analysed with the blocks of its other launches only: the block of its launch on line 22: 'argc' is a parameter of host function 'main' and no call of it followed gives its value
// QUIET-NOT: launches

#include <cuda.h>

__global__ void twice(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x * 2] = out[0];
}

int main(int argc, char **) {
  twice<<<1, 64>>>(nullptr);
  twice<<<1, argc * 32>>>(nullptr);
}
