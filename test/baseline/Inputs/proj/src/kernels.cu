// Findings to accept into a baseline: two with the same key in run(), the
// same line in other(), an error, and a template's.
#include <cuda.h>

__global__ void k(float *p) {}

template <int N> void launchN(float *p) { k<<<1, N>>>(p); }

void run(float *p) {
  k<<<1, 100>>>(p);
  k<<<1, 100>>>(p);
  k<<<1, 2000>>>(p);
  launchN<40>(p);
}

void other(float *p) {
  k<<<1, 100>>>(p);
}
