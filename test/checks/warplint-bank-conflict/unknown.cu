// warplint-bank-conflict says nothing where the address is not certain:
// indices loaded from memory, strides that are kernel parameters (their
// degree per value: parametric.cu), values written in branches, device
// functions nobody calls; and accesses that are conflict-free say nothing.
//
// RUN: %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s --allow-empty -implicit-check-not='{{warning|error}}:' %}
//
// The dump says why each access was not analysed.
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=WHY
// WHY:      "text": "hist[data[i]]",
// WHY-NEXT: "whyUnknown": "the index is loaded from memory that differs between threads"
// WHY:      "why": "the degree depends on 'stride', a value known only at run time: 32-way when 'stride' is a multiple of 32; {{.*}}; conflict-free when 'stride' is odd; except 'stride' = 0: conflict-free"
// WHY:      "text": "s[threadIdx.x * stride]",
// WHY:      "text": "s[v]",
// WHY-NEXT: "whyUnknown": "'v' is assigned under the condition on line 39, which the analysis does not follow (the index is not an integer)"
// WHY:      "text": "s[i * 32]",
// WHY-NEXT: "whyUnknown": "'s' is a parameter of a device function with no caller in this file"

#include <cuda.h>

__global__ void histogram(const int *data, int n) {
  __shared__ int hist[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[data[i]], 1);
  hist[data[i]] += 1;
}

__global__ void parameterStride(float *out, int stride) {
  __shared__ float s[4096];
  out[0] = s[threadIdx.x * stride];
}

__global__ void branchy(float *out) {
  __shared__ float s[4096];
  int v = threadIdx.x;
  if (out[0] > 0)
    v *= 32;
  out[0] = s[v];
}

__device__ void uncalled(float *s, int i) { s[i * 32] = 0; }

// Broadcasts and unit strides: conflict-free.
__global__ void clean(float *out, int k) {
  __shared__ float s[32][33];
  int tx = threadIdx.x, ty = threadIdx.y;
  out[0] = s[ty][k];             // the same word for every lane of a warp
  out[1] = s[ty][tx];
  out[2] = s[tx][ty];            // padded
  out[3] = s[ty][(tx + k) % 32]; // a uniform rotation
}

void launch(float *f, const int *d, int n) {
  histogram<<<n / 256, 256>>>(d, n);
  parameterStride<<<1, 32>>>(f, n);
  branchy<<<1, 32>>>(f);
  clean<<<1, dim3(32, 8)>>>(f, n);
}
