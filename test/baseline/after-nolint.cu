// A baseline holds the findings left after NOLINT comments: the silenced
// one is not in it, and stays silenced with or without the baseline.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: cd %t && %warplint --no-config --write-baseline=b.json k.cu -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=WROTE
// WROTE: warplint: wrote 1 finding to the baseline b.json
// RUN: FileCheck %s --input-file=%t/b.json -implicit-check-not='"snippet"'
// CHECK: "snippet": "k<<<1, 100>>>(p);"
// RUN: cd %t && %warplint --no-config --baseline=b.json k.cu -- %cuda_flags

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p);
  k<<<1, 99>>>(p); // NOLINT(warplint-block-size)
}
