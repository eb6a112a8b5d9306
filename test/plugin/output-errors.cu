// The plugin's findings that cannot be written (standard error on a full
// device, 2>/dev/full) are lost, and that is all: the compile succeeds with
// the object clang alone makes. It failed with "LLVM ERROR: IO failure on
// output stream", status 1. A write error of clang's own output is still
// clang's: with a warning of its own, clang fails as it does without the
// plugin.
//
// REQUIRES: plugin, system-linux
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %cuda_host_flags -c %s -o %t/plain.o
// RUN: %clang %cuda_host_flags -fplugin=%warplint_plugin -c %s -o %t/plugin.o 2>/dev/full
// RUN: cmp %t/plain.o %t/plugin.o
// The same compile writes its finding where it can.
// RUN: %clang %cuda_host_flags -fplugin=%warplint_plugin -c %s -o %t/plugin.o 2>&1 | FileCheck %s
// CHECK: output-errors.cu:{{[0-9]+:[0-9]+}}: warning: launch of 'scale' uses a block of 100 threads
//
// With werror the finding still fails the compile.
// RUN: not %clang %cuda_host_flags -fplugin=%warplint_plugin -fplugin-arg-warplint-werror -c %s -o %t/werror.o 2>/dev/full
// clang's own warning, written to a full device: status 1 with or without the plugin.
// RUN: not %clang %cuda_host_flags -Wunused-variable -DUNUSED -c %s -o %t/own.o 2>/dev/full
// RUN: not %clang %cuda_host_flags -Wunused-variable -DUNUSED -fplugin=%warplint_plugin -c %s -o %t/own.o 2>/dev/full
#include "cuda.h"
__global__ void scale(float *a) { a[threadIdx.x] *= 2; }
void run(float *a) { scale<<<1, 100>>>(a);
#ifdef UNUSED
  int unused = 0;
#endif
}
