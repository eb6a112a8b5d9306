// --output=FILE writes the findings there, in every format, and nothing to
// standard output; an unwritable FILE is a usage error (exit 2).
//
// RUN: rm -f %t.txt %t.json %t.out
// RUN: not %warplint --output=%t.txt %s -- %cuda_flags > %t.out
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty --input-file=%t.out
// RUN: FileCheck %s --input-file=%t.txt -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --format=json --output=%t.json %s -- %cuda_flags > %t.out
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty --input-file=%t.out
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s --check-prefix=JSON
//
// The file is written even without findings.
// RUN: %warplint --format=json --output=%t.json %s -- %cuda_flags -DCLEAN_ONLY
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s --check-prefix=NONE
//
// RUN: not %warplint --output=%t.nodir/out.txt %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=BAD -DFILE=%t.nodir/out.txt

#include <cuda.h>

__global__ void k(float *p) {}

#ifndef CLEAN_ONLY
void run(float *p) {
  k<<<1, 100>>>(p);
  // CHECK: output-file.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  // JSON: [[@LINE-2]]:10 warning warplint-block-size launch=<<<>>> kernel=k threads=100
}
#endif

// EMPTY-NOT: {{.}}
// JSON: 1 findings (1 warnings, 0 errors)
// NONE: 0 findings (0 warnings, 0 errors)
// BAD: warplint: error: cannot write '[[FILE]]': No such file or directory
