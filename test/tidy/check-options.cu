// CheckOptions warplint-block-size.LaunchBounds: false, given with -config,
// turns off the __launch_bounds__ findings and keeps the hardware limits; a
// bad value is a configuration warning and the default (true) applies.
//
// REQUIRES: clang-tidy
// RUN: not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BOUNDS -implicit-check-not='{{warning|error}}:'
// RUN: not %clang_tidy --load=%warplint_tidy --extra-arg=--cuda-host-only \
// RUN:   -config='{Checks: "-*,warplint-*", CheckOptions: {warplint-block-size.LaunchBounds: false}}' %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %clang_tidy --load=%warplint_tidy --extra-arg=--cuda-host-only \
// RUN:   -config='{Checks: "-*,warplint-*", CheckOptions: {warplint-block-size.LaunchBounds: true}}' %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BOUNDS -implicit-check-not='{{warning|error}}:'
// RUN: not %clang_tidy --load=%warplint_tidy --extra-arg=--cuda-host-only \
// RUN:   -config='{Checks: "-*,warplint-*", CheckOptions: {warplint-block-size.LaunchBounds: maybe}}' %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefixes=BADVALUE,CHECK,BOUNDS -implicit-check-not='{{warning|error}}:'
// The option shows in --dump-config.
// RUN: %clang_tidy --load=%warplint_tidy -config='{Checks: "-*,warplint-*", CheckOptions: {warplint-block-size.LaunchBounds: false}}' \
// RUN:   --dump-config %s -- %cuda_flags | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

// BADVALUE: warning: check option 'warplint-block-size.LaunchBounds' takes true or false, not 'maybe' [clang-tidy-config]

__global__ void __launch_bounds__(100) k100(float *p) {}
// BOUNDS: check-options.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'k100' allows at most 100 threads per block

void run(float *p) {
  k100<<<1, 128>>>(p);
  // BOUNDS: check-options.cu:[[@LINE-1]]:13: error: launch of 'k100' cannot succeed: block 128x1x1 has 128 threads, above the kernel's __launch_bounds__ maximum of 100
  // BOUNDS: note: 'k100' is declared with __launch_bounds__(100) here
  k100<<<1, 2048>>>(p);
  // CHECK: check-options.cu:[[@LINE-1]]:13: error: launch of 'k100' cannot succeed: blockDim.x is 2048
}

// DUMP: warplint-block-size.LaunchBounds: 'false'
