// Kernels whose ptxas reports are the fixtures of test/ptxas: a plain kernel,
// a template instantiated twice, an extern "C" kernel, a non-inlined device
// function, static shared memory and a kernel that spills.
#include <cstdint>

__device__ __noinline__ float scale(float X, float F) { return X * F + 1.0f; }

__global__ void saxpy(float A, const float *X, float *Y, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] = scale(A, X[I]) + Y[I];
}

template <typename T, int Tile>
__global__ void transposeTile(T *Out, const T *In, int W, int H) {
  __shared__ T Buf[Tile][Tile + 1];
  int X = blockIdx.x * Tile + threadIdx.x, Y = blockIdx.y * Tile + threadIdx.y;
  if (X < W && Y < H)
    Buf[threadIdx.y][threadIdx.x] = In[Y * W + X];
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  if (X < H && Y < W)
    Out[Y * H + X] = Buf[threadIdx.x][threadIdx.y];
}
template __global__ void transposeTile<float, 32>(float *, const float *, int, int);
template __global__ void transposeTile<double, 16>(double *, const double *, int, int);

extern "C" __global__ void reduce_sum(const float *In, float *Out, int N) {
  extern __shared__ float Part[];
  float S = 0;
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    S += In[I];
  Part[threadIdx.x] = S;
  __syncthreads();
  for (unsigned K = blockDim.x / 2; K > 0; K /= 2) {
    if (threadIdx.x < K)
      Part[threadIdx.x] += Part[threadIdx.x + K];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

// 1024 threads and 2 blocks per SM leave 32 registers per thread: the local
// array and the long dependency chain spill.
__global__ void __launch_bounds__(1024, 2) spills(const float *In, float *Out, int N) {
  float Acc[64];
#pragma unroll
  for (int K = 0; K < 64; ++K)
    Acc[K] = In[(threadIdx.x * 64 + K) % N];
  float S = 0;
#pragma unroll
  for (int R = 0; R < 8; ++R)
#pragma unroll
    for (int K = 0; K < 64; ++K)
      S += Acc[K] * Acc[(K * 7 + R) % 64];
  Out[threadIdx.x] = S;
}

__constant__ float Coeffs[16];
__device__ int Counter;

__global__ void usesGlobals(float *Out) {
  Out[threadIdx.x] = Coeffs[threadIdx.x % 16];
  atomicAdd(&Counter, 1);
}
