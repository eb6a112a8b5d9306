// Values host code fixes (the ValueEngine's host questions,
// lib/Analysis/HostValues.cpp) and the block shapes of launches
// (lib/Analysis/LaunchShapes.cpp): literals, constant expressions, local
// variables, dim3 written every way, cudaLaunchConfig_t, host parameters bound
// along the chains of calls that reach a launch, the arms of an undecided `?:`,
// the elements of a constant array, and what the conditions around a
// launch say (`if (n == 64)`, `case 512:`). hostInt() reads the argument
// of `probe(...)`; launchShapes() lists a kernel's shapes ("none": no
// launch fixes one, and the analysis assumes its default).
#include "AnalysisTestSupport.h"
#include "gtest/gtest.h"

using namespace warplint::test;

namespace {

// ---- integer values --------------------------------------------------------

TEST(HostValuesTest, LiteralsAndConstantExpressions) {
  EXPECT_EQ(hostInt("void h() { probe(42); }"), "42");
  EXPECT_EQ(hostInt(R"(
constexpr int N = 6 * 7;
void h() { probe(N + 1); }
)"),
            "43");
  EXPECT_EQ(hostInt(R"(
const int g = 5;
void h() { probe(g * 2); }
)"),
            "10");
  EXPECT_EQ(hostInt(R"(
enum E { A = 3, B };
void h() { probe(B); }
)"),
            "4");
  EXPECT_EQ(hostInt(R"(
template <int T> void h() { probe(T * 2); }
template void h<16>();
)"),
            "32");
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  probe(sizeof(n) * 8);
}
)"),
            "32");
}

TEST(HostValuesTest, EveryOperatorOnALocal) {
  // 3 + 1 + 28 + 3 + 3 + 15 + 6.
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  probe(n / 2 + n % 3 + (n << 2) + (n >> 1) + (n & 3) + (n | 8) + (n ^ 1));
}
)"),
            "59");
  // 1 + 0 + 1 + 1 + 1 + 0 + 0 + 1 + 0 - 8 - 7.
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  probe((n < 8) + (n > 8) + (n <= 7) + (n >= 7) + (n == 7) + (n != 7) +
        (n && 0) + (n || 0) + !n + ~n + -n);
}
)"),
            "-10");
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  probe(n > 4 ? 1 : 2);
}
)"),
            "1");
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  probe((n, 3));
}
)"),
            "3");
}

TEST(HostValuesTest, ConversionsWrap) {
  EXPECT_EQ(hostInt(R"(
void h() {
  unsigned char c = 255;
  probe((unsigned char)(c + 1));
}
)"),
            "0");
}

TEST(HostValuesTest, TheLastAssignmentOfStraightLineCode) {
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 64;
  n = n * 2;
  probe(n);
}
)"),
            "128");
  EXPECT_EQ(hostInt(R"(
void h() {
  dim3 d(16, 4);
  probe(d.y);
}
)"),
            "4");
  // Read in a loop that does not write it.
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  for (int i = 0; i < 3; ++i)
    probe(n);
}
)"),
            "7");
  // A switch that does not write it.
  EXPECT_EQ(hostInt(R"(
void h(int c) {
  int n = 7;
  switch (c) { case 1: break; }
  probe(n);
}
)"),
            "7");
  // Its address taken only as a pointer to const.
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  const int *p = &n;
  probe(n);
}
)"),
            "7");
}

TEST(HostValuesTest, WhatStaysUnknown) {
  // A parameter, a global that is not const, a value two paths give, a
  // write that reaches the use around a loop, an escape.
  EXPECT_EQ(hostInt("void h(int n) { probe(n); }"), "unknown");
  EXPECT_EQ(hostInt(R"(
int g = 5;
void h() { probe(g); }
)"),
            "unknown");
  EXPECT_EQ(hostInt(R"(
void h(bool b) {
  int n = 64;
  if (b) n = 32;
  probe(n);
}
)"),
            "unknown");
  EXPECT_EQ(hostInt(R"(
void h(int c) {
  int n = 7;
  switch (c) { case 1: n = 3; break; }
  probe(n);
}
)"),
            "unknown");
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  for (int i = 0; i < 3; ++i) {
    probe(n);
    n = 8;
  }
}
)"),
            "unknown");
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  int *p = &n;
  probe(n);
}
)"),
            "unknown");
}

