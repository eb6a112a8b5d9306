// Input of jobs.test: kernel k5, launched with a block of 81 threads.
#include <cuda.h>
__global__ void k5(float *p) {}
void run5(float *p) {
  k5<<<1, 81>>>(p);
  k5<<<1, 2048>>>(p);
  k5<<<1, 64>>>(p);
}
