/* Mock CUDA declarations for warplint's tests, in the manner of clang's
 * test/SemaCUDA/Inputs/cuda.h. The tests never need a CUDA toolkit.
 * Unlike warplint's shipped prelude, dim3's constructor here is not
 * constexpr, so the tests cover values that clang's constant evaluator
 * cannot compute. */
#pragma once
#include <stddef.h>

#define __constant__ __attribute__((constant))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};

#include "__clang_cuda_builtin_vars.h"

typedef struct cudaStream *cudaStream_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;

typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  void *attrs;
  unsigned numAttrs;
} cudaLaunchConfig_t;

extern "C" int cudaConfigureCall(dim3 gridSize, dim3 blockSize,
                                 size_t sharedSize = 0,
                                 cudaStream_t stream = 0);
extern "C" int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                           size_t sharedSize = 0,
                                           cudaStream_t stream = 0);
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
extern "C" cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                   dim3 gridDim, dim3 blockDim,
                                                   void **args,
                                                   size_t sharedMem,
                                                   cudaStream_t stream);
// Device-side launches (-fgpu-rdc) configure through cudaLaunchDevice.
extern "C" __device__ void *cudaGetParameterBuffer(size_t alignment,
                                                   size_t size);
extern "C" __device__ cudaError_t cudaLaunchDevice(void *func, void *params,
                                                   dim3 gridDimension,
                                                   dim3 blockDimension,
                                                   unsigned int sharedMemSize,
                                                   cudaStream_t stream);
extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                           const void *func, void **args);
template <typename... ExpTypes, typename... ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                               void (*kernel)(ExpTypes...),
                               ActTypes &&...args);
extern "C" cudaError_t cudaMalloc(void **p, size_t n);
extern "C" cudaError_t cudaDeviceSynchronize(void);
extern "C" __device__ void __syncthreads(void);

/* Vector types: aligned to their size, as in vector_types.h. */
struct __attribute__((aligned(2))) char2 { char x, y; };
struct __attribute__((aligned(4))) char4 { char x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(8))) float2 { float x, y; };
struct float3 { float x, y, z; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(16))) double2 { double x, y; };
struct __attribute__((aligned(2))) __half { unsigned short x; };
struct __attribute__((aligned(4))) __half2 { __half x, y; };

__device__ int atomicAdd(int *address, int val);
__device__ unsigned atomicAdd(unsigned *address, unsigned val);
__device__ float atomicAdd(float *address, float val);
__device__ int atomicMax(int *address, int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ int min(int a, int b);
__device__ int max(int a, int b);
__device__ unsigned umin(unsigned a, unsigned b);
__device__ int __mul24(int a, int b);
__device__ float __shfl_down_sync(unsigned mask, float v, unsigned delta);
