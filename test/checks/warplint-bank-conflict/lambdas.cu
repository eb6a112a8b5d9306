// warplint-bank-conflict in lambdas and function objects: a lambda's call
// operator is a device function called where the lambda is called, so its
// parameters take the call's arguments and its captures their values where
// they are captured (by copy: where the lambda is written; by reference:
// at the call); a function object's members are those of the object it is
// called on. What the analysis cannot follow is listed as unknown with the
// reason, never taken for a broadcast.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP --implicit-check-not='why=a form the analysis'

#include <cuda.h>

// The issue's reproduction: the parameter is the thread index, not a
// value the same in every lane.
__global__ void lambdaParameter() {
  __shared__ int s[1024];
  auto f = [&](unsigned i) { s[i * 32 % 1024] = 1; };
  // CHECK: :[[@LINE-1]]:30: warning: shared-memory store of 's[i * 32 % 1024]' has a 32-way bank conflict (assumed block 32x1 via 'lambdaParameter': lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  f(threadIdx.x);
}
// DUMP: [[@LINE-4]]:30 s[i * 32 % 1024] bytes=4 degree=32

// A lambda given the shared pointer.
__global__ void lambdaPointer() {
  __shared__ float s[1024];
  auto g = [](float *p, unsigned i) { p[i * 32 % 1024] = 1; };
  // CHECK: :[[@LINE-1]]:39: warning: shared-memory store of 'p[i * 32 % 1024]' has a 32-way bank conflict
  g(s, threadIdx.x);
}
// DUMP: [[@LINE-4]]:39 p[i * 32 % 1024] bytes=4 degree=32

// A function object holding the shared pointer; its operator() is not
// const but writes no member.
struct Scatter {
  float *p;
  __device__ void operator()(unsigned i) { p[i * 32 % 1024] = 1; }
  // CHECK: :[[@LINE-1]]:44: warning: shared-memory store of 'p[i * 32 % 1024]' has a 32-way bank conflict
};
// DUMP: [[@LINE-3]]:44 p[i * 32 % 1024] bytes=4 degree=32
__global__ void functor() {
  __shared__ float s[1024];
  Scatter sc{s};
  sc(threadIdx.x);
}

// One that moves its pointer at every call: unknown.
struct Walker {
  float *p;
  __device__ void operator()(unsigned i) { p[i * 32 % 1024] = 1; ++p; }
};
// DUMP: [[@LINE-2]]:44 p[i * 32 % 1024] bytes=4 why='w' is used on line [[@LINE+4]] in a way that may write it (its address taken, bound to a reference or passed to a call)
__global__ void functorChanged() {
  __shared__ float s[1024];
  Walker w{s};
  w(threadIdx.x);
}

// A lambda returning a reference into shared memory: the access is where
// the reference is used.
__global__ void lambdaReference(float *out) {
  __shared__ float s[1024];
  auto at = [&](unsigned i) -> float & { return s[i * 32 % 1024]; };
  at(threadIdx.x) = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'at(threadIdx.x)' has a 32-way bank conflict
  out[0] = at(threadIdx.x + 1);
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'at(threadIdx.x + 1)' has a 32-way bank conflict
}
// DUMP: [[@LINE-5]]:3 at(threadIdx.x) bytes=4 degree=32
// DUMP: [[@LINE-4]]:12 at(threadIdx.x + 1) bytes=4 degree=32

// A shared element passed by reference to a lambda.
__global__ void lambdaReferenceParameter() {
  __shared__ float s[1024];
  auto set = [](float &x) { x = 1; };
  set(s[threadIdx.x * 32 % 1024]);
  // CHECK: :[[@LINE-1]]:7: warning: shared-memory read-modify-write of 's[threadIdx.x * 32 % 1024]' has a 32-way bank conflict
}
// DUMP: [[@LINE-3]]:7 s[threadIdx.x * 32 % 1024] bytes=4 degree=32

