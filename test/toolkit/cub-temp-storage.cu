// Shared storage handed to CUB (a library in the toolkit's headers, whose
// accesses warplint does not analyse): listed at the call as unknown, with
// the reason, rather than left out.
//
// REQUIRES: cuda-toolkit
// RUN: %warplint --cuda-path=%cuda_path --dump-shared-accesses %s | %python %S/../checks/warplint-bank-conflict/Inputs/accesses.py | FileCheck %s
//
// CHECK: 15:29 tmp bytes=0 why=passed to 'cub::{{.*}}BlockReduce<float, 128{{.*}}>::BlockReduce', library code, whose shared-memory accesses are not analysed

#include <cub/block/block_reduce.cuh>

__global__ void sum(float *out) {
  using BlockReduce = cub::BlockReduce<float, 128>;
  __shared__ typename BlockReduce::TempStorage tmp;
  float total = BlockReduce(tmp).Sum(out[threadIdx.x]);
  if (threadIdx.x == 0)
    out[0] = total;
}

int main() { sum<<<1, 128>>>(nullptr); }
