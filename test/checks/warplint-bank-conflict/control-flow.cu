// warplint-bank-conflict follows values through control flow: loop counters
// declared before their loop, while and do loops, variables stepped in the
// body and joined at `continue`, definitions in if/else arms, switch cases,
// pointers chosen in branches or stepped with `*p++`, SharedMemory<T>,
// shared elements passed by reference, device functions that compute an
// index, struct fields and aligned struct copies, and uniform addresses
// whose value is unknown (a broadcast).
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

// Loops whose counters the code steps in many ways.
__global__ void loops(float *out, int n) {
  __shared__ float s[32 * 33];
  int t = threadIdx.x;
  int i;
  for (i = 0; i < 4; i++)
    s[t * 32 + i] = 0;
  // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 's[t * 32 + i]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  int pos = 0;
  while (pos < 128) {
    s[t + pos] = 1;                    // conflict-free at every step
    pos += 32;
  }
  int j = 0;
  do {
    s[t * 2 + j] = 0;
    // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 's[t * 2 + j]' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
    j += 64;
  } while (j < 128);
  for (int m = 0, off = 0; m < 8; ++m, off += 4) {
    if (m == 2)
      continue;
    out[t] = s[t * 4 + m + off];
    // CHECK: :[[@LINE-1]]:14: warning: shared-memory load of 's[t * 4 + m + off]' has a 4-way bank conflict (block 32x1: lanes 0, 8, 16 and 24 hit bank {{[0-9]+}} with a stride of 4 words) [warplint-bank-conflict]
  }
  // A counter stepped on one path only: the step joins with the 'continue'.
  int k = 0;
  for (int it = 0; it < 4; ++it) {
    if (it == 1) {
      k += 1;
      continue;
    }
    out[t] = s[t * 32 + k];
    // CHECK: :[[@LINE-1]]:14: warning: shared-memory load of 's[t * 32 + k]' has a 32-way bank conflict
  }
}

// Values a loop leaves: the loop runs to its end for each thread.
__global__ void afterLoops(float *out, int n) {
  __shared__ float s[32 * 33];
  int t = threadIdx.x;
  int e;
  for (e = 0; e < 8; e += 2) {
  }
  s[t * e] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[t * e]' has an 8-way bank conflict (block 32x1: lanes 0, 4, ..., 28 hit bank 0 with a stride of 8 words) [warplint-bank-conflict]
  int w = 1;
  while (w < 32)
    w *= 2;
  s[t * w] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[t * w]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  int k = 0;
  for (int j = 0; j < n; ++j)
    k += 32;
  out[t] = s[t + k];                   // k unknown but the same in every lane
}

// Values defined in branches and switch cases.
__global__ void branches(float *out, int n) {
  __shared__ float s[32 * 33];
  int t = threadIdx.x;
  int stride;
  if (n > 3)
    stride = 32;
  else
    stride = 64;                       // either way 32-way
  s[t * stride] = 2;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[t * stride]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of {{32|64}} words) [warplint-bank-conflict]
  int st = 1;
  if (t & 1)
    st = 2;
  s[t * st] = 3;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[t * st]' has a 2-way bank conflict (block 32x1: lanes 1, 2 and 17 hit bank 2 in 2 different words) [warplint-bank-conflict]
  // The even lanes of the warp only: 16-way, as the equivalent if gives.
  switch (t % 2) {
  case 0:
    s[t * 32] = 4;
    // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 's[t * 32]' has a 16-way bank conflict (block 32x1: lanes 0, 2, ..., 30 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
    break;
  default:
    break;
  }
  switch (t % 4) {
  case 1:
  case 2:
    s[t * 16] = 5;                     // lanes 1, 2, 5, 6, ...: 8-way
    // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 's[t * 16]' has an 8-way bank conflict
    break;
  default:
    s[t * 8] = 6;                      // lanes 0, 4, ..., 28 in bank 0: 8-way
    // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 's[t * 8]' has an 8-way bank conflict (block 32x1: lanes 0, 4, ..., 28 hit bank 0 with a stride of 8 words) [warplint-bank-conflict]
  }
}

// Pointers into shared memory.
template <class T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

__global__ void pointers(float *out, int n) {
  __shared__ float tile[64][32];
  __shared__ float s[1024];
  int t = threadIdx.x;
  float *row = &tile[t][0];
  out[t] = row[5];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'row[5]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 5 with a stride of 32 words) [warplint-bank-conflict]
  float *p = s;
  if (n)
    p = s + 64;
  out[t] = p[t];                       // either way conflict-free
  float *q = s;
  for (int k = 0; k < 4; ++k)
    out[t] = *q++;                     // one word for the warp: a broadcast
  float *d = SharedMemory<float>();
  d[t * 2] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'd[t * 2]' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
}

// Device functions: indices they compute, elements they take by reference.
__device__ int twice(int x) { return 2 * x; }
__device__ int pick(int x) {
  if (x & 1)
    return x * 32;
  return x;
}
__device__ void swap(float &a, float &b) {
  float c = a;
  a = b;
  b = c;
}

// A struct passed by value: its members are the caller's.
struct Coord {
  int row, col;
};
__device__ float readAt(const float *m, Coord c) { return m[c.row * 32 + c.col]; }
// CHECK: :[[@LINE-1]]:59: warning: shared-memory load of 'm[c.row * 32 + c.col]' has a 32-way bank conflict (block 32x1 via 'calls': lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]

