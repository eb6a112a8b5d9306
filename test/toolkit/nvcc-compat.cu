// With the CUDA toolkit, warplint force-includes its nvcc compatibility
// header (share/include/warplint_nvcc_compat.h), so that code nvcc compiles
// and clang-22's CUDA headers reject parses: each function below uses such a
// construct next to a finding, is analysed rather than left out, and no
// "clang errors" line is printed. The file includes nothing, as nvcc allows.
//
// REQUIRES: cuda-toolkit
// RUN: not %warplint --cuda-path=%cuda_path %s > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.err
// NOERR-NOT: {{.}}
//
// --verbose shows the header in the command, before the file and the user's
// own -include files.
// RUN: not %warplint --cuda-path=%cuda_path --verbose %s -- -x cuda -include cstddef 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: warplint: {{.*}}nvcc-compat.cu: {{[^ ]+}} -include /__warplint__/include/__warplint_nvcc_compat.h -x cuda -include cstddef {{.*}}nvcc-compat.cu
// VERBOSE-NOT: clang error
//
// The built-in prelude (no toolkit) does without it: the functions that use
// these constructs are left out (exit status 0: no finding).
// RUN: %warplint --cuda-path=none --verbose %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PRELUDE --implicit-check-not=nvcc_compat
// PRELUDE: -include /__warplint__/include/__warplint_cuda_prelude.h
// PRELUDE: warplint: 18 clang errors in {{.*}}nvcc-compat.cu, 5 functions not analysed
//
// --run-ptxas compiles the device code with clang, which reads a copy of the
// header: the kernels compile, and ptxas reports on them.
// RUN: %warplint --run-ptxas --arch=sm_80 --checks=warplint-occupancy --fail-on=never --cuda-path=%cuda_path %s 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty
// PTXAS-NOT: --run-ptxas

#define TILE 32

// sm_32_intrinsics.h: __ldlu and the scalar __stcs.
__global__ void transposeStreaming(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = __ldlu(in + y * n + x);
  __syncthreads();
  __stcs(out + x * n + y, tile[threadIdx.x][threadIdx.y]);
  // CHECK: nvcc-compat.cu:[[@LINE-1]]:27: warning: shared-memory load of 'tile[threadIdx.x][threadIdx.y]' has a 32-way bank conflict {{.*}}[warplint-bank-conflict]
}

// sm_32_intrinsics.h: the vector overloads of __ldca, __stcs, __stcg, __stwb.
__global__ void columnVectors(float4 *out, int4 *flags, const float2 *in) {
  __shared__ float col[TILE][TILE];
  float2 v = __ldca(in + threadIdx.x);
  col[threadIdx.x][0] = v.x + v.y;
  // CHECK: nvcc-compat.cu:[[@LINE-1]]:3: warning: shared-memory store of 'col[threadIdx.x][0]' has a 32-way bank conflict {{.*}}[warplint-bank-conflict]
  __syncthreads();
  float s = col[0][threadIdx.x];
  __stcs(out + threadIdx.x, make_float4(s, s, s, s));
  __stcg(flags + threadIdx.x, make_int4(1, 1, 1, 1));
  __stwb(out + TILE + threadIdx.x, make_float4(s, 0, 0, 0));
}

// sm_32_intrinsics.h: the long and unsigned long overloads clang lacks.
__global__ void longCounts(unsigned long *u, long *l) {
  __shared__ long counts[TILE][TILE];
  unsigned long a = __ldcg(u) + __ldcs(u + 1) + __ldcv(u + 2);
  counts[threadIdx.x][threadIdx.y] = (long)a;
  // CHECK: nvcc-compat.cu:[[@LINE-1]]:3: warning: shared-memory store of 'counts[threadIdx.x][threadIdx.y]' has a 16-way bank conflict {{.*}}[warplint-bank-conflict]
  __syncthreads();
  __stwt(l + threadIdx.x, counts[threadIdx.y][threadIdx.x]);
  __stwt(u + threadIdx.x, a);
}

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

void transpose(float *out, const float *in, int n) {
  transposeStreaming<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(out, in,
                                                                      n);
  columnVectors<<<1, TILE>>>((float4 *)out, (int4 *)in, (const float2 *)in);
  longCounts<<<1, dim3(TILE, TILE)>>>((unsigned long *)out, (long *)in);
}

// crt/math_functions.hpp: host min and max of integers, mixed signs too.
void scaleAll(float *x, int n, unsigned cap) {
  int blocks = max(n / 100, 1);
  scale<<<min(blocks, cap), 100>>>(x, n);
  // CHECK: nvcc-compat.cu:[[@LINE-1]]:29: warning: launch of 'scale' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32{{.*}}[warplint-block-size]
}

// crt/common_functions.h and crt/math_functions.h: the C headers nvcc
// includes (printf, assert, clock, isfinite from the C++ <math.h>).
void timedScale(float *x, int n, float check) {
  assert(n > 0);
  clock_t start = clock();
  scale<<<n / 100, 100>>>(x, n);
  // CHECK: nvcc-compat.cu:[[@LINE-1]]:20: warning: launch of 'scale' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32{{.*}}[warplint-block-size]
  if (!isfinite(check))
    printf("%f s\n", double(clock() - start) / CLOCKS_PER_SEC);
}
