// -warnings-as-errors turns the selected warplint warnings into errors (and a
// non-zero exit); without it, warnings alone leave clang-tidy's status 0.
//
// REQUIRES: clang-tidy
// RUN: %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=WARN -implicit-check-not='{{warning|error}}:'
// RUN: not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' --warnings-as-errors='warplint-*' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>%t.err \
// RUN:   | FileCheck %s --check-prefix=ERR -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.err
// A glob that names another check leaves them warnings.
// RUN: %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' --warnings-as-errors='bugprone-*' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=WARN -implicit-check-not='{{warning|error}}:'

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(100) k100(float *p) {}
// WARN: warnings-as-errors.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'k100' allows at most 100 threads per block
// ERR:  warnings-as-errors.cu:[[@LINE-2]]:17: error: __launch_bounds__ of 'k100' allows at most 100 threads per block{{.*}} [warplint-block-size,-warnings-as-errors]

void run(float *p) {
  k<<<1, 100>>>(p);
  // WARN: warnings-as-errors.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  // ERR:  warnings-as-errors.cu:[[@LINE-2]]:10: error: launch of 'k' uses a block of 100 threads{{.*}} [warplint-block-size,-warnings-as-errors]
  k<<<1, 128>>>(p);
}

// SUMMARY: 2 warnings treated as errors
