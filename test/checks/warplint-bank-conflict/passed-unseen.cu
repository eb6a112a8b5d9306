// Shared memory handed to code the analysis does not see into: a device
// function whose body is in another file is listed at the call, unknown,
// with the reason, so that its accesses do not vanish silently; a helper
// whose body is here is followed into (its access has a degree); an atomic
// is listed once, as the atomic it is; an address query is no access.
//
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s
//
// CHECK:      20:3 p[threadIdx.x] bytes=4 degree=1
// CHECK-NEXT: 25:12 s bytes=0 why=passed to 'external', a function whose body is not in this file, whose shared-memory accesses are not analysed
// CHECK-NEXT: 27:13 &s[threadIdx.x] bytes=4 degree=1
// CHECK-NOT:  {{.}}

#include <cuda.h>

__device__ void external(float *p);
__device__ unsigned __cvta_generic_to_shared(const void *p);

__device__ void local(float *p) {
  p[threadIdx.x] = 0;
}

__global__ void k(unsigned *out) {
  __shared__ float s[64];
  external(s);
  local(s);
  atomicAdd(&s[threadIdx.x], 1.0f);
  out[0] = __cvta_generic_to_shared(&s[threadIdx.x]);
}

int main() { k<<<1, 32>>>(nullptr); }
