// warplint-bank-conflict through pointers and references derived from shared
// memory, dynamic (extern) shared memory, reinterpret_cast to vector types,
// pointer arithmetic, atomics, and device functions reached from a kernel.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
//
// The dump names, for each access, the other lines its address was followed
// through from the shared variable ("derivation"): here the pointer's and
// the reference's definitions.
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python -c "import json,sys; [print(a['line'], a['text'], *('%%d-%%d' %% (d['line'], d['endLine']) for d in a['derivation'])) for a in json.load(sys.stdin)['accesses'][:4]]" | FileCheck %s --check-prefix=DERIVATION
// DERIVATION:      24 row[tx] 23-23
// DERIVATION-NEXT: 26 col[tx * 32] 25-25
// DERIVATION-NEXT: 30 r 29-29
// DERIVATION-NEXT: 41 a[tx] 38-38

#include <cuda.h>

__global__ void rowPointer(float *out) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float *row = &tile[ty][0];
  row[tx] = 0;                       // along a row: conflict-free
  float *col = &tile[0][ty];
  out[tx] = col[tx * 32];
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 'col[tx * 32]' has a 32-way bank conflict (block 32x4: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
  float &r = tile[tx][ty];
  r = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'r' has a 32-way bank conflict (block 32x4: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
}

// One dynamic allocation carved into two arrays, the second viewed as float4.
__global__ void dynamicShared(float4 *out, int n) {
  extern __shared__ float smem[];
  float *a = smem;
  float4 *b = reinterpret_cast<float4 *>(smem + 1024);
  int tx = threadIdx.x;
  a[tx] = 0;                           // conflict-free
  out[tx] = b[tx];                     // consecutive float4: conflict-free
  out[tx] = reinterpret_cast<float4 *>(a)[tx * 4];
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 'reinterpret_cast<float4 *>(a)[tx * 4]' has a 4-way bank conflict (block 128x1: lanes 0, 2, 4 and 6 hit bank 0 with a stride of 16 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 16 wavefronts where 4 would do; 16-byte accesses are served in 4 phases of 8 lanes
  *(a + 2 * tx) = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of '*(a + 2 * tx)' has a 2-way bank conflict (block 128x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
}

// Histogram bins per lane, one counter per 32 ints: every lane in bank 0.
__global__ void atomics(int *out) {
  __shared__ int bins[32 * 32];
  int tx = threadIdx.x;
  atomicAdd(&bins[tx * 32], 1);
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory atomic on '&bins[tx * 32]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
  atomicAdd(&bins[tx], 1);             // conflict-free
  out[tx] = bins[tx];
}

// A device function reached from a kernel: its parameters are the call's
// arguments, and the call's own condition masks lanes.
__device__ void accumulate(volatile float *s, int tid, int stride) {
  s[tid * stride] += s[tid * stride + 1];
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory read-modify-write of 's[tid * stride]' has a 2-way bank conflict (block 64x1 via 'reducePairs': lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
  // CHECK: :[[@LINE-3]]:22: warning: shared-memory load of 's[tid * stride + 1]' has a 2-way bank conflict (block 64x1 via 'reducePairs': lanes 0 and 16 hit bank 1 with a stride of 2 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-4]]:22: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
}

__global__ void reducePairs(float *out) {
  __shared__ float s[128];
  int tid = threadIdx.x;
  s[tid] = out[tid];
  if (tid < 32)
    accumulate(s, tid, 2);
}

// ---- No diagnostics ----
// A device function nobody calls: its parameters are unknown.
__device__ void orphan(float *s, int i) { s[i * 32] = 0; }

void launch(float *f, float4 *v, int *c, int n) {
  rowPointer<<<1, dim3(32, 4)>>>(f);
  dynamicShared<<<1, 128, 8192>>>(v, n);
  atomics<<<1, 32>>>(c);
  reducePairs<<<1, 64>>>(f);
}
