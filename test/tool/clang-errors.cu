// A file with clang errors in some functions: those functions are left out,
// the others are analysed and their findings printed (exit 1), and standard
// error has one line that counts the errors and the functions left out;
// --verbose prints the errors themselves.
//
// RUN: not %warplint %s -- %cuda_flags > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.err --match-full-lines -DFILE=%s
// RUN: sh -c '%warplint %s -- %cuda_flags; echo status=$?' 2>/dev/null | FileCheck %s --check-prefix=STATUS
//
// RUN: not %warplint --verbose %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE -DFILE=%s
//
// One error, one function: singular words.
// RUN: not %warplint %s -- %cuda_flags -DONE_ERROR 2>&1 >/dev/null | FileCheck %s --check-prefix=ONE --match-full-lines -DFILE=%s
//
// A missing header is one more error (outside any function), not the end of
// the file.
// RUN: not %warplint %s -- %cuda_flags -DMISSING_HEADER 2> %t.header.err | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=HEADER --match-full-lines --input-file=%t.header.err -DFILE=%s

#include <cuda.h>
#ifdef MISSING_HEADER
#include "no-such-header.h"
#endif

// The summary comes first, without the hint, then the errors in full.
// VERBOSE: warplint: 2 clang errors in [[FILE]], 2 functions not analysed{{$}}

__global__ void k(float *p) {}

#ifndef ONE_ERROR
void broken(float *p) {
  undeclared(p);
  k<<<1, 33>>>(p); // not reported: the function has errors
}
// VERBOSE: [[FILE]]:[[@LINE-3]]:3: error: use of undeclared identifier 'undeclared'
#endif

__global__ void brokenKernel(float *p) {
  int x = "not an int";
}
// VERBOSE: [[FILE]]:[[@LINE-2]]:7: error: cannot initialize a variable of type 'int' with an lvalue of type 'const char[11]'

void fine(float *p) {
  k<<<1, 100>>>(p);
  // CHECK: clang-errors.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  k<<<1, 128>>>(p);
}

__global__ void __launch_bounds__(100) cleanKernel(float *p) {}
// CHECK: clang-errors.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'cleanKernel' allows at most 100 threads per block

// SUMMARY: warplint: 2 clang errors in [[FILE]], 2 functions not analysed (--verbose shows them)
// SUMMARY-NOT: {{.}}
// STATUS: status=1


// HEADER: warplint: 3 clang errors in [[FILE]], 2 functions not analysed (--verbose shows them)
// HEADER-NOT: {{.}}
// ONE: warplint: 1 clang error in [[FILE]], 1 function not analysed (--verbose shows them)
