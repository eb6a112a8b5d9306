// Accesses in the user's own header are analysed with the launch shapes of
// the including file and reported at the header, once, also when two
// analysed files include it.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s %S/Inputs/second.cu -- %cuda_flags -I%S/Inputs | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint -j 2 --checks=warplint-bank-conflict %s %S/Inputs/second.cu -- %cuda_flags -I%S/Inputs | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' --header-filter='.*' %s -- %cuda_flags -I%S/Inputs 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
//
// CHECK: tiles.cuh:9:22: warning: shared-memory load of 't[threadIdx.x][threadIdx.y]' has a 32-way bank conflict (block 32x4: lanes 0..31 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
// CHECK: tiles.cuh:9:22: note: warp 0 (threads 0..31) needs 32 wavefronts where 1 would do
// CHECK: tiles.cuh:6:20: note: padding the inner dimension of 't' to 33 elements makes every access of it conflict-free

#include "tiles.cuh"

void first(float *f) { columnSum<<<1, dim3(32, 4)>>>(f); }
