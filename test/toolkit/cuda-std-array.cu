// With the CUDA toolkit, a __shared__ cuda::std::array of libcu++ (CUDA 13
// keeps it in include/cccl): its operator[], a range-based for loop over it
// and data() reach the shared elements and are analysed like a plain array.
//
// REQUIRES: cuda-toolkit
// RUN: not %warplint --cuda-path=%cuda_path --checks=warplint-bank-conflict %s | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %warplint --cuda-path=%cuda_path --dump-shared-accesses %s | %python %S/../checks/warplint-bank-conflict/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda/std/array>

__global__ void wrappers(float *out) {
  __shared__ cuda::std::array<float, 1024> ca;
  ca[threadIdx.x * 32 % 1024] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'ca[threadIdx.x * 32 % 1024]' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words)
  out[0] = ca[threadIdx.x * 2 % 1024];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'ca[threadIdx.x * 2 % 1024]' has a 2-way bank conflict
  float sum = 0;
  for (float x : ca)
    sum += x;
  // DUMP: [[@LINE-2]]:8 x bytes=4 degree=1
  out[1] = sum + ca.data()[threadIdx.x * 32 % 1024];
  // CHECK: :[[@LINE-1]]:18: warning: shared-memory load of 'ca.data()[threadIdx.x * 32 % 1024]' has a 32-way bank conflict
}

int main() { wrappers<<<1, 32>>>(0); }
