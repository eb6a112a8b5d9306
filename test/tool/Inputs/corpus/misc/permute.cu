// Input of corpus.test: three accesses of unknown degree, for two reasons
// other than a load, a pointer into v that an access is followed through
// (its line is covered), and a line that names v without accessing it (not
// covered).
#include "reduce.cuh"

__device__ int opaque(int);

__global__ void permute(float *p, int stride) {
  __shared__ float v[1024];
  v[opaque(threadIdx.x)] = p[threadIdx.x];
  v[threadIdx.x * stride] = v[threadIdx.x * stride + 1];
  reinterpret_cast<float2 *>(
      &v[2 * threadIdx.x])[0] = make_float2(0, 0);
  float *q = v;
  p[2] = v == p ? 1.0f : 0.0f;
  __syncthreads();
  p[threadIdx.x] = blockSum(v[threadIdx.x]) + q[0];
}

void run(float *p, int n) { permute<<<1, 128>>>(p, n); }
