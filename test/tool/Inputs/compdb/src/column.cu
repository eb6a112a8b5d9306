#include <cuda_runtime.h>
#include "tile.h"

__global__ void columnWalk(float *out) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void runColumnWalk(float *out) { columnWalk<<<1, dim3(TILE, TILE)>>>(out); }
