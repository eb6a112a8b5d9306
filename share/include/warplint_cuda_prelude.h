/*===-- warplint_cuda_prelude.h - Minimal CUDA for warplint -----------------===
 *
 * warplint uses this header instead of a CUDA toolkit when none is found (or
 * with --cuda-path=none): enough of CUDA's language and runtime API for source
 * checks to parse real kernels and launches. Nothing here is compiled into
 * code; declarations are never defined.
 *
 * It is also installed as share/warplint/include/warplint_cuda_prelude.h, for
 * use with the plugin or clang-tidy on a machine without CUDA:
 *   -nocudainc -nocudalib -include warplint_cuda_prelude.h
 *===----------------------------------------------------------------------===*/
#pragma clang system_header
#ifndef WARPLINT_CUDA_PRELUDE_H
#define WARPLINT_CUDA_PRELUDE_H

#include <stddef.h>
/* clang's cuda_wrappers/new, which every C++ header that includes <new>
   reaches, calls ::malloc and ::free; the toolkit's headers include
   <stdlib.h> for it, and so does the prelude. */
#include <stdlib.h>

#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __grid_constant__ __attribute__((grid_constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict

struct char2 { signed char x, y; };
struct char4 { signed char x, y, z, w; };
struct uchar2 { unsigned char x, y; };
struct uchar4 { unsigned char x, y, z, w; };
struct short2 { short x, y; };
struct short4 { short x, y, z, w; };
struct ushort2 { unsigned short x, y; };
struct ushort4 { unsigned short x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct int3 { int x, y, z; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(8))) uint2 { unsigned int x, y; };
struct uint3 { unsigned int x, y, z; };
struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; };
struct __attribute__((aligned(8))) float2 { float x, y; };
struct float3 { float x, y, z; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(16))) double2 { double x, y; };
struct double3 { double x, y, z; };
struct __attribute__((aligned(16))) longlong2 { long long x, y; };

// The constructors of vector_functions.h.
static __host__ __device__ inline int2 make_int2(int x, int y) { return {x, y}; }
static __host__ __device__ inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }
static __host__ __device__ inline uint2 make_uint2(unsigned x, unsigned y) { return {x, y}; }
static __host__ __device__ inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return {x, y, z, w}; }
static __host__ __device__ inline float2 make_float2(float x, float y) { return {x, y}; }
static __host__ __device__ inline float3 make_float3(float x, float y, float z) { return {x, y, z}; }
static __host__ __device__ inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
static __host__ __device__ inline double2 make_double2(double x, double y) { return {x, y}; }

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

#include "__clang_cuda_builtin_vars.h"

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorLaunchOutOfResources = 701,
} cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct CUkern_st *cudaKernel_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
typedef enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0,
  cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8,
} cudaLaunchAttributeID;
typedef union cudaLaunchAttributeValue {
  char pad[64];
  int cooperative;
  struct { unsigned int x, y, z; } clusterDim;
  int programmaticStreamSerializationAllowed;
  int priority;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st {
  cudaLaunchAttributeID id;
  char pad[4];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;

extern "C" {
int cudaConfigureCall(dim3 gridSize, dim3 blockSize, size_t sharedSize = 0,
                      cudaStream_t stream = 0);
int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                size_t sharedSize = 0, cudaStream_t stream = 0);
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                 dim3 gridDim, dim3 blockDim,
                                                 void **args, size_t sharedMem,
                                                 cudaStream_t stream);
/* Launches from device code (dynamic parallelism, -fgpu-rdc): clang
   configures a device-side <<<>>> through cudaLaunchDevice. */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
                                        dim3 gridDimension,
                                        dim3 blockDimension,
                                        unsigned int sharedMemSize,
                                        cudaStream_t stream);
__host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                         const void *func, void **args);
__host__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                                       unsigned int flags = 1);
__host__ cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t error);
__host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaGetDeviceCount(int *count);

__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
}

template <class T>
__host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem = 0,
                                      cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim,
                                                 dim3 blockDim, void **args,
                                                 size_t sharedMem = 0,
                                                 cudaStream_t stream = 0);
template <typename... ExpTypes, typename... ActTypes>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                        void (*kernel)(ExpTypes...),
                                        ActTypes &&...args);
template <typename... ActTypes>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                        const cudaKernel_t kernel,
                                        ActTypes &&...args);
template <class T>
__host__ cudaError_t cudaFuncSetAttribute(T *entry,
                                          enum cudaFuncAttribute attr,
                                          int value);
template <class T>
__host__ cudaError_t cudaMalloc(T **devPtr, size_t size);

__device__ int atomicAdd(int *address, int val);
__device__ unsigned int atomicAdd(unsigned int *address, unsigned int val);
__device__ float atomicAdd(float *address, float val);
__device__ double atomicAdd(double *address, double val);
__device__ int atomicSub(int *address, int val);
__device__ int atomicMax(int *address, int val);
__device__ int atomicMin(int *address, int val);
__device__ int atomicExch(int *address, int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicInc(unsigned int *address, unsigned int val);
__device__ float __shfl_sync(unsigned mask, float var, int srcLane,
                             int width = 32);
__device__ int __shfl_sync(unsigned mask, int var, int srcLane, int width = 32);
__device__ float __shfl_down_sync(unsigned mask, float var, unsigned delta,
                                  int width = 32);
__device__ int __shfl_down_sync(unsigned mask, int var, unsigned delta,
                                int width = 32);
__device__ float __shfl_xor_sync(unsigned mask, float var, int laneMask,
                                 int width = 32);
__device__ int __shfl_xor_sync(unsigned mask, int var, int laneMask,
                               int width = 32);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
/* sm_20_intrinsics.h: a generic pointer's shared-window address, the
   operand of inline PTX such as ldmatrix and cp.async. */
__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ float __expf(float x);
__device__ float __fdividef(float x, float y);
__device__ float rsqrtf(float x);

#endif // WARPLINT_CUDA_PRELUDE_H
