// Tensor-core data movement: inline PTX (ldmatrix, stmatrix, cp.async,
// ld/st.shared) on shared-window addresses from __cvta_generic_to_shared,
// and the asynchronous copies of the pipeline primitives, cuda:: and
// cooperative_groups:: (mocks of their APIs; toolkit/tensor-core.cu uses
// CUDA's own headers). ldmatrix/stmatrix .xN read the 16-byte rows that
// lanes 0..8N-1 address, one 8x8 matrix (8 lanes) per phase.
//
// RUN: not %warplint --checks=warplint-bank-conflict %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' %s -- %cuda_flags 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict %cuda_flags %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | %python %S/Inputs/accesses.py | FileCheck %s --check-prefix=DUMP
// RUN: %warplint explain %s:135 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=EXPLAIN
// RUN: %warplint explain %s:201 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=WMMA

// EXPLAIN:      tensor-core.cu:135:3: shared-memory load by ldmatrix.x1 at 'lane < 8 ? row8 : far' (1 8x8 matrix of 16-byte rows) in 'forms'
// EXPLAIN:      block 32x1 (kernel 'forms'): 8-way bank conflict; worst warp 0 (threads 0..31)
// EXPLAIN:      each phase pN is matrix N-1: the 8 rows of 16 bytes whose addresses lanes 8(N-1)..8(N-1)+7 give, one row per lane
// EXPLAIN:      p1 wf 1             0   0   0   0   .
// EXPLAIN:      p1 wf 8             7   7   7   7   .
// EXPLAIN-NOT:  p2
// EXPLAIN:      8 wavefronts where 1 would do: 8-way

// WMMA:         tensor-core.cu:201:3: shared-memory load by wmma::load_matrix_sync at '&P[warp * 16][0]' (2 bytes) in 'wmmaTiles'
// WMMA-NEXT:    not analysed: WMMA's mapping of matrix elements to lanes is not documented
// WMMA-NEXT:    the tile: 16 rows of 32 bytes, 128 bytes apart (ldm = 64); its busiest bank holds 16 words, so any lane mapping needs at least 16 wavefronts where 4 would do

#include <cuda.h>

typedef unsigned int uint32_t;
__device__ unsigned long __cvta_generic_to_shared(const void *p);
__device__ void __pipeline_memcpy_async(void *dst, const void *src,
                                        unsigned long size,
                                        unsigned long zfill = 0);
namespace cuda {
template <unsigned long N> struct aligned_size_t {
  unsigned long value;
  __device__ explicit aligned_size_t(unsigned long v) : value(v) {}
};
template <int Scope> struct pipeline {};
template <int Scope, unsigned long N>
__device__ void memcpy_async(void *dst, const void *src, aligned_size_t<N> n,
                             pipeline<Scope> &p);
template <typename Group, int Scope>
__device__ void memcpy_async(const Group &g, void *dst, const void *src,
                             unsigned long n, pipeline<Scope> &p);
} // namespace cuda
namespace cooperative_groups {
class thread_block {};
__device__ thread_block this_thread_block();
template <typename Group>
__device__ void memcpy_async(const Group &g, void *dst, const void *src,
                             unsigned long n);
} // namespace cooperative_groups
namespace nvcuda {
namespace wmma {
struct matrix_a;
struct matrix_b;
struct accumulator;
struct row_major;
struct col_major;
enum layout_t { mem_row_major, mem_col_major };
template <typename Use, int m, int n, int k, typename T, typename L = void>
class fragment {
public:
  T x[8];
};
template <typename Use, int m, int n, int k, typename T, typename L>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, L> &a, const T *p,
                                 unsigned ldm);
__device__ void
store_matrix_sync(float *p, const fragment<accumulator, 16, 16, 16, float> &a,
                  unsigned ldm, layout_t layout);
} // namespace wmma
} // namespace nvcuda
using namespace nvcuda;

__device__ uint32_t smem_u32(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ void ldsm_x4(uint32_t addr, uint32_t *r) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ void cp_async16(uint32_t dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
               "l"(src));
}

