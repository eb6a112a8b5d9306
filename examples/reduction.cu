// reduction.cu: two sum reductions that promise the compiler a maximum block
// size with __launch_bounds__.
//
// What warplint says, and why:
//   - blockSum is declared with __launch_bounds__(1000): a warning on the
//     attribute. A full block of 1000 threads runs as 32 warps with 24 idle
//     lanes; 1024 (or 512) would fill every warp. Its launch with 1000
//     threads gets the same warning of its own.
//   - warpSum is declared with __launch_bounds__(256) but launched through
//     cudaLaunchKernelEx with 512-thread blocks: an error. The compiler built
//     the kernel for at most 256 threads per block, so the launch fails
//     every time and the kernel never runs. Notes point at the line that
//     sets the block shape and at the attribute.
//   - The launch of warpSum with 256 threads keeps the promise: no finding.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void __launch_bounds__(1000)
blockSum(const float *in, float *out, int n) {
  __shared__ float partial[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = 512; stride > 0; stride /= 2) {
    if (threadIdx.x < stride && threadIdx.x + stride < blockDim.x)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(out, partial[0]);
}

__global__ void __launch_bounds__(256)
warpSum(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0)
    atomicAdd(out, v);
}

int main() {
  const int n = 1 << 20;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  cudaMemset(out, 0, sizeof(float));

  // warning: 1000 threads are 32 warps with 24 idle lanes.
  blockSum<<<(n + 999) / 1000, 1000>>>(in, out, n);

  // error: 512 threads, above warpSum's __launch_bounds__(256).
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(n / 512);
  config.blockDim = dim3(512);
  cudaLaunchKernelEx(&config, warpSum, (const float *)in, out, n);

  // No finding: 256 threads, as the kernel promises.
  warpSum<<<n / 256, 256>>>(in, out, n);

  cudaError_t err = cudaDeviceSynchronize();
  printf("reduction: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
