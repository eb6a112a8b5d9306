// box_blur.cu: a 3x3 box blur over an image, computed in square tiles kept in
// shared memory. The tile size is a template parameter, and the host code
// tries three of them.
//
// What warplint says, and why:
//   - runBlur<10> launches 10x10 = 100-thread blocks: a warning, 4 warps with
//     28 idle lanes. The finding names the instantiation, because the other
//     instantiations of the same line are fine, and a note points at the line
//     that defines the block shape.
//   - runBlur<16> (256 threads) and runBlur<24> (576 threads, 18 full warps)
//     get no block-size finding. A 24-wide row does not line up with warps,
//     but every warp is full; warplint-block-size counts threads, not rows.
//   - The tile rows are Tile + 2 floats wide, so a warp that spans two rows
//     of threads (every tile size here) wraps around the 32 banks and two of
//     its lanes meet in one bank: a 2-way bank conflict on the loads and
//     stores of the tile, for each tile size (each finding names its shape).
#include <cuda_runtime.h>
#include <cstdio>

__device__ int clampTo(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

template <int Tile>
__global__ void boxBlur(const float *in, float *out, int width, int height) {
  __shared__ float tile[Tile + 2][Tile + 2];
  int x = blockIdx.x * Tile + threadIdx.x;
  int y = blockIdx.y * Tile + threadIdx.y;
  // Load the tile and its one-pixel border (clamped at the image edge).
  for (int dy = threadIdx.y; dy < Tile + 2; dy += Tile)
    for (int dx = threadIdx.x; dx < Tile + 2; dx += Tile) {
      int sx = clampTo(blockIdx.x * Tile + dx - 1, width - 1);
      int sy = clampTo(blockIdx.y * Tile + dy - 1, height - 1);
      tile[dy][dx] = in[sy * width + sx];
    }
  __syncthreads();
  if (x >= width || y >= height)
    return;
  float sum = 0.0f;
  for (int dy = 0; dy < 3; ++dy)
    for (int dx = 0; dx < 3; ++dx)
      sum += tile[threadIdx.y + dy][threadIdx.x + dx];
  out[y * width + x] = sum / 9.0f;
}

template <int Tile>
void runBlur(const float *in, float *out, int width, int height) {
  dim3 block(Tile, Tile);
  dim3 grid((width + Tile - 1) / Tile, (height + Tile - 1) / Tile);
  boxBlur<Tile><<<grid, block>>>(in, out, width, height);
}

int main() {
  const int width = 1920, height = 1080;
  const size_t bytes = (size_t)width * height * sizeof(float);
  float *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemset(in, 0, bytes);

  runBlur<10>(in, out, width, height); // warning: 100 threads per block
  runBlur<16>(in, out, width, height); // no finding: 256 threads
  runBlur<24>(in, out, width, height); // no finding: 576 threads

  cudaError_t err = cudaDeviceSynchronize();
  printf("box_blur: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
