// warplint-bank-conflict counts only the lanes that execute an access:
// conditions on the thread index, early returns, partial last warps, and
// conditions it cannot evaluate (which let every lane through).
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

__global__ void masked(float *out, int n) {
  __shared__ float s[32 * 32];
  int tx = threadIdx.x;
  if (tx < 4)
    s[tx * 32] = 1;
  // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 's[tx * 32]' has a 4-way bank conflict (block 128x1: lanes 0..3 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:5: note: warp 0 (threads 0..31) needs 4 wavefronts where 1 would do
  if (tx % 16 == 0)
    s[tx] = 2;                       // lanes 0 and 16: banks 0 and 16
  if (tx < 1)
    s[tx * 32] = 3;                  // one lane: no conflict
  if (tx >= n)
    return;
  // n is unknown: every lane may get here.
  s[tx * 2] = 4;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[tx * 2]' has a 2-way bank conflict (block 128x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
  out[tx] = tx < 8 ? s[tx * 8] : 0;
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[tx * 8]' has a 2-way bank conflict (block 128x1: lanes 0 and 4 hit bank 0 with a stride of 8 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:22: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
}

__global__ void earlyReturn(float *out) {
  __shared__ float s[32 * 32];
  int tx = threadIdx.x;
  if (tx >= 8)
    return;
  s[tx * 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[tx * 32]' has an 8-way bank conflict (block 32x1: lanes 0..7 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do
}

// A 48-thread block: warp 1 has 16 lanes. With a stride of 16 words, warp 0
// puts 16 lanes on each of banks 0 and 16; warp 1 only 8.
__global__ void partialWarp(float *out) {
  __shared__ float s[48 * 16];
  int tx = threadIdx.x;
  s[tx * 16] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[tx * 16]' has a 16-way bank conflict (block 48x1: lanes 0, 2, ..., 30 hit bank 0 with a stride of 16 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 16 wavefronts where 1 would do
}

// Only the second warp of a 64-thread block runs this; it is the worst warp.
__global__ void secondWarp(float *out) {
  __shared__ float s[64 * 2];
  int tx = threadIdx.x;
  if (tx >= 32)
    s[(tx - 32) * 2] = 1;
  // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 's[(tx - 32) * 2]' has a 2-way bank conflict (block 64x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:5: note: warp 1 (threads 32..63) needs 2 wavefronts where 1 would do
}

// ---- No diagnostics ----
__global__ void neverRuns(float *out) {
  __shared__ float s[32 * 32];
  int tx = threadIdx.x;
  if (tx > 2000)
    s[tx * 32] = 0;
}

void launch(float *f, int n) {
  masked<<<1, 128>>>(f, n);
  earlyReturn<<<1, 32>>>(f);
  partialWarp<<<1, 48>>>(f);
  secondWarp<<<1, 64>>>(f);
  neverRuns<<<1, 32>>>(f);
}