// Values the straight-line rule of the old host evaluator did not know,
// which the one engine follows as it does device code: a compound
// assignment, an increment, an assignment in a nested block, an element of
// a local array that is never written.
TEST(HostValuesTest, ACompoundAssignment) {
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 64;
  n += 2;
  probe(n);
}
)"),
            "66");
}
TEST(HostValuesTest, AnIncrement) {
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 64;
  n++;
  probe(n);
}
)"),
            "65");
}
TEST(HostValuesTest, AnAssignmentInANestedBlock) {
  EXPECT_EQ(hostInt(R"(
void h() {
  int n = 7;
  { n = 9; }
  probe(n);
}
)"),
            "9");
}
TEST(HostValuesTest, AnElementOfALocalArray) {
  EXPECT_EQ(hostInt(R"(
void h() {
  int s[] = {32, 64};
  probe(s[1]);
}
)"),
            "64");
}

// ---- block shapes ----------------------------------------------------------

TEST(HostValuesTest, TheBlockOfATripleChevronLaunch) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() { k<<<1, 128>>>(); }
)",
                         "k"),
            "128x1x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() { k<<<1, dim3(16, 8)>>>(); }
)",
                         "k"),
            "16x8x1");
  // A template kernel's instantiations are kernels of their own.
  EXPECT_EQ(launchShapes(R"(
template <int N> __global__ void k() {}
void h() { k<64><<<1, 64>>>(); k<128><<<1, 128>>>(); }
)",
                         "k<128>"),
            "128x1x1");
}

TEST(HostValuesTest, ADim3ByInitListOrFieldByField) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  dim3 b = {32, 4, 2};
  k<<<1, b>>>();
}
)",
                         "k"),
            "32x4x2");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  dim3 b;
  b.x = 64;
  b.y = 2;
  k<<<1, b>>>();
}
)",
                         "k"),
            "64x2x1");
}

// A dim3 set field by field, read by a launch in between.
TEST(HostValuesTest, ADim3ChangedBetweenTwoLaunches) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  dim3 b(8, 8);
  b.x = 64;
  k<<<1, b>>>();
  b.y = 4;
  k<<<1, b>>>();
}
)",
                         "k"),
            "64x8x1; 64x4x1");
}

TEST(HostValuesTest, TheRuntimeApisLaunches) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k(float *p) {}
void h(float *p) {
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(64, 2);
  cudaLaunchKernelEx(&cfg, k, p);
}
)",
                         "k"),
            "64x2x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  void *args[] = {nullptr};
  cudaLaunchKernel((void *)k, dim3(1), dim3(256), args, 0, 0);
}
)",
                         "k"),
            "256x1x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  void *args[] = {nullptr};
  cudaLaunchCooperativeKernel((void *)k, dim3(1), dim3(96), args, 0, 0);
}
)",
                         "k"),
            "96x1x1");
}

TEST(HostValuesTest, ShapesNoBlockCanHave) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int n) { k<<<1, n>>>(); }
)",
                         "k"),
            "none");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() { k<<<1, 2048>>>(); }
)",
                         "k"),
            "none");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() { k<<<1, dim3(1, 1, 128)>>>(); }
)",
                         "k"),
            "none");
}

TEST(HostValuesTest, AFunctionPointerThatHoldsAKernel) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
__global__ void other() {}
void h(bool b) {
  void (*f)() = k;
  if (b) f = other;
  f<<<1, 64>>>();
}
)",
                         "k"),
            "64x1x1");
}

// An if/else on a condition not known at compile time is a choice, as the
// arms of a `?:` are (below): each path gives a shape.
TEST(HostValuesTest, EachPathOfAnUndecidedIf) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(bool b) {
  int t = 64;
  if (b) t = 128;
  k<<<1, t>>>();
}
)",
                         "k"),
            "128x1x1; 64x1x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int major) {
  int t;
  if (major >= 8)
    t = 256;
  else if (major >= 7)
    t = 128;
  else
    t = 96;
  k<<<1, t>>>();
}
)",
                         "k"),
            "256x1x1; 128x1x1; 96x1x1");
  // A condition the code fixes picks its arm.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  int t = 64, n = 3;
  if (n > 2) t = 128;
  k<<<1, t>>>();
}
)",
                         "k"),
            "128x1x1");
}

