// warplint-bank-conflict takes block shapes from the launches in the file:
// one finding per distinct degree naming its shapes; a kernel launched with
// no known shape is analysed with the default shape, and says so; template
// kernels are analysed per instantiation.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,DEFAULT -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefixes=CHECK,DEFAULT -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=CHECK,DEFAULT -implicit-check-not='{{warning|error}}:' %}
//
// Another default shape, from the command line and from each front end's option.
// RUN: not %warplint --checks=warplint-bank-conflict --block-dim=16,16 %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,BD16 -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks=warplint-bank-conflict --check-option=warplint-bank-conflict.BlockDim=16x16 %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,BD16 -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' -config='{CheckOptions: {warplint-bank-conflict.BlockDim: "16,16"}}' %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefixes=CHECK,BD16 -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict -fplugin-arg-warplint-option=warplint-bank-conflict.BlockDim=16,16 %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=CHECK,BD16 -implicit-check-not='{{warning|error}}:' %}
//
// A bad shape is a usage error.
// RUN: not %warplint --block-dim=2048 %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: warplint: error: --block-dim='2048' is not a block shape X[,Y[,Z]] of at most 1024 threads

#include <cuda.h>

// t[tx][ty] on a 16-wide tile: a 32x4 block puts lanes 0, 2, 4, ... on
// bank 0; a 16x16 (or 16x8) block holds two rows of threads in a warp and
// puts half as many there; an 8x8 block four rows.
__global__ void tiles(float *out) {
  __shared__ float t[64][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  out[0] = t[tx][ty];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 't[tx][ty]' has a 16-way bank conflict (block 32x4: lanes 0, 2, ..., 30 hit bank 0 with a stride of 16 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:12: note: warp 0 (threads 0..31) needs 16 wavefronts where 1 would do
  // CHECK: :[[@LINE-3]]:12: warning: shared-memory load of 't[tx][ty]' has a 4-way bank conflict (block 8x8: lanes 0, 2, 4 and 6 hit bank 0 in 4 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-4]]:12: note: warp 0 (threads 0..31) needs 4 wavefronts where 1 would do
  // CHECK: :[[@LINE-5]]:12: warning: shared-memory load of 't[tx][ty]' has an 8-way bank conflict (blocks 16x16 and 16x8: lanes 0, 2, ..., 14 hit bank 0 in 8 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-6]]:12: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do
}

// No launch gives this kernel's shape: the default is 32x1.
__global__ void unlaunched(float *out) {
  __shared__ float t[32][32];
  out[0] = t[threadIdx.x][threadIdx.y];
  // DEFAULT: :[[@LINE-1]]:12: warning: shared-memory load of 't[threadIdx.x][threadIdx.y]' has a 32-way bank conflict (assumed block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // DEFAULT: :[[@LINE-2]]:12: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
  // DEFAULT: :[[@LINE-5]]:17: note: no launch of 'unlaunched' in this file gives its block shape: assumed 32x1 (set --block-dim=X,Y,Z or the option warplint-bank-conflict.BlockDim)
  // DEFAULT: :[[@LINE-5]]:20: note: padding the inner dimension of 't' to 33 elements makes every access of it conflict-free
  // BD16: :[[@LINE-5]]:12: warning: shared-memory load of 't[threadIdx.x][threadIdx.y]' has a 16-way bank conflict (assumed block 16x16: lanes 0..15 hit bank 0 in 16 different words) [warplint-bank-conflict]
  // BD16: :[[@LINE-6]]:12: note: warp 0 (threads 0..31) needs 16 wavefronts where 1 would do
  // BD16: :[[@LINE-9]]:17: note: no launch of 'unlaunched' in this file gives its block shape: assumed 16x16 (set --block-dim=X,Y,Z or the option warplint-bank-conflict.BlockDim)
  // BD16: :[[@LINE-9]]:20: note: padding the inner dimension of 't' to 34 elements makes every access of it conflict-free
}

template <int Stride> __global__ void strided(float *out) {
  __shared__ float s[32 * Stride];
  out[0] = s[threadIdx.x * Stride];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[threadIdx.x * Stride]' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) (in instantiation 'strided<2>') [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:12: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
  // CHECK: :[[@LINE-3]]:12: warning: shared-memory load of 's[threadIdx.x * Stride]' has a 4-way bank conflict (block 32x1: lanes 0, 8, 16 and 24 hit bank 0 with a stride of 4 words) (in instantiation 'strided<4>') [warplint-bank-conflict]
  // CHECK: :[[@LINE-4]]:12: note: warp 0 (threads 0..31) needs 4 wavefronts where 1 would do
}

// Launched with a shape known only at run time: the default shape again. A
// padded tile is conflict-free for 32x1 blocks, not for 16x16 ones.
__global__ void runtimeShape(float *out) {
  __shared__ float t[32][33];
  out[0] = t[threadIdx.x][threadIdx.y];
  // BD16: :[[@LINE-1]]:12: warning: shared-memory load of 't[threadIdx.x][threadIdx.y]' has a 2-way bank conflict (assumed block 16x16: lanes 1 and 16 hit bank 1 in 2 different words) [warplint-bank-conflict]
  // BD16: :[[@LINE-2]]:12: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
  // BD16: :[[@LINE-5]]:17: note: no launch of 'runtimeShape' in this file gives its block shape: assumed 16x16 (set --block-dim=X,Y,Z or the option warplint-bank-conflict.BlockDim)
  // BD16: :[[@LINE-5]]:20: note: padding the inner dimension of 't' to 34 elements makes every access of it conflict-free
}

void launch(float *f, int n) {
  tiles<<<1, dim3(16, 16)>>>(f);
  tiles<<<1, dim3(16, 8)>>>(f);
  tiles<<<1, dim3(8, 8)>>>(f);
  tiles<<<1, dim3(32, 4)>>>(f);
  strided<1><<<1, 32>>>(f);
  strided<2><<<1, 32>>>(f);
  strided<4><<<1, 32>>>(f);
  strided<33><<<1, 32>>>(f);
  runtimeShape<<<1, dim3(n, n)>>>(f);
}
