// Accesses written in forms that once vanished, not even listed as
// unknown: a range-based for loop over a shared row (by reference and by
// value), a __shared__ cuda::std::array (Inputs/cuda_std_array.h has the
// shape of libcu++'s; toolkit/cuda-std-array.cu uses the real one) and a
// user struct whose operator[] returns a reference, elements of clang
// vector types (listed as unknown: the compiler may access the whole
// vector), and members named by pointers to members; any other form is
// listed as unknown by the safety net.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags -I %S/Inputs | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags -I %S/Inputs 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags -I %S/Inputs %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags -I %S/Inputs | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>
#include "cuda_std_array.h"

__global__ void rangeFor(float *out) {
  __shared__ float s2[32][32];
  for (float &x : s2[threadIdx.x])
    x = 1;
  // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 'x' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words)
  // DUMP: [[@LINE-2]]:5 x bytes=4 degree=32
  float sum = 0;
  for (float x : s2[threadIdx.x])
    // CHECK: :[[@LINE-1]]:8: warning: shared-memory load of 'x' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words)
    // DUMP: [[@LINE-2]]:8 x bytes=4 degree=32
    sum += x;
  for (int j = 0; j < 32; ++j)
    sum += s2[threadIdx.x][j];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's2[threadIdx.x][j]' has a 32-way bank conflict
  // A row per lane, read across: conflict-free.
  for (float x : s2[threadIdx.x % 1])
    sum += x;
  // DUMP: [[@LINE-2]]:8 x bytes=4 degree=1
  out[0] = sum;
}

struct Row {
  float v[32];
  __device__ float &operator[](int i) { return v[i]; }
  __device__ float &at(int i) { return (*this)[i]; }
};

__global__ void wrappers(float *out) {
  __shared__ cuda::std::array<float, 1024> ca;
  __shared__ float pa[1024];
  __shared__ Row rows[32];
  ca[threadIdx.x * 32 % 1024] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'ca[threadIdx.x * 32 % 1024]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words)
  pa[threadIdx.x * 32 % 1024] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'pa[threadIdx.x * 32 % 1024]' has a 32-way bank conflict
  out[0] = ca[threadIdx.x * 2 % 1024];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'ca[threadIdx.x * 2 % 1024]' has a 2-way bank conflict
  out[1] = ca[threadIdx.x];
  // DUMP: [[@LINE-1]]:12 ca[threadIdx.x] bytes=4 degree=1
  rows[threadIdx.x][0] = 2;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'rows[threadIdx.x][0]' has a 32-way bank conflict
  out[2] = rows[threadIdx.x].at(1);
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'rows[threadIdx.x].at(1)' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 1 with a stride of 32 words)
  for (float &x : ca)
    x = 0; // every lane writes the same word at a time: a broadcast
  // DUMP: [[@LINE-1]]:5 x bytes=4 degree=1
}

typedef float vec4 __attribute__((ext_vector_type(4)));
struct Pair {
  float a;
  float b;
};

__global__ void members(float *out, float Pair::*pm) {
  __shared__ vec4 v[1024];
  __shared__ Pair p[1024];
  v[threadIdx.x * 8 % 1024].x = 1;
  // DUMP: [[@LINE-1]]:3 v[threadIdx.x * 8 % 1024].x bytes=4 why='.x' of a vector type (ext_vector_type): the compiler may access the whole vector or only these elements
  out[0] = v[threadIdx.x * 8 % 1024].y;
  // DUMP: [[@LINE-1]]:12 v[threadIdx.x * 8 % 1024].y bytes=4 why='.y' of a vector type
  v[threadIdx.x * 8 % 1024].xy = 2;
  // DUMP: [[@LINE-1]]:3 v[threadIdx.x * 8 % 1024].xy bytes=8 why='.xy' of a vector type
  vec4 w = v[threadIdx.x];
  // DUMP: [[@LINE-1]]:12 v[threadIdx.x] bytes=16 degree=1
  out[1] = w.x;
  p[threadIdx.x * 16 % 1024].*pm = 3;
  // DUMP: [[@LINE-1]]:3 p[threadIdx.x * 16 % 1024].*pm bytes=4 why=the member is chosen by the pointer to member 'pm', which is not a constant
  constexpr float Pair::*kb = &Pair::b;
  out[2] = p[threadIdx.x * 16 % 1024].*kb;
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'p[threadIdx.x * 16 % 1024].*kb' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 1 with a stride of 32 words)
  Pair *q = &p[threadIdx.x * 16 % 1024];
  out[3] = q->*kb;
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'q->*kb' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 1 with a stride of 32 words)
}

// The safety net: a part of a shared variable read or written in a form
// no rule follows is listed as unknown, never dropped.
__global__ void unfollowed(float *out) {
  __shared__ _Complex float c[1024];
  out[0] = __real__ c[threadIdx.x * 32 % 1024];
  // DUMP: [[@LINE-1]]:12 __real__ c[threadIdx.x * 32 % 1024] bytes=0 why=a form the analysis does not follow: UnaryOperator '__real' of type 'float'
  __imag__ c[threadIdx.x] = 1;
  // DUMP: [[@LINE-1]]:3 __imag__ c[threadIdx.x] bytes=0 why=a form the analysis does not follow: UnaryOperator '__imag' of type 'float'
}

int main() {
  rangeFor<<<1, 32>>>(0);
  wrappers<<<1, 32>>>(0);
  members<<<1, 32>>>(0, &Pair::a);
  unfollowed<<<1, 32>>>(0);
}
