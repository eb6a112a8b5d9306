// An unmatched begin or end comment of a suppressed block silences nothing
// and is reported, as clang-tidy does, as a warning of the pseudo-check
// warplint-nolint (in the files whose findings were looked up), in every
// output format; it counts for the exit status like any warning. (The checks
// below spell the comment's name with a regex, not to be one themselves.)
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --format=json %s -- %cuda_flags | FileCheck %s --check-prefix=JSON
// RUN: %warplint --fail-on=error %s -- %cuda_flags > /dev/null
// RUN: %if sarif-schema %{ not %warplint --format=sarif --output=%t.sarif %s -- %cuda_flags %}
// RUN: %if sarif-schema %{ %python %S/../docs/Inputs/validate_sarif.py %sarif_schema %t.sarif %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags -Xclang -verify %s %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  // NOLINTEND(warplint-block-size) #end1
  // CHECK: unmatched.cu:[[@LINE-1]]:6: warning: unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment [warplint-nolint]
  // NOLINTBEGIN(warplint-block-size) #begin
  // CHECK: unmatched.cu:[[@LINE-1]]:6: warning: unmatched 'NOLINT{{BEGIN}}' comment without a subsequent 'NOLINT{{END}}' comment [warplint-nolint]
  k<<<1, 100>>>(p); // #b100
  // CHECK: unmatched.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  // NOLINTEND(warplint-bank-conflict) #end2
  // CHECK: unmatched.cu:[[@LINE-1]]:6: warning: unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment [warplint-nolint]
  k<<<1, 101>>>(p); // #b101
  // CHECK: unmatched.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 101 threads
}

// JSON:      "check": "warplint-nolint",
// JSON-NEXT: "column": 6,
// JSON:      "message": "unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment",
// JSON:      "severity": "warning"

#ifndef __CUDA_ARCH__
// expected-warning-re@#end1 {{unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment}}
// expected-warning-re@#begin {{unmatched 'NOLINT{{BEGIN}}' comment without a subsequent 'NOLINT{{END}}' comment}}
// expected-warning-re@#end2 {{unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment}}
// expected-warning@#b100 {{launch of 'k' uses a block of 100 threads}}
// expected-warning@#b101 {{launch of 'k' uses a block of 101 threads}}
// The plugin has no ptxas report for the occupancy checks: one remark.
// expected-remark@*:* {{no ptxas report}}
#else
// expected-no-diagnostics
#endif
