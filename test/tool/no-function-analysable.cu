// A file in which every function has clang errors cannot be analysed: exit 2
// and one line on standard error, and nothing on standard output, even where a
// launch in it would give a finding; the other files are still analysed.
//
// RUN: not %warplint %s -- %cuda_flags > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --match-full-lines -DFILE=%s
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty --input-file=%t.out
// RUN: sh -c '%warplint %s -- %cuda_flags; echo status=$?' 2>/dev/null | FileCheck %s --check-prefix=STATUS
// RUN: not %warplint --verbose %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE -DFILE=%s
// RUN: not %warplint %s %S/Inputs/jobs/f4.cu -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefix=OTHER
//
// Errors outside any function, and no function: nothing to analyse either.
// RUN: not %warplint %s -- %cuda_flags -DNO_FUNCTION 2>&1 | FileCheck %s --check-prefix=NOFUNC --match-full-lines -DFILE=%s

#ifndef NO_FUNCTION
#include <cuda.h>

__global__ void __launch_bounds__(100) k(float *p) { undeclared(); }

void launch(float *p) {
  k<<<1, 33>>>(p);
  int x = "not an int";
}
#else
int x = "not an int";
#endif

// CHECK: warplint: error: cannot analyse [[FILE]]: 2 clang errors and no function free of errors to analyse
// CHECK-NOT: {{.}}
// EMPTY-NOT: {{.}}
// STATUS: status=2
// VERBOSE: warplint: error: cannot analyse [[FILE]]: 2 clang errors and no function free of errors to analyse
// VERBOSE: [[FILE]]:18:54: error: use of undeclared identifier 'undeclared'
// VERBOSE: [[FILE]]:22:7: error: cannot initialize a variable
// OTHER: f4.cu:5:11: warning: launch of 'k4' uses a block of 65 threads
// NOFUNC: warplint: error: cannot analyse [[FILE]]: 1 clang error and no function free of errors to analyse
