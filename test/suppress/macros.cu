// NOLINT for findings inside macros and headers, as in clang-tidy: a NOLINT
// on the line that uses the macro (the expansion), on the macro's definition
// or on the line a macro argument is written on (the spelling) silences a
// finding that points there; a header's NOLINT comments count for the
// findings in that header.
//
// RUN: not %warplint %s -- %cuda_flags -I %S/Inputs | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags -I %S/Inputs -Xclang -verify %s %}

#include <cuda.h>
#include "launch.cuh"
// CHECK: launch.cuh:6:11: {{warning|error}}: launch of 'hk' uses a block of 101 threads

__global__ void k(float *p) {}

#define LAUNCH(n) k<<<1, n>>>(p)
#define LAUNCH_QUIET(n) k<<<1, n>>>(p) // NOLINT(warplint-block-size)
#define BOUNDS(n) __launch_bounds__(n)

void run(float *p) {
  LAUNCH(100); // NOLINT(warplint-block-size)
  LAUNCH(101); // NOLINT(warplint-bank-conflict) #m101
  // CHECK: macros.cu:[[@LINE-1]]:3: {{warning|error}}: launch of 'k' uses a block of 101 threads
  // NOLINTNEXTLINE(warplint-*)
  LAUNCH(102);
  LAUNCH_QUIET(103);
  LAUNCH(
      104); // NOLINT: the line the block size is written on counts too
  LAUNCH(105 // #m105
  ); // NOLINT: the line of the closing parenthesis does not
  // CHECK: macros.cu:[[@LINE-2]]:3: {{warning|error}}: launch of 'k' uses a block of 105 threads
}

__global__ void BOUNDS(100) kb(float *p) {} // NOLINT(warplint-block-size)
__global__ void BOUNDS(101) kc(float *p) {} // #bounds101
// CHECK: macros.cu:[[@LINE-1]]:17: {{warning|error}}: __launch_bounds__ of 'kc' allows at most 101 threads per block

#ifndef __CUDA_ARCH__
// expected-warning@launch.cuh:6 {{launch of 'hk' uses a block of 101 threads}}
// expected-warning@#m101 {{launch of 'k' uses a block of 101 threads}}
// expected-warning@#m105 {{launch of 'k' uses a block of 105 threads}}
// expected-warning@#bounds101 {{__launch_bounds__ of 'kc' allows at most 101 threads per block}}
// The plugin has no ptxas report for the occupancy checks: one remark.
// expected-remark@*:* {{no ptxas report}}
#else
// expected-no-diagnostics
#endif
