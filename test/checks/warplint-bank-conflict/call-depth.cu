// warplint-bank-conflict follows chains of up to 12 calls from a kernel.
// Past that limit, the reason says the limit was reached (and that no
// option raises it), not that the function has no caller in the file; a
// function whose callers no kernel reaches, and one with no caller at all,
// each get their own reason. None of them is a finding.
//
// RUN: %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

// Thirteen calls from the kernel to f13: one more than the limit.
__device__ void f13(float *s, unsigned i) { s[i * 32 % 1024] = 1; }
// DUMP: [[@LINE-1]]:45 s[i * 32 % 1024] bytes=4 why='s' is a parameter of a device function that no chain of up to 12 calls from a kernel reaches: the analysis reached its call-depth limit (12 calls, fixed; no option raises it) before finding a longer one
__device__ void f12(float *s, unsigned i) { f13(s, i); }
__device__ void f11(float *s, unsigned i) { f12(s, i); }
__device__ void f10(float *s, unsigned i) { f11(s, i); }
__device__ void f9(float *s, unsigned i) { f10(s, i); }
__device__ void f8(float *s, unsigned i) { f9(s, i); }
__device__ void f7(float *s, unsigned i) { f8(s, i); }
__device__ void f6(float *s, unsigned i) { f7(s, i); }
__device__ void f5(float *s, unsigned i) { f6(s, i); }
__device__ void f4(float *s, unsigned i) { f5(s, i); }
__device__ void f3(float *s, unsigned i) { f4(s, i); }
__device__ void f2(float *s, unsigned i) { f3(s, i); }
__device__ void f1(float *s, unsigned i) { f2(s, i); }
__global__ void deep() {
  __shared__ float s[1024];
  f1(s, threadIdx.x);
}

// Twelve calls: within the limit, analysed (conflict-free).
__device__ void g12(float *s, unsigned i) { s[i % 1024] = 1; }
// DUMP: [[@LINE-1]]:45 s[i % 1024] bytes=4 degree=1
__device__ void g11(float *s, unsigned i) { g12(s, i); }
__device__ void g10(float *s, unsigned i) { g11(s, i); }
__device__ void g9(float *s, unsigned i) { g10(s, i); }
__device__ void g8(float *s, unsigned i) { g9(s, i); }
__device__ void g7(float *s, unsigned i) { g8(s, i); }
__device__ void g6(float *s, unsigned i) { g7(s, i); }
__device__ void g5(float *s, unsigned i) { g6(s, i); }
__device__ void g4(float *s, unsigned i) { g5(s, i); }
__device__ void g3(float *s, unsigned i) { g4(s, i); }
__device__ void g2(float *s, unsigned i) { g3(s, i); }
__device__ void g1(float *s, unsigned i) { g2(s, i); }
__global__ void shallow() {
  __shared__ float s[1024];
  g1(s, threadIdx.x);
}

// Called, but from no kernel; and not called at all.
__device__ void h2(float *s, unsigned i) { s[i * 32 % 1024] = 1; }
// DUMP: [[@LINE-1]]:44 s[i * 32 % 1024] bytes=4 why='s' is a parameter of a device function whose callers no kernel in this file reaches
__device__ void h1(float *s, unsigned i) { h2(s, i); }
__device__ void lonely(float *s, unsigned i) { s[i * 32 % 1024] = 1; }
// DUMP: [[@LINE-1]]:48 s[i * 32 % 1024] bytes=4 why='s' is a parameter of a device function with no caller in this file
