// Multi-byte characters before a finding on its line: the caret goes under
// the character the finding names, counted in display columns as clang
// counts them ('∑' one column, each of '日本語' two), not one column a byte;
// FILE:LINE:COL stays clang's byte column, and SARIF, whose run says
// "columnKind": "unicodeCodePoints", counts code points.
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not %warplint --format=sarif %s -- %cuda_flags | FileCheck %s --check-prefix=SARIF
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-no-config -fplugin-arg-warplint-checks=warplint-block-size %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=PLUGIN --strict-whitespace %}

#include "cuda.h"

__global__ void k(float *p) {}

void run(float *p) {
  /* ∑ 日本語 */ k<<<1, 100>>>(p);
}

// CHECK:{{.*}}utf8-columns.cu:16:30: warning: launch of 'k' uses a block of 100 threads {{.*}}
// CHECK-NEXT:  /* ∑ 日本語 */ k<<<1, 100>>>(p);
// CHECK-NEXT:                        ^
// PLUGIN:{{.*}}utf8-columns.cu:16:30: warning: launch of 'k' uses a block of 100 threads
// PLUGIN-NEXT:   16 |   /* ∑ 日本語 */ k<<<1, 100>>>(p);
// PLUGIN-NEXT:      |                         ^
// SARIF: "columnKind": "unicodeCodePoints"
// SARIF: "startColumn": 22,
// SARIF-NEXT: "startLine": 16