// A 64x64 half tile copied by cp.async and read by ldmatrix, unswizzled:
// the eight rows of each matrix are 128 bytes apart, all in banks 0..3.
__global__ void tilePlain(const __half *g, float *out) {
  __shared__ __attribute__((aligned(16))) __half A[64][64];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int i = 0; i < 4; ++i) {
    int chunk = tid + i * 128;
    int row = chunk / 8, col = (chunk % 8) * 8;
    cp_async16(smem_u32(&A[row][col]), g + row * 64 + col);
  }
  __syncthreads();
  uint32_t r[4];
  ldsm_x4(smem_u32(&A[warp * 16 + lane % 16][(lane / 16) * 8]), r);
  out[tid] = r[0];
}
// CHECK: :[[@LINE-24]]:3: warning: shared-memory load by ldmatrix.x4 at 'addr' has an 8-way bank conflict (block 128x1 via 'tilePlain': the rows of lanes 0..7 hit bank 0 in 8 different words) [warplint-bank-conflict]
// CHECK: :[[@LINE-25]]:3: note: warp 0 (threads 0..31) needs 32 wavefronts where 4 would do; ldmatrix.x4 reads 4 8x8 matrices, each in one phase: 8 rows of 16 bytes whose addresses lanes 8k..8k+7 give for matrix k
// CHECK: :[[@LINE-5]]:3: note: the address comes from this call in 'tilePlain'
// CHECK: :[[@LINE-15]]:50: note: every access of 'A' is conflict-free with each row padded by 16 bytes (72 elements instead of 64), or with the 16-byte chunks of each row XOR-swizzled (element c of row r stored at column ((c / 8) ^ (r % 8)) * 8 + c % 8)

// The same tile with its 16-byte chunks swizzled: conflict-free.
__global__ void tileSwizzled(const __half *g, float *out) {
  __shared__ __attribute__((aligned(16))) __half B[64][64];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int i = 0; i < 4; ++i) {
    int chunk = tid + i * 128;
    int row = chunk / 8, c = chunk % 8;
    cp_async16(smem_u32(&B[row][(c ^ (row % 8)) * 8]), g + row * 64 + c * 8);
  }
  __syncthreads();
  uint32_t r[4];
  int row = warp * 16 + lane % 16;
  ldsm_x4(smem_u32(&B[row][((lane / 16) ^ (row % 8)) * 8]), r);
  out[tid] = r[0];
}

// .x1 and .x2 read the rows of lanes 0..7 and 0..15 only: whatever the
// other lanes hold is not an address. A byte offset in the operand, a
// named operand, stmatrix, and a PTX register the asm computes itself.
__global__ void forms(float *out) {
  __shared__ __attribute__((aligned(16))) __half C[32][64];
  int lane = threadIdx.x % 32;
  uint32_t a0, a1;
  uint32_t row8 = smem_u32(&C[lane % 8][0]);
  uint32_t far = smem_u32(&C[lane][(lane % 8) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n"
               : "=r"(a0) : "r"(lane < 8 ? row8 : far));
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory load by ldmatrix.x1 at 'lane < 8 ? row8 : far' has an 8-way bank conflict (block 32x1: the rows of lanes 0..7 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-3]]:3: note: warp 0 (threads 0..31) needs 8 wavefronts where 1 would do; ldmatrix.x1 reads one 8x8 matrix, each in one phase: 8 rows of 16 bytes whose addresses lanes 0..7 give
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared::cta.b16 {%0}, [%[p]];\n"
               : "=r"(a0) : [p] "r"(far));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2+16];\n"
               : "=r"(a0), "=r"(a1) : "r"(row8));
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory load by ldmatrix.x2 at 'row8' has an 8-way bank conflict
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};\n"
               :: "r"(far), "r"(a0), "r"(a1));
  asm volatile("{ .reg .u32 p; cvta.to.shared.u32 p, %1;\n"
               "  ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [p]; }\n"
               : "=r"(a0) : "r"(far));
  asm volatile("ld.shared.v4.u32 {%0,%1,%0,%1}, [%2];\n"
               : "=r"(a0), "=r"(a1) : "r"(smem_u32(&C[0][lane * 8])));
  asm volatile("st.shared.b32 [%0], %1;\n"
               :: "r"(smem_u32(&C[lane][0])), "r"(a0));
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory store by st.shared.b32 at 'smem_u32(&C[lane][0])' has a 32-way bank conflict
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n"
               :: "r"(smem_u32(&C[lane][0])), "l"(out), "n"(4));
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory store by cp.async.ca at 'smem_u32(&C[lane][0])' has a 32-way bank conflict
  out[0] = a0 + a1;
}

