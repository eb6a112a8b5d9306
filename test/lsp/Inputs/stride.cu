// A stride the build sets: -DSTRIDE=2 in the compilation database.
#ifndef STRIDE
#define STRIDE 1
#endif

__global__ void strided(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x * STRIDE] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *out) { strided<<<1, 32>>>(out); }
