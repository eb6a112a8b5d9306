// Input of corpus.test, included by permute.cu with quotes: its lines that
// use partial count for line coverage.
__device__ float blockSum(float v) {
  __shared__ float partial[32];
  partial[threadIdx.x % 32] = v;
  __syncthreads();
  return partial[0];
}
