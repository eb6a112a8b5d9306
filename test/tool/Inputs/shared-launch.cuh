// duplicate-findings.cu: a header with a finding, included by two files.
#pragma once
#include <cuda.h>
__global__ void __launch_bounds__(48) sharedKernel(float *p) {}
inline void sharedLaunch(float *p) { sharedKernel<<<1, 40>>>(p); }
