// Findings to accept into a baseline: two with the same key in run(), the
// same line in other(), an error, and a template's.
//
// (This version has lines added above each finding, and blanks changed
// and lines reordered: the baseline still matches every one.)
#include <cuda.h>

__global__ void k(float *p) {}


template <int N>   void launchN(float *p) {  k<<<1, N>>>(p); }

void other(float *p) {

  k<<<1, 100>>>(p);
}

void run(float *p) {
  k<<<1, 2000>>>(p);

    k<<<1,   100>>>(p);
  launchN<40>(p);
  k<<<1, 100>>>(p);
}
