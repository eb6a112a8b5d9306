// Launch shapes host code keeps in globals and arrays it fills before the
// launch (issue 22): a global array of dim3 that a setup function main
// calls first fills element by element; a kernel taken from a local array
// of kernel pointers filled in a switch, paired with the shape of the same
// case and the same iteration of the loop around the launch; an int global
// set two calls deep; one never written but by its initializer; a dim3
// assigned in the arms of an if/else whose condition is not known (each arm
// a shape); a host loop bound held in a float. A global written in a loop
// keeps the assumed block, and the dump says why.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=WHY

#include <cuda.h>

dim3 shapes[2][2];
int width = 64;
int untouched = 128;
int grown = 32;

// 4-way at 32 threads in x, 2-way at 16, none at 8.
__global__ void wide(float *out) {
  __shared__ float s[4096];
  out[threadIdx.x] = s[threadIdx.x * 4];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 4]' has a 4-way bank conflict (blocks 32x2 and 64x1: lanes 0, 8, 16 and 24 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
}
__global__ void narrow(float *out) {
  __shared__ float s[4096];
  out[threadIdx.x] = s[threadIdx.x * 4 + 1];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 4 + 1]' has a 2-way bank conflict (block 16x4: lanes 0, 8, 16 and 24 hit bank 1 in 2 different words) [warplint-bank-conflict]
}
__global__ void byWidth(float *out) {
  __shared__ float s[4096];
  out[threadIdx.x] = s[threadIdx.x * 2]; // 16 threads: no conflict
}
__global__ void byUntouched(float *out) {
  __shared__ float s[4096];
  out[threadIdx.x] = s[threadIdx.x * 8];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 8]' has an 8-way bank conflict (block 128x1: lanes 0, 4, ..., 28 hit bank 0 with a stride of 8 words) [warplint-bank-conflict]
}
__global__ void byGrown(float *out) {
  __shared__ float s[4096];
  out[threadIdx.x] = s[threadIdx.x * 3]; // odd stride: no conflict
}

__global__ void byArms(float *out) {
  __shared__ float s[4096];
  out[threadIdx.x] = s[threadIdx.x * 16];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 16]' has a 16-way bank conflict (block 32x1: lanes 0, 2, ..., 30 hit bank 0 with a stride of 16 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:22: warning: shared-memory load of 's[threadIdx.x * 16]' has an 8-way bank conflict (block 16x2: lanes 0, 2, ..., 30 hit bank 0 in 8 different words) [warplint-bank-conflict]
}
__global__ void byLimit(float *out) {
  __shared__ float s[4096];
  out[threadIdx.x] = s[threadIdx.x];
}

int pick();
void arms(float *out) {
  dim3 b;
  if (pick() > 0)
    b = dim3(32);
  else
    b = dim3(16, 2);
  byArms<<<1, b>>>(out);
  float limit = 2.5f;
  for (int i = 0; i < limit; ++i)
    byLimit<<<1, 32 << i>>>(out);
}

void configure() { width = 16; }
void setup() {
  shapes[0][0] = dim3(32, 2);
  shapes[0][1] = dim3(16, 4);
  shapes[1][0] = dim3(8, 8);
  shapes[1][1] = dim3(64, 1);
  configure();
  for (int i = 0; i < 2; ++i)
    grown += 32;
}

void run(float *out, int which) {
  void (*kernels[2])(float *);
  switch (which) {
  case 0:
    kernels[0] = wide;
    kernels[1] = narrow;
    break;
  case 1:
    kernels[0] = narrow;
    kernels[1] = wide;
    break;
  }
  for (int i = 0; i < 2; ++i)
    kernels[i]<<<1, shapes[which][i]>>>(out);
  byWidth<<<1, width>>>(out);
  byUntouched<<<1, untouched>>>(out);
  byGrown<<<1, grown>>>(out);
}

int main() {
  setup();
  run(nullptr, 0);
  run(nullptr, 1);
  arms(nullptr);
}

// DUMP: s[threadIdx.x * 4] bytes=4 degree=4,4
// DUMP: s[threadIdx.x * 4 + 1] bytes=4 degree=2,1
// DUMP: s[threadIdx.x * 2] bytes=4 degree=1
// DUMP: s[threadIdx.x * 8] bytes=4 degree=8
// DUMP: s[threadIdx.x * 3] bytes=4 degree=1
// DUMP: s[threadIdx.x * 16] bytes=4 degree=16,8
// DUMP: s[threadIdx.x] bytes=4 degree=1,1,1

// WHY: "assumedWhy": "the block of its launch on line 100: 'grown' is written in the loop on line 80"
