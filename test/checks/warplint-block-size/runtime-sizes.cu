// Block sizes known only at run time give no finding: warplint reports a
// launch only when every path to it gives the block the same constant size.
// Each launch below would be a finding if warplint guessed the size.
//
// RUN: %warplint %s -- %cuda_flags | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-block-size' %s -- %cuda_flags 2>/dev/null | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-block-size %cuda_flags %s 2>&1 | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:' %}

#include "cuda.h"

__global__ void k(float *p) {}
template <int N> __global__ void kt(float *p) {}

int blockFromEnv();
void takesRef(int &);
void takesPtr(dim3 *);
int gBlock = 100;            // not const: anyone may change it
volatile int vBlock = 100;   // volatile: read at run time

void parameters(float *p, int n, dim3 b, unsigned bx) {
  k<<<1, n>>>(p);
  k<<<1, b>>>(p);
  k<<<1, dim3(bx, 3)>>>(p);
  k<<<1, n * 100>>>(p);
}

void calls(float *p) {
  k<<<1, blockFromEnv()>>>(p);
  int t = blockFromEnv();
  k<<<1, t>>>(p);
}

void branches(float *p, bool big) {
  int t = 100;
  if (big)
    t = 128;
  k<<<1, t>>>(p);

  int u = big ? 100 : 256;
  k<<<1, u>>>(p);

  dim3 d(100);
  if (big)
    d.x = 256;
  k<<<1, d>>>(p);

  int w = 33;
  switch (blockFromEnv()) {
  case 1:
    w = 64;
    break;
  default:
    break;
  }
  k<<<1, w>>>(p);
}

void loops(float *p) {
  for (int t = 1; t <= 1024; t *= 2)
    k<<<1, t>>>(p);
  int t = 100;
  while (blockFromEnv())
    t += 32;
  k<<<1, t>>>(p);
  dim3 d(100);
  for (int i = 0; i < 3; ++i) {
    k<<<1, d>>>(p); // the second time round d.x is 64
    d.x = 64;
  }
}

void escapes(float *p) {
  int t = 100;
  takesRef(t);
  k<<<1, t>>>(p);

  dim3 d(100);
  takesPtr(&d);
  k<<<1, d>>>(p);

  int v = 100;
  int *alias = &v;
  *alias = 128;
  k<<<1, v>>>(p);

  int x = 100;
  auto set = [&x] { x = 64; };
  set();
  k<<<1, x>>>(p);
}

void members(float *p) {
  dim3 d(100);
  d.x = blockFromEnv();
  k<<<1, d>>>(p);

  dim3 e = dim3(100);
  e = dim3(blockFromEnv());
  k<<<1, e>>>(p);
}

void globals(float *p) {
  k<<<1, gBlock>>>(p);
  k<<<1, vBlock>>>(p);
  const volatile int cv = 100;
  k<<<1, cv>>>(p);
}

void jumps(float *p, bool again) {
  int t = 100;
retry:
  k<<<1, t>>>(p);
  if (again) {
    t = 128;
    again = false;
    goto retry;
  }
}

void configs(float *p, int n) {
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(n);
  cudaLaunchKernelEx(&cfg, k, p);

  cudaLaunchConfig_t other = {};
  other.blockDim = dim3(100);
  other.blockDim.x = n;
  cudaLaunchKernelEx(&other, k, p);

  void *args[] = {&p};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(n), args, 0, 0);
}

template <typename T> void generic(float *p, T n) { k<<<1, n>>>(p); }
void instantiate(float *p, int n) { generic(p, n); }

// CHECK-NOT: {{.}}
