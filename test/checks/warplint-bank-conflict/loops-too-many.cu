// Loops whose trip counts the host fixes (here through ceil() of a float)
// but whose iterations, nested, are too many to enumerate: the counters are
// then taken as uniform values, as when the counts are not known, and each
// access that they only shift alike keeps its exact degree.
//
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s
//
// CHECK: 25:7 Kj[(tx * d) + x] bytes=4 degree=32
// CHECK: 31:9 Qi[(tx * d) + x] bytes=4 degree=32
// CHECK: 37:18 Qi[(tx * d) + x] bytes=4 degree=32
// CHECK: 37:37 Kj[(y * d) + x] bytes=4 degree=1
// CHECK: 40:9 S[(Bc * tx) + y] bytes=4 degree=32

#include <cuda.h>
#include <math.h>
__global__ void tiles(const float *K, int N, int d, int Tc, int Tr, int Bc, int Br) {
  int tx = threadIdx.x;
  extern __shared__ float sram[];
  int tile = Bc * d;
  float *Qi = sram;
  float *Kj = &sram[tile];
  float *S = &sram[tile * 2];
  for (int j = 0; j < Tc; j++) {
    for (int x = 0; x < d; x++)
      Kj[(tx * d) + x] = K[(tile * j) + (tx * d) + x];
    __syncthreads();
    for (int i = 0; i < Tr; i++) {
      if (i * Br + tx >= N)
        break;
      for (int x = 0; x < d; x++)
        Qi[(tx * d) + x] = K[(tile * i) + (tx * d) + x];
      for (int y = 0; y < Bc; y++) {
        if (j * Bc + y >= N)
          break;
        float sum = 0;
        for (int x = 0; x < d; x++)
          sum += Qi[(tx * d) + x] * Kj[(y * d) + x];
        if (i * Br + tx < j * Bc + y)
          sum = 0;
        S[(Bc * tx) + y] = sum;
      }
    }
    __syncthreads();
  }
}
int main() {
  int N = 1024, Bc = 32, Br = 32, d = 64;
  int Tc = ceil((float)N / Bc), Tr = ceil((float)N / Br);
  tiles<<<1, Br, 4096>>>(nullptr, N, d, Tc, Tr, Bc, Br);
}
