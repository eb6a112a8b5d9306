#include <cuda.h>
// A block too large (an error) and one not a multiple of 32 (a warning);
// no shared memory.
__global__ void k(float *out) { out[threadIdx.x] = 0; }
void launchC(float *f) {
  k<<<1, 2048>>>(f);
  k<<<1, 33>>>(f);
}
