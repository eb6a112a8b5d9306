// compile-database.test: compiled by nvcc in the database.
#include <cuda_runtime.h>
#include "sizes.h"
__global__ void kNvcc(float *p) {}
void runNvcc(float *p) { kNvcc<<<1, ODD_THREADS * 2>>>(p); }
