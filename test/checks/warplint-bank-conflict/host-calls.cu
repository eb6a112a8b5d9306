// Host values followed across host functions (docs/checks/warplint-block-size.md,
// "How values are found"): a head size computed by a wrapper whose
// arguments come from main through three host calls; a block size a helper
// writes through non-const references (the reduction's
// getNumBlocksAndThreads, with a next-power-of-two helper); each iteration
// of a host loop whose bounds the code fixes; each arm of an if/else whose
// condition is not known at compile time. A kernel whose launch is reached
// only through more host calls than the analysis follows keeps the assumed
// block, and the dump says why.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=WHY

#include <cuda.h>

// d = C / NH = 768 / 12 = 64: the stride is d / 32 = 2 words.
__global__ void heads(float *out, int d) {
  __shared__ float s[4096];
  s[threadIdx.x * d / 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * d / 32]' has a 2-way bank conflict (block 64x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
}
void attention(float *out, int C, int NH) {
  int d = C / NH;
  heads<<<1, 64>>>(out, d);
}
void block(float *out, int C, int NH) { attention(out, C, NH); }
void layer(float *out, int C, int NH) { block(out, C, NH); }
void model(float *out, int C) { layer(out, C, 12); }

// The reduction's shape: threads = nextPow2((n + 1) / 2) capped at
// maxThreads, written through references.
__global__ void reduce(float *out) {
  __shared__ float s[2048];
  s[threadIdx.x * 4] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * 4]' has a 4-way bank conflict (block 256x1: lanes 0, 8, 16 and 24 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
}
static unsigned nextPow2(unsigned x) {
  --x;
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  return ++x;
}
void getNumBlocksAndThreads(int n, int maxBlocks, int maxThreads, int &blocks,
                            int &threads) {
  threads = (n < maxThreads * 2) ? nextPow2((n + 1) / 2) : maxThreads;
  blocks = (n + (threads * 2 - 1)) / (threads * 2);
  blocks = blocks < maxBlocks ? blocks : maxBlocks;
}
void runReduce(float *out, int n) {
  int blocks = 0, threads = 0;
  getNumBlocksAndThreads(n, 64, 256, blocks, threads);
  reduce<<<blocks, threads, threads * sizeof(float)>>>(out);
}

// A benchmark sweep over block sizes.
__global__ void sweep(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * 2]' has a 2-way bank conflict (blocks 32x1, 64x1 and 128x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
}
void sweepAll(float *out) {
  for (int b = 32; b <= 128; b *= 2)
    sweep<<<1, b>>>(out);
}

// A block size chosen per device by an if/else.
__global__ void perDevice(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 32 % 4096] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * 32 % 4096]' has a 32-way bank conflict (blocks 32x8 and 32x4: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
}
void launchPerDevice(float *out, int major) {
  int rows;
  if (major >= 8)
    rows = 8;
  else
    rows = 4;
  perDevice<<<1, dim3(32, rows)>>>(out);
}

// Nine host calls from main to the launch: past the limit.
__global__ void far(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * 2]' has a 2-way bank conflict (assumed block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
}
void far0(float *out, int t) { far<<<1, t>>>(out); }
void far1(float *out, int t) { far0(out, t); }
void far2(float *out, int t) { far1(out, t); }
void far3(float *out, int t) { far2(out, t); }
void far4(float *out, int t) { far3(out, t); }
void far5(float *out, int t) { far4(out, t); }
void far6(float *out, int t) { far5(out, t); }
void far7(float *out, int t) { far6(out, t); }
void far8(float *out, int t) { far7(out, t); }

int main(int argc, char **argv) {
  model(nullptr, 768);
  runReduce(nullptr, 1 << 20);
  sweepAll(nullptr);
  launchPerDevice(nullptr, argc);
  far8(nullptr, 64);
}

// DUMP: s[threadIdx.x * d / 32] bytes=4 degree=2
// DUMP: s[threadIdx.x * 4] bytes=4 degree=4
// DUMP: s[threadIdx.x * 2] bytes=4 degree=2,2,2
// DUMP: s[threadIdx.x * 32 % 4096] bytes=4 degree=32,32
// DUMP: s[threadIdx.x * 2] bytes=4 degree=2

// WHY: "assumedWhy": "the block of its launch on line 93: 't' is a parameter of host function 'far8', whose callers are more than 8 host calls from the launch (the limit of calls followed)"
