// The degree as a function of a run-time value that the code also tests:
// a uniform loop it bounds (`for (x = 0; x < d; ++x) ... s[tx * d + x]`)
// only decides whether the access runs, and conditions such as
// `if (d % 32 != 0) return;` restrict the values it runs for. A warning
// only where every value for which it runs conflicts; the others with the
// option ReportPossible.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s --check-prefix=CHECK -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefix=CHECK -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=CHECK -implicit-check-not='{{warning|error}}:' %}
//
// RUN: not %warplint --checks=warplint-bank-conflict --check-option=warplint-bank-conflict.ReportPossible=true %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,POSSIBLE -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' -config='{CheckOptions: {warplint-bank-conflict.ReportPossible: "true"}}' %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefixes=CHECK,POSSIBLE -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict -fplugin-arg-warplint-option=warplint-bank-conflict.ReportPossible=true %cuda_flags %s 2>&1 | FileCheck %s --check-prefixes=CHECK,POSSIBLE -implicit-check-not='{{warning|error}}:' %}
//
// The dump: each access, and what the conditions decide.
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=JSON
//
// explain says it too.
// RUN: %warplint explain %s:48 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: parametric-loops.cu:48:12: shared-memory load of 'k[tx * d + x]' (4 bytes) in 'innerProduct'
// EXPLAIN: block 32x1 (kernel 'innerProduct'): depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 32; {{.*}}; conflict-free when 'd' is odd; no thread executes it when 'd' < 1

#include <cuda.h>

// DUMP: 48:12 k[tx * d + x] bytes=4 why=the degree depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 32; 16-way when 'd' is 16 times an odd number; 8-way when 'd' is 8 times an odd number; 4-way when 'd' is 4 times an odd number; 2-way when 'd' is 2 times an odd number; conflict-free when 'd' is odd; no thread executes it when 'd' < 1
// DUMP: 48:28 q[x] bytes=4 degree=1
// JSON:      "below": 1,
// JSON-NEXT: "belowDegreeByResidue": [
// JSON-NEXT:   0,
// JSON:      "conditions": [
// JSON-NEXT:   "(x < d)"
// JSON-NEXT: ],
// JSON-NEXT: "conflictsForEveryValue": false,
// JSON:      "neverRunsForSome": true,
// JSON:      "text": "k[tx * d + x]",

// A row of k per thread, d wide, read column by column: every iteration
// moves every lane by one word, so the loop only decides whether the access
// runs (d > 0); the degree is gcd(d, 32)-way.
__global__ void innerProduct(float *out, int d) {
  __shared__ float k[64 * 128];
  __shared__ float q[128];
  int tx = threadIdx.x;
  float acc = 0;
  for (int x = 0; x < d; x++)
    acc += k[tx * d + x] * q[x];
  // POSSIBLE: :[[@LINE-1]]:12: warning: shared-memory load of 'k[tx * d + x]' has a bank conflict for some values of 'd' (block 32x1: 32-way when 'd' is a multiple of 32; {{.*}}; conflict-free when 'd' is odd; no thread executes it when 'd' < 1) [warplint-bank-conflict]
  // POSSIBLE: :[[@LINE-2]]:12: note: 'd' is known only at run time: the degree was computed for every value it may have (the banks repeat every 32 values of 'd'; the values for which two lanes may share a word were tried one by one; whether it runs at all follows what the code tests on 'd': (x < d))
  out[tx] = acc;
}

// Only multiples of 32 get past the first test and only positive values
// past the second: 32-way whenever it runs, a warning.
// DUMP: 63:22 s[threadIdx.x * d] bytes=4 why=the degree depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 32; no thread executes it when 'd' is not a multiple of 32; no thread executes it when 'd' < 1
__global__ void multipleOf32(float *out, int d) {
  __shared__ float s[64 * 128];
  if (d % 32 != 0)
    return;
  if (d <= 0)
    return;
  out[threadIdx.x] = s[threadIdx.x * d];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * d]' has a 32-way bank conflict for every value of 'd' for which it runs (block 32x1: 32-way when 'd' is a multiple of 32; no thread executes it when 'd' is not a multiple of 32; no thread executes it when 'd' < 1) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:22: note: 'd' is known only at run time: {{.*}}; whether it runs at all follows what the code tests on 'd': !((d % 32) != 0), !(d <= 0))
}

// Only odd values run it: an odd stride, conflict-free, nothing to say.
// DUMP: 74:22 s[threadIdx.x * d] bytes=4 why=the degree depends on 'd', a value known only at run time: conflict-free when 'd' is odd; no thread executes it when 'd' is a multiple of 2; no thread executes it when 'd' < 0
__global__ void oddOnly(float *out, int d) {
  __shared__ float s[64 * 128];
  if (d % 2 != 1)
    return;
  out[threadIdx.x] = s[threadIdx.x * d];
}

