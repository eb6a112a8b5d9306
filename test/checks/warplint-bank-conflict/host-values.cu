// Host code of the same file fixes values the kernel reads: a kernel
// argument computed from constants through a host call, a block shape set
// field by field, a block size passed down a chain of host calls (each call
// site is a launch of its own), a kernel launched through a function
// pointer chosen in a switch, a block size passed as a template argument
// through a generic lambda, a block size chosen between constants by a
// condition unknown at compile time (each arm a possible shape). A value
// host code does not fix stays unknown.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

// d = C / NH = 64 (and 32 from the second call): 16 lanes of a 16x16
// block's warp in bank 0 either way.
__global__ void heads(float *out, int d) {
  __shared__ float s[4096];
  s[threadIdx.x * d] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * d]' has a 16-way bank conflict (block 16x16: lanes 0..31 hit bank 0 in 16 different words) [warplint-bank-conflict]
}

void attention(float *out, int C, int NH) {
  int d = C / NH;
  dim3 threads;
  threads.x = 16;
  threads.y = 16;
  heads<<<1, threads>>>(out, d);
}

// Two call sites, two block sizes: 8 threads use 8 lanes, conflict-free;
// 64 threads conflict 2-way.
__global__ void pairs(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * 2]' has a 2-way bank conflict (block 64x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
}

void launchPairs(float *out, int bs) { pairs<<<1, bs>>>(out); }
void run(float *out, int bs) { launchPairs(out, bs); }

// Block sizes from a constant array a benchmark loop walks, passed down two
// host calls: one launch per element. 32 threads: every lane in its own
// bank; from 64 threads on the second warp's lanes are 32 words apart.
__global__ void sweep(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 33 + threadIdx.x / 32] = 0;
  s[(threadIdx.x % 32) * 32 + threadIdx.x / 32] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[(threadIdx.x % 32) * 32 + threadIdx.x / 32]' has a 32-way bank conflict (blocks 32x1, 64x1 and 256x1: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
}
void sweepOne(float *out, int bs) { sweep<<<1, bs>>>(out); }
void sweepAll(float *out) {
  int sizes[] = {32, 64, 256};
  for (int j = 0; j < 3; ++j) {
    int bs = sizes[j];
    sweepOne(out, bs);
  }
}

// A launch under `case 64:` of `switch (threads)` or `if (threads == 128)`
// has that many threads, though the caller's value is unknown.
template <int N> __global__ void tiles(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * N / 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[threadIdx.x * N / 32]' has a 2-way bank conflict (block 64x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) (in instantiation 'tiles<64>') [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory store of 's[threadIdx.x * N / 32]' has a 4-way bank conflict (block 128x1: lanes 0, 8, 16 and 24 hit bank 0 with a stride of 4 words) (in instantiation 'tiles<128>') [warplint-bank-conflict]
}
void dispatch(float *out, int threads) {
  dim3 block(threads);
  switch (threads) {
  case 64:
    tiles<64><<<1, block>>>(out);
    break;
  default:
    break;
  }
  if (threads == 128)
    tiles<128><<<1, block>>>(out);
}

// The stride comes from a run-time value: unknown.
__global__ void strided(float *out, int stride) {
  __shared__ float s[4096];
  s[threadIdx.x * stride] = 0;
}

// A kernel chosen by a switch over a run-time option and launched through a
// function pointer: the launch's shape is each candidate's. A pointer whose
// address escapes may hold anything: its kernel keeps the assumed shape.
__global__ void rowsOf(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.y * 32 + threadIdx.x];
}
__global__ void columnsOf(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.x * 32 + threadIdx.y];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 32 + threadIdx.y]' has a 32-way bank conflict (block 32x8: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
}
__global__ void escapes(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 2]' has a 2-way bank conflict (assumed block 32x1: {{.*}}) [warplint-bank-conflict]
}
void choose(void (**k)(float *));
void pick(float *out, int option) {
  void (*kernel)(float *) = nullptr;
  switch (option) {
  case 0:
    kernel = &rowsOf;
    break;
  default:
    kernel = columnsOf;
    break;
  }
  kernel<<<1, dim3(32, 8)>>>(out);
  void (*other)(float *) = escapes;
  choose(&other);
  other<<<1, dim3(32, 8)>>>(out);
}

// A block size made a template argument by a generic lambda called with
// compile-time constants (`dispatch(launch, block_size)` with a switch over
// the sizes): each instantiation launches with its own.
template <int N> struct Size { static constexpr int value = N; };
template <int BS> __global__ void stripes(float *out) {
  __shared__ float s[BS * 2];
  out[threadIdx.x] = s[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 2]' has a 2-way bank conflict (block 128x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) (in instantiation 'stripes<128>') [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:22: warning: shared-memory load of 's[threadIdx.x * 2]' has a 2-way bank conflict (block 64x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) (in instantiation 'stripes<64>') [warplint-bank-conflict]
}
template <class F> void bySize(F launch, int size) {
  switch (size) {
  case 64:
    return launch(Size<64>{});
  case 128:
    return launch(Size<128>{});
  }
}
void launchStripes(float *out, int size) {
  auto launch = [&](auto n) { stripes<n.value><<<1, n.value>>>(out); };
  bySize(launch, size);
}

// A block size chosen by a condition unknown at compile time between
// constants: each arm is a shape the launch may have, and shapes with the
// same degree share the finding.
__global__ void perDevice(float *out) {
  __shared__ float s[32 * 33];
  out[threadIdx.x] = s[threadIdx.z * 32 + threadIdx.x * 33];
}
__global__ void perDeviceConflict(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK: :[[@LINE-1]]:22: warning: shared-memory load of 's[threadIdx.x * 32]' has a 32-way bank conflict (blocks 32x1x24 and 32x1x32: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
}
void launchPerDevice(float *out, int threadsPerSM) {
  const int size = threadsPerSM == 1536 ? 768 : 1024;
  dim3 block = {32, 1, (unsigned)size / 32};
  perDevice<<<1, block>>>(out);
  perDeviceConflict<<<1, block>>>(out);
}

int main(int argc, char **argv) {
  attention(nullptr, 768, 12);
  attention(nullptr, 64, 2);
  run(nullptr, 8);
  run(nullptr, 64);
  strided<<<1, 32>>>(nullptr, argc);
  sweepAll(nullptr);
  dispatch(nullptr, argc);
  pick(nullptr, argc);
  launchStripes(nullptr, argc);
  launchPerDevice(nullptr, argc);
}

// DUMP: s[threadIdx.x * d] bytes=4 degree=16,16
// DUMP: s[threadIdx.x * 2] bytes=4 degree=1,2
// DUMP: s[threadIdx.x * 33 + threadIdx.x / 32] bytes=4 degree=1,1,1
// DUMP: s[threadIdx.x * stride] bytes=4 why=the degree depends on 'stride', a value known only at run time: 32-way when 'stride' is a multiple of 32; {{.*}}
// DUMP: s[threadIdx.y * 32 + threadIdx.x] bytes=4 degree=1
// DUMP: s[threadIdx.x * 32 + threadIdx.y] bytes=4 degree=32
// DUMP: s[threadIdx.x * 2] bytes=4 degree=2
// DUMP: s[threadIdx.x * 2] bytes=4 degree=2
// DUMP: s[threadIdx.x * 2] bytes=4 degree=2
// DUMP: s[threadIdx.z * 32 + threadIdx.x * 33] bytes=4 degree=1,1
// DUMP: s[threadIdx.x * 32] bytes=4 degree=32,32
