// Input of corpus.test. The index of the second access is loaded from global
// memory: no static analysis knows its degree.
__global__ void gather(float *out, const int *idx) {
  __shared__ __align__(16) float s[256], unused[256];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[idx[threadIdx.x]];
}

void run(float *out, const int *idx) { gather<<<1, 256>>>(out, idx); }
