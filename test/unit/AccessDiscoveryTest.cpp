// The discovery of shared-memory accesses (lib/Analysis/AccessCollector.cpp,
// RootFinder.cpp, SharedAccessFinder::find: RootFinder, AccessCollector and the
// safety net listUnfollowed): which reads and writes of a function are
// accesses, of what kind and width, rooted in which __shared__ variable.
// Atomics, inline PTX and the library copies are in CudaModelsTest.
#include "AnalysisTestSupport.h"
#include "gtest/gtest.h"

using namespace warplint::test;

namespace {

TEST(AccessDiscoveryTest, LoadsStoresAndReadModifyWrites) {
  // Not the kernel's global memory, nor a local array.
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ double d[64];
  s[threadIdx.y] = out[threadIdx.x];
  out[threadIdx.x] = s[threadIdx.x];
  d[threadIdx.x] += 1.0;
  d[threadIdx.x]++;
  --d[0];
  float local[4];
  local[threadIdx.x % 4] = 0;
  out[1] = *s;
}
)",
                       "k"),
            "store s[threadIdx.y] 4 bytes of s\n"
            "load s[threadIdx.x] 4 bytes of s\n"
            "load-store d[threadIdx.x] 8 bytes of d\n"
            "load-store d[threadIdx.x] 8 bytes of d\n"
            "load-store d[0] 8 bytes of d\n"
            "load *s 4 bytes of s");
}

TEST(AccessDiscoveryTest, TwoAccessesOnOneLine) {
  // The store first, as the collector meets it before its operands.
  const char *Code = R"(
__global__ void k() {
  __shared__ int s[1024];
  s[threadIdx.x] = s[threadIdx.x + 1]; // ACCESS
}
)";
  EXPECT_EQ(lowered(Code, 0), "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(Code, 1),
            "load 4 bytes: (&s + ((i64)(threadIdx.x + 1) * 4))");
  EXPECT_EQ(lowered(Code, 2), "no access on the marked line");
}

TEST(AccessDiscoveryTest, ThroughALocalPointer) {
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *q = &s[0];
  out[0] = q[threadIdx.x];
  float *p = s;
  out[0] = *p++;
  out[1] = p[0];
}
)",
                       "k"),
            "load q[threadIdx.x] 4 bytes of s\n"
            "load *p++ 4 bytes of s\n"
            "load p[0] 4 bytes of s");
  // Shared on one path is enough to be listed.
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s;
  if (threadIdx.x) p = out;
  out[0] = p[threadIdx.x];
}
)",
                       "k"),
            "load p[threadIdx.x] 4 bytes of s");
}

TEST(AccessDiscoveryTest, EachArmOfAConditionalOrCommaLvalue) {
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ double d[64];
  out[2] = threadIdx.x ? s[1] : d[1];
  (threadIdx.x ? s[2] : s[3]) = 1;
  out[3] = (out[0] = 1, s[4]);
}
)",
                       "k"),
            "load s[1] 4 bytes of s\n"
            "load d[1] 8 bytes of d\n"
            "store s[2] 4 bytes of s\n"
            "store s[3] 4 bytes of s\n"
            "load s[4] 4 bytes of s");
}

TEST(AccessDiscoveryTest, RecordsAsWideAsTheirAlignmentAreOneAccess) {
  // A 16- or 8-byte aligned struct of its alignment's size is copied by
  // one access; a 12-byte struct aligned to 4 in three 4-byte accesses,
  // one per word (docs/design/bank-model.md).
  EXPECT_EQ(accessesIn(R"(
struct R { float a, b, c; };
struct alignas(16) V { float v[4]; };
struct alignas(8) W { float a; float b; };
__global__ void k(R *out) {
  __shared__ R r[16];
  __shared__ V v[16];
  __shared__ W w[16];
  R x = r[threadIdx.x];
  r[threadIdx.x] = x;
  V y = v[threadIdx.x];
  v[threadIdx.x] = y;
  W z = w[threadIdx.x];
  w[0] = w[1];
}
)",
                       "k"),
            "load r[threadIdx.x] (bytes 0..3 of 12) 4 bytes of r\n"
            "load r[threadIdx.x] (bytes 4..7 of 12) 4 bytes offset 4 of r\n"
            "load r[threadIdx.x] (bytes 8..11 of 12) 4 bytes offset 8 of r\n"
            "store r[threadIdx.x] (bytes 0..3 of 12) 4 bytes of r\n"
            "store r[threadIdx.x] (bytes 4..7 of 12) 4 bytes offset 4 of r\n"
            "store r[threadIdx.x] (bytes 8..11 of 12) 4 bytes offset 8 of r\n"
            "load v[threadIdx.x] 16 bytes of v\n"
            "store v[threadIdx.x] 16 bytes of v\n"
            "load w[threadIdx.x] 8 bytes of w\n"
            "store w[0] 8 bytes of w\n"
            "load w[1] 8 bytes of w");
}

