#include <cuda.h>
#include "shared.cuh"
__global__ void kb(float *p) {}
void rb(float *p) {
  kb<<<1, 50>>>(p);
  transposeRow<<<1, 32>>>(p);
}
