// A kernel in a header: the tile is written row by row and read column by
// column, so every lane of a warp reads bank 0 (warplint-bank-conflict,
// 32-way, on the read; padding the tile to 33 columns fixes it).
#pragma once

__global__ void transposeTile(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