// 2-byte elements: an iteration moves the lanes by half a word, so
// iterations differ (with a period of 2); the degree is the worst of
// those that run (d = 1 runs one, conflict-free).
// DUMP: 86:12 h[tx * d + x] bytes=2 why=the degree depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 64; 16-way when 'd' is 32 times an odd number; 8-way when 'd' is 16 times an odd number; 4-way when 'd' is 8 times an odd number; 2-way when 'd' is 4 times an odd number; 2-way when 'd' is odd; conflict-free when 'd' is 2 times an odd number; no thread executes it when 'd' < 1; except 'd' = 1: conflict-free
__global__ void halfWords(float *out, int d) {
  __shared__ short h[64 * 128];
  int tx = threadIdx.x;
  float acc = 0;
  for (int x = 0; x < d; x++)
    acc += h[tx * d + x];
  // POSSIBLE: :[[@LINE-1]]:12: warning: shared-memory load of 'h[tx * d + x]' has a bank conflict for some values of 'd' (block 32x1: 32-way when 'd' is a multiple of 64; {{.*}}; except 'd' = 1: conflict-free) [warplint-bank-conflict]
  out[tx] = acc;
}

// A test that reads another run-time value: not followed.
// DUMP: 96:24 s[threadIdx.x * d] bytes=4 why=the address mixes the thread index with a value unknown at compile time; its degree as a function of 'd' is not known: whether the access runs depends on 'd' through '(d < n)', which the analysis does not follow
__global__ void otherBound(float *out, int d, int n) {
  __shared__ float s[64 * 128];
  if (d < n)
    out[threadIdx.x] = s[threadIdx.x * d];
}

// A scan's up-sweep: 'offset' doubles while it is below n, known only at
// run time. Its values are powers of two whatever n is; the degree is the
// worst of them, 32-way from offset = 16 on, and a note gives the degree
// for each value, in order (the last ones wrap around: offset is an int).
__global__ void upSweep(float *out, int n) {
  __shared__ float t[2048];
  int tid = threadIdx.x;
  for (int offset = 1; offset < n; offset *= 2)
    t[offset * (2 * tid + 1) - 1] += t[offset * (2 * tid + 1) - 1 + offset];
  // CHECK: :[[@LINE-1]]:5: warning: shared-memory read-modify-write of 't[offset * (2 * tid + 1) - 1]' has a 32-way bank conflict (block 32x1, offset = 16: lanes 0..31 hit bank 15 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:5: note: 'offset' stops at a bound known only at run time; the degree is the worst over the values it takes, in order: 2-way at 1, 4-way at 2, 8-way at 4, 16-way at 8, 32-way at 16, ..., 67108864 (23 values), {{.*}}, conflict-free at -2147483648 and 0
  // CHECK: :[[@LINE-3]]:38: warning: shared-memory load of 't[offset * (2 * tid + 1) - 1 + offset]' has a 32-way bank conflict
  // JSON:      "byCycleValue": [
  // JSON-NEXT:   {
  // JSON-NEXT:     "degree": 2,
  // JSON-NEXT:     "value": 1
  // JSON-NEXT:   },
  // JSON-NEXT:   {
  // JSON-NEXT:     "degree": 4,
  // JSON-NEXT:     "value": 2
  out[tid] = t[tid];
}

// What an assert and a call that does not return prove: the access runs
// only where the condition holds (CUDA's assert, as its header spells it;
// toolkit/parametric-assert.cu uses the real one).
extern "C" __device__ void __assertfail(const char *, const char *, unsigned,
                                        const char *, unsigned long);
#define assert(e) ((e) ? static_cast<void>(0) : __assertfail(#e, __FILE__, __LINE__, "", 1))
__device__ __attribute__((noreturn)) void stop();
// DUMP: [[@LINE+5]]:22 s[threadIdx.x * d] bytes=4 why=the degree depends on 'd', a value known only at run time: 32-way when 'd' is a multiple of 32; no thread executes it when 'd' is not a multiple of 32; no thread executes it when 'd' < 1
__global__ void asserted(float *out, int d) {
  __shared__ float s[64 * 128];
  assert(d % 32 == 0);
  if (d <= 0) stop();
  out[threadIdx.x] = s[threadIdx.x * d];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * d]' has a 32-way bank conflict for every value of 'd' for which it runs (block 32x1: 32-way when 'd' is a multiple of 32; no thread executes it when 'd' is not a multiple of 32; no thread executes it when 'd' < 1) [warplint-bank-conflict]
}

void launch(float *o, int d, int n) {
  asserted<<<1, 32>>>(o, d);
  upSweep<<<1, 32>>>(o, n);
  innerProduct<<<1, 32>>>(o, d);
  multipleOf32<<<1, 32>>>(o, d);
  oddOnly<<<1, 32>>>(o, d);
  halfWords<<<1, 32>>>(o, d);
  otherBound<<<1, 32>>>(o, d, n);
}