__global__ void calls(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  Coord c = {t, 0};
  out[t] = readAt(s, c);
  out[t] = s[twice(t)];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[twice(t)]' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  out[t] = s[pick(t)];                 // odd lanes 32 apart, and lane 0
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 's[pick(t)]' has a 17-way bank conflict (block 32x1: lanes 0, 1, 3 and 14 more hit bank 0 in 17 different words) [warplint-bank-conflict]
  swap(s[t], s[t * 32]);
  // CHECK: :[[@LINE-1]]:14: warning: shared-memory read-modify-write of 's[t * 32]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
}

// Struct fields, aligned struct copies, uniform addresses.
struct alignas(16) Vec4 { float v[4]; };
struct Pair { float x, y; };

__global__ void records(float *out, int n, int param) {
  __shared__ Vec4 v[64];
  __shared__ Pair pr[64];
  __shared__ float s[1024];
  int t = threadIdx.x;
  Vec4 x = v[t];                       // one 16-byte load per lane
  out[0] = x.v[0];
  out[1] = pr[t].y;
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'pr[t].y' has a 2-way bank conflict (block 32x1: lanes 0 and 16 hit bank 1 with a stride of 2 words) [warplint-bank-conflict]
  out[2] = s[blockIdx.x % n];          // the same word in every lane
  out[3] = s[param * param];
}

// Uniform parts the analysis cannot compute (C / 4 of a signed parameter)
// shift every lane alike; an induction counter divided by the vector width
// keeps its lane part.
__global__ void vectors(float4 *out, const float4 *in, int C) {
  extern __shared__ float4 sm[];
  float4 *bias = sm + C / 4;
  for (int i = threadIdx.x * 4; i < C; i += blockDim.x * 4)
    bias[i / 4] = in[i / 4];           // consecutive float4: conflict-free
  for (int i = threadIdx.x * 8; i < C; i += blockDim.x * 8)
    out[i] = bias[i / 4];
  // CHECK: :[[@LINE-1]]:14: warning: shared-memory load of 'bias[i / 4]' has a 2-way bank conflict (block 32x1: lanes {{[0-9]+}} and {{[0-9]+}} hit bank {{[0-9]+}} with a stride of 8 words) [warplint-bank-conflict]
}

// A row offset unknown at compile time but the same in every lane of a warp
// (`(2 + threadIdx.y) * C / 4` where each warp is one row of a 32-wide
// block) shifts every lane of that warp alike: the degree is known. In a
// 16-wide block a warp spans two rows, and it is not.
__global__ void warpRows(float4 *out, int C) {
  extern __shared__ float4 rowsOf[];
  float4 *row = rowsOf + (2 + threadIdx.y) * C / 4;
  row[threadIdx.x] = out[threadIdx.x];
  out[threadIdx.x] = row[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 'row[threadIdx.x * 2]' has a 2-way bank conflict (block 32x4: {{.*}}) [warplint-bank-conflict]
}

// Shared elements as arms of an lvalue ?: (the block reductions' `warp_val =
// lane < n ? shared[lane] : 0.0f` with a float variable for 0.0f): each arm
// is an access under its arm's condition.
__global__ void lvalueArms(float *out, float oob) {
  __shared__ float partial[64];
  int lane = threadIdx.x % 32;
  float v = (lane < blockDim.x / 32) ? partial[lane * 2] : oob;
  // CHECK: :[[@LINE-1]]:40: warning: shared-memory load of 'partial[lane * 2]' has a 2-way bank conflict (block 1024x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  (lane < 16 ? partial[lane * 2] : partial[63]) = v;
  out[threadIdx.x] = (out[0]++, partial[lane]);
}

int main(int n, char **) {
  loops<<<1, 32>>>(0, 4);
  afterLoops<<<1, 32>>>(0, n);
  branches<<<1, 32>>>(0, 4);
  pointers<<<1, 32, 4096>>>(0, 1);
  calls<<<1, 32>>>(0);
  records<<<1, 32>>>(0, 4, 1);
  vectors<<<1, 32, 65536>>>(0, 0, 1000);
  lvalueArms<<<1, 1024>>>(0, 0);
  warpRows<<<1, dim3(32, 4), 65536>>>(0, n);
  warpRows<<<1, dim3(16, 4), 65536>>>(0, n);
}

// DUMP: 26:5 s[t + pos] bytes=4 degree=1
// DUMP: s[t + k] bytes=4 degree=1
// DUMP: p[t] bytes=4 degree=1
// DUMP: *q++ bytes=4 degree=1
// DUMP: v[t] bytes=16 degree=1
// DUMP: s[blockIdx.x % n] bytes=4 degree=1
// DUMP: s[param * param] bytes=4 degree=1
// DUMP: bias[i / 4] bytes=16 degree=1
// DUMP: row[threadIdx.x] bytes=16 degree=1
// DUMP: row[threadIdx.x * 2] bytes=16 degree=2
// DUMP: partial[lane * 2] bytes=4 degree=2
// DUMP: partial[lane * 2] bytes=4 degree=1
// DUMP: partial[63] bytes=4 degree=1
// DUMP: partial[lane] bytes=4 degree=1
