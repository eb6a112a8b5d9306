// The lowering of an access's address (lib/Analysis/LowerAddress.cpp,
// Lowering::address and Lowering::pointer): arrays and arrays of arrays,
// pointers and their arithmetic, references, struct members, pointers to
// members and vector elements. Each test gives a kernel and the byte
// address the lowering builds: the array's base symbol (&s) plus each
// subscript times its element size, in C's types (AnalysisTestSupport.h).
#include "AnalysisTestSupport.h"
#include "gtest/gtest.h"

using namespace warplint::test;

namespace {

// ---- arrays ----------------------------------------------------------------

TEST(LoweringAddressTest, ASubscriptTimesTheElementSize) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[64];
  s[threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ double d[64];
  out[0] = d[threadIdx.x + 1]; // ACCESS
}
)"),
            "load 8 bytes: (&d + ((i64)(threadIdx.x + 1) * 8))");
}

TEST(LoweringAddressTest, AnArrayOfArraysRowByRow) {
  // A row of s[32][33] is 132 bytes.
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[32][33];
  s[threadIdx.y][threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: ((&s + ((i64)threadIdx.y * 132)) + "
            "((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[2][4][8];
  out[0] = s[1][threadIdx.y][threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (((&s + (1 * 128)) + ((i64)threadIdx.y * 32)) + "
            "((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, DynamicSharedMemory) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  extern __shared__ float dyn[];
  out[0] = dyn[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (&dyn + ((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, GlobalMemoryIsNoSharedAccess) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  out[0] = out[threadIdx.x]; // ACCESS
}
)"),
            "no access on the marked line");
}

// ---- pointers --------------------------------------------------------------

TEST(LoweringAddressTest, APointerIntoAnArray) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s + 4;
  out[0] = p[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: ((&s + (4 * 4)) + ((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  out[0] = *(s + threadIdx.x - 1); // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)threadIdx.x * 4)) - (1 * 4))");
}

TEST(LoweringAddressTest, PointerIncrementsAndCompoundAssignments) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = &s[8];
  p++;
  out[0] = *p; // ACCESS
}
)"),
            "load 4 bytes: ((&s + (8 * 4)) + (1 * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[1024];
  float *p = s + 4;
  p -= 2;
  p--;
  out[0] = *p; // ACCESS
}
)"),
            "load 4 bytes: (((&s + (4 * 4)) - (2 * 4)) - (1 * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s;
  p += threadIdx.x;
  out[0] = *p; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, ThePointerAPostIncrementReads) {
  // `*p++` reads the old pointer; p[0] after it, the new one.
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s;
  out[0] = *p++; // ACCESS
}
)"),
            "load 4 bytes: &s");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s;
  out[0] = *p++;
  out[1] = p[0]; // ACCESS
}
)"),
            "load 4 bytes: ((&s + (1 * 4)) + (0 * 4))");
}

// FIXME: `*++p` is missed altogether: in C++ `++p` is an lvalue, read by an
// lvalue-to-rvalue conversion that neither RootFinder::ofPointer nor
// Lowering::loadedPointer follows (they expect a variable there), and the
// safety net does not see the shared array behind p. The access vanishes
// from the analysis without a reason.
TEST(LoweringAddressTest, DISABLED_ThePointerAPreIncrementReads) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s;
  out[0] = *++p; // ACCESS
}
)"),
            "load 4 bytes: (&s + (1 * 4))");
}

// FIXME: the same for an assignment read as a pointer (`*(p = e)`):
// Lowering::pointer's case for `=` is reached only by a prvalue, which an
// assignment is not in C++, and RootFinder does not follow it either.
TEST(LoweringAddressTest, DISABLED_ThePointerAnAssignmentStores) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p;
  out[0] = *(p = s + threadIdx.x); // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, APointerCastToAnotherElementType) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ char s[64];
  out[0] = ((int *)s)[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, APointerToARowAndAFlatPointer) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[4][8];
  float (*row)[8] = &s[threadIdx.y];
  out[0] = (*row)[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)threadIdx.y * 32)) + "
            "((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[4][8];
  float *flat = &s[0][0];
  out[0] = flat[threadIdx.x * 8 + 1]; // ACCESS
}
)"),
            "load 4 bytes: (((&s + (0 * 32)) + (0 * 4)) + "
            "((i64)((threadIdx.x * 8) + 1) * 4))");
}

