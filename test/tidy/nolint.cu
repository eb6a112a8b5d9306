// clang-tidy's NOLINT, NOLINTNEXTLINE and NOLINTBEGIN/NOLINTEND silence
// warplint warnings, with or without the check's name; a NOLINT for another
// check does not. clang-tidy never silences errors: a launch that cannot
// succeed is reported under any NOLINT (docs/user-guide.md says so).
//
// REQUIRES: clang-tidy
// RUN: not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>%t.err \
// RUN:   | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=SUPPRESSED --input-file=%t.err

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(100) k100(float *p) {} // NOLINT(warplint-block-size)
__global__ void __launch_bounds__(48) k48(float *p) {}
// CHECK: nolint.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'k48' allows at most 48 threads per block

void run(float *p) {
  k<<<1, 100>>>(p); // NOLINT(warplint-block-size)
  k<<<1, 101>>>(p); // NOLINT
  k<<<1, 102>>>(p); // NOLINT(warplint-*)
  k<<<1, 103>>>(p); // NOLINT(bugprone-*)
  // CHECK: nolint.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 103 threads
  // NOLINTNEXTLINE(warplint-block-size)
  k<<<1, 104>>>(p);
  // NOLINTNEXTLINE
  k<<<1, 2000>>>(p);
  // CHECK: nolint.cu:[[@LINE-1]]:10: error: launch of 'k' cannot succeed: blockDim.x is 2000
  // NOLINTNEXTLINE
  k<<<1, 107>>>(p);
  // NOLINTBEGIN(warplint-block-size)
  k<<<1, 105>>>(p);
  k<<<1, dim3(64, 32)>>>(p);
  // CHECK: nolint.cu:[[@LINE-1]]:10: error: launch of 'k' cannot succeed: block 64x32x1 has 2048 threads
  k<<<1, dim3(10, 10)>>>(p);
  // NOLINTEND(warplint-block-size)
  // NOLINTBEGIN
  k<<<1, 108>>>(p);
  // NOLINTEND
  k<<<1, 106>>>(p);
  // CHECK: nolint.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 106 threads
  k100<<<1, 128>>>(p); // NOLINT(warplint-block-size): an error all the same
  // CHECK: nolint.cu:[[@LINE-1]]:13: error: launch of 'k100' cannot succeed
  // Its note points at line 13, whose NOLINT clang-tidy applies to notes too.
}

// Nine warnings and the note.
// SUPPRESSED: Suppressed 10 warnings (10 NOLINT).
