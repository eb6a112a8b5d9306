// What the analysis knows of CUDA's API (lib/Analysis/CudaModels.cpp):
// the built-in variables, __mul24, min/max, __cvta_generic_to_shared,
// cooperative groups' ranks and sizes, the widths of the vector types,
// atomics, inline PTX (ldmatrix, stmatrix, ld/st.shared, cp.async), the
// asynchronous copies (__pipeline_memcpy_async, cuda:: and
// cooperative_groups::memcpy_async) and WMMA's loads and stores. The APIs
// the mock header test/Inputs/cuda.h lacks are declared here, as the lit
// tests' mocks do (test/checks/warplint-bank-conflict/tensor-core.cu).
#include "AnalysisTestSupport.h"
#include "gtest/gtest.h"

using namespace warplint::test;

namespace {

// ---- built-in variables and functions
// ----------------------------------------

TEST(CudaModelsTest, ThreadIndexAndBlockShape) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  s[threadIdx.z * 64 + blockDim.y] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((threadIdx.z * 64) + blockDim.y) * "
            "4))");
}

TEST(CudaModelsTest, Mul24MinAndMax) {
  // The arguments take the parameters' types (int for __mul24 and min).
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  s[__mul24(threadIdx.x, 3)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x * 3) * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  s[min(threadIdx.x, 16) + max(threadIdx.y, 1)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(min((i32)threadIdx.x, 16) + "
            "max((i32)threadIdx.y, 1)) * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  s[umin(threadIdx.x, 16u)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)min(threadIdx.x, 16) * 4))");
}

// ---- vector types and atomics
// ------------------------------------------------

TEST(CudaModelsTest, VectorTypesAreOneAccessOfTheirSize) {
  // float3 is loaded word by word: three 4-byte accesses.
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ float2 a[64];
  __shared__ float4 b[64];
  __shared__ __half2 c[64];
  __shared__ float3 d[64];
  __shared__ __half e[64];
  float2 x = a[threadIdx.x];
  float4 y = b[threadIdx.x];
  __half2 z = c[threadIdx.x];
  float3 w = d[threadIdx.x];
  __half v = e[threadIdx.x];
}
)",
                       "k"),
            "load a[threadIdx.x] 8 bytes of a\n"
            "load b[threadIdx.x] 16 bytes of b\n"
            "load c[threadIdx.x] 4 bytes of c\n"
            "load d[threadIdx.x] (bytes 0..3 of 12) 4 bytes of d\n"
            "load d[threadIdx.x] (bytes 4..7 of 12) 4 bytes offset 4 of d\n"
            "load d[threadIdx.x] (bytes 8..11 of 12) 4 bytes offset 8 of d\n"
            "load e[threadIdx.x] 2 bytes of e");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float4 s[16];
  float4 v = s[threadIdx.x]; // ACCESS
  out[0] = v.x;
}
)"),
            "load 16 bytes: (&s + ((i64)threadIdx.x * 16))");
}

TEST(CudaModelsTest, Atomics) {
  EXPECT_EQ(accessesIn(R"(
__global__ void k(int *out, int *g) {
  __shared__ int s[1024];
  __shared__ float f[64];
  atomicAdd(&s[threadIdx.x % 8], 1);
  atomicMax(s, 1);
  atomicCAS(s + 1, 0, 1);
  atomicAdd(&f[0], 1.0f);
  atomicAdd(g, 1);
}
)",
                       "k"),
            "atomic &s[threadIdx.x % 8] 4 bytes of s\n"
            "atomic s 4 bytes of s\n"
            "atomic s + 1 4 bytes of s\n"
            "atomic &f[0] 4 bytes of f");
  EXPECT_EQ(lowered(R"(
__global__ void k(int *out) {
  __shared__ int s[1024];
  atomicAdd(&s[threadIdx.x % 8], 1); // ACCESS
}
)"),
            "atomic 4 bytes: (&s + ((i64)(threadIdx.x % 8) * 4))");
}

// ---- cooperative groups
// --------------------------------------------------------

const char CooperativeGroups[] = R"(
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
  __device__ operator thread_group() const;
};
__device__ thread_block this_thread_block();
template <unsigned N>
__device__ thread_block_tile<N, thread_block>
tiled_partition(const thread_block &);
__device__ thread_group tiled_partition(const thread_block &, unsigned);
__device__ thread_group tiled_partition(const thread_group &, unsigned);
} // namespace cooperative_groups
namespace cg = cooperative_groups;
)";

