// Input of corpus.test. transposeNaive reads its 32x32 tile by column: a
// 32-way bank conflict for the launch's 32x32 block (a degree). scale has no
// launch in this file: its accesses have a degree for an assumed block only.
// The tile of this comment, and of the string below, is not a use.
#define N 32

__global__ void transposeNaive(float *out, const float *in) {
  __shared__ float tile[N][N];
  const char *name = "tile[0]";
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * N + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * N + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void scale(float *p) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = 2 * buf[threadIdx.x];
}

void run(float *out, const float *in) {
  transposeNaive<<<1, dim3(N, N)>>>(out, in);
}
