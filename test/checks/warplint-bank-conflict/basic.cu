// warplint-bank-conflict on the classic patterns: transposed tiles, column
// walks, strided and sequential reductions, element sizes of 1 to 16 bytes,
// structs; padded, broadcast and unit-stride accesses beside them say nothing.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

#include <cuda.h>

#define TILE 32

__global__ void transposeNaive(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
  // CHECK: :[[@LINE-1]]:28: warning: shared-memory load of 'tile[threadIdx.x][threadIdx.y + j]' has a 32-way bank conflict (block 32x8: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:28: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
  // CHECK: :[[@LINE-12]]:20: note: padding the inner dimension of 'tile' to 33 elements makes every access of it conflict-free
}

__global__ void transposePadded(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
}

// A 16-wide tile walked down its columns by a 16x16 block: each warp holds
// two rows of threads.
__global__ void column16(float *out) {
  __shared__ float t[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  t[ty][tx] = out[ty * 16 + tx];
  __syncthreads();
  out[ty * 16 + tx] = t[tx][ty];
  // CHECK: :[[@LINE-1]]:23: warning: shared-memory load of 't[tx][ty]' has an 8-way bank conflict (block 16x16: lanes 0, 2, ..., 14 hit bank 0 in 8 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:23: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do
}

// Interleaved addressing: index = 2*s*tid; the worst step is s = 4.
__global__ void reduceInterleaved(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // CHECK: :[[@LINE-1]]:7: warning: shared-memory read-modify-write of 'sdata[index]' has an 8-way bank conflict (block 256x1, s = 4: lanes 0, 4, ..., 28 hit bank 0 with a stride of 8 words) [warplint-bank-conflict]
    // CHECK: :[[@LINE-2]]:7: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do
    // CHECK: :[[@LINE-3]]:23: warning: shared-memory load of 'sdata[index + s]' has an 8-way bank conflict (block 256x1, s = 4: lanes 0, 4, ..., 28 hit bank 4 with a stride of 8 words) [warplint-bank-conflict]
    // CHECK: :[[@LINE-4]]:23: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Sequential addressing: conflict-free.
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

// 8-byte accesses: two phases of 16 lanes.
__global__ void doubles(double *out) {
  __shared__ double d[32 * 4];
  int tx = threadIdx.x;
  d[tx] = 0;          // consecutive doubles: conflict-free
  d[tx * 2] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'd[tx * 2]' has a 2-way bank conflict (block 64x1: lanes 0 and 8 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 4 wavefronts where 2 would do; 8-byte accesses are served in 2 phases of 16 lanes
  out[tx] = d[0];     // one word for everyone: a broadcast
}

// 16-byte accesses: four phases of 8 lanes.
__global__ void vectors(float4 *out) {
  __shared__ float4 v[64];
  int tx = threadIdx.x;
  v[tx] = out[tx];           // consecutive float4: conflict-free
  out[tx] = v[(tx * 2) % 64];
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 'v[(tx * 2) % 64]' has a 2-way bank conflict (block 64x1: lanes 0 and 4 hit bank 0 with a stride of 8 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 8 wavefronts where 4 would do; 16-byte accesses are served in 4 phases of 8 lanes
}

// Bytes and shorts: lanes reading one word are a broadcast.
__global__ void narrow(char *out) {
  __shared__ char c[32 * 128];
  __shared__ short h[32 * 64];
  int tx = threadIdx.x;
  c[tx] = 1;                 // 8 words, distinct banks
  h[tx * 2] = 1;             // 16 words, distinct banks
  out[tx] = c[tx * 128];
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 'c[tx * 128]' has a 32-way bank conflict (block 64x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
}

struct Particle {
  float x, y, z, w;
};

// An array of structs read one member at a time: a stride of 4 words.
__global__ void aos(float *out) {
  __shared__ Particle p[64];
  int tx = threadIdx.x;
  out[tx] = p[tx].y;
  // CHECK: :[[@LINE-1]]:13: warning: shared-memory load of 'p[tx].y' has a 4-way bank conflict (block 64x1: lanes 0, 8, 16 and 24 hit bank 1 with a stride of 4 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:13: note: warp 0 (threads 0..31) needs 4 wavefronts where 1 would do
}

void launch(float *f, double *d, float4 *v, char *c, int n) {
  dim3 block(32, 8);
  transposeNaive<<<dim3(n / 32, n / 32), block>>>(f, f, n);
  transposePadded<<<dim3(n / 32, n / 32), block>>>(f, f, n);
  column16<<<1, dim3(16, 16)>>>(f);
  reduceInterleaved<<<n / 256, 256>>>(f, f);
  reduceSequential<<<n / 256, 256>>>(f, f);
  doubles<<<1, 64>>>(d);
  vectors<<<1, 64>>>(v);
  narrow<<<1, 64>>>(c);
  aos<<<1, 64>>>(f);
}