// ---- host parameters along chains of calls
// -----------------------------------

TEST(HostValuesTest, AParameterBoundToEachCallsArgument) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void run(int t) { k<<<1, t>>>(); }
void h() {
  run(64);
  run(128);
}
)",
                         "k"),
            "64x1x1; 128x1x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
struct S { static void go(int t) { k<<<1, t>>>(); } };
void h() { S::go(96); }
)",
                         "k"),
            "96x1x1");
}

TEST(HostValuesTest, ParametersBoundUpToEightCallsDeep) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void run(int t) { k<<<1, t>>>(); }
void mid(int t) { run(t * 2); }
void top(int t) { mid(t + 1); }
void h() { top(31); }
)",
                         "k"),
            "64x1x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void run(int t) { k<<<1, t>>>(); }
void l2(int t) { run(t); }
void l3(int t) { l2(t); }
void l4(int t) { l3(t); }
void h() { l4(32); }
)",
                         "k"),
            "32x1x1");
  // The head size of a wrapper whose caller's caller passes constants.
  EXPECT_EQ(launchShapes(R"(
__global__ void k(int d) {}
void attention(int C, int NH) {
  int d = C / NH;
  k<<<1, 64>>>(d);
}
void layer(int C, int NH) { attention(C, NH); }
void model(int C) { layer(C, 12); }
int main() { model(768); }
)",
                         "k"),
            "64x1x1 (64)");
  const char *Eight = R"(
__global__ void k() {}
void run(int t) { k<<<1, t>>>(); }
void f1(int t) { run(t); }
void f2(int t) { f1(t); }
void f3(int t) { f2(t); }
void f4(int t) { f3(t); }
void f5(int t) { f4(t); }
void f6(int t) { f5(t); }
void f7(int t) { f6(t); }
void h() { f7(32); }
)";
  EXPECT_EQ(launchShapes(Eight, "k"), "32x1x1");
  // Nine calls: past the limit, which the reason names.
  const char *Nine = R"(
__global__ void k() {}
void run(int t) { k<<<1, t>>>(); }
void f1(int t) { run(t); }
void f2(int t) { f1(t); }
void f3(int t) { f2(t); }
void f4(int t) { f3(t); }
void f5(int t) { f4(t); }
void f6(int t) { f5(t); }
void f7(int t) { f6(t); }
void f8(int t) { f7(t); }
void h() { f8(32); }
)";
  EXPECT_EQ(launchShapes(Nine, "k"), "none");
  EXPECT_EQ(whyNoShape(Nine, "k"),
            "the block of its launch on line 3: 't' is a parameter of host "
            "function 'f8', whose callers are more than 8 host calls from the "
            "launch (the limit of calls followed)");
  // A recursive chain ends where it would repeat a function.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void run(int t, int n) { if (n > 0) run(t, n - 1); k<<<1, t>>>(); }
void h() { run(64, 3); }
)",
                         "k"),
            "64x1x1");
}

TEST(HostValuesTest, WhyAKernelHasNoShape) {
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
void h(int t) { k<<<1, t>>>(); }
)",
                       "k"),
            "the block of its launch on line 3: 't' is a parameter of host "
            "function 'h' and no call of it followed gives its value");
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
void h() { k<<<1, 2048>>>(); }
)",
                       "k"),
            "the block of its launch on line 3: the block 2048x1x1 is not one "
            "a kernel can run with");
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
void h() { k<<<1, 64>>>(); }
)",
                       "k"),
            "launched");
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
)",
                       "k"),
            "no launch");
}

TEST(HostValuesTest, EachElementOfAConstantArray) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void run(int t) { k<<<1, t>>>(); }
void h() {
  int sizes[] = {32, 64, 256};
  for (int j = 0; j < 3; ++j)
    run(sizes[j]);
}
)",
                         "k"),
            "32x1x1; 64x1x1; 256x1x1");
}

