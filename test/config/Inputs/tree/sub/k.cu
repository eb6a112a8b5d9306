// One launch, one bounded kernel and one bank conflict, for the
// configuration tests (the same text in every directory of tree/).
#include <cuda.h>
__global__ void __launch_bounds__(100) bounded(float *p) {}
__global__ void transpose(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = out[0];
  out[1] = tile[threadIdx.y][threadIdx.x];
}
void run(float *p) { bounded<<<1, 100>>>(p); }
