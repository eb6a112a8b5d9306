// Shared objects of class type reached through their member functions and
// operators: an operator() or a member function returning a reference into
// the object, a member function that reads or writes the object through
// `this` (listed in its body, for the object each call is made on),
// a helper returning a pointer or a reference derived from its parameter,
// a view object holding a pointer into shared memory, static data members,
// nested structs and an array of structs through a reference.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

template <typename T, int N> struct Tile {
  T d[N][N];
  __device__ T &operator()(int r, int c) { return d[r][c]; }
  __device__ T get(int r, int c) const { return d[r][c]; }
  // CHECK: :[[@LINE-1]]:49: warning: shared-memory load of 'd[r][c]' has a 32-way bank conflict (block 32x1 via 'objects': lanes 0..31 hit bank 2 with a stride of 32 words) [warplint-bank-conflict]
  __device__ void set(int r, int c, T v) { d[r][c] = v; }
  // CHECK: :[[@LINE-1]]:44: warning: shared-memory store of 'd[r][c]' has a 32-way bank conflict (block 32x1 via 'objects': lanes 0..31 hit bank 3 with a stride of 32 words) [warplint-bank-conflict]
};

struct Local {
  float v[4];
  __device__ void add(int i, float x) { v[i] += x; } // not shared: unlisted
};

struct View {
  float *p;
  __device__ float &at(int i) { return p[i]; }
};

__device__ float *row(float *base, int r) { return base + r * 32; }

struct Elem {
  float x, y, z;
};
struct Outer {
  struct Inner {
    float v[32];
  } in[32];
};
struct Holder {
  static __shared__ float st[32][32];
};

__global__ void objects(float *out, float v) {
  __shared__ Tile<float, 32> t;
  t(threadIdx.x, 0) = v;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 't(threadIdx.x, 0)' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  out[0] = t(0, threadIdx.x);
  out[1] = t.get(threadIdx.x, 2);
  t.set(threadIdx.x, 3, v);
  t.set(3, threadIdx.x, v);
  Local l = {};
  l.add(threadIdx.x % 4, v);
  out[2] = l.v[0];

  __shared__ float s[32 * 32];
  View w{s};
  w.at(threadIdx.x * 2) = v;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'w.at(threadIdx.x * 2)' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  row(s, threadIdx.x)[1] = v;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'row(s, threadIdx.x)[1]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 1 with a stride of 32 words) [warplint-bank-conflict]
  View g{out};
  g.at(threadIdx.x) = v; // global memory: unlisted

  __shared__ Elem arr[64];
  Elem &e = arr[threadIdx.x];
  e.y = v; // a stride of 3 words: conflict-free
  __shared__ Outer o;
  o.in[threadIdx.x].v[5] = v;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'o.in[threadIdx.x].v[5]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 5 with a stride of 32 words) [warplint-bank-conflict]
  Holder::st[threadIdx.x][6] = v;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'Holder::st[threadIdx.x][6]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 6 with a stride of 32 words) [warplint-bank-conflict]
}

int main() { objects<<<1, 32>>>(nullptr, 1.f); }
// CHECK: class-objects.cu:46:27: note: padding the inner dimension of 'st' to 33 elements makes every access of it conflict-free

// DUMP: 19:49 d[r][c] bytes=4 degree=32
// DUMP: 21:44 d[r][c] bytes=4 degree=32,1
// DUMP: t(threadIdx.x, 0) bytes=4 degree=32
// DUMP: t(0, threadIdx.x) bytes=4 degree=1
// DUMP: w.at(threadIdx.x * 2) bytes=4 degree=2
// DUMP: row(s, threadIdx.x)[1] bytes=4 degree=32
// DUMP: e.y bytes=4 degree=1
// DUMP: o.in[threadIdx.x].v[5] bytes=4 degree=32
// DUMP: Holder::st[threadIdx.x][6] bytes=4 degree=32
