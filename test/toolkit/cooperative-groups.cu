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

// A tile of a tile (tiled_partition of a thread_group), copied and passed
// to a device function's thread_group parameter, whose size() bounds a
// loop: the rank in a tile of 16, each tile's window of the array (the
// base is computed from a dim3 temporary). x[lane * 2] runs only for lanes
// below i <= 8 (1-way); x[lane * 4] in both tiles of a warp reaches three
// words of bank 0 (0 and 32 from the first, 32 and 64 from the second).
__device__ int halves(cg::thread_group g, int *x, int v) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = v;
    g.sync();
    if (lane < i)
      v += x[lane + i] * x[lane * 2];
    g.sync();
  }
  x[lane * 4] = v;
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store of 'x[lane * 4]' has a 3-way bank conflict
  return v;
}

__global__ void tiles(int *out) {
  __shared__ int s[256];
  auto block = cg::this_thread_block();
  auto w = cg::tiled_partition(block, 32);
  auto h = cg::tiled_partition(w, 16);
  auto g = h;
  int base = (block.thread_index().x / g.size()) * g.size();
  out[0] = halves(g, s + base, 1);
}

int main() {
  sums<<<1, 256>>>(nullptr);
  generic<<<1, 64>>>(nullptr);
  tiles<<<1, 256>>>(nullptr);
}

// DUMP: partial[warp.meta_group_rank()][warp.thread_rank()] bytes=4 degree=1
// DUMP: s[block.thread_index().x / warpSize] bytes=4 degree=1
// DUMP: s[block.thread_index().x * 2] bytes=4 degree=2
// DUMP: s[g.thread_rank() * 4] bytes=4 degree=4
// DUMP: s[t.thread_rank() * 33] bytes=4 degree=1
// DUMP: s[w.meta_group_size() + w.thread_rank() * 32] bytes=4 degree=32
// DUMP: x[lane] bytes=4 degree=1
// DUMP: x[lane + i] bytes=4 degree=1
// DUMP: x[lane * 2] bytes=4 degree=1
// DUMP: x[lane * 4] bytes=4 degree=3
