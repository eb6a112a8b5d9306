// warplint-bank-conflict follows XOR swizzles, shifts, masks, divisions and
// remainders of the thread index exactly: correct swizzles say nothing, a
// swizzle that misses is reported with its degree.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

__global__ void swizzled(float *out) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  // Store row-major, read column-major: the XOR keeps both conflict-free.
  tile[ty][tx ^ ty] = out[ty * 32 + tx];
  __syncthreads();
  out[ty * 32 + tx] = tile[tx][ty ^ tx];
  // A swizzle on too few bits: 4 distinct banks per column.
  out[tx] = tile[tx][ty ^ (tx % 4)];
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 'tile[tx][ty ^ (tx % 4)]' has an 8-way bank conflict (block 32x8: lanes 0, 4, ..., 28 hit bank 0 in 8 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do
}

// float4 tiles need a swizzle in units of 16 bytes: col ^ (row % 8).
__global__ void vectorSwizzle(float4 *out) {
  __shared__ float4 t[32][8];
  int tx = threadIdx.x;
  int row = tx / 8 + 4 * threadIdx.y, col = tx % 8;
  t[row][col ^ (row % 8)] = out[tx];
  out[tx] = t[col][row % 8];
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 't[col][row % 8]' has an 8-way bank conflict (block 32x8: lanes 0..7 hit bank 0 in 8 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 32 wavefronts where 4 would do; 16-byte accesses are served in 4 phases of 8 lanes
  out[tx] = t[col][(row % 8) ^ col];
}

__global__ void shifts(float *out) {
  __shared__ float s[1024];
  unsigned tx = threadIdx.x;
  s[(tx >> 1) << 6] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[(tx >> 1) << 6]' has a 16-way bank conflict (block 32x1: lanes 0..31 hit bank 0 in 16 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 16 wavefronts where 1 would do
  s[(tx & 15) * 2 + (tx >> 4)] = 0;   // a permutation of 32 words
  s[tx / 2] = 0;                       // pairs of lanes share a word
  s[(tx % 8) * 32 + tx / 8] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[(tx % 8) * 32 + tx / 8]' has an 8-way bank conflict (block 32x1: lanes 0..7 hit bank 0 in 8 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do
}

void launch(float *f, float4 *v) {
  swizzled<<<1, dim3(32, 8)>>>(f);
  vectorSwizzle<<<1, dim3(32, 8)>>>(v);
  shifts<<<1, 32>>>(f);
}
