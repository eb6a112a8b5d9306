// Loops whose counter starts at a value that depends on the thread: the
// bank model runs them iteration by iteration, each thread from its own
// start, and the threads that have already left the loop are idle in the
// later iterations.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

__device__ float4 load4(const float *p) { return *(const float4 *)p; }
// CHECK: :[[@LINE-1]]:50: warning: shared-memory load of '*(const float4 *)p' has an 8-way bank conflict (block 16x16 via 'rotated': lanes 0..7 hit bank 0 in 8 different words) [warplint-bank-conflict]
// DUMP: [[@LINE-2]]:50 *(const float4 *)p bytes=16 degree=1,8

// A window of 32 floats per thread, read four at a time at (start + k) % 32:
// a rotation, so the eight lanes of each 16-byte phase read eight different
// 16-byte chunks in every iteration.
__global__ void __launch_bounds__(256) rotated(float *out) {
  __shared__ float rows[128][32];
  int start = 4 * (16 * threadIdx.y + threadIdx.x);
  float acc = 0;
  for (int si = start; si < start + 32; si += 4) {
    float4 v = load4(&rows[8 * threadIdx.x][si % 32]);
    acc += v.x;
    // The same window without the rotation: lanes 0..7 read the same
    // chunk column of eight different rows 1024 bytes apart.
    float4 w = load4(&rows[8 * threadIdx.x][(si - start) % 32]);
    acc += w.y;
  }
  out[threadIdx.x] = acc;
}

// Stride loops whose trip count differs between threads. In the first,
// iteration 3 has only lanes 0..3 left; the worst is iteration 0. In the
// second, only lanes 0..8 (4 * tid < 36) run the one iteration: words 0 and
// 32 share bank 0, 2-way where all 32 lanes would make it 4-way.
__global__ void strided(float *out) {
  __shared__ float s[8 * 100];
  float acc = 0;
  for (int i = threadIdx.x; i < 100; i += 32)
    acc += s[8 * i];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[8 * i]' has an 8-way bank conflict (block 32x1, iteration of 'i' = 0: lanes 0, 4, ..., 28 hit bank 0 with a stride of 8 words) [warplint-bank-conflict]
  // DUMP: [[@LINE-2]]:12 s[8 * i] bytes=4 degree=8
  for (int i = threadIdx.x * 4; i < 36; i += 128)
    acc += s[i];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[i]' has a 2-way bank conflict (block 32x1: lanes 0 and 8 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
  // DUMP: [[@LINE-2]]:12 s[i] bytes=4 degree=2
  out[threadIdx.x] = acc;
}

void launch(float *out) {
  rotated<<<1, dim3(16, 16)>>>(out);
  strided<<<1, 32>>>(out);
}
