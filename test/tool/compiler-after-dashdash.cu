// The compile command after '--' may start with the compiler, as a build log
// prints it: an nvcc command is translated as in a compilation database
// (-rdc=true becomes -fgpu-rdc, -arch picks the GPU, code-generation flags
// are left out), a clang name is dropped. Nothing is written: not -o's file.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %warplint --cuda-path=none %s -- nvcc -rdc=true -arch sm_90 -Xcompiler -fPIC -O3 -DBLOCK=100 -c %s -o %t/k.o 2> %t/err | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty --input-file=%t/err
// RUN: not %warplint --cuda-path=none --verbose %s -- /usr/local/cuda/bin/nvcc -rdc=true -DBLOCK=100 -O3 -c %s 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE
// RUN: not %warplint --cuda-path=none %s -- clang++-22 -fgpu-rdc -DBLOCK=100 | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not ls %t/k.o
//
// Without the translation nvcc's -rdc=true would be an unknown clang option
// and the device-side launch a clang error: no finding there.
// QUIET-NOT: {{.}}
// VERBOSE: warplint: nvcc options after '--' left out of the parse: -O3 -c

#include <cuda_runtime.h>

__global__ void child(float *p) {}

__global__ void parent(float *p) {
  child<<<1, BLOCK>>>(p);
  // CHECK: compiler-after-dashdash.cu:[[@LINE-1]]:14: warning: launch of 'child' uses a block of 100 threads
}
