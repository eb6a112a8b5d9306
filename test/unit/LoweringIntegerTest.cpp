// The lowering of integer expressions (lib/Analysis/LowerInteger.cpp,
// Lowering::integer and Lowering::load): every C operator, C's integer
// types and their conversions, constants clang folds (constexpr, const,
// enumerators, sizeof, template arguments), the values that are the same
// in every thread (kernel parameters, blockIdx, __constant__ data, loads
// from uniform addresses) and the kernel arguments host code fixes. The
// index of `s[...]` is lowered as written, then converted to i64 and
// multiplied by the element size (4 bytes for an int).
#include "AnalysisTestSupport.h"
#include "gtest/gtest.h"
#include <cstdio>

using namespace warplint::test;

namespace {

/// The address of `s[Index]` in a kernel with `__shared__ int s[1024]`,
/// with Before (statements) ahead of the access.
std::string storeAt(llvm::StringRef Index, llvm::StringRef Before = "") {
  return lowered("\n__global__ void k() {\n  __shared__ int s[1024];\n" +
                 Before.str() + "  s[" + Index.str() + "] = 0; // ACCESS\n}\n");
}

// ---- arithmetic ------------------------------------------------------------

TEST(LoweringIntegerTest, ArithmeticOperators) {
  EXPECT_EQ(storeAt("threadIdx.x + 1"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x + 1) * 4))");
  EXPECT_EQ(storeAt("threadIdx.x - 1"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x - 1) * 4))");
  EXPECT_EQ(storeAt("threadIdx.x * 3"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x * 3) * 4))");
  EXPECT_EQ(storeAt("threadIdx.x / 2"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x / 2) * 4))");
  EXPECT_EQ(storeAt("threadIdx.x % 7"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x % 7) * 4))");
}

TEST(LoweringIntegerTest, ShiftsAndBitwiseOperators) {
  EXPECT_EQ(storeAt("threadIdx.x << 2"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x << 2) * 4))");
  EXPECT_EQ(storeAt("threadIdx.x >> 1"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x >> 1) * 4))");
  EXPECT_EQ(storeAt("(threadIdx.x & 3) | 8"),
            "store 4 bytes: (&s + ((i64)((threadIdx.x & 3) | 8) * 4))");
  EXPECT_EQ(storeAt("threadIdx.x ^ threadIdx.y"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x ^ threadIdx.y) * 4))");
  EXPECT_EQ(storeAt("~threadIdx.x & 31"),
            "store 4 bytes: (&s + ((i64)(~threadIdx.x & 31) * 4))");
}

TEST(LoweringIntegerTest, Comparisons) {
  EXPECT_EQ(storeAt("threadIdx.x < 4"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x < 4) * 4))");
  // A bool in arithmetic is promoted to int.
  EXPECT_EQ(storeAt("(threadIdx.x > 4) + (threadIdx.x <= 2) + "
                    "(threadIdx.x >= 1) + (threadIdx.x == 3) + "
                    "(threadIdx.x != 5)"),
            "store 4 bytes: (&s + ((i64)(((((i32)(threadIdx.x > 4) + "
            "(i32)(threadIdx.x <= 2)) + (i32)(threadIdx.x >= 1)) + "
            "(i32)(threadIdx.x == 3)) + (i32)(threadIdx.x != 5)) * 4))");
}

TEST(LoweringIntegerTest, LogicalOperators) {
  // An integer used as a truth value is compared with 0.
  EXPECT_EQ(storeAt("threadIdx.x && threadIdx.y"),
            "store 4 bytes: (&s + ((i64)((threadIdx.x != 0) && "
            "(threadIdx.y != 0)) * 4))");
  EXPECT_EQ(storeAt("threadIdx.x || threadIdx.y"),
            "store 4 bytes: (&s + ((i64)((threadIdx.x != 0) || "
            "(threadIdx.y != 0)) * 4))");
  EXPECT_EQ(storeAt("!threadIdx.x"),
            "store 4 bytes: (&s + ((i64)!(threadIdx.x != 0) * 4))");
}

TEST(LoweringIntegerTest, UnaryPlusAndMinus) {
  EXPECT_EQ(storeAt("+threadIdx.x"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
  EXPECT_EQ(storeAt("-t + 31", "  int t = threadIdx.x;\n"),
            "store 4 bytes: (&s + ((i64)(-(i32)threadIdx.x + 31) * 4))");
}

TEST(LoweringIntegerTest, TheConditionalOperator) {
  EXPECT_EQ(storeAt("threadIdx.x < 16 ? threadIdx.x : 0"),
            "store 4 bytes: (&s + ((i64)((threadIdx.x < 16) ? threadIdx.x : "
            "0) * 4))");
}

TEST(LoweringIntegerTest, TheCommaOperator) {
  // Clang folds `(i, 3)` (reading i has no side effect); not with a call
  // (threadIdx.x is one) on the left, which the lowering does not follow.
  EXPECT_EQ(storeAt("(i, 3)", "  int i = threadIdx.x;\n"),
            "store 4 bytes: (&s + (3 * 4))");
  EXPECT_EQ(storeAt("(threadIdx.x, 3)"),
            "unknown: an operator the analysis does not follow");
}

TEST(LoweringIntegerTest, IncrementsInAnIndex) {
  EXPECT_EQ(storeAt("i++", "  int i = threadIdx.x;\n"),
            "store 4 bytes: (&s + ((i64)(i32)threadIdx.x * 4))");
  // Read and written in one expression: which comes first is unspecified.
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  int i = threadIdx.x;
  s[i] = i++; // ACCESS
}
)"),
            "unknown: 'i' is changed and read in one expression on line 5");
}

