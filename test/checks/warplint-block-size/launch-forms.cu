// warplint-block-size on every launch form, in all three front ends: the tool,
// the clang-tidy module and the plugin must report the same findings in the
// same words (the plugin reports errors as warnings unless asked for werror).
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s -DERR=error -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' %s -- %cuda_flags 2>/dev/null | FileCheck %s -DERR=error -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags %s 2>&1 | FileCheck %s -DERR=warning -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

#define THREADS 100
constexpr int kBlock = 96;
const int kOdd = 200;
enum { Small = 48 };
struct Cfg { static constexpr unsigned Threads = 65; };

__global__ void k(float *p) {}
__global__ void __launch_bounds__(256) k256(float *p) {}
__global__ void __launch_bounds__(100) k100(float *p) {}
// CHECK: :[[@LINE-1]]:17: warning: __launch_bounds__ of 'k100' allows at most 100 threads per block, not a multiple of the warp size 32: a full block runs as 4 warps with 28 idle lanes (21.9%) [warplint-block-size]
__global__ void __launch_bounds__(128, 4) kBounded(float *p) {}

template <int N> __global__ void __launch_bounds__(N) kt(float *p) {}
// Only the instantiation kt<48> (launched below) has a partial warp.
// CHECK: :[[@LINE-2]]:34: warning: __launch_bounds__ of 'kt<48>' allows at most 48 threads per block, not a multiple of the warp size 32: a full block runs as 2 warps with 16 idle lanes (25.0%) [warplint-block-size]

template <int N> void launchN(float *p) {
  k<<<1, N>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) (in instantiation 'launchN<100>') [warplint-block-size]
  // CHECK: :[[@LINE-2]]:10: warning: launch of 'k' uses a block of 40 threads (40x1x1), not a multiple of the warp size 32: 2 warps with 24 idle lanes (37.5%) (in instantiation 'launchN<40>') [warplint-block-size]
}

template <typename T> void launchSame(T *p) {
  k<<<1, 33>>>((float *)p);
  // Every instantiation has the same problem: reported once, unnamed.
  // CHECK: :[[@LINE-2]]:10: warning: launch of 'k' uses a block of 33 threads (33x1x1), not a multiple of the warp size 32: 2 warps with 31 idle lanes (48.4%) [warplint-block-size]
}

void literals(float *p) {
  k<<<1, 100>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) [warplint-block-size]
  k<<<1, THREADS>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (100x1x1)
  k<<<1, kOdd>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 200 threads (200x1x1), not a multiple of the warp size 32: 7 warps with 24 idle lanes (10.7%)
  k<<<1, Small>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 48 threads (48x1x1), not a multiple of the warp size 32: 2 warps with 16 idle lanes (25.0%)
  k<<<1, Cfg::Threads>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 65 threads (65x1x1), not a multiple of the warp size 32: 3 warps with 31 idle lanes (32.3%)
  k<<<1, 1>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 1 thread (1x1x1), not a multiple of the warp size 32: 1 warp with 31 idle lanes (96.9%)
  k<<<1, kBlock / 2 + 1>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 49 threads (49x1x1)
  k<<<1, sizeof(float) * 25, 0>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (100x1x1)
}

void shapes(float *p, cudaStream_t s) {
  k<<<1, dim3(10, 10)>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (10x10x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%)
  dim3 block(7, 3, 3);
  k<<<1, block, 0, s>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 63 threads (7x3x3), not a multiple of the warp size 32: 2 warps with 1 idle lane (1.6%)
  // CHECK: :[[@LINE-3]]:8: note: block shape 7x3x3 defined here
  dim3 braces{20, 5};
  k<<<1, braces>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (20x5x1)
  // CHECK: :[[@LINE-3]]:8: note: block shape 20x5x1 defined here
  int threads = 3 * 32 + 4;
  k<<<1, threads>>>(p);
  // CHECK: :[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (100x1x1)
  // CHECK: :[[@LINE-3]]:17: note: block shape 100x1x1 defined here
  dim3 reassigned(256);
  reassigned = dim3(96, 3, 4);
  k<<<1, reassigned>>>(p);
  // CHECK: :[[@LINE-1]]:10: [[ERR]]: launch of 'k' cannot succeed: block 96x3x4 has 1152 threads, above the limit of 1024 threads per block
  // CHECK: :[[@LINE-3]]:16: note: block shape 96x3x4 defined here
}

