// compile-database.test: compiled by clang++ in the database.
#include <cuda_runtime.h>
#include "sizes.h"
__global__ void kClang(float *p) {}
void runClang(float *p) { kClang<<<1, ODD_THREADS + FROM_DEFINE>>>(p); }