__global__ void copies(const float4 *g, float *out) {
  __shared__ float4 s[128][8];
  __shared__ float4 t[1024];
  cuda::pipeline<0> pipe;
  int tid = threadIdx.x;
  __pipeline_memcpy_async(&s[tid][0], g + tid, sizeof(float4));
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store by __pipeline_memcpy_async at '&s[tid][0]' has an 8-way bank conflict (block 128x1: lanes 0..7 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: warp 0 (threads 0..31) needs 32 wavefronts where 4 would do; 16-byte accesses are served in 4 phases of 8 lanes
  __pipeline_memcpy_async(&t[tid], g + tid, 16);
  cuda::memcpy_async(&s[tid % 8][tid / 8], g + tid,
                     cuda::aligned_size_t<16>(16), pipe);
  // CHECK: :[[@LINE-2]]:3: warning: shared-memory store by cuda::memcpy_async at '&s[tid % 8][tid / 8]' has an 8-way bank conflict
  const auto shape = cuda::aligned_size_t<16>(16);
  cuda::memcpy_async(&t[tid], g, shape, pipe);
  cuda::memcpy_async(&t[tid], g, cuda::aligned_size_t<16>(64), pipe);
  cuda::memcpy_async(cooperative_groups::this_thread_block(), t, g,
                     sizeof(t), pipe);
  cooperative_groups::memcpy_async(cooperative_groups::this_thread_block(),
                                   t, g, sizeof(t));
  out[tid] = t[tid].x;
  // CHECK: :[[@LINE-1]]:14: warning: shared-memory load of 't[tid].x' has a 4-way bank conflict
}

// A helper that stores a fragment to global memory: not shared memory,
// not listed.
__device__ void
storeGlobal(float *C, const wmma::fragment<wmma::accumulator, 16, 16, 16, float> &f) {
  wmma::store_matrix_sync(C + 16, f, 64, wmma::mem_row_major);
}

// WMMA's lane mapping is not documented: its loads and stores are listed,
// and a tile whose rows crowd into some banks is reported with the least
// degree any mapping must have.
__global__ void wmmaTiles(float *out) {
  __shared__ __attribute__((aligned(32))) __half P[64][64];
  __shared__ __attribute__((aligned(32))) __half Q[64][72];
  __shared__ __attribute__((aligned(32))) float Cs[64][64];
  int warp = threadIdx.x / 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, &P[warp * 16][0], 64);
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory load by wmma::load_matrix_sync of '&P[warp * 16][0]' has at least a 4-way bank conflict (16 rows of 32 bytes, 128 bytes apart (ldm = 64): bank 0 holds 16 of the tile's words, where 4 would do) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: whatever lanes WMMA gives the elements, a wavefront serves one word per bank: the tile needs at least 16 wavefronts where 4 would do
  // CHECK: :[[@LINE-3]]:30: note: a leading dimension of 72 (16 bytes of padding per row) spreads the tile's words evenly over the 32 banks
  wmma::load_matrix_sync(fb, &Q[0][warp * 16], 72);
  wmma::store_matrix_sync(&Cs[warp * 16][0], acc, 64, wmma::mem_row_major);
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store by wmma::store_matrix_sync of '&Cs[warp * 16][0]' has at least a 2-way bank conflict (16 rows of 64 bytes, 256 bytes apart (ldm = 64): bank 0 holds 16 of the tile's words, where 8 would do) [warplint-bank-conflict]
  // CHECK: :[[@LINE-2]]:3: note: whatever lanes
  // CHECK: :[[@LINE-3]]:27: note: a leading dimension of 68 (16 bytes of padding per row)
  wmma::store_matrix_sync(&Cs[0][warp * 16], acc, 64, wmma::mem_col_major);
  // CHECK: :[[@LINE-1]]:3: warning: shared-memory store by wmma::store_matrix_sync of '&Cs[0][warp * 16]' has at least a 2-way bank conflict
  // CHECK: :[[@LINE-2]]:3: note: whatever lanes
  // CHECK: :[[@LINE-3]]:27: note: a leading dimension of 68
  wmma::load_matrix_sync(fa, (const __half *)out, 64);
  storeGlobal(out, acc);
}

// The CuTe/CUTLASS swizzle functor written out: Swizzle<3, 3, 3> XORs the
// 16-byte chunk (bits 3..5 of a 16-bit element's offset) with the row
// (bits 6..8). The swizzled read is conflict-free; the plain one is not.
template <int B, int M, int S> struct Swizzle {
  static constexpr int mask = ((1 << B) - 1) << (M + S);
  __device__ int operator()(int offset) const {
    return offset ^ ((offset & mask) >> S);
  }
};
__device__ void ldsm_x1(uint32_t addr, uint32_t &r0) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n"
               : "=r"(r0)
               : "r"(addr));
}
__global__ void cuteSwizzle(unsigned *out) {
  __shared__ __attribute__((aligned(128))) unsigned short S[64 * 64];
  int lane = threadIdx.x % 32;
  Swizzle<3, 3, 3> swz;
  uint32_t r;
  ldsm_x1(smem_u32(&S[swz(lane % 8 * 64)]), r);
  ldsm_x1(smem_u32(&S[lane % 8 * 64]), r);
  // CHECK: :[[@LINE-11]]:3: warning: shared-memory load by ldmatrix.x1 at 'addr' has an 8-way bank conflict (block 32x1 via 'cuteSwizzle': the rows of lanes 0..7 hit bank 0 with a stride of 32 words) [warplint-bank-conflict]
  // CHECK: :[[@LINE-12]]:3: note: warp 0
  // CHECK: :[[@LINE-3]]:3: note: the address comes from this call in 'cuteSwizzle'
  out[threadIdx.x] = r;
}

