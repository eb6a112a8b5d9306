// Whole records copied in or out of shared memory: a type aligned to 4
// bytes (float3, a struct of ints) is copied in 32-bit accesses, one per
// word; one aligned to 8 or 16 in 64- or 128-bit accesses (float2, float4,
// an alignas(16) struct as wide as its alignment: one access); each part
// is listed with its degree. A record the model does not split (aligned
// to less than 4 bytes) is listed as unknown with the reason, and so is a
// record bound to a reference parameter (the callee may touch only some of
// its words).
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

struct Pair {
  int a, b;
};
struct Row {
  int v[8];
};
struct Bytes3 {
  char c[3];
};
struct alignas(8) D3 {
  double x, y, z;
};

__device__ void second(Pair &q) { q.b = 0; }

__global__ void records(float3 *out, Row *rows, Bytes3 *bs, D3 *ds) {
  __shared__ float3 s[64];
  __shared__ Pair p[64];
  __shared__ Row r[32];
  __shared__ Bytes3 b[32];
  __shared__ D3 d[32];
  s[threadIdx.x] = out[1]; // a stride of 3 words
  out[0] = s[threadIdx.x];
  p[threadIdx.x] = Pair{1, 2};           // a stride of 2 words: 2-way
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'p[threadIdx.x] (bytes 0..3 of 8)' has a 2-way bank conflict
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory store of 'p[threadIdx.x] (bytes 4..7 of 8)' has a 2-way bank conflict
  rows[0] = r[threadIdx.x];              // a stride of 8 words: 8-way
  // CHECK-DAG: :[[@LINE-1]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 0..3 of 32)' has an 8-way bank conflict
  // CHECK-DAG: :[[@LINE-2]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 4..7 of 32)' has an 8-way bank conflict
  // CHECK-DAG: :[[@LINE-3]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 8..11 of 32)' has an 8-way bank conflict
  // CHECK-DAG: :[[@LINE-4]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 12..15 of 32)' has an 8-way bank conflict
  // CHECK-DAG: :[[@LINE-5]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 16..19 of 32)' has an 8-way bank conflict
  // CHECK-DAG: :[[@LINE-6]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 20..23 of 32)' has an 8-way bank conflict
  // CHECK-DAG: :[[@LINE-7]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 24..27 of 32)' has an 8-way bank conflict
  // CHECK-DAG: :[[@LINE-8]]:13: warning: shared-memory load of 'r[threadIdx.x] (bytes 28..31 of 32)' has an 8-way bank conflict
  bs[0] = b[threadIdx.x];
  ds[0] = d[threadIdx.x];                // 8-byte parts, 24 bytes apart
  second(p[threadIdx.x]);
}

int main() { records<<<1, 32>>>(nullptr, nullptr, nullptr, nullptr); }

// DUMP: s[threadIdx.x] (bytes 0..3 of 12) bytes=4 degree=1
// DUMP: s[threadIdx.x] (bytes 4..7 of 12) bytes=4 degree=1
// DUMP: s[threadIdx.x] (bytes 8..11 of 12) bytes=4 degree=1
// DUMP: s[threadIdx.x] (bytes 0..3 of 12) bytes=4 degree=1
// DUMP: p[threadIdx.x] (bytes 0..3 of 8) bytes=4 degree=2
// DUMP: p[threadIdx.x] (bytes 4..7 of 8) bytes=4 degree=2
// DUMP: r[threadIdx.x] (bytes 0..3 of 32) bytes=4 degree=8
// DUMP: r[threadIdx.x] (bytes 28..31 of 32) bytes=4 degree=8
// DUMP: 52:11 b[threadIdx.x] bytes=0 why=a copy of a whole 'Bytes3' (3 bytes aligned to 1), which the model does not split into accesses
// DUMP: d[threadIdx.x] (bytes 0..7 of 24) bytes=8 degree=1
// DUMP: d[threadIdx.x] (bytes 8..15 of 24) bytes=8 degree=1
// DUMP: d[threadIdx.x] (bytes 16..23 of 24) bytes=8 degree=1
// DUMP: p[threadIdx.x] bytes=0 why=a record passed by reference to a device function, which may read or write only some of its words: not followed
