#pragma once
__global__ void transposeTile(float *p) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = t[threadIdx.y][threadIdx.x];
}