int main() {
  tilePlain<<<1, 128>>>(0, 0);
  tileSwizzled<<<1, 128>>>(0, 0);
  forms<<<1, 32>>>(0);
  copies<<<1, 128>>>(0, 0);
  wmmaTiles<<<1, 128>>>(0);
  cuteSwizzle<<<1, 32>>>(0);
}

// DUMP: 81:3 ldmatrix.x4 addr bytes=16 degree=8,1
// DUMP: 86:3 cp.async.cg dst bytes=16 degree=1,1
// DUMP: 135:3 ldmatrix.x1 lane < 8 ? row8 : far bytes=16 degree=8
// DUMP: 139:3 ldmatrix.x1.trans far bytes=16 degree=1
// DUMP: 141:3 ldmatrix.x2 row8 bytes=16 degree=8
// DUMP: 144:3 stmatrix.x2 far bytes=16 degree=1
// DUMP: 146:3 ldmatrix.x1 ldmatrix.x1 bytes=16 why=its address 'p' is computed inside the asm statement, not given by an operand
// DUMP: 149:3 ld.shared.v4.u32 smem_u32(&C[0][lane * 8]) bytes=16 degree=1
// DUMP: 151:3 st.shared.b32 smem_u32(&C[lane][0]) bytes=4 degree=32
// DUMP: 154:3 cp.async.ca smem_u32(&C[lane][0]) bytes=4 degree=32
// DUMP: 165:3 __pipeline_memcpy_async &s[tid][0] bytes=16 degree=8
// DUMP: 168:3 __pipeline_memcpy_async &t[tid] bytes=16 degree=1
// DUMP: 169:3 cuda::memcpy_async &s[tid % 8][tid / 8] bytes=16 degree=8
// DUMP: 173:3 cuda::memcpy_async &t[tid] bytes=16 degree=1
// DUMP: 174:3 cuda::memcpy_async cuda::memcpy_async(&t[tid], g, cuda::aligned_size_t<16>(6... bytes=0 why=it copies 64 bytes per thread; the model covers copies of 4, 8 and 16 bytes
// DUMP: 175:3 cuda::memcpy_async cuda::memcpy_async(cooperative_groups::this_thread_block(... bytes=0 why=the whole group copies, and the library decides which lane writes which bytes
// DUMP: 177:3 cooperative_groups::memcpy_async cooperative_groups::memcpy_async(cooperative_groups::this... bytes=0 why=the whole group copies, and the library decides which lane writes which bytes
// DUMP: 179:14 t[tid].x bytes=4 degree=4
// DUMP: 201:3 wmma::load_matrix_sync &P[warp * 16][0] bytes=2 why=WMMA's mapping of matrix elements to lanes is not documented (CUDA C++ Programming Guide, Warp Matrix Functions: it is unspecified and may differ between architectures); only the rows' spacing is checked
// DUMP: 205:3 wmma::load_matrix_sync &Q[0][warp * 16] bytes=2 why=WMMA's mapping of matrix elements to lanes is not documented (CUDA C++ Programming Guide, Warp Matrix Functions: it is unspecified and may differ between architectures); only the rows' spacing is checked
// DUMP: 206:3 wmma::store_matrix_sync &Cs[warp * 16][0] bytes=4 why=WMMA's mapping of matrix elements to lanes is not documented (CUDA C++ Programming Guide, Warp Matrix Functions: it is unspecified and may differ between architectures); only the rows' spacing is checked
// DUMP: 210:3 wmma::store_matrix_sync &Cs[0][warp * 16] bytes=4 why=WMMA's mapping of matrix elements to lanes is not documented (CUDA C++ Programming Guide, Warp Matrix Functions: it is unspecified and may differ between architectures); only the rows' spacing is checked
// DUMP: 228:3 ldmatrix.x1 addr bytes=16 degree=1,8