// A constant index picks its element, not every element of the array.
TEST(HostValuesTest, AConstantIndexPicksOneElement) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void run(int t) { k<<<1, t>>>(); }
void h() {
  int sizes[] = {32, 64, 256};
  run(sizes[1]);
}
)",
                         "k"),
            "64x1x1");
}

TEST(HostValuesTest, TheKernelsArgumentsInEachLaunch) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k(int a, float *p, unsigned b) {}
void h(float *p, int x) { k<<<1, 32>>>(7, p, x); }
)",
                         "k"),
            "32x1x1 (7, ?, ?)");
  EXPECT_EQ(launchShapes(R"(
__global__ void k(int a) {}
void run(int t) { k<<<1, 32>>>(t); }
void h() { run(1); run(2); }
)",
                         "k"),
            "32x1x1 (1); 32x1x1 (2)");
}

// ---- choices and path facts
// ----------------------------------------------------

TEST(HostValuesTest, EachArmOfAnUndecidedConditional) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int major) {
  k<<<1, major >= 8 ? 256 : 128>>>();
}
)",
                         "k"),
            "256x1x1; 128x1x1");
}

// Each undecided `?:` a choice leads to is a choice too: both arms of
// both (the first one's arms outermost).
TEST(HostValuesTest, TwoUndecidedConditionals) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int a, int b) {
  k<<<1, dim3(a > 1 ? 32 : 64, b > 1 ? 2 : 4)>>>();
}
)",
                         "k"),
            "32x2x1; 32x4x1; 64x2x1; 64x4x1");
}

// A host loop around the launch whose values the code fixes: each
// iteration is a shape, when every iteration reaches the launch.
TEST(HostValuesTest, EachIterationOfAHostLoop) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  for (int b = 32; b <= 1024; b *= 2)
    k<<<1, b>>>();
}
)",
                         "k"),
            "32x1x1; 64x1x1; 128x1x1; 256x1x1; 512x1x1; 1024x1x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void run(int t) { k<<<1, dim3(t, 2)>>>(); }
void h() {
  int i = 0;
  while (i < 3) {
    run(32 << i);
    ++i;
  }
}
)",
                         "k"),
            "32x2x1; 64x2x1; 128x2x1");
  // Not every iteration reaches the launch.
  const char *Skips = R"(
__global__ void k() {}
void h() {
  for (int b = 32; b <= 1024; b *= 2) {
    if (b == 64)
      continue;
    k<<<1, b>>>();
  }
}
)";
  EXPECT_EQ(launchShapes(Skips, "k"), "none");
  EXPECT_EQ(whyNoShape(Skips, "k"),
            "the block of its launch on line 7: the value changes with each "
            "iteration of the loop on line 4, not every one of which reaches "
            "it");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  for (int b = 32; b <= 1024; b *= 2)
    if (b != 64)
      k<<<1, b>>>();
}
)",
                         "k"),
            "none");
  // A bound not known at compile time; more values than the limit.
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
void h(int n) {
  for (int b = 32; b <= n; b *= 2)
    k<<<1, b>>>();
}
)",
                       "k"),
            "the block of its launch on line 5: the value changes with each "
            "iteration of the loop on line 4, whose values are not known at "
            "compile time");
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
void h() {
  for (int b = 1; b <= 1024; ++b)
    k<<<1, b>>>();
}
)",
                       "k"),
            "the block of its launch on line 5: the loop on line 4 runs more "
            "than 32 times (the limit of values followed)");
}

// std::min and std::max (which return a reference to const), an element
// of a dim3 array, kernels from an array of kernel pointers.
TEST(HostValuesTest, StandardHelpersAndArraysOfShapesAndKernels) {
  EXPECT_EQ(launchShapes(R"(
namespace std {
template <class T> const T &min(const T &a, const T &b) { return b < a ? b : a; }
template <class T> const T &max(const T &a, const T &b) { return a < b ? b : a; }
}
__global__ void k() {}
void run(int n) { k<<<1, dim3(std::min(n, 128), std::max(n / 64, 2))>>>(); }
void h() { run(100); run(300); }
)",
                         "k"),
            "100x2x1; 128x4x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  dim3 blocks[] = {dim3(32, 2), dim3(64)};
  for (int i = 0; i < 2; ++i)
    k<<<1, blocks[i]>>>();
}
)",
                         "k"),
            "32x2x1; 64x1x1");
  const char *Kernels = R"(
