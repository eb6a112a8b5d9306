// The attention.cu of docs/checks/warplint-bank-conflict.md ("Run-time
// values"), for test/docs/doc-commands.test: each thread reads its row of
// the shared tile of keys, whose row stride is the head size d, a kernel
// parameter known only at run time.
#include <cuda_runtime.h>

__global__ void scoreRows(const float *K, float *scores, int d) {
  __shared__ float Kj[32 * 256];
  int tx = threadIdx.x;
  float dot = 0;
  for (int x = 0; x < 8; ++x)
    dot += Kj[tx * d + x] * K[x];
  scores[blockIdx.x * 32 + tx] = dot;
}

void scoreAll(const float *K, float *scores, int rows, int d) {
  scoreRows<<<rows / 32, 32>>>(K, scores, d);
}
