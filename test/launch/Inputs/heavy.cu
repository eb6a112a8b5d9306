// Kernels whose ptxas report gives the occupancy and register-spill checks
// something to say (nvcc 13: heavy needs 76 registers per thread on sm_80
// and sm_90; squeezed, bounded to 32 registers, spills). The nvcc tests of
// warplint-launch compile this file.
#include <cuda_runtime.h>

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

void launch(const float4 *pos, float4 *acc, const float *in, float *out, int n) {
  heavy<<<n / 256, 256>>>(pos, acc, n);
  squeezed<<<n / 1000, 1000>>>(in, out, n);
}
