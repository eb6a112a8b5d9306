// Tensor-core data movement through CUDA's own headers: WMMA (<mma.h>),
// the pipeline primitives (<cuda_pipeline.h>), cuda::memcpy_async
// (<cuda/pipeline>), cooperative_groups::memcpy_async, and inline PTX on
// clang's __cvta_generic_to_shared, also under __CUDA_ARCH__ (the
// device-side parse).
//
// REQUIRES: cuda-toolkit
// RUN: not %warplint --checks=warplint-bank-conflict --cuda-path=%cuda_path %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %warplint --cuda-path=%cuda_path --dump-shared-accesses %s | %python %S/../checks/warplint-bank-conflict/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <mma.h>
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdint>
using namespace nvcuda;
namespace cg = cooperative_groups;

__global__ void wmmaTile(const half *a, float *c) {
  __shared__ __align__(32) half As[64][64];
  __shared__ __align__(32) half Bs[64][72];
  int tid = threadIdx.x, warp = tid / 32;
  __pipeline_memcpy_async(&As[tid / 8][(tid % 8) * 8], a + tid * 8, 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, &As[warp * 16][0], 64);
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by wmma::load_matrix_sync of '&As[warp * 16][0]' has at least a 4-way bank conflict (16 rows of 32 bytes, 128 bytes apart (ldm = 64): bank 0 holds 16 of the tile's words, where 4 would do) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: whatever lanes
  // CHECK: :[[@LINE-3]]:30: note: a leading dimension of 72 (16 bytes of padding per row)
  wmma::load_matrix_sync(fb, &Bs[warp * 16][0], 72);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

__global__ void ldsm(float *out) {
  __shared__ __align__(16) half T[64][64];
  int lane = threadIdx.x % 32;
  uint32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
  uint32_t addr = static_cast<uint32_t>(
      __cvta_generic_to_shared(&T[lane % 16][(lane / 16) * 8]));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
  // CHECK: :[[@LINE-3]]:3: warning: shared-memory load by ldmatrix.x4 at 'addr' has an 8-way bank conflict (block 32x1: the rows of lanes 0..7 hit bank 0 in 8 different words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-4]]:3: note: warp 0 (threads 0..31) needs 32 wavefronts where 4 would do
  // CHECK: :[[@LINE-11]]:33: note: every access of 'T' is conflict-free with each row padded by 16 bytes (72 elements instead of 64), or with the 16-byte chunks of each row XOR-swizzled (element c of row r stored at column ((c / 8) ^ (r % 8)) * 8 + c % 8)
#endif
  out[threadIdx.x] = r0 + r1 + r2 + r3;
}

__global__ void copies(const float4 *g) {
  __shared__ float4 s[128][8];
  auto block = cg::this_thread_block();
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&s[threadIdx.x][0], g + threadIdx.x,
                     cuda::aligned_size_t<16>(16), pipe);
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory store by cuda::memcpy_async at '&s[threadIdx.x][0]' has an 8-way bank conflict
  // CHECK: :[[@LINE-3]]:3: note: warp 0
  pipe.producer_commit();
  cg::memcpy_async(block, &s[0][0], g, sizeof(float4) * 128);
  cg::wait(block);
}

int main() {
  wmmaTile<<<1, 128>>>(0, 0);
  ldsm<<<1, 32>>>(0);
  copies<<<1, 128>>>(0);
}

// DUMP: 26:3 __pipeline_memcpy_async &As[tid / 8][(tid % 8) * 8] bytes=16 degree=1
// DUMP: 34:3 wmma::load_matrix_sync &As[warp * 16][0] bytes=2 why=WMMA's mapping
// DUMP: 38:3 wmma::load_matrix_sync &Bs[warp * 16][0] bytes=2 why=WMMA's mapping
// DUMP: 50:3 ldmatrix.x4 addr bytes=16 degree=8
// DUMP: 65:3 cuda::memcpy_async &s[threadIdx.x][0] bytes=16 degree=8
// DUMP: 70:3 cooperative_groups::memcpy_async cg::memcpy_async(block, &s[0][0], g, sizeof(float4) * 128) bytes=0 why=the whole group copies
