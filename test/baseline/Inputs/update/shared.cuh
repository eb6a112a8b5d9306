// A kernel in a header two files include: its finding is in both compiles.
__global__ void transposeRow(float *p) {
  __shared__ float t[32][32];
  t[threadIdx.x][0] = p[threadIdx.x];
  p[threadIdx.x] = t[0][threadIdx.x];
}
