// Cooperative groups through CUDA's own <cooperative_groups.h>: the ranks
// of a warp tile partitioned from the block (thread_rank() is a static
// member there) give degrees.
//
// REQUIRES: cuda-toolkit
// RUN: not %warplint --checks=warplint-bank-conflict --cuda-path=%cuda_path %s | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %warplint --cuda-path=%cuda_path --dump-shared-accesses %s | %python %S/../checks/warplint-bank-conflict/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void sums(float *out) {
  __shared__ float partial[32][32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  partial[warp.meta_group_rank()][warp.thread_rank()] = 1;
  out[0] = partial[warp.thread_rank()][warp.meta_group_rank()];
  // CHECK: :[[@LINE-1]]:12: warning: shared-memory load of 'partial[warp.thread_rank()][warp.meta_group_rank()]' has a 32-way bank conflict (block 256x1: lanes 0..31 hit bank {{[0-9]+}} with a stride of 32 words) [warplint-bank-conflict]
}

// thread_index() of the block, a generic thread_group (its thread_rank()
// is a switch in the header: modelled by what made the group), a tile's
// meta_group_size().
__global__ void generic(float *out) {
  __shared__ float s[64 * 33];
  cg::thread_block block = cg::this_thread_block();
  s[block.thread_index().x / warpSize] = 0;
  s[block.thread_index().x * 2] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[block.thread_index().x * 2]' has a 2-way bank conflict (block 64x1: lanes 0 and 16 hit bank 0 with a stride of 2 words) [warplint-bank-conflict]
  cg::thread_group g = cg::this_thread_block();
  s[g.thread_rank() * 4] = 2;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[g.thread_rank() * 4]' has a 4-way bank conflict (block 64x1: lanes 0, 8, 16 and 24 hit bank 0 with a stride of 4 words) [warplint-bank-conflict]
  cg::thread_group t = cg::tiled_partition(block, 32);
  s[t.thread_rank() * 33] = 3;
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
  s[w.meta_group_size() + w.thread_rank() * 32] = 4;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 's[w.meta_group_size() + w.thread_rank() * 32]' has a 32-way bank conflict (block 64x1: lanes 0..31 hit bank 2 with a stride of 32 words) [warplint-bank-conflict]
}

int main() {
  sums<<<1, 256>>>(nullptr);
  generic<<<1, 64>>>(nullptr);
}

// DUMP: partial[warp.meta_group_rank()][warp.thread_rank()] bytes=4 degree=1
// DUMP: s[block.thread_index().x / warpSize] bytes=4 degree=1
// DUMP: s[block.thread_index().x * 2] bytes=4 degree=2
// DUMP: s[g.thread_rank() * 4] bytes=4 degree=4
// DUMP: s[t.thread_rank() * 33] bytes=4 degree=1
// DUMP: s[w.meta_group_size() + w.thread_rank() * 32] bytes=4 degree=32