TEST(AccessDiscoveryTest, PointerParametersOfADeviceFunction) {
  // They may point into shared memory, depending on the caller: listed
  // without a root.
  EXPECT_EQ(accessesIn(R"(
__device__ void f(float *p, const float *q, float x) {
  p[threadIdx.x] = q[threadIdx.x] + x;
}
)",
                       "f"),
            "store p[threadIdx.x] 4 bytes\n"
            "load q[threadIdx.x] 4 bytes");
  // A kernel's pointer parameters are global memory.
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *p) { p[threadIdx.x] = 0; }
)",
                       "k"),
            "none");
}

TEST(AccessDiscoveryTest, AnElementPassedByReference) {
  // Accessed through the reference: a load for a reference to const,
  // else a load-store, listed where the element is named.
  EXPECT_EQ(accessesIn(R"(
__device__ void swap2(float &a, float &b) { float t = a; a = b; b = t; }
__device__ float get(const float &a) { return a; }
__device__ void f(float *out) {
  __shared__ float s[64];
  swap2(s[threadIdx.x], s[threadIdx.x ^ 1]);
  out[0] = get(s[threadIdx.x]);
}
)",
                       "f"),
            "load-store s[threadIdx.x] 4 bytes of s\n"
            "load-store s[threadIdx.x ^ 1] 4 bytes of s\n"
            "store out[0] 4 bytes\n"
            "load s[threadIdx.x] 4 bytes of s");
  EXPECT_EQ(lowered(R"(
__device__ void f(float &x) { x = 0; }
__global__ void k() {
  __shared__ float s[64];
  f(s[threadIdx.x]); // ACCESS
}
)"),
            "load-store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
  // Inside the callee, the reference parameter is not an access.
  EXPECT_EQ(accessesIn(R"(
__device__ void f(float &x) { x = 0; }
__global__ void k() {
  __shared__ float s[64];
  f(s[threadIdx.x]);
}
)",
                       "f"),
            "none");
}

TEST(AccessDiscoveryTest, ARangeBasedForLoop) {
  // Each element is read where the loop variable is initialised (named by
  // the variable); through a reference, where it is used.
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  for (float x : s)
    out[0] += x;
  for (float &y : s)
    y = 0;
}
)",
                       "k"),
            "load x 4 bytes of s\n"
            "store y 4 bytes of s");
}

TEST(AccessDiscoveryTest, ALambdasBodyIsItsOwnFunction) {
  const char *Code = R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  auto f = [&](int i) { s[i] = 0; };
  f(threadIdx.x);
  out[0] = s[0];
}
)";
  EXPECT_EQ(accessesIn(Code, "k"), "load s[0] 4 bytes of s");
  EXPECT_EQ(accessesIn(Code, "k(float *)::(lambda)::operator()"),
            "store s[i] 4 bytes of s");
}

TEST(AccessDiscoveryTest, ThroughCallsReturningSharedMemory) {
  EXPECT_EQ(accessesIn(R"(
__device__ float *sh() {
  __shared__ float s[64];
  return s;
}
__global__ void k(float *out) {
  out[0] = sh()[threadIdx.x];
}
)",
                       "k"),
            "load sh()[threadIdx.x] 4 bytes of s");
  EXPECT_EQ(accessesIn(R"(
template <typename T, int N> struct arr {
  T d[N];
  __device__ T &operator[](int i) { return d[i]; }
};
__global__ void k(float *out) {
  __shared__ arr<float, 64> a;
  out[0] = a[threadIdx.x];
  a[threadIdx.x] = 1;
}
)",
                       "k"),
            "load a[threadIdx.x] 4 bytes of a\n"
            "store a[threadIdx.x] 4 bytes of a");
}

TEST(AccessDiscoveryTest, TheSafetyNetListsFormsNotFollowed) {
  // __real__ of a shared complex: read, but no rule above lists it.
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ _Complex float c[16];
  out[0] = __real__ c[threadIdx.x];
}
)",
                       "k"),
            "load __real__ c[threadIdx.x] 0 bytes of c: a form the analysis "
            "does not follow: UnaryOperator '__real' of type 'float'");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ _Complex float c[16];
  out[0] = __imag__ c[threadIdx.x]; // ACCESS
}
)"),
            "unknown: a form the analysis does not follow: UnaryOperator "
            "'__imag' of type 'float'");
}

} // namespace
