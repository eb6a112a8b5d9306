// transpose.cu: a matrix transpose through a 32x32 shared-memory tile.
//
// What warplint says, and why:
//   - The first launch asks for dim3(64, 32) blocks: 2048 threads, twice the
//     hardware limit of 1024 threads per block. An error: the launch fails
//     with cudaErrorInvalidConfiguration and the kernel never runs. Unless
//     the program checks cudaGetLastError(), nothing tells you.
//   - The second launch uses 32x8 blocks (256 threads, each thread copies 4
//     elements), as in NVIDIA's transpose sample: no finding.
//   - cudaLaunchKernel with a 32x32 block (1024 threads, the maximum) is
//     within every limit: no finding.
#include <cuda_runtime.h>
#include <cstdio>

constexpr int TileDim = 32;
constexpr int BlockRows = 8;

__global__ void transpose(float *out, const float *in, int width, int height) {
  __shared__ float tile[TileDim][TileDim + 1];
  int x = blockIdx.x * TileDim + threadIdx.x;
  int y = blockIdx.y * TileDim + threadIdx.y;
  for (int j = 0; j < TileDim; j += blockDim.y)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TileDim + threadIdx.x;
  y = blockIdx.x * TileDim + threadIdx.y;
  for (int j = 0; j < TileDim; j += blockDim.y)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int width = 4096, height = 4096;
  const size_t bytes = (size_t)width * height * sizeof(float);
  float *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemset(in, 0, bytes);
  dim3 grid(width / TileDim, height / TileDim);

  // error: 64x32 = 2048 threads per block, above the limit of 1024.
  transpose<<<grid, dim3(64, 32)>>>(out, in, width, height);
  printf("64x32 blocks: %s\n", cudaGetErrorString(cudaGetLastError()));

  // No finding: 32x8 = 256 threads.
  transpose<<<grid, dim3(TileDim, BlockRows)>>>(out, in, width, height);

  // No finding: 32x32 = 1024 threads, the largest block there is.
  int w = width, h = height;
  void *args[] = {&out, &in, &w, &h};
  cudaLaunchKernel((const void *)transpose, grid, dim3(TileDim, TileDim), args,
                   0, 0);

  cudaError_t err = cudaDeviceSynchronize();
  printf("transpose: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