std::string withGroups(llvm::StringRef Code) {
  return CooperativeGroups + Code.str();
}

// The linear thread index, as the model writes it.
const std::string Linear = "(threadIdx.x + ((threadIdx.y + (threadIdx.z * "
                           "blockDim.y)) * blockDim.x))";

TEST(CudaModelsTest, ABlocksRankAndSize) {
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_block b = cg::this_thread_block();
  s[b.thread_rank()] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)" + Linear + " * 4))");
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_block b = cg::this_thread_block();
  s[b.size()] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)((blockDim.x * blockDim.y) * "
            "blockDim.z) * 4))");
}

TEST(CudaModelsTest, ATilesRankSizeAndGroupRank) {
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_block b = cg::this_thread_block();
  auto w = cg::tiled_partition<32>(b);
  s[w.thread_rank() * 33 + w.meta_group_rank()] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)(((" + Linear + " % 32) * 33) + (" +
                Linear + " / 32)) * 4))");
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_block b = cg::this_thread_block();
  auto w = cg::tiled_partition<16>(b);
  s[w.size() + w.thread_rank()] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)(16 + (" + Linear + " % 16)) * 4))");
}

TEST(CudaModelsTest, ABlocksThreadIndexAndATilesGroupCount) {
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_block b = cg::this_thread_block();
  s[b.thread_index().y * b.dim_threads().x] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)(threadIdx.y * blockDim.x) * 4))");
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_block b = cg::this_thread_block();
  auto w = cg::tiled_partition<32>(b);
  s[w.meta_group_size()] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)((((blockDim.x * blockDim.y) * "
            "blockDim.z) + 31) / 32) * 4))");
}

TEST(CudaModelsTest, AGenericThreadGroupIsWhatMadeIt) {
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_group g = cg::this_thread_block();
  s[g.thread_rank()] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)" + Linear + " * 4))");
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 8);
  s[g.thread_rank()] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)(" + Linear + " % 8) * 4))");
  // A size that is not a constant power of two up to 32: unknown.
  std::string Out = lowered(withGroups(R"(
__global__ void k(unsigned n) {
  __shared__ float s[4096];
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 64);
  s[g.thread_rank()] = 0; // ACCESS
}
)"));
  EXPECT_EQ(Out.rfind("unknown: the thread_group on line ", 0), 0u) << Out;
  EXPECT_NE(Out.find(" is not made by this_thread_block() or "
                     "tiled_partition(block or tile, N) with a constant N"),
            std::string::npos)
      << Out;
}

