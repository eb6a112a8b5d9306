// warplint-bank-conflict on element types and on index values from
// constexpr, macros, template arguments and sizeof: __half and __half2
// (2 and 4 bytes), float2 (8), a struct member, and 2-byte elements whose
// array may start at an odd half-word (reported only when every alignment
// agrees).
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

#define ROW 64
constexpr int kStride = 2;

struct Cell {
  float value;
  int count;
};

template <int Words> __global__ void kinds(float *out) {
  __shared__ __half h[32 * 64];
  __shared__ __half2 h2[32 * 64];
  __shared__ float2 f2[32 * 8];
  __shared__ Cell cells[64];
  __shared__ float s[32 * ROW];
  int tx = threadIdx.x;
  __half a = h[tx * 64];
  // CHECK: :[[@LINE-1]]:14: warning: shared-memory load of 'h[tx * 64]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:14: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
  __half2 b = h2[tx * kStride];
  // CHECK: :[[@LINE-1]]:15: warning: shared-memory load of 'h2[tx * kStride]' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:15: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
  float2 c = f2[tx * Words];
  // CHECK: :[[@LINE-1]]:14: warning: shared-memory load of 'f2[tx * Words]' has a 2-way bank conflict (block 32x1: lanes 0 and 8 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:14: note: warp 0 (threads 0..31) needs 4 wavefronts where 2 would do; 8-byte accesses are served in 2 phases of 16 lanes
  out[0] = cells[tx].value;
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'cells[tx].value' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:12: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
  out[1] = s[tx * (sizeof(float4) / sizeof(float))];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[tx * (sizeof(float4) / sizeof(float))]' has a 4-way bank conflict (block 32x1: lanes 0, 8, 16 and 24 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:12: note: warp 0 (threads 0..31) needs 4 wavefronts where 1 would do
  out[2] = s[tx * ROW + tx];             // a stride of 65 words: conflict-free
  // A stride of 33 half-words: the conflict depends on whether h starts at
  // a 4-byte boundary, which the code does not say. No finding.
  __half d = h[tx * 33];
  out[3] = a.x + b.x.x + c.x + d.x;
}

void launch(float *f) { kinds<2><<<1, 32>>>(f); }
