// vector_add.cu: the first kernel of every CUDA course, launched three ways.
//
// What warplint says, and why:
//   - The launch with `threads = 100` gets a warning. The GPU runs a block in
//     warps of 32 threads, so 100 threads take 4 warps (128 lanes) and 28 of
//     those lanes (21.9%) do no work in every block.
//   - The launch with 256 threads is a whole number of warps: no finding.
//   - The launch whose block size comes from the command line is not known
//     before the program runs: warplint says nothing about it.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  float *a, *b, *c;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&c, bytes);
  cudaMemset(a, 0, bytes);
  cudaMemset(b, 0, bytes);

  // warning: 100 threads per block are 4 warps with 28 idle lanes.
  int threads = 100;
  int blocks = (n + threads - 1) / threads;
  vectorAdd<<<blocks, threads>>>(a, b, c, n);

  // No finding: 256 threads are exactly 8 warps.
  vectorAdd<<<(n + 255) / 256, 256>>>(a, b, c, n);

  // No finding: the block size is only known at run time.
  int userThreads = argc > 1 ? atoi(argv[1]) : 128;
  vectorAdd<<<(n + userThreads - 1) / userThreads, userThreads>>>(a, b, c, n);

  cudaError_t err = cudaDeviceSynchronize();
  printf("vector_add: %s\n", cudaGetErrorString(err));
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return err == cudaSuccess ? 0 : 1;
}
