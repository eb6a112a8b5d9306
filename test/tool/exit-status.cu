// Exit status of the tool: 0 without findings, 1 with warnings or errors, 2 on
// a usage error or a file that cannot be analysed, whatever the findings.
//
// RUN: sh -c '%warplint %s -- %cuda_flags; echo status=$?' 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' --check-prefix=CLEAN
// RUN: sh -c '%warplint %s -- %cuda_flags -DWARN; echo status=$?' 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' --check-prefix=WARN
// RUN: sh -c '%warplint %s -- %cuda_flags -DERR; echo status=$?' 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' --check-prefix=ERR
// RUN: sh -c '%warplint --format=json %s -- %cuda_flags -DWARN; echo status=$?' 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' --check-prefix=JSON
// RUN: sh -c '%warplint --format=nope %s -- %cuda_flags -DWARN; echo status=$?' 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' --check-prefix=USAGE
// RUN: sh -c '%warplint %s %s.missing -- %cuda_flags -DWARN; echo status=$?' 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' --check-prefix=INPUT
//
// And the same through `not`, which fails on status 0.
// RUN: %warplint %s -- %cuda_flags
// RUN: not %warplint %s -- %cuda_flags -DWARN > /dev/null
// RUN: not %warplint %s -- %cuda_flags -DERR > /dev/null

#include <cuda.h>

__global__ void k(float *p) {}

void launches(float *p) {
  k<<<1, 128>>>(p);
#ifdef WARN
  k<<<1, 100>>>(p);
  // WARN:      exit-status.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  // INPUT-DAG: exit-status.cu:[[@LINE-2]]:10: warning: launch of 'k' uses a block of 100 threads
#endif
#ifdef ERR
  k<<<1, 2048>>>(p);
  // ERR: exit-status.cu:[[@LINE-1]]:10: error: launch of 'k' cannot succeed
#endif
}

// CLEAN: status=0

// WARN: status=1

// ERR: status=1

// JSON: "severity": "warning"
// JSON: status=1

// USAGE: warplint: error: unknown --format 'nope'; use text, json, sarif, github or html
// USAGE: status=2

// INPUT-DAG: warplint: error: cannot analyse {{.*}}exit-status.cu.missing: no such file
// INPUT:     status=2
