// Block sizes the one value engine follows in host code as it follows
// device code (docs/checks/warplint-block-size.md, "How values are found"):
// compound assignments and increments, an if/else whose condition the code
// fixes, the value a loop with a fixed trip count leaves, the value a
// function of the file returns, an element of a local array that is never
// written, and a dim3 set field by field with a launch in between. The
// launches in "unknown" stay unknown: each would be a finding if warplint
// guessed.
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-block-size' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-block-size %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include "cuda.h"

__global__ void k(float *p) {}

static int divUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

void updated(float *p) {
  int t = 64;
  t += 36;
  k<<<1, t>>>(p);
  // CHECK: engine-values.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) [warplint-block-size]
  // CHECK: engine-values.cu:[[@LINE-3]]:3: note: block shape 100x1x1 defined here
  int u = 120;
  u++;
  k<<<1, u>>>(p);
  // CHECK: engine-values.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 121 threads
  // CHECK: engine-values.cu:[[@LINE-3]]:3: note: block shape 121x1x1 defined here
}

constexpr bool Small = false;
void fixedBranch(float *p) {
  int t = 256;
  if (Small)
    t = 64;
  else
    t = 200;
  k<<<1, t>>>(p);
  // CHECK: engine-values.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 200 threads
}

void afterALoop(float *p) {
  int log2N = 23, n = 1 << 23;
  for (; log2N > 11; log2N -= 2)
    n >>= 2;
  k<<<1, n / 4 + 8>>>(p);
  // CHECK: engine-values.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 520 threads
}

void returned(float *p) {
  int w = 1920;
  int threads = divUp(w, 16);
  k<<<1, threads>>>(p);
  // CHECK: engine-values.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 120 threads (120x1x1), not a multiple of the warp size 32: 4 warps with 8 idle lanes (6.2%) [warplint-block-size]
  // CHECK: engine-values.cu:[[@LINE-3]]:17: note: block shape 120x1x1 defined here
}

void arrayElement(float *p) {
  int sizes[] = {64, 48, 256};
  k<<<1, sizes[1]>>>(p);
  // CHECK: engine-values.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 48 threads
}

void fieldByField(float *p) {
  dim3 b(32, 4);
  k<<<1, b>>>(p);
  b.x = 20;
  k<<<1, b>>>(p);
  // CHECK: engine-values.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 80 threads (20x4x1), not a multiple of the warp size 32
}

// ---- unknown -------------------------------------------------------------

void unknown(float *p, bool big, int n) {
  int t = 128;
  if (big)
    t = 100;                  // a condition the code does not fix
  k<<<1, t>>>(p);
  for (int b = 32; b <= n; b += 31)
    k<<<1, b>>>(p);           // a loop's counter, inside the loop
  int s[] = {64, 100};
  k<<<1, s[n]>>>(p);          // an index the code does not fix
  int v = 100;
  int *pv = &v;               // its address escapes
  k<<<1, v>>>(p);
  (void)pv;
}
