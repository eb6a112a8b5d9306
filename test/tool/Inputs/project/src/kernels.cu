#include <cuda.h>
#include "launch.h"

__global__ void rows(float *out, int stride) {
  __shared__ float s[1024];
  s[threadIdx.y * 32 + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * stride];
}

__global__ void single(float *out) {
  __shared__ float t[1024];
  t[threadIdx.x * 2] = out[threadIdx.x];
  out[threadIdx.x] = t[threadIdx.x * 2 + 1];
}

// No call in this file: the shapes come from main.cpp's calls.
template <class T> void launchRows(int width, int height, int stride, T *out) {
  rows<<<1, dim3(width, height)>>>(out, stride);
}
template void launchRows<float>(int, int, int, float *);

void launchSingle(int threads, float *out) { single<<<1, threads>>>(out); }

// Internal linkage: no other file can call it.
static void unreachable(int threads, float *out) { single<<<1, threads>>>(out); }
void keep(float *out) { (void)&unreachable; }
