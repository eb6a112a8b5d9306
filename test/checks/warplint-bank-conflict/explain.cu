// warplint explain FILE:LINE[:COL] prints the worst warp's banks: one column
// per bank, one row per wavefront; bad places are usage errors.
//
// RUN: %warplint explain %s:20 --width=160 -- %cuda_flags | FileCheck %s --check-prefix=ROW
// RUN: %warplint explain %s:25:26 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=COL
// RUN: %warplint explain %s:28 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %warplint explain %s:2 --width=400 -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not %warplint explain %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not %warplint explain 2>&1 | FileCheck %s --check-prefix=USAGE0

#include <cuda.h>

__global__ void k(float *out, int n) {
  __shared__ float t[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  // ROW:      {{.*}}explain.cu:20:3: shared-memory store of 't[tx * 2 % 32][ty]' (4 bytes) in 'k'
  // ROW-EMPTY:
  // ROW-NEXT:   block 32x2 (kernel 'k'): 16-way bank conflict; worst warp 0 (threads 0..31)
  // ROW-EMPTY:
  t[tx * 2 % 32][ty] = 1;
  // ROW-NEXT: {{^ +}}bank   0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20  21  22  23  24  25  26  27  28  29  30  31{{$}}
  // ROW-NEXT: {{^}}wavefront 1    0+   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .{{$}}
  // ROW-NEXT: {{^}}wavefront 2    1+   .
  // ROW:      16 wavefronts where 1 would do: 16-way (lanes 0..31 hit bank 0 in 16 different words)
  out[0] = t[ty][tx] + t[tx][ty];
  // COL: explain.cu:25:24: shared-memory load of 't[tx][ty]'
  // COL-NOT: t[ty][tx]
  out[1] = t[ty][tx * n];
  // UNKNOWN: block 32x2 (kernel 'k'): depends on 'n', a value known only at run time: 32-way when 'n' is a multiple of 32; {{.*}}; conflict-free when 'n' is odd; except 'n' = 0: conflict-free
}

void launch(float *f, int n) { k<<<1, dim3(32, 2)>>>(f, n); }

// NONE: warplint: error: no shared-memory access at {{.*}}explain.cu:2
// USAGE: warplint: error: '{{.*}}explain.cu' is not FILE:LINE[:COL]
// USAGE0: warplint: error: usage: warplint explain FILE:LINE[:COL] [options] [-- COMPILER_ARGS]

// explain --help prints its usage.
// RUN: %warplint explain --help | FileCheck %s --check-prefix=HELP
// HELP: usage: warplint explain FILE:LINE[:COL] [options] [-- COMPILER_ARGS]
// HELP: one column per bank, one row per wavefront

// Options may come before FILE:LINE too, as docs/user-guide.md writes them
// (--width=400, --no-config); FILE:LINE is the first word that is one.
// RUN: %warplint explain --width=400 --no-config %s:25:26 -- %cuda_flags | FileCheck %s --check-prefix=COL
// RUN: not %warplint explain --width=400 %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not %warplint explain --width=400 -- %s:25 2>&1 | FileCheck %s --check-prefix=USAGE0
