// occupancy.cu: what ptxas's register and shared-memory report means for the
// launches of the file. occupancy.ptxas.txt beside it is the report of a real
// nvcc 13 build (its first line says how it was made); scripts/demo passes it
// with --ptxas-report.
//
// What warplint says, and why (sm_80 and sm_90, the targets of the report):
//   - nbody needs 79 registers per thread: 3 blocks of 256 threads fit in an
//     SM's 65536 registers, 24 of 64 warps, 37.5% occupancy, limited by
//     registers. At most 64 registers per thread would fit a 4th block (50%):
//     __launch_bounds__(256, 4) or -maxrregcount=64 asks ptxas for that.
//   - tileSum launches 128-thread blocks with 40 KB of dynamic shared memory:
//     4 blocks per SM on sm_80 (164 KB), 5 on sm_90 (228 KB): 25% and 31.2%,
//     limited by shared memory, with the size that fits one more block.
//   - stencil's __launch_bounds__(1024, 2) leaves ptxas 32 registers per
//     thread; it needs more, and spills: 84 bytes per thread on sm_80, 360 on
//     sm_90 (warplint-register-spill). Its occupancy is 100%.
#include <cuda_runtime.h>
#include <cstdio>

// Many live values per thread: ptxas gives it many registers, and the
// registers limit how many blocks fit on an SM.
__global__ void nbody(const float4 *pos, float4 *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[i];
  float ax[16] = {0}, ay[16] = {0}, az[16] = {0};
  for (int j = 0; j < n; j += 16) {
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      float4 q = pos[j + k];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-9f);
      float s = q.w * inv * inv * inv;
      ax[k] += dx * s; ay[k] += dy * s; az[k] += dz * s;
    }
  }
  float sx = 0, sy = 0, sz = 0;
#pragma unroll
  for (int k = 0; k < 16; ++k) { sx += ax[k]; sy += ay[k]; sz += az[k]; }
  acc[i] = make_float4(sx, sy, sz, 0);
}

// __launch_bounds__(1024, 2) leaves ptxas 32 registers per thread: not
// enough for this kernel, which spills.
__global__ void __launch_bounds__(1024, 2) stencil(const float *in, float *out, int n) {
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

// 40 KB of dynamic shared memory per 128-thread block.
__global__ void tileSum(const float *in, float *out) {
  extern __shared__ float buf[];
  for (int k = threadIdx.x; k < 10240; k += blockDim.x) buf[k] = in[blockIdx.x * 10240 + k];
  __syncthreads();
  float s = 0;
  for (int k = threadIdx.x; k < 10240; k += blockDim.x) s += buf[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int main() {
  const int n = 1 << 16;
  float4 *pos, *acc;
  float *in, *out;
  cudaMalloc(&pos, n * sizeof(float4));
  cudaMalloc(&acc, n * sizeof(float4));
  cudaMalloc(&in, n * 64 * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  nbody<<<n / 256, 256>>>(pos, acc, n);
  stencil<<<n / 1024, 1024>>>(in, out, n);
  tileSum<<<n / 128, 128, 10240 * sizeof(float)>>>(in, out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
