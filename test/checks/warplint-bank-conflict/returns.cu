// Returns and casts followed: a chain of `if constexpr` (only the arm
// taken runs), an else-if chain whose arms all return, a class's
// conversion operator to int; a pointer that is null on one path and a
// float made an integer are listed as unknown with their reasons.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

template <int I> struct Layout {
  static __device__ int row(int l) {
    if constexpr (I == 8) {
      return threadIdx.x / 4;
    } else if constexpr (I == 16) {
      return (l / 2) * 8 + threadIdx.x / 4;
    } else {
      return -1;
    }
  }
};

__device__ int pick(int c, int l) {
  if (c == 0)
    return l;
  else if (c == 1)
    return 2 * l;
  else
    return 3 * l;
}

struct Idx {
  int v;
  __device__ operator int() const { return v; }
};

template <int I> __global__ void rows(float *out, int c, bool half) {
  __shared__ float s[64][33];
  out[0] = s[Layout<I>::row(0)][threadIdx.x % 4];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[Layout<I>::row(0)][threadIdx.x % 4]' has a 4-way bank conflict
  out[1] = s[pick(c, threadIdx.x)][0];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[pick(c, threadIdx.x)][0]' has a 2-way bank conflict
  extern __shared__ char raw[];
  float *b = nullptr;
  if (half)
    b = (float *)(raw + 128);
  if (half)
    b[threadIdx.x] = 0;
  Idx i{int(threadIdx.x) * 32};
  out[2] = s[0][(int)i];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[0][(int)i]' has a 32-way bank conflict
  out[3] = s[0][(int)(threadIdx.x * 1.5f)];
}

int main() { rows<16><<<1, 32, 1024>>>(nullptr, 1, true); }

// DUMP: s[Layout<I>::row(0)][threadIdx.x % 4] bytes=4 degree=4
// DUMP: s[pick(c, threadIdx.x)][0] bytes=4 degree=2
// DUMP: b[threadIdx.x] bytes=4 why=its address is not followed back to 'raw' on every path: a definition on the way is not an address the analysis follows (a null pointer, other memory)
// DUMP: s[0][(int)i] bytes=4 degree=32
// DUMP: s[0][(int)(threadIdx.x * 1.5f)] bytes=4 why=a cast the analysis does not follow (FloatingToIntegral) on line {{[0-9]+}}
