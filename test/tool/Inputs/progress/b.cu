#include <cuda.h>
// No finding: one access conflict-free, one unknown (its index is a
// run-time value).
__global__ void row(float *out, int n) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[0][threadIdx.x] + t[0][threadIdx.x * n % 32];
}
void launchB(float *f, int n) { row<<<1, 32>>>(f, n); }
