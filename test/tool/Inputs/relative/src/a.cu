#include "blk.h"
#include "kern.cuh"
__global__ void ka(float *p) { p[threadIdx.x] = 0; }
void runA(float *p) {
  ka<<<1, BLK>>>(p);
  transposeTile<<<1, dim3(32, 32)>>>(p);
}
