// A padding or a relayout is decided on the addresses the analysis already
// has, each row moved, only where every subscript of the access lies within
// its dimension. `b[0][threadIdx.x * 32]` stands for `b[threadIdx.x][0]`:
// padding b's rows moves none of its addresses, so neither the padding
// fix-it nor a relayout note may be offered for it (a relayout of the
// addresses alone would call the padded array conflict-free).
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error|note}}:'
// RUN: not %warplint --checks=warplint-bank-conflict --format=json %s -- %cuda_flags | FileCheck %s --check-prefix=JSON

#include <cuda.h>

__global__ void within(float *out) {
  __shared__ float a[32][32];
  a[threadIdx.x][0] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'a[threadIdx.x][0]' has a 32-way bank conflict
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
  // CHECK: :[[@LINE-4]]:20: note: padding the inner dimension of 'a' to 33 elements makes every access of it conflict-free
  out[0] = a[threadIdx.x][1];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'a[threadIdx.x][1]' has a 32-way bank conflict
  // CHECK: :[[@LINE-2]]:12: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
  // CHECK: :[[@LINE-8]]:20: note: padding the inner dimension of 'a' to 33 elements makes every access of it conflict-free
}

__global__ void pastTheRow(float *out) {
  __shared__ float b[32][32];
  b[0][threadIdx.x * 32] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'b[0][threadIdx.x * 32]' has a 32-way bank conflict
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
}

// Within bounds on some lanes only: lanes 0..15 write c[0][0..30], lanes
// 16..31 run past row 0.
__global__ void partlyPast(float *out) {
  __shared__ float c[32][32];
  c[0][threadIdx.x * 2] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'c[0][threadIdx.x * 2]' has a 2-way bank conflict
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 2 wavefronts where 1 would do
}

void launch(float *o) {
  within<<<1, 32>>>(o);
  pastTheRow<<<1, 32>>>(o);
  partlyPast<<<1, 32>>>(o);
}

// The fix-it of each of a's two findings, and no other.
// JSON: "replacement": "33"
// JSON: "replacement": "33"
// JSON-NOT: "replacement"
