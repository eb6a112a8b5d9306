// nvcc reads `k << <grid, block >> >(args)`, the spelling an editor's
// formatter leaves, as a launch; clang rejects it and loses the function
// around it. The tool reads it as nvcc does: the launches give their blocks
// (a 120-thread block is a partial warp, a 32x8 block makes the column read
// 32-way), at the columns of the file as written, with the line as written;
// `>> >` closing template arguments and text in comments and strings stay
// as they are.
//
// RUN: %warplint --fail-on=never %s -- %cuda_flags | FileCheck %s --match-full-lines --strict-whitespace -implicit-check-not='{{warning|error}}:'
// RUN: %warplint --fail-on=never --verbose %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=DUMP
//
// The compiler itself rejects the file: the plugin, in clang's own parse,
// has no launch to read, and clang's error is the build's answer.
// RUN: %if plugin %{ not %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=CLANG %}
// CLANG: error: expected expression

#include <cuda.h>

template <class T> struct Pair { T a, b; };
template <class T> struct Box { T v; };

__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }

__global__ void columns(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
// CHECK:{{.*}}nvcc-launch-spelling.cu:[[@LINE-1]]:41: warning: shared-memory load of 'tile[threadIdx.x][threadIdx.y]' has a 32-way bank conflict (block 32x8: {{.*}}
}

int main() {
  float *p = nullptr;
  Box<Box<Pair<int>> > *unused = nullptr; // not a launch
  (void)unused;
  const char *s = "scale << <1, 120 >> >(p)"; // nor is this
  (void)s;
  // scale << <1, 100 >> >(p);  nor this
  scale << <1, 120 >> >(p);
// CHECK:{{.*}}nvcc-launch-spelling.cu:[[@LINE-1]]:16: warning: launch of 'scale' uses a block of 120 threads (120x1x1), not a multiple of the warp size 32: 4 warps with 8 idle lanes (6.2%) [warplint-block-size]
// CHECK-NEXT:  scale << <1, 120 >> >(p);
  columns << <1, dim3(32, 8) >> > (p);
  return 0;
}

// VERBOSE: nvcc-launch-spelling.cu: nvcc's spaced launch brackets (`<< <`, `>> >`) read as `<<<`, `>>>` on lines 40, 43
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=NOTASSUMED
// NOTASSUMED-NOT: "assumed": true
// DUMP: "assumed": false,
// DUMP-NEXT: "blockDim": [
// DUMP-NEXT: 32,
// DUMP-NEXT: 8,
