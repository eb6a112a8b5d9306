// --run-ptxas: warplint compiles the device code to PTX for each --arch with
// clang and runs ptxas -v on it, so the occupancy checks need no saved
// report. Without a toolkit it is a usage error.
//
// REQUIRES: cuda-toolkit
// RUN: not %warplint --run-ptxas --arch=sm_80,sm_90 --checks=warplint-occupancy --cuda-path=%cuda_path %s 2> %t.err | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.err
// NOERR-NOT: {{.}}
// RUN: not %warplint --run-ptxas --cuda-path=none %s 2>&1 | FileCheck %s --check-prefix=NOTOOLKIT
// NOTOOLKIT: warplint: error: --run-ptxas needs a CUDA toolkit with ptxas (--cuda-path, $CUDA_PATH or /usr/local/cuda)
//
// A device-side failure (here ptxas rejects inline PTX) is one line per
// architecture; the rest of the analysis goes on (no finding, exit 0).
// RUN: %warplint --run-ptxas --arch=sm_80 --checks=warplint-occupancy --cuda-path=%cuda_path %s -- -x cuda -DBROKEN_DEVICE 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN: warplint: --run-ptxas: {{.*}}run-ptxas.cu: ptxas failed for sm_80: {{.*}}syntax error; the occupancy checks skip it

#include <cuda_runtime.h>

// Dynamic shared memory only: 40 KB per 128-thread block.
__global__ void tileSum(const float *in, float *out) {
  extern __shared__ float buf[];
  for (int k = threadIdx.x; k < 10240; k += blockDim.x)
    buf[k] = in[blockIdx.x * 10240 + k];
  __syncthreads();
  float s = 0;
  for (int k = threadIdx.x; k < 10240; k += blockDim.x)
    s += buf[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
#if defined(BROKEN_DEVICE) && defined(__CUDA_ARCH__)
  asm volatile("this is not ptx;");
#endif
}

void run(const float *in, float *out, int n) {
  tileSum<<<n / 128, 128, 10240 * sizeof(float)>>>(in, out);
  // CHECK: :[[@LINE-1]]:22: warning: launch of 'tileSum' reaches 25.0% occupancy on sm_80 (16 of 64 warps per SM), limited by shared memory
  // CHECK: :[[@LINE-2]]:22: warning: launch of 'tileSum' reaches 31.2% occupancy on sm_90 (20 of 64 warps per SM), limited by shared memory
}
