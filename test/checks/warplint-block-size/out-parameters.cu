// Block sizes a host helper writes through non-const references
// (docs/checks/warplint-block-size.md, "How values are found"): the value
// after the call is what the helper leaves in its parameter, computed from
// the call's arguments. A helper that may return before setting it, or
// whose body is not in the file, leaves the block size unknown: no finding.
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-block-size' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-block-size %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include "cuda.h"

__global__ void k(float *p) {}

static int roundUp(int n, int m) { return (n + m - 1) / m * m; }

void shape(int n, int maxThreads, int &blocks, int &threads) {
  threads = n < maxThreads ? roundUp(n, 8) : maxThreads;
  blocks = (n + threads - 1) / threads;
}

void launch(float *p) {
  int blocks = 0, threads = 0;
  shape(100, 512, blocks, threads);
  k<<<blocks, threads>>>(p);
  // CHECK: out-parameters.cu:[[@LINE-1]]:15: warning: launch of 'k' uses a block of 104 threads (104x1x1), not a multiple of the warp size 32: 4 warps with 24 idle lanes (18.8%) [warplint-block-size]
  // CHECK: out-parameters.cu:[[@LINE-3]]:3: note: block shape 104x1x1 defined here
  shape(1000, 512, blocks, threads);
  k<<<blocks, threads>>>(p); // 512 threads: no finding
}

// ---- unknown -------------------------------------------------------------

void early(int n, int &threads) {
  if (n > 64)
    return;
  threads = 48;
}
void declared(int n, int &threads);

void unknown(float *p) {
  int t = 64;
  early(10, t); // may return before writing it
  k<<<1, t>>>(p);
  int u = 64;
  declared(10, u); // its body is not in this file
  k<<<1, u>>>(p);
  int v = 64;
  int &r = v; // another name for it
  shape(100, 512, v, v);
  k<<<1, v>>>(p);
  (void)r;
}