TEST(LoweringAddressTest, APointerChosenBetweenTwoSharedArrays) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float t[64];
  out[0] = (threadIdx.y ? &s[0] : &t[0])[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (((threadIdx.y != 0) ? (&s + (0 * 4)) : "
            "(&t + (0 * 4))) + ((i64)threadIdx.x * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float t[64];
  float *p = threadIdx.y ? s : t + 0;
  out[0] = p[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (((threadIdx.y != 0) ? &s : (&t + (0 * 4))) + "
            "((i64)threadIdx.x * 4))");
  // Set in an if: the join of its arms.
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float t[64];
  float *p = s;
  if (threadIdx.y) p = t;
  out[0] = p[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (((threadIdx.y != 0) ? &t : &s) + "
            "((i64)threadIdx.x * 4))");
}

// FIXME: `c ? s : t` between two arrays of one type is an lvalue of the
// array type, which decays after the choice; RootFinder::ofLValue does not
// look into a conditional, so the access is not found at all (and the
// safety net does not list it).
TEST(LoweringAddressTest, DISABLED_AChoiceBetweenTwoArraysOfOneType) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float t[64];
  float *p = threadIdx.y ? s : t;
  out[0] = p[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (((threadIdx.y != 0) ? &s : &t) + "
            "((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, APointerChosenBetweenSharedAndOtherMemory) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out, float *g) {
  __shared__ float s[64];
  float *p = threadIdx.y ? s : g;
  out[0] = p[threadIdx.x]; // ACCESS
}
)"),
            "unknown: the pointer is chosen between shared memory and other "
            "memory on line 4");
  // A null arm is never accessed through.
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = threadIdx.y ? s + 1 : nullptr;
  out[0] = p[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: ((&s + (1 * 4)) + ((i64)threadIdx.x * 4))");
}

// FIXME: the same choice made by an if: the lowering of the global arm
// fails without naming the choice; the access, rooted in s by RootFinder,
// is listed as unknown with the general reason Lowering::run gives (not
// "the pointer is chosen between shared memory and other memory").
TEST(LoweringAddressTest, APointerSetToSharedOrOtherMemoryInAnIf) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s;
  if (threadIdx.x) p = out;
  out[0] = p[threadIdx.x]; // ACCESS
}
)"),
            "unknown: its address is not followed back to 's' on every "
            "path: a definition on the way is not an address the analysis "
            "follows (a null pointer, other memory)");
}

TEST(LoweringAddressTest, APointerSteppedByALoop) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s;
  for (int i = 0; i < 4; ++i) {
    out[0] = *p; // ACCESS
    p += 8;
  }
}
)"),
            "load 4 bytes: p; guards: [when (i < 4)]; loops: [p: from &s "
            "while (i < 4) next (p + (8 * 4)), i: from 0 while (i < 4) next "
            "(i + 1) (group of p)]");
  // A condition on pointers is not followed: the loop is an induction of
  // unknown length.
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float *p = s + threadIdx.x;
  while (p < s + 64) {
    out[0] = *p; // ACCESS
    p += blockDim.x;
  }
}
)"),
            "load 4 bytes: p; loops: [p: from (&s + ((i64)threadIdx.x * 4)) "
            "while ? next (p + ((i64)blockDim.x * 4))]");
}

TEST(LoweringAddressTest, APointerAsAnIntegerAndBack) {
  // `(unsigned)(unsigned long)&s[i]` keeps the shared address's low bits.
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[1024];
  unsigned a = (unsigned)(unsigned long)&s[threadIdx.x];
  float f;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "r"(a)); // ACCESS
  out[0] = f;
}
)"),
            "load 4 bytes by ld.shared.f32: (i64)(u32)(u64)(&s + "
            "((i64)threadIdx.x * 4))");
}

// FIXME: an integer made a pointer again (`*(float *)a`, as alignment
// arithmetic does) is followed by neither discovery nor the safety net:
// the access vanishes.
TEST(LoweringAddressTest, DISABLED_AnIntegerCastBackToAPointerIsListed) {
  EXPECT_EQ(accessesIn(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  unsigned long a = (unsigned long)&s[threadIdx.x];
  out[0] = *(float *)a;
}
)",
                       "k"),
            "load *(float *)a 4 bytes of s");
}

// ---- references ------------------------------------------------------------

TEST(LoweringAddressTest, AReferenceToAnElement) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  float &r = s[threadIdx.x];
  out[0] = r; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