// Captures by reference take the value at the call, by copy the value
// where the lambda is written.
__global__ void captureByReference() {
  __shared__ float s[1024];
  unsigned t = 0;
  auto f = [&]() { s[t % 1024] = 1; };
  // CHECK: :[[@LINE-1]]:20: warning: shared-memory store of 's[t % 1024]' has a 32-way bank conflict
  t = threadIdx.x * 32;
  f();
}
// DUMP: [[@LINE-5]]:20 s[t % 1024] bytes=4 degree=32
__global__ void captureByCopy() {
  __shared__ float s[1024];
  unsigned t = 0;
  auto f = [=]() { s[t % 1024] = 1; };   // t is 0 here: a broadcast
  t = threadIdx.x * 32;
  f();
}
// DUMP: [[@LINE-4]]:20 s[t % 1024] bytes=4 degree=1
__global__ void initCapture() {
  __shared__ float s[1024];
  auto f = [j = threadIdx.x * 32](float *p) { p[j % 1024] = 1; };
  // CHECK: :[[@LINE-1]]:47: warning: shared-memory store of 'p[j % 1024]' has a 32-way bank conflict
  f(s);
}
// DUMP: [[@LINE-4]]:47 p[j % 1024] bytes=4 degree=32

// A lambda that changes what it captures by reference: the variable is
// unknown after the lambda is written.
__global__ void captureChanged() {
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  auto scale = [&]() { t *= 32; };
  scale();
  s[t % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[t % 1024] bytes=4 why='t' is changed by a lambda that captures it, on line [[@LINE-4]]

// A lambda passed to a device function template, a lambda's value in an
// index, and a lambda in a lambda.
template <class F> __device__ void apply(F f, unsigned i) { f(i); }
__global__ void passedOn() {
  __shared__ float s[1024];
  apply([&](unsigned i) { s[i * 32 % 1024] = 1; }, threadIdx.x);
  // CHECK: :[[@LINE-1]]:27: warning: shared-memory store of 's[i * 32 % 1024]' has a 32-way bank conflict (assumed block 32x1 via 'passedOn': lanes 0..31
}
// DUMP: [[@LINE-3]]:27 s[i * 32 % 1024] bytes=4 degree=32
__global__ void lambdaValue() {
  __shared__ float s[1024];
  auto index = [](auto i) { return i * 32 % 1024; };
  s[index(threadIdx.x)] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[index(threadIdx.x)]' has a 32-way bank conflict
}
// DUMP: [[@LINE-3]]:3 s[index(threadIdx.x)] bytes=4 degree=32
__global__ void nested() {
  __shared__ float s[1024];
  auto outer = [&](unsigned i) {
    auto inner = [&]() { s[i * 32 % 1024] = 1; };
    // CHECK: :[[@LINE-1]]:26: warning: shared-memory store of 's[i * 32 % 1024]' has a 32-way bank conflict
    inner();
  };
  outer(threadIdx.x);
}
// DUMP: [[@LINE-6]]:26 s[i * 32 % 1024] bytes=4 degree=32

// A function object set by its constructor's member initializer: the
// construction's argument.
struct Built {
  float *p;
  __device__ Built(float *q) : p(q) {}
  __device__ void operator()(unsigned i) const { p[i * 32 % 1024] = 1; }
  // CHECK: :[[@LINE-1]]:50: warning: shared-memory store of 'p[i * 32 % 1024]' has a 32-way bank conflict (assumed block 32x1 via 'constructed': {{.*}}) [warplint-bank-conflict]
};
// DUMP: [[@LINE-3]]:50 p[i * 32 % 1024] bytes=4 degree=32
__global__ void constructed() {
  __shared__ float s[1024];
  Built b(s);
  b(threadIdx.x);
}

// A function object the host passes to the kernel holds global memory:
// not a shared access.
struct Global {
  float *p;
  __device__ void operator()(unsigned i) const { p[i * 32] = 1; }
};
// DUMP-NOT: p[i * 32]
__global__ void hostFunctor(Global g) { g(threadIdx.x); }

// A lambda nobody calls.
__device__ void notCalled() {
  __shared__ float s[1024];
  auto g = [&](unsigned i) { s[i * 32 % 1024] = 1; };
}
// DUMP: [[@LINE-2]]:30 s[i * 32 % 1024] bytes=4 why='i' is a parameter of a lambda that is not called in this file
