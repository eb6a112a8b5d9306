// NOLINT, NOLINTNEXTLINE and NOLINTBEGIN/NOLINTEND silence findings in the
// tool and the plugin with clang-tidy's rules: check globs in parentheses,
// comma-separated; a bare NOLINT silences every check; a NOLINT that names
// only other checks silences nothing. Unlike clang-tidy, they silence
// error-level findings too (test/tidy/nolint.cu is the clang-tidy side).
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags -Xclang -verify %s %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(100) k100(float *p) {} // NOLINT(warplint-block-size) #k100
__global__ void __launch_bounds__(48) k48(float *p) {} // NOLINT(warplint-bank-conflict) #k48
// CHECK: nolint.cu:[[@LINE-1]]:17: {{warning|error}}: __launch_bounds__ of 'k48' allows at most 48 threads per block

void run(float *p) {
  k<<<1, 100>>>(p); // NOLINT(warplint-block-size)
  k<<<1, 101>>>(p); // NOLINT
  k<<<1, 102>>>(p); // NOLINT(warplint-*)
  k<<<1, 103>>>(p); // NOLINT(bugprone-*) #b103
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 103 threads
  k<<<1, 109>>>(p); // NOLINT(bugprone-*, warplint-block-size)
  k<<<1, 110>>>(p); // NOLINT( warplint-block-* )
  k<<<1, 111>>>(p); // NOLINT(*size)
  k<<<1, 112>>>(p); // NOLINT() #b112
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 112 threads
  k<<<1, 113>>>(p); // NOLINT(-warplint-block-size) #b113
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 113 threads
  k<<<1, 114>>>(p); // NOLINT(warplint-block) #b114
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 114 threads
  k<<<1, 115>>>(p); // nolint: only the upper-case word counts #b115
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 115 threads
  k<<<1, 116>>>(p); /* NOLINT(warplint-block-size) */
  // NOLINTNEXTLINE(warplint-block-size)
  k<<<1, 104>>>(p);
  // NOLINTNEXTLINE(warplint-bank-conflict)
  k<<<1, 117>>>(p); // #b117
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 117 threads
  // NOLINTNEXTLINE
  k<<<1, 2000>>>(p);
  // NOLINTNEXTLINE

  k<<<1, 118>>>(p); // #b118
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 118 threads
  // NOLINTBEGIN(warplint-block-size)
  k<<<1, 105>>>(p);
  k<<<1, dim3(64, 32)>>>(p);
  k<<<1, dim3(10, 10)>>>(p);
  // NOLINTEND(warplint-block-size)
  // NOLINTBEGIN
  k<<<1, 108>>>(p);
  // NOLINTBEGIN(warplint-bank-conflict)
  k<<<1, 119>>>(p);
  // NOLINTEND(warplint-bank-conflict)
  // NOLINTEND
  // NOLINTBEGIN(warplint-bank-conflict)
  k<<<1, 120>>>(p); // #b120
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 120 threads
  // NOLINTEND(warplint-bank-conflict)
  k<<<1, 106>>>(p); // #b106
  // CHECK: nolint.cu:[[@LINE-1]]:10: {{warning|error}}: launch of 'k' uses a block of 106 threads
  k100<<<1, 128>>>(p); // NOLINT(warplint-block-size): an error, silenced all the same
  k100<<<1, 256>>>(p); // #k100launch
  // CHECK: nolint.cu:[[@LINE-1]]:13: {{warning|error}}: launch of 'k100' cannot succeed
}

#ifndef __CUDA_ARCH__
// expected-warning@#k48 {{__launch_bounds__ of 'k48' allows at most 48 threads per block}}
// expected-warning@#b103 {{uses a block of 103 threads}}
// expected-warning@#b112 {{uses a block of 112 threads}}
// expected-warning@#b113 {{uses a block of 113 threads}}
// expected-warning@#b114 {{uses a block of 114 threads}}
// expected-warning@#b115 {{uses a block of 115 threads}}
// expected-warning@#b117 {{uses a block of 117 threads}}
// expected-warning@#b118 {{uses a block of 118 threads}}
// expected-warning@#b120 {{uses a block of 120 threads}}
// expected-warning@#b106 {{uses a block of 106 threads}}
// expected-warning@#k100launch {{launch of 'k100' cannot succeed}}
// expected-note@#k100 {{'k100' is declared with __launch_bounds__(100) here}}
// The plugin has no ptxas report for the occupancy checks: one remark.
// expected-remark@*:* {{no ptxas report}}
#else
// expected-no-diagnostics
#endif
