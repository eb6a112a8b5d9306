// warplint-bank-conflict in code under __CUDA_ARCH__, which the host-side
// parse does not see: the tool parses such a file again device-side, for
// each requested architecture, and reports each finding once; of an
// #if/#else, only the branch compiled for the architecture.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags \
// RUN:   | FileCheck %s --check-prefixes=SM80,DEVICE,TOOL -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks=warplint-bank-conflict --arch=sm_70 %s -- %cuda_flags \
// RUN:   | FileCheck %s --check-prefixes=SM70,DEVICE,TOOL -implicit-check-not='{{warning|error}}:'
// Without --arch, the architecture of the compile command.
// RUN: not %warplint --checks=warplint-bank-conflict %s -- -x cuda -nocudainc -nocudalib \
// RUN:     --cuda-gpu-arch=sm_70 -Wno-unknown-cuda-version -isystem %cuda_inputs \
// RUN:   | FileCheck %s --check-prefixes=SM70,DEVICE,TOOL -implicit-check-not='{{warning|error}}:'
// sm_90a also defines __CUDA_ARCH_FEAT_SM90_ALL (--arch names the SM, the
// command keeps the suffix).
// RUN: not %warplint --checks=warplint-bank-conflict %s -- -x cuda -nocudainc -nocudalib \
// RUN:     --cuda-gpu-arch=sm_90a -Wno-unknown-cuda-version -isystem %cuda_inputs \
// RUN:   | FileCheck %s --check-prefixes=SM80,SM90A,DEVICE,TOOL -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks=warplint-bank-conflict --arch=sm_90 %s -- -x cuda -nocudainc -nocudalib \
// RUN:     --cuda-gpu-arch=sm_90a -Wno-unknown-cuda-version -isystem %cuda_inputs \
// RUN:   | FileCheck %s --check-prefixes=SM80,SM90A,DEVICE,TOOL -implicit-check-not='{{warning|error}}:'
// Several architectures: the code each compiles, each finding once.
// RUN: not %warplint --checks=warplint-bank-conflict --arch=sm_70,sm_80,sm_90 %s -- %cuda_flags \
// RUN:   | FileCheck %s --check-prefixes=SM70,SM80,DEVICE,TOOL -implicit-check-not='{{warning|error}}:'
//
// The plugin and clang-tidy see what their own compilation sees: the host
// side nothing under __CUDA_ARCH__, the device side the branch of its
// architecture and not the host's #else.
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_host_flags %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-device-side -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_device_flags %s 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=SM80,DEVICE,ALONE -implicit-check-not='{{warning|error}}:' %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefixes=SM80,DEVICE,ALONE -implicit-check-not='{{warning|error}}:' %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=HOST -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

// The whole body for sm_80 and newer: empty on the host side.
__global__ void wholeBody(float *out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = out[threadIdx.x];
  // SM80: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 'tile[threadIdx.x][0]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
#endif
}

// One branch for sm_80 and newer, another for older GPUs (and the host).
__global__ void perArch(float *out) {
  __shared__ float s[64];
#if __CUDA_ARCH__ >= 800
  s[threadIdx.x * 2] = out[threadIdx.x];
  // SM80: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * 2]' has a 2-way bank conflict
#else
  s[threadIdx.x * 4 % 64] = out[threadIdx.x];
  // SM70: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * 4 % 64]' has a 2-way bank conflict
  // HOST: cuda-arch.cu:[[@LINE-2]]:3: warning: shared-memory store of 's[threadIdx.x * 4 % 64]' has a 2-way bank conflict
#endif
}

// #ifdef, and feature macros of the __CUDA_ARCH family.
__global__ void ifdefArch(double *out) {
#ifdef __CUDA_ARCH__
  __shared__ double d[32][32];
  d[threadIdx.x][1] = out[0];
  // DEVICE: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 'd[threadIdx.x][1]' has a 16-way bank conflict
#endif
}

__global__ void featureMacro(float *out) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || !defined(__CUDA_ARCH__)
  __shared__ float h[32][32];
  h[threadIdx.x][2] = out[0]; // never compiled for sm_70 or sm_80
  // HOST: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 'h[threadIdx.x][2]' has a 32-way bank conflict
  // SM90A: cuda-arch.cu:[[@LINE-2]]:3: warning: shared-memory store of 'h[threadIdx.x][2]' has a 32-way bank conflict
#endif
}

// Launched only from host code the device side does not compile: the tool's
// device-side parse still gets the block shape of that launch from the host
// side; a device compilation alone (plugin, clang-tidy) assumes one.
__global__ void hostLaunched(float *out) {
#ifdef __CUDA_ARCH__
  __shared__ float w[32][32];
  w[threadIdx.x][2] = out[0];
  // TOOL: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 'w[threadIdx.x][2]' has a 16-way bank conflict (block 16x2: {{.*}})
  // ALONE: cuda-arch.cu:[[@LINE-2]]:3: warning: shared-memory store of 'w[threadIdx.x][2]' has a 32-way bank conflict (assumed block 32x1: {{.*}})
#endif
}

#ifndef __CUDA_ARCH__
void runOnHost(float *p) { hostLaunched<<<1, dim3(16, 2)>>>(p); }
#endif

void run(float *p, double *q) {
  wholeBody<<<1, 32>>>(p);
  perArch<<<1, 32>>>(p);
  ifdefArch<<<1, 32>>>(q);
  featureMacro<<<1, 32>>>(p);
}

// ---- No diagnostics ----

__global__ void silenced(float *out) {
#if __CUDA_ARCH__ >= 700
  __shared__ float t[32][32];
  t[threadIdx.x][0] = out[0]; // NOLINT(warplint-bank-conflict)
#endif
}