void errors(float *p) {
  k<<<1, 2048>>>(p);
  // CHECK: :[[@LINE-1]]:10: [[ERR]]: launch of 'k' cannot succeed: blockDim.x is 2048, above the limit of 1024 (block 2048x1x1) [warplint-block-size]
  k<<<1, dim3(1, 1025)>>>(p);
  // CHECK: :[[@LINE-1]]:10: [[ERR]]: launch of 'k' cannot succeed: blockDim.y is 1025, above the limit of 1024 (block 1x1025x1) [warplint-block-size]
  k<<<1, dim3(2, 2, 65)>>>(p);
  // CHECK: :[[@LINE-1]]:10: [[ERR]]: launch of 'k' cannot succeed: blockDim.z is 65, above the limit of 64 (block 2x2x65) [warplint-block-size]
  k<<<1, dim3(64, 32)>>>(p);
  // CHECK: :[[@LINE-1]]:10: [[ERR]]: launch of 'k' cannot succeed: block 64x32x1 has 2048 threads, above the limit of 1024 threads per block [warplint-block-size]
  k<<<1, dim3(32, 0)>>>(p);
  // CHECK: :[[@LINE-1]]:10: [[ERR]]: launch of 'k' cannot succeed: blockDim.y is 0 (block 32x0x1) [warplint-block-size]
  k<<<1, 0>>>(p);
  // CHECK: :[[@LINE-1]]:10: [[ERR]]: launch of 'k' cannot succeed: blockDim.x is 0 (block 0x1x1) [warplint-block-size]
  k256<<<1, 512>>>(p);
  // CHECK: :[[@LINE-1]]:13: [[ERR]]: launch of 'k256' cannot succeed: block 512x1x1 has 512 threads, above the kernel's __launch_bounds__ maximum of 256 [warplint-block-size]
  // CHECK: :18:17: note: 'k256' is declared with __launch_bounds__(256) here
  kt<64><<<1, 96>>>(p);
  // CHECK: :[[@LINE-1]]:15: [[ERR]]: launch of 'kt<64>' cannot succeed: block 96x1x1 has 96 threads, above the kernel's __launch_bounds__ maximum of 64 [warplint-block-size]
  kt<96><<<1, 96>>>(p);
  kt<48><<<1, 32>>>(p);
}

void apis(float *p) {
  void *args[] = {&p};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(100), args, 0, 0);
  // CHECK: :[[@LINE-1]]:46: warning: cudaLaunchKernel of 'k' uses a block of 100 threads (100x1x1)
  cudaLaunchCooperativeKernel((const void *)&k, 1, 2000, args, 0, 0);
  // CHECK: :[[@LINE-1]]:52: [[ERR]]: cudaLaunchCooperativeKernel of 'k' cannot succeed: blockDim.x is 2000, above the limit of 1024 (block 2000x1x1)
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(33);
  cfg.dynamicSmemBytes = 0;
  cudaLaunchKernelEx(&cfg, k, p);
  // CHECK: :[[@LINE-1]]:3: warning: cudaLaunchKernelEx of 'k' uses a block of 33 threads (33x1x1)
  // CHECK: :[[@LINE-4]]:18: note: block shape 33x1x1 defined here
  cudaLaunchConfig_t init = {dim3(2), dim3(1000, 2), 0, 0, 0, 0};
  cudaLaunchKernelExC(&init, (const void *)k, args);
  // CHECK: :[[@LINE-1]]:3: [[ERR]]: cudaLaunchKernelExC of 'k' cannot succeed: block 1000x2x1 has 2000 threads
  // The kernel through a local pointer, cast for the API.
  auto kernel = k;
  cudaLaunchKernel((const void *)kernel, dim3(1), dim3(72), args, 0, 0);
  // CHECK: :[[@LINE-1]]:51: warning: cudaLaunchKernel of 'k' uses a block of 72 threads (72x1x1)
}

void instantiate(float *p, int *q) {
  launchN<100>(p);
  launchN<40>(p);
  launchN<128>(p);
  launchSame(p);
  launchSame(q);
}

// ---- No diagnostics ----
void clean(float *p) {
  k<<<1, 256>>>(p);
  k<<<1, kBlock>>>(p);
  k<<<1, dim3(32, 8)>>>(p);
  k<<<1, dim3(8, 8, 16)>>>(p);
  k<<<1, 1024>>>(p);
  k<<<1, dim3(16, 16, 4)>>>(p);
  k256<<<1, 256>>>(p);
  kBounded<<<1, 128>>>(p);
  kt<96><<<1, 64>>>(p);
  dim3 tile(32, 32);
  k<<<1, tile>>>(p);
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(128);
  cudaLaunchKernelEx(&cfg, k, p);
}