// FIXME: `++i` and `(i = e)` are lvalues in C++, read through an
// lvalue-to-rvalue conversion, which Lowering::load does not follow: the
// cases Lowering::integer has for them are never reached, and the reason is
// the general "a value the analysis does not follow".
TEST(LoweringIntegerTest, DISABLED_APreIncrementInAnIndex) {
  EXPECT_EQ(storeAt("++i", "  int i = threadIdx.x;\n"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x + 1) * 4))");
}
TEST(LoweringIntegerTest, DISABLED_AnAssignmentInAnIndex) {
  EXPECT_EQ(storeAt("(i = threadIdx.x)", "  int i;\n"),
            "store 4 bytes: (&s + ((i64)(i32)threadIdx.x * 4))");
}

// ---- types -----------------------------------------------------------------

TEST(LoweringIntegerTest, CastsKeepCsTypes) {
  // An unsigned char wraps at 256, a short is sign-extended.
  EXPECT_EQ(storeAt("(unsigned char)(threadIdx.x + 250)"),
            "store 4 bytes: (&s + ((i64)(u8)(threadIdx.x + 250) * 4))");
  EXPECT_EQ(storeAt("(short)threadIdx.x"),
            "store 4 bytes: (&s + ((i64)(i16)threadIdx.x * 4))");
  EXPECT_EQ(storeAt("(bool)threadIdx.y"),
            "store 4 bytes: (&s + ((i64)(threadIdx.y != 0) * 4))");
  EXPECT_EQ(storeAt("c", "  char c = threadIdx.x;\n"),
            "store 4 bytes: (&s + ((i64)(i8)threadIdx.x * 4))");
  EXPECT_EQ(storeAt("(long)threadIdx.x * 2 - 1"),
            "store 4 bytes: (&s + ((((i64)threadIdx.x * 2) - 1) * 4))");
}

TEST(LoweringIntegerTest, ACompoundAssignmentWrapsInTheVariablesType) {
  // c += x computes in unsigned int and stores an unsigned char.
  EXPECT_EQ(storeAt("c", "  unsigned char c = 255;\n  c += threadIdx.x;\n"),
            "store 4 bytes: (&s + ((i64)(u8)(255 + threadIdx.x) * 4))");
}

TEST(LoweringIntegerTest, AFloatingPointValueIsNotFollowed) {
  std::string Out = storeAt("(int)f", "  float f = threadIdx.x;\n");
  EXPECT_EQ(Out.rfind("unknown: a cast the analysis does not follow "
                      "(FloatingToIntegral) on line ",
                      0),
            0u)
      << Out;
}

// ---- constants -------------------------------------------------------------

