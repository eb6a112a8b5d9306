// warplint-bank-conflict where a variable's storage is written other than
// through its own name: a member of a union written through another
// member, a variable whose address is taken, reinterpret_cast or memcpy.
// The analysis must not take the value of the writes it sees: the access
// is listed as unknown with the reason, never taken for a broadcast.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

union Bits {
  unsigned u;
  unsigned short h[2];
};

// The issue's reproduction: x.u is not 0 after x.h[0] is written.
__global__ void unionMember() {
  __shared__ float s[1024];
  Bits x;
  x.u = 0;
  x.h[0] = threadIdx.x * 32;
  s[x.u % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[x.u % 1024] bytes=4 why='x' is written through another member of its union ('h') on line [[@LINE-3]]

// A union's initialiser sets the member it names, not the first.
__global__ void unionInit() {
  __shared__ float s[1024];
  Bits x = {.u = 0};
  x.h[1] = threadIdx.x;
  s[x.u % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[x.u % 1024] bytes=4 why='x' is written through another member of its union ('h') on line [[@LINE-3]]

// An anonymous union in a struct; a member outside it stays independent.
struct Tagged {
  int tag;
  union {
    unsigned a;
    float f;
  };
};
__global__ void anonymousUnion() {
  __shared__ float s[1024];
  Tagged y;
  y.a = 0;
  y.f = threadIdx.x * 32.0f;
  s[y.a % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[y.a % 1024] bytes=4 why='y' is written through another member of its union ('f') on line [[@LINE-3]]
__global__ void otherMember() {
  __shared__ float s[1024];
  Tagged y;
  y.a = 0;
  y.tag = threadIdx.x;
  s[y.a % 1024] = 1;               // a broadcast: tag is not a's storage
}
// DUMP: [[@LINE-2]]:3 s[y.a % 1024] bytes=4 degree=1

// The union written through a pointer to a member, through memcpy, and a
// member through reinterpret_cast.
__global__ void throughPointer() {
  __shared__ float s[1024];
  Bits x;
  x.u = 0;
  unsigned short *q = x.h;
  q[0] = threadIdx.x * 32;
  s[x.u % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[x.u % 1024] bytes=4 why='x' is used through another member of its union ('h') on line [[@LINE-4]], in a way that may write it (its address taken, bound to a reference or passed to a call)
__global__ void throughMemcpy() {
  __shared__ float s[1024];
  Bits x;
  x.u = 0;
  unsigned v = threadIdx.x * 32;
  __builtin_memcpy(&x, &v, sizeof v);
  s[x.u % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[x.u % 1024] bytes=4 why='x' is used on line [[@LINE-3]] in a way that may write it (its address taken, bound to a reference or passed to a call)
__global__ void throughCast() {
  __shared__ float s[1024];
  Bits x;
  x.u = 0;
  reinterpret_cast<unsigned short &>(x.u) = threadIdx.x * 32;
  s[x.u % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[x.u % 1024] bytes=4 why='x.u' is used on line [[@LINE-3]] in a way that may write it (its address taken, bound to a reference or passed to a call)

// A scalar written through a pointer to it.
__global__ void scalarAliased() {
  __shared__ float s[1024];
  unsigned v = 0;
  *reinterpret_cast<unsigned short *>(&v) = threadIdx.x * 32;
  s[v % 1024] = 1;
}
// DUMP: [[@LINE-2]]:3 s[v % 1024] bytes=4 why='v' has its address taken or is bound to a reference on line [[@LINE-3]]

// Written through its own member last, the union's value is known; a read
// of another member writes nothing.
__global__ void ownMemberLast() {
  __shared__ float s[1024];
  Bits x;
  x.h[0] = 0;
  x.u = threadIdx.x * 32;
  s[x.u % 1024] = x.h[1];
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[x.u % 1024]' has a 32-way bank conflict
}
// DUMP: [[@LINE-3]]:3 s[x.u % 1024] bytes=4 degree=32