__global__ void k1(float *p) {}
__global__ void k2(float *p) {}
void h(float *p, int i) {
  void (*ks[])(float *) = {k1, k2};
  ks[i]<<<1, 64>>>(p);
}
)";
  EXPECT_EQ(launchShapes(Kernels, "k1"), "64x1x1 (?)");
  EXPECT_EQ(launchShapes(Kernels, "k2"), "64x1x1 (?)");
  // An array of kernel pointers written after its initializer: not
  // followed.
  EXPECT_EQ(launchShapes(R"(
__global__ void k1(float *p) {}
__global__ void k2(float *p) {}
__global__ void k3(float *p) {}
void h(float *p, int i) {
  void (*ks[])(float *) = {k1, k2};
  ks[1] = k3;
  ks[i]<<<1, 64>>>(p);
}
)",
                         "k1"),
            "none");
}

// A block size the device chooses at run time: the reason names the API.
TEST(HostValuesTest, ABlockSizeTheOccupancyApiChooses) {
  EXPECT_EQ(whyNoShape(R"(
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *grid, int *block, T f,
                                               size_t smem = 0, int limit = 0);
__global__ void k() {}
void h() {
  int grid, block;
  cudaOccupancyMaxPotentialBlockSize(&grid, &block, k);
  k<<<grid, block>>>();
}
)",
                       "k"),
            "the block of its launch on line 9: 'block' is chosen at run time "
            "by cudaOccupancyMaxPotentialBlockSize on line 8");
}

TEST(HostValuesTest, AnEqualityAroundTheLaunch) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int n) {
  if (n == 64)
    k<<<1, n>>>();
}
)",
                         "k"),
            "64x1x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int n) {
  if (64 == n)
    k<<<1, n * 2>>>();
}
)",
                         "k"),
            "128x1x1");
  // Not for a variable the function writes.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int n) {
  if (n == 64)
    k<<<1, n>>>();
  n = 3;
}
)",
                         "k"),
            "none");
  // Only an if around the launch: not an earlier `if (n != 64) return;`.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int n) {
  if (n != 64)
    return;
  k<<<1, n>>>();
}
)",
                         "k"),
            "none");
}

TEST(HostValuesTest, TheCaseLabelOfTheLaunch) {
  // One label leads to the launch; two labels (256, 128) give no value.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int n) {
  switch (n) {
  case 512:
    k<<<1, n>>>();
    break;
  case 256:
  case 128:
    k<<<1, n>>>();
    break;
  }
}
)",
                         "k"),
            "512x1x1");
  // Falling through from case 512, n is 512 or 32.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int n) {
  switch (n) {
  case 512:
    k<<<1, 512>>>();
  case 32:
    k<<<1, n>>>();
    break;
  }
}
)",
                         "k"),
            "512x1x1");
}

// ---- values stored in globals and arrays (LowerStored.cpp) ------------------

// A global set in another function before the launch: the last write on the
// way from main, in the functions main calls before (transitively) and in
// the launch's own chain.
TEST(HostValuesTest, AGlobalSetInAnotherFunctionBeforeTheLaunch) {
  const char *Code = R"(
__global__ void k() {}
int threads = 32;
dim3 block;
void inner() { threads = 128; }
void setup(int n) {
  inner();
  block = dim3(n, 2);
}
void launch() {
  k<<<1, threads>>>();
  k<<<1, block>>>();
}
int main() {
  setup(16);
  launch();
  threads = 512;
}
)";
  EXPECT_EQ(launchShapes(Code, "k"), "128x1x1; 16x2x1");
  // Never written but by its initializer: its initializer where main
  // starts.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
int threads = 96;
void launch() { k<<<1, threads>>>(); }
int main() { launch(); }
)",
                         "k"),
            "96x1x1");
  // An element of a global array of shapes, each at its own index; the
  // setup's if/else arm chosen by the value its caller gives.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
