// Inline PTX ld/st.shared whose data operands have any register class:
// "=f", "=h", "=l", "=d", "+f", a vector {%0,%1}, an "f" or "d" input, and
// an immediate ("n") added to the address. On the host side clang leaves
// the operands of such an asm statement unconverted (the host target has
// no "h" or "f" register), so the address operand is an lvalue there;
// each access is still analysed, as with "=r". An address passed in
// memory ("m") is listed with its reason.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_device_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' --extra-arg=--cuda-host-only %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

__device__ unsigned long __cvta_generic_to_shared(const void *p);

__global__ void constraints(float *out, double *dout) {
  __shared__ float s[1024];
  __shared__ double d[1024];
  unsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 32 % 1024]);
  unsigned b = __cvta_generic_to_shared(&d[threadIdx.x * 16 % 1024]);
  unsigned long long la = __cvta_generic_to_shared(&s[threadIdx.x * 32 % 1024]);
  float f, g;
  unsigned short h;
  unsigned u;
  unsigned long long l;
  double x;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "r"(a));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.f32 at 'a' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 0 with a stride of 32 words)
  asm volatile("ld.shared.b16 %0, [%1];" : "=h"(h) : "r"(a));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.b16 at 'a' has a 32-way bank conflict
  asm volatile("ld.shared.b32 %0, [%1];" : "=r"(u) : "r"(a));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.b32 at 'a' has a 32-way bank conflict
  asm volatile("ld.shared.b64 %0, [%1];" : "=l"(l) : "r"(b));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.b64 at 'b' has a 16-way bank conflict
  asm volatile("ld.shared.f64 %0, [%1];" : "=d"(x) : "r"(b));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.f64 at 'b' has a 16-way bank conflict
  asm volatile("ld.shared.v2.f32 {%0,%1}, [%2];" : "=f"(f), "=f"(g) : "r"(a));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.v2.f32 at 'a' has a 16-way bank conflict
  asm volatile("ld.shared.f32 %0, [%1+%2];" : "=f"(f) : "r"(a), "n"(4));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.f32 at 'a' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 1 with a stride of 32 words)
  asm volatile("ld.shared.f32 %0, [%1+4];" : "+f"(f) : "r"(a));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.f32 at 'a' has a 32-way bank conflict (block 32x1: lanes 0..31 hit bank 1 with a stride of 32 words)
  asm volatile("st.shared.f32 [%[addr]], %[v];" ::[addr] "r"(a), [v] "f"(g));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store by st.shared.f32 at 'a' has a 32-way bank conflict
  asm volatile("st.shared.f64 [%0], %1;" ::"r"(b), "d"(x));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store by st.shared.f64 at 'b' has a 16-way bank conflict
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "l"(la));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by ld.shared.f32 at 'la' has a 32-way bank conflict
  out[0] = f + g + h + u + l;
  dout[0] = x;
}

// An address in memory: the asm may read or write 'a' itself.
__global__ void memoryOperand(float *out) {
  __shared__ float s[1024];
  unsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 32 % 1024]);
  float f;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "m"(a));
  // DUMP: [[@LINE-1]]:3 ld.shared.f32 ld.shared.f32 bytes=4 why=its operand %1 has the constraint 'm', which does not pass it in a register
  out[0] = f;
}

int main() {
  constraints<<<1, 32>>>(0, 0);
  memoryOperand<<<1, 32>>>(0);
}
