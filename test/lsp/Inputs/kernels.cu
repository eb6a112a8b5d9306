// Kernels for the language server's tests (test/lsp/*.test). The line
// numbers matter to the tests: add lines only at the end.
#define TILE 32

__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void lookup(float *out, const int *where) {
  __shared__ float table[256];
  table[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = table[where[threadIdx.x]];
}

void run(float *a, float *b, int *w, int n) {
  dim3 grid(n / TILE, n / TILE), block(TILE, 8);
  transpose<<<grid, block>>>(b, a, n);
  lookup<<<1, 256>>>(b, w);
}
