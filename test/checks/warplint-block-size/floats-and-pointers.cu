// Block sizes host code computes in floating point (ceil of a quotient, a
// float scaled and truncated), and block sizes a helper writes through a
// pointer parameter (docs/checks/warplint-block-size.md, "How values are
// found"). A value out of the range of its integer type, or a helper that
// keeps the pointer, leaves the block size unknown: no finding.
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-block-size' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-block-size %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include "cuda.h"
#include <math.h>

__global__ void k(float *p) {}

void byQuotient(float *p) {
  int n = 200;
  int threads = ceil(n / 3.0);
  k<<<1, threads>>>(p);
  // CHECK: floats-and-pointers.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 67 threads (67x1x1), not a multiple of the warp size 32: 3 warps with 29 idle lanes (30.2%) [warplint-block-size]
  // CHECK: floats-and-pointers.cu:[[@LINE-3]]:17: note: block shape 67x1x1 defined here
  float scale = 0.75f;
  k<<<1, (int)(scale * 128)>>>(p); // 96 threads: no finding
  k<<<1, (int)(scale * 1e10f)>>>(p); // out of range: unknown, no finding
}

void sizes(int n, int *threads, int *blocks) {
  if (n > 1000)
    *threads = 256;
  else
    *threads = n / 10;
  *blocks = 1;
}

int *kept;
void keep(int *threads) {
  *threads = 100;
  kept = threads;
}

void byPointer(float *p) {
  int t = 32, b = 1;
  sizes(500, &t, &b);
  k<<<b, t>>>(p);
  // CHECK: floats-and-pointers.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 50 threads (50x1x1), not a multiple of the warp size 32: 2 warps with 14 idle lanes (21.9%) [warplint-block-size]
  // CHECK: floats-and-pointers.cu:[[@LINE-3]]:3: note: block shape 50x1x1 defined here
  sizes(5000, &t, &b);
  k<<<b, t>>>(p); // 256 threads: no finding
  keep(&t);
  k<<<b, t>>>(p); // kept: unknown, no finding
}
