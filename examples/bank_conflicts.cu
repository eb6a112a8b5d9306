// bank_conflicts.cu: five shared-memory patterns that serialise on the banks,
// each next to the version that does not.
//
// What warplint says, and why (32 banks of 4 bytes; a warp's accesses to one
// bank are served one word at a time):
//   - transposeNaive reads a 32x32 float tile down a column: the 32 lanes of a
//     warp hit bank 0 in 32 different words, a 32-way conflict. warplint
//     offers the fix-it: pad the row to 33 floats (transposePadded).
//   - reduceInterleaved indexes sdata[2 * s * tid]: an 8-way conflict at
//     s = 4 (lanes 0, 4, 8, ... all in bank 0). reduceSequential, with
//     sdata[tid + s], has none.
//   - columnWalk16 reads a 16x16 tile by columns with 16x16 blocks: a warp
//     holds two rows of threads, and 8 lanes share bank 0: 8-way.
//   - doubleColumn reads a 32x32 double tile by columns: 8-byte accesses are
//     served 16 lanes at a time, and each half-warp needs 16 wavefronts where
//     1 would do: 16-way; padding the row to 33 doubles fixes it.
//   - float4Stride reads every other float4: 16-byte accesses are served 8
//     lanes at a time, and lanes 0 and 4 of each quarter-warp collide, 2-way.
#include <cuda_runtime.h>
#include <cstdio>

constexpr int Tile = 32;

__global__ void transposeNaive(float *out, const float *in, int n) {
  __shared__ float tile[Tile][Tile];
  int x = blockIdx.x * Tile + threadIdx.x;
  int y = blockIdx.y * Tile + threadIdx.y;
  for (int j = 0; j < Tile; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * Tile + threadIdx.x;
  y = blockIdx.x * Tile + threadIdx.y;
  for (int j = 0; j < Tile; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(float *out, const float *in, int n) {
  __shared__ float tile[Tile][Tile + 1];
  int x = blockIdx.x * Tile + threadIdx.x;
  int y = blockIdx.y * Tile + threadIdx.y;
  for (int j = 0; j < Tile; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * Tile + threadIdx.x;
  y = blockIdx.x * Tile + threadIdx.y;
  for (int j = 0; j < Tile; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void reduceInterleaved(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void reduceSequential(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void columnWalk16(float *out, const float *in) {
  __shared__ float t[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  t[ty][tx] = in[ty * 16 + tx];
  __syncthreads();
  out[ty * 16 + tx] = t[tx][ty];
}

__global__ void doubleColumn(double *out, const double *in) {
  __shared__ double d[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  d[ty][tx] = in[ty * 32 + tx];
  __syncthreads();
  out[ty * 32 + tx] = d[tx][ty];
}

__global__ void float4Stride(float4 *out, const float4 *in) {
  __shared__ float4 v[512];
  int tx = threadIdx.x;
  v[tx] = in[tx];
  v[tx + 256] = in[tx + 256];
  __syncthreads();
  out[tx] = v[2 * tx];
}

int main() {
  const int n = 1024;
  float *a, *b;
  double *da, *db;
  float4 *va, *vb;
  cudaMalloc(&a, n * n * sizeof(float));
  cudaMalloc(&b, n * n * sizeof(float));
  cudaMalloc(&da, 32 * 32 * sizeof(double));
  cudaMalloc(&db, 32 * 32 * sizeof(double));
  cudaMalloc(&va, 512 * sizeof(float4));
  cudaMalloc(&vb, 512 * sizeof(float4));
  dim3 grid(n / Tile, n / Tile), block(Tile, 8);
  transposeNaive<<<grid, block>>>(b, a, n);
  transposePadded<<<grid, block>>>(b, a, n);
  reduceInterleaved<<<n * n / 256, 256>>>(b, a);
  reduceSequential<<<n * n / 256, 256>>>(b, a);
  columnWalk16<<<1, dim3(16, 16)>>>(b, a);
  doubleColumn<<<1, dim3(32, 32)>>>(db, da);
  float4Stride<<<1, 256>>>(vb, va);
  cudaError_t err = cudaDeviceSynchronize();
  printf("bank_conflicts: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
