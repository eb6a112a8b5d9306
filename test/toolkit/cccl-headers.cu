// With the CUDA toolkit, a file that includes <cuda_runtime.h> and CCCL
// headers (CUB, Thrust; CUDA 13 keeps them in include/cccl, which warplint
// adds as nvcc does) parses without clang errors, gives the expected launch
// finding, and nothing on standard error: no 'unknown CUDA version' warning.
//
// REQUIRES: cuda-toolkit
// RUN: not %warplint --cuda-path=%cuda_path %s > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.err
// RUN: not %warplint --cuda-path=%cuda_path --verbose %s 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE -DCUDA=%cuda_path
// A compile command of its own (as from a database) gets the same treatment.
// RUN: not %warplint --cuda-path=%cuda_path %s -- -x cuda --cuda-gpu-arch=sm_90 -std=c++17 > %t.cmd.out 2> %t.cmd.err
// RUN: FileCheck %s --input-file=%t.cmd.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.cmd.err
// JSON, the same.
// RUN: not %warplint --cuda-path=%cuda_path --format=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON

#include <cuda_runtime.h>
#include <cub/cub.cuh>
#include <thrust/device_vector.h>

template <int Threads> __global__ void blockSum(const float *in, float *out) {
  using Reduce = cub::BlockReduce<float, Threads>;
  __shared__ typename Reduce::TempStorage temp;
  float sum = Reduce(temp).Sum(in[blockIdx.x * Threads + threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

void run(int n) {
  thrust::device_vector<float> in(n), out(n);
  const float *pin = thrust::raw_pointer_cast(in.data());
  float *pout = thrust::raw_pointer_cast(out.data());
  blockSum<100><<<n / 100, 100>>>(pin, pout);
  // CHECK: cccl-headers.cu:[[@LINE-1]]:28: warning: launch of 'blockSum<100>' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%) [warplint-block-size]
  blockSum<128><<<n / 128, 128>>>(pin, pout);
  cudaDeviceSynchronize();
}

// NOERR-NOT: {{.}}
// VERBOSE: warplint: CUDA toolkit [[CUDA]] (CUDA {{[0-9]+\.[0-9]+}})
// VERBOSE: --cuda-path=[[CUDA]] -isystem [[CUDA]]/include/cccl
// VERBOSE-NOT: {{error:|clang error}}
// VERBOSE-NOT: unknown CUDA version
// JSON: "kernel": "blockSum<100>",
