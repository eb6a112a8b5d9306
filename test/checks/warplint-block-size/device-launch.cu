// Launches from device code (dynamic parallelism) are checked like host
// launches. Clang parses them only with relocatable device code (-fgpu-rdc;
// nvcc's -rdc=true and -dc translate to it); without it the launching
// function has a clang error and is not analysed.
//
// RUN: not %warplint %s -- %cuda_flags -fgpu-rdc | FileCheck %s -DERR=error -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' %s -- %cuda_flags -fgpu-rdc 2>/dev/null | FileCheck %s -DERR=error -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fgpu-rdc -fplugin=%warplint_plugin %cuda_flags %s 2>&1 | FileCheck %s -DERR=warning -implicit-check-not='{{warning|error}}:' %}
//
// The same through a compilation database holding an nvcc command.
// RUN: rm -rf %t && mkdir -p %t && sed "s/^#include \"cuda.h\"/#include <cuda_runtime.h>/" %s > %t/device-launch.cu
// RUN: echo '[{"directory": "%/t", "file": "device-launch.cu", "arguments": ["nvcc", "-rdc=true", "-arch=sm_80", "-c", "device-launch.cu", "-o", "dp.o"]}]' > %t/compile_commands.json
// RUN: not %warplint -p %t --cuda-path=none %t/device-launch.cu | FileCheck %s -DERR=error -implicit-check-not='{{warning|error}}:'
//
// Without -fgpu-rdc: no finding; each launch is a clang error and the two
// launching functions are not analysed.
// RUN: %warplint %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=NORDC
// NORDC: warplint: 3 clang errors in {{.*}}device-launch.cu, 2 functions not analysed

#include "cuda.h"

__global__ void child(float *p) {}

__global__ void parent(float *p) {
  child<<<1, 100>>>(p);
  // CHECK: device-launch.cu:[[@LINE-1]]:14: warning: launch of 'child' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) [warplint-block-size]
  child<<<1, 256>>>(p);
}

__device__ void helper(float *p) {
  child<<<1, dim3(64, 32)>>>(p);
  // CHECK: device-launch.cu:[[@LINE-1]]:14: [[ERR]]: launch of 'child' cannot succeed: block 64x32x1 has 2048 threads, above the limit of 1024 threads per block [warplint-block-size]
}

void host(float *p) { parent<<<1, 128>>>(p); }
