// Returns from a switch: the case taken when the switched value is known
// (a constant, or a kernel argument the launch gives), fall-through labels,
// a break that leaves for the statements after the switch, a switch on a
// thread-dependent value (each lane takes its own case); a break under a
// condition is listed as unknown with its reason.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

__device__ int stride(int m) {
  switch (m) {
  case 0:
    return threadIdx.x;
  case 1:
    return threadIdx.x * 2;
  default:
    return 0;
  }
}

__device__ int grouped(int m) {
  switch (m) {
  case 0:
  case 1:
    return threadIdx.x * 4;
  case 2:
    return threadIdx.x;
  }
  return threadIdx.x * 16;
}

__device__ int leave(int k) {
  switch (k) {
  case 3:
    break;
  default:
    return threadIdx.x;
  }
  return threadIdx.x * 8;
}

__device__ int parity() {
  switch (threadIdx.x % 2) {
  case 0:
    return threadIdx.x;
  default:
    return threadIdx.x + 32;
  }
}

__device__ int early(int k) {
  switch (k) {
  case 0:
    if (threadIdx.x > 4)
      break;
    return threadIdx.x;
  default:
    return 0;
  }
  return 1;
}

__global__ void pick(float *out, int m) {
  __shared__ float s[2048];
  out[0] = s[stride(1)];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[stride(1)]' has a 2-way bank conflict
  out[1] = s[stride(m)];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[stride(m)]' has a 2-way bank conflict
  out[2] = s[grouped(1)];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[grouped(1)]' has a 4-way bank conflict
  out[3] = s[grouped(7)];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[grouped(7)]' has a 16-way bank conflict
  out[4] = s[leave(3)];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[leave(3)]' has an 8-way bank conflict
  out[5] = s[leave(m)];
  out[6] = s[parity()];
  out[7] = s[early(0)];
}

int main() { pick<<<1, 32>>>(nullptr, 1); }

// DUMP: s[stride(1)] bytes=4 degree=2
// DUMP: s[stride(m)] bytes=4 degree=2
// DUMP: s[grouped(1)] bytes=4 degree=4
// DUMP: s[grouped(7)] bytes=4 degree=16
// DUMP: s[leave(3)] bytes=4 degree=8
// DUMP: s[leave(m)] bytes=4 degree=1
// DUMP: s[parity()] bytes=4 degree=1
// DUMP: s[early(0)] bytes=4 why=a return in a switch the analysis does not follow on line 56
