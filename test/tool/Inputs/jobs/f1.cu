// Input of jobs.test: kernel k1, launched with a block of 17 threads.
#include <cuda.h>
__global__ void k1(float *p) {}
void run1(float *p) {
  k1<<<1, 17>>>(p);
  k1<<<1, 2048>>>(p);
  k1<<<1, 64>>>(p);
}
