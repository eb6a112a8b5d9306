// Too much static shared memory for one block: ptxas reports an error.
__global__ void tooBig(float *Out) {
  __shared__ float Huge[80 * 1024];
  Huge[threadIdx.x] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.x] = Huge[(threadIdx.x + 1) % 1024];
}
