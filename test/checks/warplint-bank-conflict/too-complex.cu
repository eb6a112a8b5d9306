// The analysis is bounded (warplint-bank-conflict.MaxSteps per access and
// block shape, MaxFileSteps per file): an access past the bound is listed as
// skipped with the limit that stopped it, never a hang, and no finding is
// made of it.
//
// With the defaults, the pathological kernel below (1024 threads, two
// nested loops of 2048 combinations, six uniform branches tried both ways
// and a 40-term address) is stopped:
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: "text": "s[((t * 3) % 5 {{.*}}
// DEFAULT-NEXT: "whyUnknown": "skipped: too complex: the analysis of this access needs more than 50000000 steps (warplint-bank-conflict.MaxSteps)"
//
// A smaller bound per access stops the simple loop too, and the findings
// are only those of the accesses analysed in full:
// RUN: %warplint --check-option=warplint-bank-conflict.MaxSteps=20000 \
// RUN:   --dump-shared-accesses %s -- %cuda_flags \
// RUN:   | FileCheck %s --check-prefix=ACCESS
// ACCESS: "text": "s[((t * 3) % 5 {{.*}}
// ACCESS-NEXT: "whyUnknown": "skipped: too complex: the analysis of this access needs more than 20000 steps (warplint-bank-conflict.MaxSteps)"
// ACCESS: "text": "s[threadIdx.x * (i % 3 + 1)]",
// ACCESS-NEXT: "whyUnknown": "skipped: too complex: the analysis of this access needs more than 20000 steps (warplint-bank-conflict.MaxSteps)"
// ACCESS: "degree": 2,
// ACCESS: "text": "s[threadIdx.x * 2]",
// ACCESS-NEXT: "whyUnknown": ""
//
// A bound per file: once the heavy access has spent it, the accesses after
// it are skipped with the file's limit.
// RUN: %warplint --check-option=warplint-bank-conflict.MaxFileSteps=1000000 \
// RUN:   --dump-shared-accesses %s -- %cuda_flags \
// RUN:   | FileCheck %s --check-prefix=FILE
// FILE: "text": "s[((t * 3) % 5 {{.*}}
// FILE-NEXT: "whyUnknown": "skipped: too complex: the analysis of this file reached its limit of 1000000 steps (warplint-bank-conflict.MaxFileSteps)"
// FILE: "text": "s[threadIdx.x * (i % 3 + 1)]",
// FILE-NEXT: "whyUnknown": "skipped: too complex: the analysis of this file reached its limit of 1000000 steps (warplint-bank-conflict.MaxFileSteps)"
//
// Bad limits are usage errors:
// RUN: not %warplint --check-option=warplint-bank-conflict.MaxSteps=0 %s \
// RUN:   -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: check option 'warplint-bank-conflict.MaxSteps' takes a positive whole number, not '0'
#include <cuda.h>

__global__ void heavy(float *o, int p0, int p1, int p2, int p3, int p4,
                      int p5) {
  __shared__ float s[8192];
  int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 64; ++j) {
      int b = (p0 > 0 ? 1 : 2) + (p1 > 0 ? 4 : 8) + (p2 > 0 ? 16 : 32) +
              (p3 > 0 ? 64 : 128) + (p4 > 0 ? 3 : 5) + (p5 > 0 ? 7 : 9);
      acc += s[((t * 3) % 5 + (t * 4) % 6 + (t * 5) % 7 + (t * 6) % 8 +
                (t * 7) % 9 + (t * 8) % 10 + (t * 9) % 11 + (t * 10) % 12 +
                (t * 11) % 13 + (t * 12) % 14 + (t * 13) % 15 +
                (t * 14) % 16 + (t * 15) % 17 + (t * 16) % 18 +
                (t * 17) % 19 + (t * 18) % 20 + i * 33 + j * 65 + b) &
               8191];
    }
  o[t] = acc;
}

__global__ void simple(float *o) {
  __shared__ float s[4096];
  float acc = 0;
  for (int i = 0; i < 256; ++i)
    acc += s[threadIdx.x * (i % 3 + 1)];
  o[threadIdx.x] = acc + s[threadIdx.x * 2];
}

int main() {
  heavy<<<1, 1024>>>(0, 1, 2, 3, 4, 5, 6);
  simple<<<1, 32>>>(0);
}
