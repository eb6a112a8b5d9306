// The plugin in a host + device compile reports from the host compilation
// only: each finding exactly once however many GPU architectures, error-level
// findings as warnings, and nothing from the device compilations.
//
// REQUIRES: plugin
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags -Xclang -verify %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags --cuda-gpu-arch=sm_90 --cuda-gpu-arch=sm_70 -Xclang -verify %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags --cuda-gpu-arch=sm_90 %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:'
// A real compile (-c, host and device, object output) says the same.
// RUN: %clang -c -o %t.o -fplugin=%warplint_plugin %cuda_flags --cuda-gpu-arch=sm_90 %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:'

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(100) k100(float *p) {} // #bounds
// CHECK: host-device.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'k100' allows at most 100 threads per block

void run(float *p) {
  k<<<1, 100>>>(p); // #partial
  // CHECK: host-device.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) [warplint-block-size]
  k<<<1, 2048>>>(p); // #toobig
  // CHECK: host-device.cu:[[@LINE-1]]:10: warning: launch of 'k' cannot succeed: blockDim.x is 2048, above the limit of 1024 (block 2048x1x1) [warplint-block-size]
  k<<<1, 128>>>(p);
}

#ifndef __CUDA_ARCH__
// expected-warning@#bounds {{__launch_bounds__ of 'k100' allows at most 100 threads per block, not a multiple of the warp size 32: a full block runs as 4 warps with 28 idle lanes (21.9%) [warplint-block-size]}}
// expected-warning@#partial {{launch of 'k' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) [warplint-block-size]}}
// expected-warning@#toobig {{launch of 'k' cannot succeed: blockDim.x is 2048, above the limit of 1024 (block 2048x1x1) [warplint-block-size]}}
// expected-remark@*:* {{host-device.cu: no ptxas report; warplint-occupancy and warplint-register-spill skipped}}
#else
// expected-no-diagnostics
#endif
