// An object whose constructor keeps a pointer to shared memory
// (`Stage(float *smem) : shared(smem) {}`), and methods that read through
// it: a member set by a member initializer from a constructor parameter is
// the construction's argument (evaluated where the object is constructed),
// or the initializer's constant; calls of methods that leave the member as
// it is (they write only other members, or are const) do not change it.
// A method that may assign the member, a member the constructor's body
// assigns, and an object passed to a function stay unknown, each with its
// reason.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

struct Stage {
  __device__ Stage(float *smem, int stride)
      : shared(smem), step(stride), count(0) {
    row = shared + threadIdx.x / 32 * 33;
  }
  __device__ void put(float v) {
    shared[threadIdx.x * step] = v;
    // CHECK: :[[@LINE-1]]:5: warning: shared-memory store of 'shared[threadIdx.x * step]' has a 2-way bank conflict (block 64x1 via 'staged': {{.*}}) [warplint-bank-conflict]
    // DUMP: [[@LINE-2]]:5 shared[threadIdx.x * step] bytes=4 degree=2
    ++count;
  }
  __device__ float get(int i) const { return shared[i]; }
  // DUMP: [[@LINE-1]]:46 shared[i] bytes=4 degree=1
  __device__ void putRow(float v) { row[threadIdx.x % 32] = v; }
  // DUMP: [[@LINE-1]]:37 row[threadIdx.x % 32] bytes=4 why='s.row' is set in a way the analysis does not follow (a constructor, or a write after its initialiser)
  __device__ void retarget(float *p) { shared = p; }
  float *shared;
  float *row;
  int step, count;
};

__global__ void staged(float *out) {
  __shared__ float buf[4096];
  Stage s(buf, 2);
  s.put(out[threadIdx.x]);
  out[threadIdx.x] = s.get(threadIdx.x);
  s.putRow(1.0f);
}

// The argument is taken where the object is constructed: `stride` is 2
// then, whatever it is later.
struct Strided {
  __device__ Strided(float *smem) : base(smem) {}
  __device__ void put(float v) { base[threadIdx.x * 2] = v; }
  // CHECK: :[[@LINE-1]]:34: warning: shared-memory store of 'base[threadIdx.x * 2]' has a 4-way bank conflict (block 32x1 via 'offset': {{.*}}) [warplint-bank-conflict]
  // DUMP: [[@LINE-2]]:34 base[threadIdx.x * 2] bytes=4 degree=4
  float *base;
};

__global__ void offset(float *out) {
  __shared__ float buf[4096];
  int stride = 2;
  Strided t(buf + threadIdx.x * stride);
  stride = 1;
  t.put(out[threadIdx.x] + stride);
}

// A method that assigns the member: unknown.
struct Moved {
  __device__ Moved(float *smem) : base(smem) {}
  __device__ void retarget(float *p) { base = p; }
  __device__ void put(float v) { base[threadIdx.x * 2] = v; }
  // DUMP: [[@LINE-1]]:34 base[threadIdx.x * 2] bytes=4 why='t' is used on line [[@LINE+8]] in a way that may write it (its address taken, bound to a reference or passed to a call)
  float *base;
};

__global__ void moved(float *out) {
  __shared__ float buf[4096];
  Moved t(buf);
  t.put(out[threadIdx.x]);
  t.retarget(buf + 1);
}

// The object passed by reference to a function: unknown.
struct Passed {
  __device__ Passed(float *smem) : base(smem) {}
  __device__ void put(float v) { base[threadIdx.x * 2] = v; }
  // DUMP: [[@LINE-1]]:34 base[threadIdx.x * 2] bytes=4 why='t' is used on line [[@LINE+7]] in a way that may write it (its address taken, bound to a reference or passed to a call)
  float *base;
};
__device__ void keep(Passed &x) {}
__global__ void passed(float *out) {
  __shared__ float buf[4096];
  Passed t(buf);
  keep(t);
  t.put(out[threadIdx.x]);
}

void run(float *p) {
  staged<<<1, 64>>>(p);
  offset<<<1, 32>>>(p);
  moved<<<1, 32>>>(p);
  passed<<<1, 32>>>(p);
}
