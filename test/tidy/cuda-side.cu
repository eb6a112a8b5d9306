// clang-tidy parses one side of a CUDA compile, so each finding comes once:
// by default the device side (host functions are parsed there too, code under
// #ifndef __CUDA_ARCH__ is not), with --extra-arg=--cuda-host-only the host
// side, which sees everything, as the tool and the plugin do.
//
// REQUIRES: clang-tidy
// RUN: not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' %s -- %cuda_flags 2>%t.dev.err \
// RUN:   | FileCheck %s --check-prefix=BOTH -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=DEVICE --input-file=%t.dev.err
// RUN: not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>%t.host.err \
// RUN:   | FileCheck %s --check-prefixes=BOTH,HOST -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=HOSTSIDE --input-file=%t.host.err
// Several GPU architectures: still once.
// RUN: not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' %s -- %cuda_flags --cuda-gpu-arch=sm_90 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=BOTH -implicit-check-not='{{warning|error}}:'

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p);
  // BOTH: cuda-side.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  k<<<1, 2048>>>(p);
  // BOTH: cuda-side.cu:[[@LINE-1]]:10: error: launch of 'k' cannot succeed: blockDim.x is 2048
}

#ifndef __CUDA_ARCH__
void hostOnly(float *p) {
  k<<<1, 48>>>(p);
  // HOST: cuda-side.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 48 threads
}
#endif

// DEVICE: generated when compiling for sm_80.
// HOSTSIDE: generated when compiling for host.