dim3 shapes[2][2];
void setup(bool wide) {
  shapes[0][1] = dim3(64, 2);
  if (wide)
    shapes[1][0] = dim3(256);
  else
    shapes[1][0] = dim3(32, 4);
}
void run(int d) { k<<<1, shapes[d][1 - d]>>>(); }
int main() {
  setup(false);
  run(0);
  run(1);
}
)",
                         "k"),
            "64x2x1; 32x4x1");
  // A host function main does not reach: the global may hold anything.
  EXPECT_EQ(hostInt(R"(
int g = 5;
void h() { probe(g); }
)"),
            "unknown");
}

TEST(HostValuesTest, WhyAGlobalStaysUnknown) {
  auto Why = [](const std::string &Setup) {
    return whyNoShape(R"(
__global__ void k() {}
int threads = 64;
void ext(int *);
)" + Setup + R"(
void launch() { k<<<1, threads>>>(); }
int main() {
  setup();
  launch();
}
)",
                      "k");
  };
  EXPECT_EQ(Why("void setup() { for (int i = 0; i < 2; ++i) threads += 32; }"),
            "the block of its launch on line 6: 'threads' is written in the "
            "loop on line 5");
  EXPECT_EQ(Why("void setup() { ext(&threads); }"),
            "the block of its launch on line 6: 'threads' has its address "
            "taken or is bound to a reference on line 5");
  EXPECT_EQ(Why("void other();\nvoid setup() { other(); }"),
            "the block of its launch on line 7: 'threads' may be written by "
            "'other', whose body is not in this file, called on line 6");
  // An element of a global array, one never written (zero), and the global
  // itself before its last write: 64 + 0.
  EXPECT_EQ(Why("int w[4];\nvoid setup() { w[1] = threads; threads = w[1] + "
                "w[0]; }"),
            "launched");
  EXPECT_EQ(Why("int w[4];\nvoid setup() { w[1] = threads; threads = (w[1] + "
                "w[0] + 1) * 100; }"),
            "the block of its launch on line 7: the block 6500x1x1 is not one "
            "a kernel can run with");
}

// A kernel from a local array of kernel pointers filled in a switch: the
// kernel and the shape of the same case, and of the same iteration of the
// loop around the launch, go together.
TEST(HostValuesTest, KernelsFromAnArrayFilledInASwitch) {
  const char *Code = R"(
__global__ void a() {}
__global__ void b() {}
dim3 shapes[2][2];
void run(int d) {
  void (*ks[2])();
  switch (d) {
  case 0:
    ks[0] = a;
    ks[1] = b;
    break;
  default:
    ks[0] = b;
    ks[1] = a;
    break;
  }
  for (int i = 0; i < 2; ++i)
    ks[i]<<<1, shapes[d][i]>>>();
}
int main() {
  shapes[0][0] = dim3(32, 2);
  shapes[0][1] = dim3(16, 4);
  shapes[1][0] = dim3(8, 8);
  shapes[1][1] = dim3(64);
  run(0);
  run(1);
}
)";
  EXPECT_EQ(launchShapes(Code, "a"), "32x2x1; 64x1x1");
  // An element a lambda writes when it runs: not followed.
  EXPECT_EQ(whyNoShape(R"(
__global__ void a() {}
void run() {
  int t[1];
  t[0] = 64;
  auto f = [&] { t[0] = 128; };
  f();
  a<<<1, t[0]>>>();
}
)",
                       "a"),
            "the block of its launch on line 8: 't' is changed by a lambda "
            "that captures it, on line 6");
  EXPECT_EQ(launchShapes(Code, "b"), "16x4x1; 8x8x1");
  // The switch's value unknown: each case is a choice, kernel and shape
  // still paired.
  EXPECT_EQ(launchShapes(R"(
__global__ void a() {}
__global__ void b() {}
void run(int d) {
  void (*k)();
  int t;
  switch (d) {
  case 0:
    k = a;
    t = 64;
    break;
  case 1:
    k = b;
    t = 128;
    break;
  }
  k<<<1, t>>>();
}
)",
                         "b"),
            "128x1x1");
}

