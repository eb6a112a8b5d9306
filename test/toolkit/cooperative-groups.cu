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

int main() { sums<<<1, 256>>>(nullptr); }

// DUMP: partial[warp.meta_group_rank()][warp.thread_rank()] bytes=4 degree=1
