// The kernel docs/design.md follows from the AST to the printed finding
// ("Life of a finding"); test/docs/life-of-a-finding.test keeps the page's
// output true.
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
void run(float *out, const float *in, int n) {
  dim3 block(32, 8);
  transpose<<<dim3(n / 32, n / 32), block>>>(out, in, n);
}
