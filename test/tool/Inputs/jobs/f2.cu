// Input of jobs.test: kernel k2, launched with a block of 33 threads.
#include <cuda.h>
__global__ void k2(float *p) {}
void run2(float *p) {
  k2<<<1, 33>>>(p);
  k2<<<1, 2048>>>(p);
  k2<<<1, 64>>>(p);
}
