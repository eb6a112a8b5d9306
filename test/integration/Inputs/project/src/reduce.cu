// kernels_cxx (C++ compiled in CUDA mode by clang++-22): a reduction that
// strides its shared array by two words (warplint-bank-conflict, 2-way),
// launched with 200-thread blocks (warplint-block-size).
#include <cuda_runtime.h>

__global__ void sumPairs(const float *in, float *out) {
  __shared__ float buf[512];
  buf[2 * threadIdx.x] = in[2 * threadIdx.x];
  buf[2 * threadIdx.x + 1] = in[2 * threadIdx.x + 1];
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int i = 0; i < 400; ++i)
      s += buf[i];
    *out = s;
  }
}

void reduce(const float *in, float *out) { sumPairs<<<1, 200>>>(in, out); }