TEST(CudaModelsTest, AGenericGroupThroughCopiesParametersAndTilesOfTiles) {
  // tiled_partition of a thread_group tile, copied, then passed to a device
  // function's thread_group parameter: the rank in a tile of 16.
  EXPECT_EQ(lowered(withGroups(R"(
__device__ void put(cg::thread_group g, float *x) {
  x[g.thread_rank()] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[4096];
  auto b = cg::this_thread_block();
  cg::thread_group w = cg::tiled_partition(b, 32);
  cg::thread_group h = cg::tiled_partition(w, 16);
  auto g = h;
  put(g, s);
}
)")),
            "store 4 bytes: (&s + ((i64)(" + Linear + " % 16) * 4))");
  // A static tile given to a thread_group parameter.
  EXPECT_EQ(lowered(withGroups(R"(
__device__ void put(const cg::thread_group &g, float *x) {
  x[g.thread_rank()] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[4096];
  auto t = cg::tiled_partition<8>(cg::this_thread_block());
  put(t, s);
}
)")),
            "store 4 bytes: (&s + ((i64)(" + Linear + " % 8) * 4))");
  // A local initialised from a member of a dim3 temporary (a full
  // expression with cleanups).
  EXPECT_EQ(lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_block b = cg::this_thread_block();
  int base = (b.thread_index().x / 16) * 16;
  s[base] = 0; // ACCESS
}
)")),
            "store 4 bytes: (&s + ((i64)(i32)((threadIdx.x / 16) * 16) * 4))");
  // A tile larger than its parent tile: not a tile CUDA makes; unknown.
  std::string Out = lowered(withGroups(R"(
__global__ void k() {
  __shared__ float s[4096];
  cg::thread_group w = cg::tiled_partition(cg::this_thread_block(), 8);
  cg::thread_group h = cg::tiled_partition(w, 16);
  s[h.thread_rank()] = 0; // ACCESS
}
)"));
  EXPECT_EQ(Out.rfind("unknown: the thread_group on line ", 0), 0u) << Out;
}

TEST(CudaModelsTest, TheGroupRankOfATileWhosePartitionIsNotSeen) {
  // A tile passed as a parameter: meta_group_rank() is not modelled (the
  // tile's type names its parent, but the rule looks for the
  // tiled_partition call), and the call has no body.
  EXPECT_EQ(lowered(withGroups(R"(
__device__ void f(cg::thread_block_tile<16, cg::thread_block> w) {
  __shared__ float s[4096];
  s[w.meta_group_rank()] = 0; // ACCESS
}
__global__ void k() {
  cg::thread_block b = cg::this_thread_block();
  f(cg::tiled_partition<16>(b));
}
)")),
            "unknown: a call of 'meta_group_rank', whose body is not in this "
            "file");
}

// ---- inline PTX and asynchronous copies
// ----------------------------------------

const char TensorCoreApi[] = R"(
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
)";

std::string withTensorCores(llvm::StringRef Code) {
  return TensorCoreApi + Code.str();
}

TEST(CudaModelsTest, LdmatrixOnASharedWindowAddress) {
  // __cvta_generic_to_shared(p) is p's banks; .x1 reads the rows of lanes
  // 0..7, .x2 those of lanes 0..15; `+16` is added to the operand.
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(unsigned *out) {
  __shared__ __attribute__((aligned(16))) __half C[32][64];
  unsigned a0;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(a0) : "r"((uint32_t)__cvta_generic_to_shared(&C[threadIdx.x % 8][0]))); // ACCESS
  out[0] = a0;
}
)")),
            "load 16 bytes by ldmatrix.x1 (lanes 0..7): "
            "(i64)(u32)(u64)((&C + ((i64)(threadIdx.x % 8) * 128)) + (0 * 2))");
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(unsigned *out) {
  __shared__ __attribute__((aligned(16))) __half C[32][64];
  unsigned a0, a1;
  uint32_t row = __cvta_generic_to_shared(&C[threadIdx.x][0]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2+16];\n" : "=r"(a0), "=r"(a1) : "r"(row)); // ACCESS
  out[0] = a0;
}
)")),
            "load 16 bytes by ldmatrix.x2 (lanes 0..15): "
            "((i64)(u32)(u64)((&C + ((i64)threadIdx.x * 128)) + (0 * 2)) + "
            "16)");
}

TEST(CudaModelsTest, LdSharedAndCpAsync) {
  // A generic pointer as the operand is followed as a pointer.
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(unsigned *out) {
  __shared__ unsigned s[1024];
  unsigned a0;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(a0) : "l"(&s[threadIdx.x])); // ACCESS
  out[0] = a0;
}
)")),
            "load 4 bytes by ld.shared.u32: (&s + ((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(const float *g) {
  __shared__ float4 s[128];
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"((uint32_t)__cvta_generic_to_shared(&s[threadIdx.x])), "l"(g)); // ACCESS
}
)")),
            "store 16 bytes by cp.async.cg: (i64)(u32)(u64)(&s + "
            "((i64)threadIdx.x * 16))");
  // .shared: shared memory whatever the operand is found to be.
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(unsigned *out) {
  __shared__ unsigned s[1024];
  unsigned a0;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(a0) : "l"(out)); // ACCESS
  out[0] = a0;
}
)")),
            "unknown: its address does not come from a __shared__ variable the "
            "analysis can follow");
}

TEST(CudaModelsTest, AsmOperandsAndTheirConstraints) {
  // On the host side clang leaves an "=f" asm's operands unconverted; the
  // address is still the register's value. In memory ("m"), it is not.
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(float *out) {
  __shared__ float s[1024];
  unsigned a = __cvta_generic_to_shared(&s[threadIdx.x]);
  float f;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "r"(a)); // ACCESS
  out[0] = f;
}
)")),
            "load 4 bytes by ld.shared.f32: (i64)(u32)(u64)(&s + "
            "((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(float *out) {
  __shared__ float s[1024];
  unsigned a = __cvta_generic_to_shared(&s[threadIdx.x]);
  float f;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "m"(a)); // ACCESS
  out[0] = f;
}
)")),
            "unknown: its operand %1 has the constraint 'm', which does not "
            "pass it in a register");
}

