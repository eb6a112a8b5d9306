#include <cuda.h>
#include "shared.cuh"
__global__ void ka(float *p) {}
void ra(float *p) {
  ka<<<1, BLOCK_A>>>(p);
  transposeRow<<<1, 32>>>(p);
}
