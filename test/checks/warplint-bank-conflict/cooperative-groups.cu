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
class thread_group {
public:
  __device__ unsigned thread_rank() const;
};
class thread_block : public thread_group {
public:
  __device__ unsigned thread_rank() const;
  __device__ unsigned size() const;
  __device__ static dim3 thread_index();
  __device__ static dim3 dim_threads();
};
template <unsigned N, typename Parent = void> class thread_block_tile {
public:
  __device__ static unsigned thread_rank();
  __device__ unsigned meta_group_rank() const;
  __device__ unsigned meta_group_size() const;
  __device__ static constexpr unsigned size() { return N; }
};
__device__ thread_block this_thread_block();
template <unsigned N>
__device__ thread_block_tile<N, thread_block>
tiled_partition(const thread_block &);
__device__ thread_group tiled_partition(const thread_block &, unsigned);
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

// thread_index() and dim_threads() of the block are threadIdx and
// blockDim; a generic thread_group is what made it: the block, or a tile
// of tiled_partition(block, N) (N a constant power of two up to 32).
__global__ void generic(float *out, unsigned n) {
  __shared__ float s[64 * 33];
  cg::thread_block block = cg::this_thread_block();
  s[block.thread_index().x / warpSize] = 0;   // one word per warp
  s[block.thread_index().x * 2] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[block.thread_index().x * 2]' has a 2-way bank conflict (block 64x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  s[block.dim_threads().x * block.thread_index().x] = 2;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[block.dim_threads().x * block.thread_index().x]' has a 32-way bank conflict (block 64x1: lanes 0..31 hit bank 0 with a stride of 64 words) [warplint-bank-conflict]
  cg::thread_group g = block;
  s[g.thread_rank() * 4] = 3;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[g.thread_rank() * 4]' has a 4-way bank conflict (block 64x1: lanes 0, 8, 16 and 24 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
  cg::thread_group t = cg::tiled_partition(block, 16);
  s[t.thread_rank() * 32] = 4;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[t.thread_rank() * 32]' has a 16-way bank conflict (block 64x1: lanes 0..31 hit bank 0 in 16 different words) [warplint-bank-conflict]
  cg::thread_group u = cg::tiled_partition(block, n);
  s[u.thread_rank()] = 5;
  auto warp = cg::tiled_partition<32>(block);
  s[warp.meta_group_size() * 32 + warp.thread_rank() * 33] = 6;
}

int main() {
  groups<<<1, dim3(64, 2)>>>(nullptr);
  generic<<<1, 64>>>(nullptr, 8);
}

// DUMP: s[warp.meta_group_rank()] bytes=4 degree=1
// DUMP: s[block.thread_rank() % 32 * 33] bytes=4 degree=1
// DUMP: s[block.thread_index().x / warpSize] bytes=4 degree=1
// DUMP: s[block.thread_index().x * 2] bytes=4 degree=2
// DUMP: s[block.dim_threads().x * block.thread_index().x] bytes=4 degree=32
// DUMP: s[g.thread_rank() * 4] bytes=4 degree=4
// DUMP: s[t.thread_rank() * 32] bytes=4 degree=16
// DUMP: s[u.thread_rank()] bytes=4 why=the thread_group on line {{[0-9]+}} is not made by this_thread_block() or tiled_partition(block or tile, N) with a constant N
// DUMP: s[warp.meta_group_size() * 32 + warp.thread_rank() * 33] bytes=4 degree=1
