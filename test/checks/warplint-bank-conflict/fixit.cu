// The padding fix-it: offered only when padding the innermost dimension
// makes every access of the array conflict-free and changes no other result,
// for arrays declared in the main file outside templates. clang-tidy applies
// it with --fix-notes; the JSON and SARIF outputs carry it.
//
// RUN: sed 's/^PAD_ME//' %s > %t.cu
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' --fix-notes %t.cu -- %cuda_flags >/dev/null 2>&1 %}
// RUN: %if clang-tidy %{ FileCheck %s --check-prefix=FIXED --input-file=%t.cu %}
// RUN: not %warplint --checks=warplint-bank-conflict --format=json %s -- %cuda_flags | FileCheck %s --check-prefix=JSON
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'

#include <cuda.h>

#define TILE 32

__global__ void literal(float *out) {
  __shared__ float a[32][32];
  // FIXED: __shared__ float a[32][33];
  a[threadIdx.y][threadIdx.x] = 0;
  out[0] = a[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'a[threadIdx.x][threadIdx.y]' has a 32-way bank conflict
  // CHECK: :[[@LINE-5]]:20: note: padding the inner dimension of 'a' to 33 elements makes every access of it conflict-free
}

__global__ void macro(double *out) {
  __shared__ double b[TILE][TILE * 2];
  // FIXED: __shared__ double b[TILE][(TILE * 2) + 1];
  out[0] = b[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'b[threadIdx.x][threadIdx.y]' has a 16-way bank conflict
  // CHECK: :[[@LINE-4]]:21: note: padding the inner dimension of 'b' to 65 elements makes every access of it conflict-free
}

// JSON:      "fixIts": [
// JSON:      "column": 26,
// JSON-NEXT: "endColumn": 28,
// JSON-NEXT: "endLine": 17,
// JSON:      "replacement": "33"
// JSON:      "message": "padding the inner dimension of 'a' to 33 elements makes every access of it conflict-free"

// ---- Notes without fix-its, or no notes ----
// Padding would break the flat access through a pointer.
__global__ void flattened(float *out) {
  __shared__ float c[32][32];
  // FIXED: __shared__ float c[32][32];
  float *flat = &c[0][0];
  out[0] = c[threadIdx.x][threadIdx.y] + flat[threadIdx.x];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'c[threadIdx.x][threadIdx.y]' has a 32-way bank conflict
}

// Padding by up to 4 elements cannot fix both accesses of d.
__global__ void noPadding(float *out) {
  __shared__ float d[16][16];
  // FIXED: __shared__ float d[16][16];
  d[threadIdx.x][threadIdx.y] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'd[threadIdx.x][threadIdx.y]' has an 8-way bank conflict
  out[0] = d[threadIdx.y][threadIdx.x];
}

// In a template, the note says what would work but no fix is offered.
template <int N> __global__ void templated(float *out) {
  __shared__ float e[N][N];
  // FIXED: __shared__ float e[N][N];
  out[0] = e[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'e[threadIdx.x][threadIdx.y]' has a 32-way bank conflict
  // CHECK: :[[@LINE-4]]:20: note: padding the inner dimension of 'e' to 33 elements makes every access of it conflict-free
}

void launch(float *f, double *d) {
  literal<<<1, dim3(32, 8)>>>(f);
  macro<<<1, dim3(32, 8)>>>(d);
  flattened<<<1, dim3(32, 8)>>>(f);
  noPadding<<<1, dim3(16, 16)>>>(f);
  templated<32><<<1, dim3(32, 8)>>>(f);
}
