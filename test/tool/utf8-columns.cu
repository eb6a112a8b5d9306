// Multi-byte characters before a finding on its line: the caret goes under
// the character the finding names, counted in display columns as clang
// counts them ('∑' one column, each of '日本語' two), not one column a byte;
// FILE:LINE:COL stays clang's byte column, and SARIF, whose run says
// "columnKind": "unicodeCodePoints", counts code points.
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not %warplint --format=sarif %s -- %cuda_flags | FileCheck %s --check-prefix=SARIF
// RUN: not %warplint --format=json %s -- %cuda_flags | FileCheck %s --check-prefix=JSON
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-no-config -fplugin-arg-warplint-checks=warplint-block-size %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=PLUGIN --strict-whitespace %}

#include "cuda.h"

__global__ void k(float *p) {}

void run(float *p) {
  /* ∑ 日本語 */ k<<<1, 100>>>(p);
}

// An access written with multi-byte characters is quoted in the message cut
// to 57 bytes between characters, not inside one (which made the message
// invalid UTF-8, and JSON replaced the broken character).
__global__ void quoted() {
  __shared__ float s[1024];
  s[threadIdx.x * 32 /* ∑∑∑∑∑∑∑∑∑∑∑∑∑∑∑∑ */] = 1;
}

// CHECK:{{.*}}utf8-columns.cu:17:30: warning: launch of 'k' uses a block of 100 threads {{.*}}
// CHECK-NEXT:  /* ∑ 日本語 */ k<<<1, 100>>>(p);
// CHECK-NEXT:                        ^
// PLUGIN:{{.*}}utf8-columns.cu:17:30: warning: launch of 'k' uses a block of 100 threads
// PLUGIN-NEXT:   17 |   /* ∑ 日本語 */ k<<<1, 100>>>(p);
// PLUGIN-NEXT:      |                         ^
// CHECK:{{.*}}utf8-columns.cu:25:3: warning: shared-memory store of 's[threadIdx.x * 32 /* ∑∑∑∑∑∑∑∑∑∑∑...' has a 32-way bank conflict {{.*}}
// JSON: "message": "shared-memory store of 's[threadIdx.x * 32 /* ∑∑∑∑∑∑∑∑∑∑∑...' has a 32-way
// SARIF: "columnKind": "unicodeCodePoints"
// SARIF: "startColumn": 22,
// SARIF-NEXT: "startLine": 17