TEST(LoweringIntegerTest, ConstantsClangFolds) {
  EXPECT_EQ(storeAt("sizeof(double) * threadIdx.x"),
            "store 4 bytes: (&s + ((i64)(8 * (u64)threadIdx.x) * 4))");
  EXPECT_EQ(lowered(R"(
constexpr int W = 33;
__global__ void k() {
  __shared__ int s[1024];
  s[threadIdx.y * W + threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((threadIdx.y * 33) + threadIdx.x) * "
            "4))");
  EXPECT_EQ(lowered(R"(
enum { Pad = 1 };
__global__ void k() {
  __shared__ int s[1024];
  const int w = 32 + Pad;
  s[threadIdx.y * w + threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((threadIdx.y * 33) + threadIdx.x) * "
            "4))");
}

TEST(LoweringIntegerTest, ATemplateArgument) {
  EXPECT_EQ(lowered(R"(
template <int N> __global__ void k() {
  __shared__ int s[1024];
  s[N * threadIdx.x] = 0; // ACCESS
}
template __global__ void k<4>();
)"),
            "store 4 bytes: (&s + ((i64)(4 * threadIdx.x) * 4))");
}

// ---- values the same in every thread ---------------------------------------

TEST(LoweringIntegerTest, BlockIndexGridAndBlockShape) {
  EXPECT_EQ(storeAt("threadIdx.x + blockIdx.x * gridDim.y + blockDim.x"),
            "store 4 bytes: (&s + ((i64)((threadIdx.x + (blockIdx.x * "
            "gridDim.y)) + blockDim.x) * 4))");
}

TEST(LoweringIntegerTest, AKernelParameterIsASymbol) {
  EXPECT_EQ(lowered(R"(
__global__ void k(int n) {
  __shared__ int s[1024];
  s[threadIdx.x + n] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x + (u32)n) * 4))");
}

TEST(LoweringIntegerTest, AKernelArgumentTheLaunchFixes) {
  EXPECT_EQ(lowered(R"(
__global__ void k(long long n) {
  __shared__ int s[1024];
  s[threadIdx.x + n] = 0; // ACCESS
}
int main() { k<<<1, 32>>>(7); }
)"),
            "store 4 bytes: (&s + (((i64)threadIdx.x + 7) * 4))");
  // Through a host function's parameter, and a condition around the launch.
  EXPECT_EQ(lowered(R"(
__global__ void k(int n) {
  __shared__ int s[1024];
  s[threadIdx.x * n] = 0; // ACCESS
}
void run(int n) { k<<<1, 32>>>(n); }
int main() { run(3); }
)"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x * 3) * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(int n) {
  __shared__ int s[1024];
  s[threadIdx.x * n] = 0; // ACCESS
}
void h(int n) {
  if (n == 2)
    k<<<1, 32>>>(n);
}
)"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x * 2) * 4))");
}

TEST(LoweringIntegerTest, DeviceConstantAndSharedScalars) {
  EXPECT_EQ(lowered(R"(
__constant__ int c;
__device__ int g;
__global__ void k() {
  __shared__ int s[1024];
  s[threadIdx.x + c + g] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((threadIdx.x + (u32)c) + (u32)g) * "
            "4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(float *out) {
  __shared__ int n;
  __shared__ float s[64];
  out[0] = s[threadIdx.x + n]; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)(threadIdx.x + (u32)n) * 4))");
}

TEST(LoweringIntegerTest, AHostGlobalIsNotFollowed) {
  EXPECT_EQ(lowered(R"(
int h;
__global__ void k() {
  __shared__ int s[1024];
  s[threadIdx.x + h] = 0; // ACCESS
}
)"),
            "unknown: 'h' is a global variable");
}

TEST(LoweringIntegerTest, AValueLoadedFromMemory) {
  // From an address the same in every thread: a uniform symbol.
  EXPECT_EQ(lowered(R"(
__global__ void k(const int *idx) {
  __shared__ int s[1024];
  s[idx[blockIdx.x]] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)a value loaded from memory * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k(const int *idx) {
  __shared__ int s[1024];
  s[idx[threadIdx.x]] = 0; // ACCESS
}
)"),
            "unknown: the index is loaded from memory that differs between "
            "threads");
}

} // namespace

// ---- constants: what the lowering folds is what clang folds -----------------

// The lowering asks ValueEngine::constantOf before lowering an expression;
// it does not ask clang about what surely does not fold (a read of a
// variable neither const nor constexpr, through operators that need every
// operand). Static members named through an object, const and constexpr
// arrays, pointer differences of one array, `&&`, `||`, `,` and `?:` still
// fold as clang folds them.
TEST(LoweringIntegerTest, ConstantsAreThoseClangFolds) {
  std::string R = constantsAgainstClang(R"(
struct Size { static constexpr int value = 64; int field; };
template <int N> struct S2 { static constexpr int value = N; };
constexpr int kC = 8;
const int kConst = 16;
int gNonConst = 3;
const int kArr[4] = {1, 2, 3, 4};
constexpr int kCArr[3] = {5, 6, 7};
int gArr[4] = {1, 2, 3, 4};
enum E { A = 2, B = 5 };
struct P { int x, y; };
constexpr P kP = {3, 4};
template <class F> __device__ int call(F f) { return f(S2<32>{}); }
__global__ void k(int n, Size sz, const int &r) {
  int local = 5;
  const int lc = 7;
  const int lr = n;
  int arr[4] = {0, 1, 2, 3};
  const int carr[2] = {8, 9};
  P p = {1, 2};
  const P cp = {5, 6};
  int a = threadIdx.x + local * 2 + lc + kC + kConst + gNonConst;
  int b = sz.value + sz.field + kArr[2] + kCArr[1] + gArr[1] + arr[2] + carr[1];
  int c = (int)(gArr + 3 - gArr) + (int)(&gArr[3] - &gArr[0]) +
          (int)sizeof(arr) + A * B;
  int d = p.x + cp.y + kP.y + lr + r + (local, 4) + (n && 0) + (0 || n) +
          (n ? 1 : 1) + (1 ? 2 : n);
  int e = -local + ~lc + !kC + (local << 2) + (lc >> 1) + local % 3 + -lc;
  auto l = [=](auto s) { return s.value + local + lc; };
  int f = l(S2<4>{}) + call([](auto s) { return s.value * 2; });
  unsigned g = (unsigned char)local + (short)lc + (long long)kC + (unsigned)n;
  int h = a + b + c + d + e + f + (int)g;
  h += local;
}
)");
  EXPECT_TRUE(llvm::StringRef(R).starts_with("agree (")) << R;
  // Enough of both kinds to mean something.
  unsigned Exprs = 0, Constants = 0;
  EXPECT_EQ(sscanf(R.c_str(), "agree (%u expressions, %u constants)", &Exprs,
                   &Constants),
            2)
      << R;
  EXPECT_GT(Exprs, 100u);
  EXPECT_GT(Constants, 30u);
}
