// kernels_cuda: a local array indexed at run time lives in local memory, a
// stack frame (warplint-register-spill, from the ptxas report that
// warplint-launch has ptxas make).
__global__ void histogramLocal(const int *keys, int *out, int n) {
  int counts[64];
  for (int i = 0; i < 64; ++i)
    counts[i] = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    ++counts[keys[i] & 63];
  for (int i = 0; i < 64; ++i)
    atomicAdd(&out[i], counts[i]);
}

void histogram(const int *keys, int *out, int n) {
  histogramLocal<<<1, 256>>>(keys, out, n);
}
