// Arrays of any rank are analysed: a `__shared__` array of 32 and of 64
// dimensions, subscripted once per dimension, is 32-way like the one of
// rank 2 (the chain of subscripts once hit a fixed step limit at rank 32
// and the access vanished, even from the dump).
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

__global__ void ranks(float *out) {
  __shared__ float r2[1024][1];
  __shared__ float r32[1024][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1];
  __shared__ float r64[1024][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1];
  r2[threadIdx.x * 32 % 1024][0] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'r2[threadIdx.x * 32 % 1024][0]' has a 32-way bank conflict
  // DUMP: [[@LINE-2]]:3 r2[threadIdx.x * 32 % 1024][0] bytes=4 degree=32
  r32[threadIdx.x * 32 % 1024][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'r32[threadIdx.x * 32 % 1024][0]{{.*}}' has a 32-way bank conflict
  // DUMP: [[@LINE-2]]:3 r32[threadIdx.x * 32 % 1024][0]{{.*}} bytes=4 degree=32
  out[0] = r64[threadIdx.x * 32 % 1024][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'r64[threadIdx.x * 32 % 1024][0]{{.*}}' has a 32-way bank conflict
  // DUMP: [[@LINE-2]]:12 r64[threadIdx.x * 32 % 1024][0]{{.*}} bytes=4 degree=32
}

int main() { ranks<<<1, 32>>>(0); }