// A dim3 or an int assigned whole in the arms of an if/else or the cases of
// a switch: each arm a choice when its condition is not known, the arm it
// picks when it is.
TEST(HostValuesTest, ShapesAssignedInArmsAndCases) {
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(bool c) {
  dim3 b;
  if (c)
    b = dim3(16, 16);
  else
    b = dim3(32, 8);
  k<<<1, b>>>();
}
)",
                         "k"),
            "16x16x1; 32x8x1");
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h(int mode) {
  int t;
  switch (mode) {
  case 0:
    t = 64;
    break;
  default:
    t = 128;
    break;
  }
  k<<<1, t>>>();
}
int main() { h(3); }
)",
                         "k"),
            "128x1x1");
}

// Out-parameters written through pointers (`getSizes(n, &t, &b)`), and
// writes a callee makes under a condition its arguments decide.
TEST(HostValuesTest, OutParametersThroughPointersAndConditionalWrites) {
  const char *Code = R"(
__global__ void k() {}
void getSizes(int n, int *threads, int *blocks) {
  if (n > 1000)
    *threads = 256;
  else
    *threads = 128;
  *blocks = n / 128;
}
void widen(int n, int *threads) {
  if (n > 64)
    *threads = 512;
}
void pick(int n, int &t) {
  if (n > 64)
    t = 96;
}
void h() {
  int t = 32, b;
  getSizes(5000, &t, &b);
  k<<<b, t>>>();
  getSizes(10, &t, &b);
  k<<<b, t>>>();
  widen(10, &t);
  k<<<b, t>>>();
  pick(100, t);
  k<<<b, t>>>();
}
)";
  EXPECT_EQ(launchShapes(Code, "k"), "256x1x1; 128x1x1; 96x1x1");
  // A callee that keeps the pointer: unknown, and why.
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
int *saved;
void keep(int *threads) {
  *threads = 64;
  saved = threads;
}
void h() {
  int t = 32;
  keep(&t);
  k<<<1, t>>>();
}
)",
                       "k"),
            "the block of its launch on line 11: the address of 't' is "
            "passed to 'keep' on line 10, which uses 'threads' other than "
            "as '*threads' on line 6");
}

// Floating-point host values made integers, computed as C computes them
// (IEEE, rounded to nearest; truncated to an integer; unknown out of its
// range), and a loop bound held in a float.
TEST(HostValuesTest, FloatingPointValuesMadeIntegers) {
  EXPECT_EQ(hostInt(R"(
#include <math.h>
void h() {
  int n = 1000;
  probe((int)ceil(n / 256.0));
}
)"),
            "4");
  EXPECT_EQ(hostInt(R"(
void h() {
  float x = 100.0f;
  probe((int)(x * 0.3f));
}
)"),
            "30");
  // 0.1f * 3 is 0.3000000119...: 3.0000001 truncated.
  EXPECT_EQ(hostInt(R"(
void h() {
  float s = 0.1f * 3;
  probe((int)(s * 10));
}
)"),
            "3");
  EXPECT_EQ(hostInt("void h() { double d = -7.9; probe((int)d); }"), "-7");
  EXPECT_EQ(hostInt("void h() { double d = 1e12; probe((int)d); }"), "unknown");
  EXPECT_EQ(hostInt("void h() { probe((unsigned char)(255.5f + 1)); }"),
            "unknown");
  EXPECT_EQ(hostInt(R"(
#include <math.h>
void h() { probe((int)floorf(-2.5f) + (int)roundf(2.5f) + (int)truncf(-2.7f)); }
)"),
            "-2"); // -3 + 3 - 2
  // A float bound: `i < limit` is `i < 4` for each i; 2.5 stops at 3.
  EXPECT_EQ(launchShapes(R"(
__global__ void k() {}
void h() {
  float limit = 2.5f;
  for (int i = 0; i < limit; ++i)
    k<<<1, 32 << i>>>();
}
)",
                         "k"),
            "32x1x1; 64x1x1; 128x1x1");
  // A float loop counter is written in its loop: unknown, and why.
  EXPECT_EQ(whyNoShape(R"(
__global__ void k() {}
void h() {
  for (float f = 1; f < 3; f += 1)
    k<<<1, (int)(f * 32)>>>();
}
)",
                       "k"),
            "the block of its launch on line 5: 'f' is written in the loop "
            "on line 4 around the point where it is read");
}

} // namespace