TEST(CudaModelsTest, TheInstructionsOfAnAsmStatement) {
  EXPECT_EQ(accessesIn(withTensorCores(R"(
__global__ void k(unsigned *out, const float *g, int n) {
  __shared__ __attribute__((aligned(16))) __half C[32][64];
  uint32_t a = __cvta_generic_to_shared(&C[threadIdx.x][0]);
  unsigned a0, a1;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%0,%1}, [%2];\n" : "=r"(a0), "=r"(a1) : "r"(a));
  asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};\n" :: "r"(a), "r"(a0));
  asm volatile("{ .reg .u32 p; cvta.to.shared.u32 p, %1;\n  ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [p]; }\n" : "=r"(a0) : "r"(a));
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" :: "r"(a), "l"(g), "n"(4));
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" :: "r"(a), "l"(g), "r"(n));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 2;\n" :: "r"(a), "l"(g));
  asm volatile("ld.shared.v2.u32 {%0,%1}, [%2+8];\n" : "=r"(a0), "=r"(a1) : "r"(a));
  asm volatile("ld.shared.u32 %0, [%3];\n" : "=r"(a0) : "r"(a));
  asm volatile("ld.shared.u32 %0, [%0];\n" : "=r"(a0) : "r"(a));
  asm volatile("ld.shared.u32 %0, [%1+%2];\n" : "=r"(a0) : "r"(a), "r"(n));
  out[0] = a0 + a1;
}
)"),
                       "k"),
            "load a 16 bytes by ldmatrix.x4.trans (shared by contract)\n"
            "store a 16 bytes by stmatrix.x1 lanes 0..7 (shared by contract)\n"
            "load ldmatrix.x1 16 bytes by ldmatrix.x1 lanes 0..7 (shared by "
            "contract): its address 'p' is computed inside the asm statement, "
            "not given by an operand\n"
            "store a 4 bytes by cp.async.ca (shared by contract)\n"
            "store cp.async.ca 0 bytes by cp.async.ca (shared by contract): "
            "its size is not a constant\n"
            "store cp.async.ca 0 bytes by cp.async.ca (shared by contract): "
            "its size '2' is not 4, 8 or 16\n"
            "load a 8 bytes by ld.shared.v2.u32 offset 8 (shared by contract)\n"
            "load ld.shared.u32 4 bytes by ld.shared.u32 (shared by contract): "
            "its operand %3 does not exist\n"
            "load ld.shared.u32 4 bytes by ld.shared.u32 (shared by contract): "
            "its operand %0 is an output of the asm statement\n"
            "load ld.shared.u32 4 bytes by ld.shared.u32 (shared by contract): "
            "the offset its address adds is not a constant");
}

TEST(CudaModelsTest, AsynchronousCopies) {
  // Per thread: a store of 4, 8 or 16 bytes; by a whole group: listed, the
  // library maps bytes to lanes. Copies into global memory are not listed,
  // except __pipeline_memcpy_async, whose destination is shared memory.
  EXPECT_EQ(
      accessesIn(withTensorCores(R"(
__global__ void k(const float4 *g, float *out) {
  __shared__ float4 s[128][8];
  __shared__ float4 t[1024];
  cuda::pipeline<0> pipe;
  int tid = threadIdx.x;
  __pipeline_memcpy_async(&s[tid][0], g + tid, sizeof(float4));
  __pipeline_memcpy_async((void *)(g + 1), g + tid, 16);
  __pipeline_memcpy_async(&t[tid], g + tid, 12);
  cuda::memcpy_async(&s[tid % 8][tid / 8], g + tid, cuda::aligned_size_t<16>(16), pipe);
  const auto shape = cuda::aligned_size_t<16>(16);
  cuda::memcpy_async(&t[tid], g, shape, pipe);
  cuda::memcpy_async(&t[tid], g, cuda::aligned_size_t<16>(64), pipe);
  cuda::memcpy_async((float4 *)out, g, cuda::aligned_size_t<16>(16), pipe);
  cuda::memcpy_async(cooperative_groups::this_thread_block(), t, g, sizeof(t), pipe);
  cooperative_groups::memcpy_async(cooperative_groups::this_thread_block(), t, g, sizeof(t));
  cooperative_groups::memcpy_async(cooperative_groups::this_thread_block(), out, g, 16);
}
)"),
                 "k"),
      "store &s[tid][0] 16 bytes by __pipeline_memcpy_async of s "
      "(shared by contract)\n"
      "store (void *)(g + 1) 16 bytes by __pipeline_memcpy_async "
      "(shared by contract)\n"
      "store __pipeline_memcpy_async(&t[tid], g + tid, 12) 0 bytes by "
      "__pipeline_memcpy_async of t (shared by contract): it copies 12 "
      "bytes per thread; the model covers copies of 4, 8 and 16 bytes\n"
      "store &s[tid % 8][tid / 8] 16 bytes by cuda::memcpy_async of s\n"
      "store &t[tid] 16 bytes by cuda::memcpy_async of t\n"
      "store cuda::memcpy_async(&t[tid], g, cuda::aligned_size_t<16>(64), "
      "pipe) 0 bytes by cuda::memcpy_async of t: it copies 64 bytes per "
      "thread; the model covers copies of 4, 8 and 16 bytes\n"
      "store cuda::memcpy_async(cooperative_groups::this_thread_block(), "
      "t, g, sizeof(t), pipe) 0 bytes by cuda::memcpy_async of t: the "
      "whole group copies, and the library decides which lane writes "
      "which bytes\n"
      "store "
      "cooperative_groups::memcpy_async(cooperative_groups::this_thread_"
      "block(), t, g, sizeof(t)) 0 bytes by "
      "cooperative_groups::memcpy_async of t: the whole group copies, "
      "and the library decides which lane writes which bytes");
}

