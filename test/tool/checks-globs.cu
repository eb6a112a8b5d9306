// --checks takes clang-tidy style globs, applied left to right: what enables
// warplint-block-size gives its findings, what disables it is a usage error
// (it is the only check) rather than a silent run.
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks='warplint-*' %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks='*' %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks='-*,warplint-block-size' %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks='-*,warplint-block*' %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks='-*, warplint-block-size' %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
//
// RUN: not %warplint --checks='-*' %s -- %cuda_flags > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.err -DGLOBS='-*'
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty --input-file=%t.out
// RUN: not %warplint --checks='warplint-*,-warplint-block-size,-warplint-bank-*,-warplint-occupancy,-warplint-register-*' %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=OFF -DGLOBS='warplint-*,-warplint-block-size,-warplint-bank-*,-warplint-occupancy,-warplint-register-*'
// RUN: %warplint --checks='warplint-*,-warplint-block-size' %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=EMPTY --allow-empty
// RUN: not %warplint --checks='warplint-block-size,-*' %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=OFF -DGLOBS='warplint-block-size,-*'
// RUN: not %warplint --checks='no-such-check' %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=OFF -DGLOBS='no-such-check'
// RUN: not %warplint --checks='warplint-[' %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=GLOB

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p);
  // CHECK: checks-globs.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads {{.*}} [warplint-block-size]
  k<<<1, 96>>>(p); // no finding
}

// OFF: warplint: error: --checks='[[GLOBS]]' enables no check; see --list-checks
// OFF-NOT: warning:
// EMPTY-NOT: {{.}}
// GLOB: warplint: error: invalid check glob 'warplint-[': invalid glob pattern, unmatched '['
// GLOB-NOT: warning:
