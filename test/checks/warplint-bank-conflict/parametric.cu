// The degree as a function of a value known only at run time: an address
// known except for a kernel parameter that multiplies the thread index.
// A warning only where every value the parameter may have conflicts (at
// the least degree); the others only with the option ReportPossible.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s --check-prefix=CHECK -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefix=CHECK -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=CHECK -implicit-check-not='{{warning|error}}:' %}
//
// With ReportPossible, the accesses that conflict for some values too.
// RUN: not %warplint --checks=warplint-bank-conflict --check-option=warplint-bank-conflict.ReportPossible=true %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,POSSIBLE -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' -config='{CheckOptions: {warplint-bank-conflict.ReportPossible: "true"}}' %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefixes=CHECK,POSSIBLE -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict -fplugin-arg-warplint-option=warplint-bank-conflict.ReportPossible=true %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=CHECK,POSSIBLE -implicit-check-not='{{warning|error}}:' %}
// And from a .warplint.yaml.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/parametric.cu
// RUN: printf 'CheckOptions:\n  warplint-bank-conflict.ReportPossible: true\n' > %t/.warplint.yaml
// RUN: not %warplint --checks=warplint-bank-conflict %t/parametric.cu -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,POSSIBLE -implicit-check-not='{{warning|error}}:'
//
// The dump lists the degree for each value.
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=DUMP
// DUMP:      "kernel": "attention",
// DUMP-NEXT: "parametric": {
// DUMP-NEXT:   "conflictsForEveryValue": false,
// DUMP-NEXT:   "degreeByResidue": [
// DUMP-NEXT:     32,
// DUMP-NEXT:     1,
// DUMP-NEXT:     2,
// DUMP:        "exceptions": [
// DUMP-NEXT:     {
// DUMP-NEXT:       "degree": 1,
// DUMP-NEXT:       "value": 0
// DUMP:        "maxDegree": 32,
// DUMP-NEXT:   "minDegree": 1,
// DUMP-NEXT:   "multipleOf": 1,
// DUMP-NEXT:   "period": 32,
// DUMP-NEXT:   "text": "32-way when 'd' is a multiple of 32; 16-way when 'd' is 16 times an odd number; 8-way when 'd' is 8 times an odd number; 4-way when 'd' is 4 times an odd number; 2-way when 'd' is 2 times an odd number; conflict-free when 'd' is odd; except 'd' = 0: conflict-free",
// DUMP-NEXT:   "value": "d"
// DUMP:      "why": "the degree depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 32;
// DUMP:      "text": "Kj[tx * d + x]",
// DUMP:      "conflictsForEveryValue": true,
// DUMP:      "minDegree": 2,
// DUMP:      "text": "s[tx * (32 * n + 2)]",
// DUMP:      "why": "the address mixes the thread index with a value unknown at compile time; its degree as a function of 'n' is not known: 'n' also decides which threads execute the access"
// DUMP:      "text": "s[threadIdx.x * n]",
//
// explain says it too.
// RUN: %warplint explain %s:60 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: parametric.cu:60:12: shared-memory load of 'Kj[tx * d + x]' (4 bytes) in 'attention'
// EXPLAIN: block 32x1 (kernel 'attention'): depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 32; {{.*}}; conflict-free when 'd' is odd; except 'd' = 0: conflict-free

#include <cuda.h>

// Attention's K tile read with the head size d as its row stride: gcd(d,
// 32)-way, and conflict-free when d is 0 (a broadcast).
__global__ void attention(const float *K, float *out, int d) {
  __shared__ float Kj[64 * 128];
  int tx = threadIdx.x;
  float acc = 0;
  for (int x = 0; x < 4; ++x)
    acc += Kj[tx * d + x];
  // POSSIBLE: :[[@LINE-1]]:12: warning: shared-memory load of 'Kj[tx * d + x]' has a bank conflict for some values of 'd' (block 32x1: 32-way when 'd' is a multiple of 32; {{.*}}; conflict-free when 'd' is odd; except 'd' = 0: conflict-free) [warplint-bank-conflict]
  // POSSIBLE: :[[@LINE-2]]:12: note: 'd' is known only at run time: the degree was computed for every value it may have (the banks repeat every 32 values of 'd'; the values for which two lanes may share a word were tried one by one)
  out[tx] = acc;
}

// A row stride of 2 * (16 * n + 1) words: 2-way for every n.
__global__ void everyValue(float *out, int n) {
  __shared__ float s[8192];
  int tx = threadIdx.x;
  out[tx] = s[tx * (32 * n + 2)];
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 's[tx * (32 * n + 2)]' has a 2-way bank conflict for every value of 'n' (block 64x1: 2-way for every value of 'n') [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: 'n' is known only at run time: the degree was computed for every value it may have (the banks are the same for every value of 'n'; the values for which two lanes may share a word were tried one by one)
}

// An odd stride whatever n is: conflict-free, nothing to say.
__global__ void oddStride(float *out, int n) {
  __shared__ float s[8192];
  out[threadIdx.x] = s[threadIdx.x * (2 * n + 1)];
}

// n decides which threads run it: no periodicity to prove, unknown.
__global__ void guarded(float *out, int n) {
  __shared__ float s[8192];
  if (threadIdx.x < n)
    out[threadIdx.x] = s[threadIdx.x * n];
}

void launch(const float *k, float *o, int d, int n) {
  attention<<<1, 32>>>(k, o, d);
  everyValue<<<1, 64>>>(o, n);
  oddStride<<<1, 32>>>(o, n);
  guarded<<<1, 32>>>(o, n);
}
