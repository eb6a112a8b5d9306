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
}

// DUMP: 20:5 buf[row][(lane % 8) ^ (row % 8)] bytes=16 degree=1
// DUMP: 22:16 buf[off + lane % 8][(lane / 8) ^ (lane % 8)] bytes=16 degree=1
// DUMP: 35:5 st[stage * 128 + lane * (stage + 1)] bytes=4 degree=2
// DUMP: 38:12 st[0] bytes=4 degree=1
