// With the CUDA toolkit, a kernel body under __CUDA_ARCH__ is analysed by the
// device-side parse: the finding of the branch for the requested
// architecture, once, in the block shape of its launch, and nothing on
// standard error. The device side parses <<<>>> with the toolkit's launch
// API, so a kernel template that host code launches is instantiated there.
//
// REQUIRES: cuda-toolkit
// RUN: not %warplint --cuda-path=%cuda_path %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.err
// RUN: not %warplint --cuda-path=%cuda_path --arch=sm_70 %s 2>&1 | FileCheck %s --check-prefix=SM70 -implicit-check-not='{{warning|error}}:'
// An nvcc command's architecture.
// RUN: not %warplint --cuda-path=%cuda_path %s -- nvcc -arch=sm_75 -c %s 2>&1 | FileCheck %s --check-prefix=SM70 -implicit-check-not='{{warning|error}}:'

#include <cuda_runtime.h>

__global__ void mmaLike(float *out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = out[threadIdx.x];
  // SM80: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 'tile[threadIdx.x][threadIdx.y]' has a 32-way bank conflict (block 32x8: {{.*}}) [warplint-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
#else
  __shared__ float old[64];
  old[threadIdx.x * 2] = out[threadIdx.x];
  // SM70: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 'old[threadIdx.x * 2]' has a 2-way bank conflict (block 32x8: {{.*}}) [warplint-bank-conflict]
#endif
}

template <int N> __global__ void tiled(float *out) {
#ifdef __CUDA_ARCH__
  __shared__ float w[32][32];
  w[threadIdx.x][N] = out[0];
  // SM70: cuda-arch.cu:[[@LINE-1]]:3: warning: shared-memory store of 'w[threadIdx.x][N]' has a 16-way bank conflict (block 16x2: {{.*}}) [warplint-bank-conflict]
  // SM80: cuda-arch.cu:[[@LINE-2]]:3: warning: shared-memory store of 'w[threadIdx.x][N]' has a 16-way bank conflict (block 16x2: {{.*}}) [warplint-bank-conflict]
#endif
}

int main() {
  float *p = nullptr;
  mmaLike<<<1, dim3(32, 8)>>>(p);
  tiled<2><<<1, dim3(16, 2)>>>(p);
  return 0;
}

// NOERR-NOT: {{.}}
