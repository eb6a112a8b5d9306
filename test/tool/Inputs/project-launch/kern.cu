// Kernels defined here, launched only from host.cu.
#include <cuda.h>
__global__ void remote(float *out, int stride) {
  __shared__ float s[4096];
  s[threadIdx.y * 32 + threadIdx.x] = out[0];
  out[1] = s[threadIdx.x * stride];
}
extern "C" __global__ void plain(float *out) {
  __shared__ float t[64];
  t[threadIdx.x * 2] = 0;
}
// Internal linkage: no other file can launch it.
static __global__ void hidden(float *out) {
  __shared__ float u[64];
  u[threadIdx.x * 2] = 0;
}