TEST(CudaModelsTest, APipelineCopysDestination) {
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(const float4 *g) {
  __shared__ float4 s[128][8];
  int tid = threadIdx.x;
  __pipeline_memcpy_async(&s[tid][0], g + tid, sizeof(float4)); // ACCESS
}
)")),
            "store 16 bytes by __pipeline_memcpy_async: ((&s + "
            "((i64)(i32)threadIdx.x * 128)) + (0 * 16))");
  EXPECT_EQ(lowered(withTensorCores(R"(
__global__ void k(const float4 *g, float4 *o) {
  int tid = threadIdx.x;
  __pipeline_memcpy_async(o + tid, g + tid, sizeof(float4)); // ACCESS
}
)")),
            "unknown: its address does not come from a __shared__ variable the "
            "analysis can follow");
}

TEST(CudaModelsTest, WmmaTilesRows) {
  // The rows of the tile in memory when the fragment's shape and layout
  // and the leading dimension are constants; never an exact degree.
  EXPECT_EQ(accessesIn(withTensorCores(R"(
__global__ void k(float *out, int ld) {
  __shared__ __attribute__((aligned(32))) __half P[64][64];
  __shared__ __attribute__((aligned(32))) float Cs[64][64];
  int warp = threadIdx.x / 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, &P[warp * 16][0], 64);
  wmma::load_matrix_sync(fb, &P[0][warp * 16], 64);
  wmma::load_matrix_sync(fa, &P[0][0], ld);
  wmma::store_matrix_sync(&Cs[0][warp * 16], acc, 64, wmma::mem_col_major);
  wmma::store_matrix_sync(out, acc, 64, wmma::mem_col_major);
}
)"),
                       "k"),
            "load &P[warp * 16][0] 2 bytes by wmma::load_matrix_sync of P "
            "tile: 16 rows of 32 bytes, 128 bytes apart (ldm = 64): WMMA's "
            "mapping of matrix elements to lanes is not documented (CUDA C++ "
            "Programming Guide, Warp Matrix Functions: it is unspecified and "
            "may differ between architectures); only the rows' spacing is "
            "checked\n"
            "load &P[0][warp * 16] 2 bytes by wmma::load_matrix_sync of P "
            "tile: 16 rows of 32 bytes, 128 bytes apart (ldm = 64): WMMA's "
            "mapping of matrix elements to lanes is not documented (CUDA C++ "
            "Programming Guide, Warp Matrix Functions: it is unspecified and "
            "may differ between architectures); only the rows' spacing is "
            "checked\n"
            "load &P[0][0] 2 bytes by wmma::load_matrix_sync of P: WMMA's "
            "mapping of matrix elements to lanes is not documented (CUDA C++ "
            "Programming Guide, Warp Matrix Functions: it is unspecified and "
            "may differ between architectures); only the rows' spacing is "
            "checked\n"
            "store &Cs[0][warp * 16] 4 bytes by wmma::store_matrix_sync of Cs "
            "tile: 16 rows of 64 bytes, 256 bytes apart (ldm = 64): WMMA's "
            "mapping of matrix elements to lanes is not documented (CUDA C++ "
            "Programming Guide, Warp Matrix Functions: it is unspecified and "
            "may differ between architectures); only the rows' spacing is "
            "checked");
}

} // namespace
