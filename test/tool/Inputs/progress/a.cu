#include <cuda.h>
// A 32-way conflict: one warning, one access analysed.
__global__ void column(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
}
void launchA(float *f) { column<<<1, 32>>>(f); }
