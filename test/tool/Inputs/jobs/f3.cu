// Input of jobs.test: kernel k3, launched with a block of 49 threads.
#include <cuda.h>
__global__ void k3(float *p) {}
void run3(float *p) {
  k3<<<1, 49>>>(p);
  k3<<<1, 2048>>>(p);
  k3<<<1, 64>>>(p);
}