// FIXME: a shared array passed by reference to a device function is not
// followed: RootFinder stops at a reference parameter (it has no
// initialiser), so the store in f is not found, and at the call the whole
// array bound to the reference is not an access of a known width.
TEST(LoweringAddressTest, DISABLED_AnArrayPassedByReference) {
  EXPECT_EQ(lowered(R"(
__device__ void f(float (&a)[64]) {
  a[threadIdx.x] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[64];
  f(s);
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, AnArrayPassedByPointer) {
  EXPECT_EQ(lowered(R"(
__device__ void f(float (*a)[64]) {
  (*a)[threadIdx.x] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[64];
  f(&s);
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

// ---- members ---------------------------------------------------------------

TEST(LoweringAddressTest, AMemberAddsItsOffset) {
  EXPECT_EQ(lowered(R"(
struct V { float x, y; };
__global__ void k(float *out) {
  __shared__ V s[64];
  out[0] = s[threadIdx.x].y; // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)threadIdx.x * 8)) + 4)");
  EXPECT_EQ(lowered(R"(
struct V { float x, y; };
__global__ void k(float *out) {
  __shared__ V s[64];
  V *p = &s[threadIdx.x];
  out[0] = p->y; // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)threadIdx.x * 8)) + 4)");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ float2 s[64];
  out[0] = s[threadIdx.x].x; // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)threadIdx.x * 8)) + 0)");
}

TEST(LoweringAddressTest, MembersAndArraysNested) {
  // sizeof(Out) = 4 + 2 * 16; in is at 4, a at 0.
  EXPECT_EQ(lowered(R"(
struct In { float a[4]; };
struct Out { int n; In in[2]; };
__global__ void k(float *out) {
  __shared__ Out s[8];
  out[0] = s[threadIdx.x / 8].in[1].a[threadIdx.x % 4]; // ACCESS
}
)"),
            "load 4 bytes: (((((&s + ((i64)(threadIdx.x / 8) * 36)) + 4) + "
            "(1 * 16)) + 0) + ((i64)(threadIdx.x % 4) * 4))");
  EXPECT_EQ(lowered(R"(
struct P { int a; float b[4]; };
__global__ void k(float *out) {
  __shared__ P s[16];
  out[0] = s[threadIdx.x].b[2]; // ACCESS
}
)"),
            "load 4 bytes: (((&s + ((i64)threadIdx.x * 20)) + 4) + (2 * 4))");
}

TEST(LoweringAddressTest, ABitFieldIsNotFollowed) {
  EXPECT_EQ(lowered(R"(
struct B { int a : 4; int b : 4; };
__global__ void k(int *out) {
  __shared__ B s[16];
  out[0] = s[threadIdx.x].b; // ACCESS
}
)"),
            "unknown: the member is a bit-field");
}

TEST(LoweringAddressTest, AConstantPointerToMember) {
  EXPECT_EQ(lowered(R"(
struct P { int a; float b; };
__global__ void k(float *out) {
  __shared__ P s[16];
  constexpr float P::*pm = &P::b;
  out[0] = s[threadIdx.x].*pm; // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)threadIdx.x * 8)) + 4)");
  EXPECT_EQ(lowered(R"(
struct P { int a; float b; };
__global__ void k(float *out) {
  __shared__ P s[16];
  P *q = &s[threadIdx.x];
  out[0] = q->*(&P::b); // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)threadIdx.x * 8)) + 4)");
}

TEST(LoweringAddressTest, APointerToMemberThatIsNotAConstant) {
  EXPECT_EQ(lowered(R"(
struct P { int a; float b; };
__global__ void k(float *out, float P::*pm) {
  __shared__ P s[16];
  out[0] = s[threadIdx.x].*pm; // ACCESS
}
)"),
            "unknown: the member is chosen by the pointer to member 'pm', "
            "which is not a constant");
  // A local pointer to member is not followed to its definition.
  EXPECT_EQ(lowered(R"(
struct P { int a; float b; };
__global__ void k(float *out) {
  __shared__ P s[16];
  float P::*pm = &P::b;
  out[0] = s[threadIdx.x].*pm; // ACCESS
}
)"),
            "unknown: the member is chosen by the pointer to member 'pm', "
            "which is not a constant");
}

TEST(LoweringAddressTest, AnElementOfAnExtVector) {
  EXPECT_EQ(lowered(R"(
typedef float v4 __attribute__((ext_vector_type(4)));
__global__ void k(float *out) {
  __shared__ v4 s[16];
  out[0] = s[threadIdx.x].y; // ACCESS
}
)"),
            "unknown: '.y' of a vector type (ext_vector_type): the compiler "
            "may access the whole vector or only these elements");
}

TEST(LoweringAddressTest, AMemberOfALocalStructHoldingAPointer) {
  // A member pointer of a function object, through `this`.
  EXPECT_EQ(lowered(R"(
struct Store {
  float *p;
  __device__ void operator()(int i) const {
    p[i] = 0; // ACCESS
  }
};
__global__ void k() {
  __shared__ float s[1024];
  Store f{s};
  f(threadIdx.x);
}
)"),
            "store 4 bytes: (&s + ((i64)(i32)threadIdx.x * 4))");
}

// A pointer member of a local struct (`bs.b[i]`): RootFinder leaves it to
// the lowering, which follows the member to the initialiser.
TEST(LoweringAddressTest, APointerMemberOfALocalStruct) {
  EXPECT_EQ(lowered(R"(
struct Bufs { float *a; float *b; };
__global__ void k(float *out) {
  __shared__ float s[1024];
  Bufs bs{s, s + 512};
  out[0] = bs.b[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: ((&s + (512 * 4)) + ((i64)threadIdx.x * 4))");
}

TEST(LoweringAddressTest, AnArrayInAClassWithAnIndexOperator) {
  // A cuda::std::array-like class: operator[] returns a reference into it.
  EXPECT_EQ(lowered(R"(
template <typename T, int N> struct arr {
  T d[N];
  __device__ T &operator[](int i) { return d[i]; }
};
__global__ void k(float *out) {
  __shared__ arr<float, 64> a;
  out[0] = a[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: ((&a + 0) + ((i64)(i32)threadIdx.x * 4))");
}

} // namespace
