// Input of jobs.test: kernel k4, launched with a block of 65 threads.
#include <cuda.h>
__global__ void k4(float *p) {}
void run4(float *p) {
  k4<<<1, 65>>>(p);
  k4<<<1, 2048>>>(p);
  k4<<<1, 64>>>(p);
}
