// kernels_cxx: nothing to report (a full warp per block, conflict-free
// shared memory).
#include <cuda_runtime.h>

__global__ void copyThrough(const float *in, float *out) {
  __shared__ float buf[256];
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[255 - threadIdx.x];
}

void copy(const float *in, float *out) { copyThrough<<<1, 256>>>(in, out); }
