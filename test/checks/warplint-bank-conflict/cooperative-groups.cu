// Ranks and sizes of cooperative groups: thread_rank() of a thread_block
// is the linear thread index, of a thread_block_tile<N> that index modulo
// N; meta_group_rank() of a tile partitioned from the block is the index
// divided by N. (A mock of the API; toolkit/cooperative-groups.cu uses
// CUDA's own header.)
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda.h>

namespace cooperative_groups {
class thread_block {
public:
  __device__ unsigned thread_rank() const;
  __device__ unsigned size() const;
};
template <unsigned N, typename Parent = void> class thread_block_tile {
public:
  __device__ static unsigned thread_rank();
  __device__ unsigned meta_group_rank() const;
  __device__ static constexpr unsigned size() { return N; }
};
__device__ thread_block this_thread_block();
template <unsigned N>
__device__ thread_block_tile<N, thread_block>
tiled_partition(const thread_block &);
} // namespace cooperative_groups
namespace cg = cooperative_groups;

__global__ void groups(float *out) {
  __shared__ float s[32 * 33];
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  s[warp.meta_group_rank()] = 0;              // one word per warp
  s[warp.thread_rank() * 32 + warp.meta_group_rank()] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[warp.thread_rank() * 32 + warp.meta_group_rank()]' has a 32-way bank conflict (block 64x2: lanes 0..31 hit bank {{[0-9]+}} with a stride of 32 words) [warplint-bank-conflict]
  out[block.thread_rank()] = s[block.thread_rank() % 32 * 33];
  s[block.thread_rank() * 2 % block.size()] = 2;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[block.thread_rank() * 2 % block.size()]' has a 2-way bank conflict (block 64x2: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
}

int main() { groups<<<1, dim3(64, 2)>>>(nullptr); }

// DUMP: s[warp.meta_group_rank()] bytes=4 degree=1
// DUMP: s[block.thread_rank() % 32 * 33] bytes=4 degree=1
