// kernels_cuda: launches the header's kernel with 32x32 blocks, and a kernel
// with 100-thread blocks (warplint-block-size: 28 idle lanes).
#include "tile.cuh"

__global__ void scale(float *p, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= f;
}

void transposeAndScale(const float *in, float *out, int n) {
  transposeTile<<<1, dim3(32, 32)>>>(in, out);
  scale<<<(n + 99) / 100, 100>>>(out, 2.0f, n);
}
