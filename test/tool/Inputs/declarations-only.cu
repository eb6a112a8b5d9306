// empty-file.test: nothing to analyse, and nothing wrong.
#include <cuda.h>
struct Config { int threads; };
constexpr int kThreads = 100;
__global__ void declaredOnly(float *p);
