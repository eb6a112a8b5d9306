// Never silent about what the bank analysis assumed: with --verbose the tool
// prints, per file, how many shared-memory accesses got a degree for a block
// shape the file launches, how many only for the assumed block and how many
// none; a note for each kernel analysed only with the assumed block (and
// what gives its real shape) and for each access left unknown (with the
// reason). `warplint explain` says the shape was assumed. Without --verbose
// standard error says nothing of it.
//
// RUN: %warplint --verbose --checks=warplint-bank-conflict %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s -DFILE=%s
// RUN: %warplint --checks=warplint-bank-conflict %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %warplint explain %s:33 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=EXPLAIN
//
// CHECK:      warplint: [[FILE]]: 4 shared-memory accesses: 1 with a degree, 1 at the assumed block only, 2 unknown (1 with a degree for each value of a run-time value)
// CHECK-NEXT: warplint: note: [[FILE]]:31:17: no launch of 'unlaunched' in this file gives its block shape: analysed with the assumed block 32x1 only; -p (the build's compilation database) follows its launches from the build's other files, --block-dim=X,Y,Z or warplint-bank-conflict.BlockDim (--check-option, CheckOptions in .warplint.yaml) sets the shape it is launched with
// CHECK-NEXT: warplint: note: [[FILE]]:40:12: shared-memory load of 'hist[data[i]]' has no degree: the index is loaded from memory that differs between threads
// CHECK-NEXT: warplint: note: [[FILE]]:41:12: shared-memory load of 's[threadIdx.x * n]' has no degree: the degree depends on 'n', a value known only at run time: {{.*}}
// QUIET-NOT: shared-memory
//
// EXPLAIN:      shared-memory load of 's[threadIdx.x]' (4 bytes) in 'unlaunched'
// EXPLAIN:      no launch in this file gives the block shape of 'unlaunched': assumed (--block-dim=X,Y,Z or the option warplint-bank-conflict.BlockDim gives the real one)
// EXPLAIN-NEXT: assumed block 32x1 (kernel 'unlaunched'): no bank conflict

#include <cuda.h>

__global__ void launched(float *out) {
  __shared__ float s[64];
  out[0] = s[threadIdx.x];
}

// No launch in this file.
__global__ void unlaunched(float *out) {
  __shared__ float s[64];
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void unknowns(const int *data, float *out, int n) {
  __shared__ float s[4096];
  __shared__ float hist[256];
  int i = threadIdx.x;
  out[0] = hist[data[i]];
  out[1] = s[threadIdx.x * n];
}

void run(float *o, const int *d, int n) {
  launched<<<1, 64>>>(o);
  unknowns<<<1, 32>>>(d, o, n);
}
