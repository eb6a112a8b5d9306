// warplint explain fits the width: every line within --width=N columns (80
// by default when standard output is no terminal and $COLUMNS is unset),
// the banks 32, 16 or 8 a row as many as fit; a legend for every mark, in
// the access's words; and the fix the check knows, with the same warp's map
// after it.
//
// RUN: %warplint explain %s:23 --width=80 -- %cuda_flags > %t.80
// RUN: %python %S/Inputs/max_width.py 80 %t.80
// RUN: FileCheck %s --check-prefixes=W80,LOAD,FIX --input-file=%t.80
// RUN: env -u COLUMNS %warplint explain %s:23 -- %cuda_flags | diff %t.80 -
// RUN: %warplint explain %s:23 --width=60 -- %cuda_flags > %t.60
// RUN: %python %S/Inputs/max_width.py 60 %t.60
// RUN: FileCheck %s --check-prefixes=W60,FIX --input-file=%t.60
// RUN: env COLUMNS=200 %warplint explain %s:23 -- %cuda_flags | FileCheck %s --check-prefix=W200
// RUN: %warplint explain %s:25 --width=300 -- %cuda_flags > %t.store
// RUN: FileCheck %s --check-prefix=STORE --input-file=%t.store
// RUN: %warplint explain %s:79 --width=80 -- %cuda_flags | FileCheck %s --check-prefix=HINT

#include <cuda.h>

__global__ void column(float *out, double *d) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
  __shared__ float u[64];
  u[threadIdx.x * 2] = out[threadIdx.x];
}

void launch(float *f, double *d) { column<<<1, 32>>>(f, d); }

// 80 columns: 16 banks a row; the banks no wavefront uses in one line.
// W80:      {{^ +}}bank   0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15{{$}}
// W80-NEXT: {{^}}wavefront 1     0   .   .
// W80:      {{^}}banks 16..31: idle in every wavefront{{$}}
// 60 columns: 8 banks a row.
// W60:      {{^ +}}bank   0   1   2   3   4   5   6   7{{$}}
// W60:      {{^}}banks 8..15: idle in every wavefront{{$}}
// $COLUMNS when standard output is no terminal: 32 banks fit in 200.
// W200: {{^ +}}bank   0   1   2   3 {{.*}}  30  31{{$}}

// The legend names the lanes, '+', '.' and the rows, in a load's words.
// LOAD: 32 wavefronts where 1 would do: 32-way
// LOAD: legend: a number is the lane whose word the bank serves in that
// LOAD: several lanes read it); '+' after it: more lanes read the same
// LOAD: (a broadcast); '.': the bank is idle
// LOAD: wavefront N: the Nth pass of the banks; one would do

// The check's fix (its note pads 't'), and the same warp after it: one
// wavefront, each lane its own bank.
// FIX:      {{^}}fix: pad the inner dimension of 't' to 33 elements; the same
// FIX:      {{^ +}}bank   0   1   2   3
// FIX-NEXT: {{^}}wavefront 1    0   1   2   3
// FIX:      {{^}}1 wavefront where 1 would do: 1-way{{$}}

// A store says "write"; lanes on one word are no broadcast. 'u' has one
// dimension, no row to pad or swizzle: the check knows no fix, and explain
// says none.
// STORE: shared-memory store of 'u[threadIdx.x * 2]'
// STORE: block 32x1 (kernel 'column'): 2-way bank conflict
// STORE: legend: a number is the lane whose word the bank serves in that wavefront (the first, when several lanes write it); '+' after it: more lanes write the same word, served at once; '.': the bank is idle{{$}}
// STORE-NOT: broadcast
// STORE-NOT: fix:

// Too narrow, and --width outside explain: usage errors.
// RUN: not %warplint explain %s:23 --width=40 -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: warplint: error: --width=40: explain needs at least 50 columns
// RUN: not %warplint --width=80 %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=NOT-EXPLAIN
// NOT-EXPLAIN: warplint: error: --width is an option of warplint explain

// Through a pointer no fix-it can pad 'w': the check describes the layout
// (its note), and explain shows the same warp with it.
// HINT: {{^}}fix: lay out 'w' with each row padded by 4 bytes (33 elements instead of 32);{{$}}
// HINT-NEXT: {{^}}  the same warp then:{{$}}
// HINT-NEXT: {{^ +}}bank   0   1   2   3
// HINT-NEXT: {{^}}wavefront 1    0   1   2   3
// HINT: {{^}}1 wavefront where 1 would do: 1-way{{$}}
__global__ void viaPointer(float *out) {
  __shared__ float w[32][32];
  float *p = &w[0][0];
  out[threadIdx.x] = p[threadIdx.x * 32];
}
void launchPointer(float *f) { viaPointer<<<1, 32>>>(f); }
