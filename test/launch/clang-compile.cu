// warplint-launch runs a clang compile unchanged: the same exit status, a
// byte-identical object and dependency file, the compiler's own standard
// output and error first and unchanged, then warplint's findings, once, in
// clang's FILE:LINE:COL format.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %cuda_host_flags -Wall -c %s -o %t/k.o -MD -MF %t/k.d > %t/plain.out 2> %t/plain.err
// RUN: mv %t/k.o %t/plain.o && mv %t/k.d %t/plain.d
// RUN: %warplint_launch --no-ptxas %clang %cuda_host_flags -Wall -c %s -o %t/k.o -MD -MF %t/k.d > %t/launch.out 2> %t/launch.err
// RUN: cmp %t/plain.o %t/k.o
// RUN: cmp %t/plain.d %t/k.d
// RUN: cmp %t/plain.out %t/launch.out
// RUN: FileCheck %s --check-prefix=CLANG --input-file=%t/plain.err
// RUN: %python %S/Inputs/split_prefix.py %t/plain.err %t/launch.err > %t/added.err
// RUN: FileCheck %s --input-file=%t/added.err --match-full-lines -DFILE=%s -implicit-check-not='{{warning|error|note}}:'
//
// Without -MD the same compile writes no dependency file.
// RUN: rm -f %t/k.d && %warplint_launch --no-ptxas %clang %cuda_host_flags -c %s -o %t/k.o 2> /dev/null
// RUN: not ls %t/k.d

#include "cuda.h"

__global__ void scale(float *a) { a[threadIdx.x] *= 2; }

void run(float *a) {
  int unused;
  // CLANG: {{.*}}clang-compile.cu:[[@LINE-1]]:7: warning: unused variable 'unused' [-Wunused-variable]
  scale<<<1, 100>>>(a);
  // CHECK: [[FILE]]:[[@LINE-1]]:14: warning: launch of 'scale' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) [warplint-block-size]
  // Error-level findings do not fail the build without an opt-in.
  scale<<<1, 2048>>>(a);
  // CHECK: [[FILE]]:[[@LINE-1]]:14: error: launch of 'scale' cannot succeed: blockDim.x is 2048, above the limit of 1024 (block 2048x1x1) [warplint-block-size]
}
