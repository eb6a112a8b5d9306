// Kernels of the tests of warplint-occupancy and warplint-register-spill,
// compiled by nvcc for the fixture Inputs/kernels.ptxas.txt (see its first
// line); warplint's tests parse them with the mock header instead.
#ifdef __NVCC__
#include <cuda_runtime.h>
#else
#include <cuda.h>
#endif

// About 80 registers per thread.
__global__ void heavy(const float4 *pos, float4 *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[i];
  float ax[16] = {0}, ay[16] = {0}, az[16] = {0};
  for (int j = 0; j < n; j += 16) {
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      float4 q = pos[j + k];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float inv = 1.0f / (dx * dx + dy * dy + dz * dz + 1e-9f);
      float s = q.w * inv * inv;
      ax[k] += dx * s; ay[k] += dy * s; az[k] += dz * s;
    }
  }
  float sx = 0, sy = 0, sz = 0;
#pragma unroll
  for (int k = 0; k < 16; ++k) { sx += ax[k]; sy += ay[k]; sz += az[k]; }
  float4 r; r.x = sx; r.y = sy; r.z = sz; r.w = 0;
  acc[i] = r;
}

// The same work under __launch_bounds__(512): never launched in the tests,
// so the occupancy check looks at the kernel itself.
__global__ void __launch_bounds__(512) heavyBounded(const float4 *pos, float4 *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[i];
  float ax[16] = {0}, ay[16] = {0}, az[16] = {0};
  for (int j = 0; j < n; j += 16) {
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      float4 q = pos[j + k];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float inv = 1.0f / (dx * dx + dy * dy + dz * dz + 1e-9f);
      float s = q.w * inv * inv;
      ax[k] += dx * s; ay[k] += dy * s; az[k] += dz * s;
    }
  }
  float sx = 0, sy = 0, sz = 0;
#pragma unroll
  for (int k = 0; k < 16; ++k) { sx += ax[k]; sy += ay[k]; sz += az[k]; }
  float4 r; r.x = sx; r.y = sy; r.z = sz; r.w = 0;
  acc[i] = r;
}

// A few registers.
__global__ void light(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f;
}

// Dynamic shared memory only.
__global__ void tiled(const float *in, float *out) {
  extern __shared__ float buf[];
  for (int k = threadIdx.x; k < 10240; k += blockDim.x) buf[k] = in[blockIdx.x * 10240 + k];
  __syncthreads();
  float s = 0;
  for (int k = threadIdx.x; k < 10240; k += blockDim.x) s += buf[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// __launch_bounds__(1024, 2): 32 registers; it spills.
__global__ void __launch_bounds__(1024, 2) squeezed(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v[24];
#pragma unroll
  for (int k = 0; k < 24; ++k) v[k] = in[(i + k * 97) % n];
  float s = 0;
#pragma unroll
  for (int a = 0; a < 24; ++a)
#pragma unroll
    for (int b = a + 1; b < 24; ++b) s += v[a] * v[b] - v[b] / (v[a] + 1.0f);
  out[i] = s;
}

// A local array indexed at run time: a stack frame, no spills.
__global__ void stacked(const int *idx, float *out) {
  float t[64];
  for (int k = 0; k < 64; ++k) t[k] = k * 0.5f;
  out[threadIdx.x] = t[idx[threadIdx.x] & 63];
}

template <int N> __global__ void templ(float *out) { out[threadIdx.x] = N; }
template __global__ void templ<3>(float *);
