// Multi-stage pipelines: a stage index or buffer offset carried around a
// loop whose trip count is not known at compile time takes the values of
// its cycle whatever the trip count (`(s + 1) % STAGES`, `off ^= SIZE`):
// each value is analysed, and the worst is reported.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

// A double buffer swapped by XOR: the swizzle reads the row modulo 8, and
// every buffer starts on a multiple of 8 rows.
__global__ void doubleBuffer(const float4 *g, float *out, int tiles) {
  extern __shared__ float4 buf[][8];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  unsigned off = 0;
  for (int t = 0; t < tiles; ++t) {
    off ^= 64;
    unsigned row = off + warp * 8 + lane / 8;
    buf[row][(lane % 8) ^ (row % 8)] = g[t * 256 + threadIdx.x];
    __syncthreads();
    float4 v = buf[off + lane % 8][(lane / 8) ^ (lane % 8)];
    out[threadIdx.x] += v.x;
  }
}

// After the loop, the buffer it left in `off` is one of the cycle's values
// (which one depends on the trip count): each is tried, and a degree is
// given when they agree.
__global__ void epilogue(float *out, int tiles) {
  extern __shared__ float e[][32];
  unsigned lane = threadIdx.x % 32;
  unsigned off = 0;
  for (int t = 0; t < tiles; ++t) {
    off ^= 32;
    e[off + lane][lane] = t;
  }
  out[threadIdx.x] = e[off + lane][0];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 'e[off + lane][0]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:22: note: warp 0
  // Here the buffer decides: 32-way in buffer 0, none in buffer 1.
  out[threadIdx.x] += e[lane][off / 32 * lane];
}

// Three stages whose words are spread by a stride that grows with the
// stage: stage 1 strides by 2 words (2-way), stages 0 and 2 by 1 and 3
// words (conflict-free). The worst stage is reported.
__global__ void threeStages(const float *g, float *out, int tiles) {
  __shared__ float st[3 * 128];
  unsigned lane = threadIdx.x % 32;
  unsigned stage = 0;
  for (int t = 0; t < tiles; ++t) {
    st[stage * 128 + lane * (stage + 1)] = g[threadIdx.x];
    stage = (stage + 1) % 3;
  }
  out[0] = st[0];
}
// CHECK: :[[@LINE-5]]:5: warning: shared-memory store of 'st[stage * 128 + lane * (stage + 1)]' has a 2-way bank conflict (block 32x1, stage = 1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
// CHECK: :[[@LINE-6]]:5: note: warp 0

// The trip counts come from the command line.
int main(int argc, char **argv) {
  doubleBuffer<<<1, 128, 128 * 128>>>(0, 0, argc);
  threeStages<<<1, 32>>>(0, 0, argc);
  epilogue<<<1, 32, 64 * 128>>>(0, argc);
}

// DUMP: 20:5 buf[row][(lane % 8) ^ (row % 8)] bytes=16 degree=1
// DUMP: 22:16 buf[off + lane % 8][(lane / 8) ^ (lane % 8)] bytes=16 degree=1
// DUMP: 36:5 e[off + lane][lane] bytes=4 degree=1
// DUMP: 38:22 e[off + lane][0] bytes=4 degree=32
// DUMP: 42:23 e[lane][off / 32 * lane] bytes=4 why=the conflict depends on the value 'off' has after its loop, whose trip count is not known at compile time
// DUMP: 53:5 st[stage * 128 + lane * (stage + 1)] bytes=4 degree=2
// DUMP: 56:12 st[0] bytes=4 degree=1
