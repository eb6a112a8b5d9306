// Input of jobs.test: kernel k6, launched with a block of 97 threads.
#include <cuda.h>
__global__ void k6(float *p) {}
void run6(float *p) {
  k6<<<1, 97>>>(p);
  k6<<<1, 2048>>>(p);
  k6<<<1, 64>>>(p);
}
