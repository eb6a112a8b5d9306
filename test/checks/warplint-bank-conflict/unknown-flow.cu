// Where the control-flow engine stops, the access is listed without a
// degree and the reason names the variable, the construct and its line.
// Memory that is not shared (a device function's pointer parameter whose
// every caller passes global memory, a register array) is never listed.
//
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s
// RUN: %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s --check-prefix=QUIET --allow-empty

// QUIET-NOT: warning:

#include <cuda.h>

__device__ void touch(int *x);
__device__ int opaque(int x);
__device__ void toGlobal(float *p) { p[threadIdx.x * 32] = 0; }

__global__ void stops(float *out, int n) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  int i;
  for (i = 0; i < 8; i++)
    if (out[i] > 0)
      break;
  out[0] = s[t * i];
  // CHECK: [[@LINE-1]]:12 s[t * i] bytes=4 why='i' is changed by the loop on line [[@LINE-4]], which can end at a break, and read after it
  int x = t;
  touch(&x);
  out[1] = s[x];
  // CHECK: [[@LINE-1]]:12 s[x] bytes=4 why='x' has its address taken or is bound to a reference on line [[@LINE-2]]
  out[2] = s[opaque(t)];
  // CHECK: [[@LINE-1]]:12 s[opaque(t)] bytes=4 why=a call of 'opaque', whose body is not in this file
  int w = t;
  if (n > 3)
    w = t * 32;
  out[3] = s[w];
  // CHECK: [[@LINE-1]]:12 s[w] bytes=4 why=the conflict depends on a branch whose condition is not known at compile time
  int y = 0;
  switch (n) {
  case 1:
    y = 32;
    break;
  default:
    y = 1;
  }
  out[3] = s[t * y];
  // CHECK: [[@LINE-1]]:12 s[t * y] bytes=4 why='y' is assigned in the switch on line [[@LINE-8]]
  float r[4] = {0, 0, 0, 0};
  out[5] = r[t & 3];                   // a register array: not listed
  toGlobal(out);                       // global memory: not listed
}

__global__ void jumps(float *out) {
  __shared__ float s[1024];
  int z = threadIdx.x;
again:
  out[0] = s[z];
  // CHECK: [[@LINE-1]]:12 s[z] bytes=4 why='z' is assigned in a function with a goto
  if (z < 64) {
    z += 32;
    goto again;
  }
}

// A pointer chosen by a condition: `p ? p + off : NULL` on global memory is
// not shared memory whatever the condition (nothing listed); one chosen
// between shared and global memory is listed, with that reason.
__device__ void update(float *master, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (master != NULL)
    master[idx] = master[idx] * 2;
}
__device__ void scatter(float *scratch) { scratch[threadIdx.x % 32] = 1; }
// CHECK: [[@LINE-1]]:43 scratch[threadIdx.x % 32] bytes=4 why=the pointer is chosen between shared memory and other memory on line [[@LINE+9]]
__global__ void chosen(float *master, float *other, int n, long stride) {
  __shared__ float s[32];
  // The reason names the part of the address the analysis cannot compute.
  int lane = threadIdx.x % 32;
  s[(lane * n) % 32] = 0;
  // CHECK: [[@LINE-1]]:3 s[(lane * n) % 32] bytes=4 why='(lane * n) % 32' on line [[@LINE-1]] combines the thread index with a value unknown at compile time in a way the analysis cannot compute
  update(master ? master + blockIdx.y * stride : NULL, n);
  update(master, n);
  scatter(n > 2 ? s : other);
}

int main(int argc, char **argv) {
  stops<<<1, 32>>>(0, argc);
  jumps<<<1, 32>>>(0);
  chosen<<<1, 32>>>(0, 0, argc, argc);
}
