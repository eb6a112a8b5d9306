// The guards of an access (lib/Analysis/LowerGuards.cpp, Lowering::guards
// and switchGuard): the conditions under which a thread executes it, from
// the enclosing if/else, ?:, && and ||, for and while conditions, earlier
// `if (c) return/continue/break;`, switch cases, in every frame of the
// chain of calls. "when c": c must hold; "unless c": c must fail. A
// condition the lowering cannot follow adds no guard (it lets every lane
// through).
#include "AnalysisTestSupport.h"
#include "gtest/gtest.h"

using namespace warplint::test;

namespace {

TEST(LoweringGuardsTest, IfAndElse) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  if (threadIdx.x < 16)
    s[threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [when "
            "(threadIdx.x < 16)]");
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  if (threadIdx.x < 16)
    ;
  else
    s[threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [unless "
            "(threadIdx.x < 16)]");
}

TEST(LoweringGuardsTest, TheConditionalOperator) {
  EXPECT_EQ(lowered(R"(
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = threadIdx.x & 1 ? s[threadIdx.x] : 0; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [when "
            "((threadIdx.x & 1) != 0)]");
  EXPECT_EQ(lowered(R"(
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = threadIdx.x & 1 ? 0 : s[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [unless "
            "((threadIdx.x & 1) != 0)]");
}

TEST(LoweringGuardsTest, TheRightOperandOfAndAndOr) {
  EXPECT_EQ(lowered(R"(
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = threadIdx.y == 0 && s[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [when "
            "(threadIdx.y == 0)]");
  EXPECT_EQ(lowered(R"(
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = threadIdx.y == 0 || s[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [unless "
            "(threadIdx.y == 0)]");
}

TEST(LoweringGuardsTest, LoopConditions) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  for (int i = threadIdx.x; i < 100; i += 32)
    s[i] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)i * 4)); guards: [when (i < 100)]; "
            "loops: [i: from (i32)threadIdx.x while (i < 100) next (i + 32)]");
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  int i = threadIdx.x;
  while (i < 100) {
    s[i] = 0; // ACCESS
    i += 32;
  }
}
)"),
            "store 4 bytes: (&s + ((i64)i * 4)); guards: [when (i < 100)]; "
            "loops: [i: from (i32)threadIdx.x while (i < 100) next (i + 32)]");
  // A do loop's body runs before its condition is tested.
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  do {
    s[threadIdx.x] = 0; // ACCESS
  } while (threadIdx.x > 100);
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

TEST(LoweringGuardsTest, EarlyReturns) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  if (threadIdx.x >= 16)
    return;
  s[threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [unless "
            "(threadIdx.x >= 16)]");
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  if (threadIdx.x >= 16) {
  } else {
    return;
  }
  s[threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [when "
            "(threadIdx.x >= 16)]");
  // In an inner block, with the guard of the if around it.
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  if (threadIdx.x < 16) {
    if (threadIdx.y != 0)
      return;
    s[threadIdx.x] = 0; // ACCESS
  }
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [unless "
            "(threadIdx.y != 0), when (threadIdx.x < 16)]");
}

TEST(LoweringGuardsTest, ContinueAndBreakInALoop) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  for (int i = 0; i < 4; ++i) {
    if (threadIdx.x == i)
      continue;
    if (threadIdx.y == i)
      break;
    s[threadIdx.x] = 0; // ACCESS
  }
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [unless "
            "(threadIdx.x == (u32)i), unless (threadIdx.y == (u32)i), when (i "
            "< 4)]; loops: [i: from 0 while (i < 4) next (i + 1)]");
}

TEST(LoweringGuardsTest, AConditionTheLoweringCannotFollow) {
  EXPECT_EQ(lowered(R"(
__global__ void k(float *g) {
  __shared__ int s[1024];
  if (g[threadIdx.x] > 0)
    s[threadIdx.x] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

TEST(LoweringGuardsTest, TheGuardsOfEveryFrame) {
  // The access's own first, then those of the calls that lead to it.
  EXPECT_EQ(lowered(R"(
__device__ void f(int *p) {
  if (threadIdx.x < 8)
    p[threadIdx.x] = 0; // ACCESS
}
__global__ void k() {
  __shared__ int s[1024];
  if (threadIdx.y == 1)
    f(s);
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [when "
            "(threadIdx.x < 8), when (threadIdx.y == 1)]");
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int i) {
  if (i > 3)
    p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  if (threadIdx.y == 0)
    store(s, threadIdx.x);
}
)"),
            "store 4 bytes: (&s + ((i64)(i32)threadIdx.x * 4)); guards: [when "
            "((i32)threadIdx.x > 3), when (threadIdx.y == 0)]");
}

// ---- switch ----------------------------------------------------------------

TEST(LoweringGuardsTest, TheCaseLabelsThatLeadToAnAccess) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  switch (threadIdx.x % 4) {
  case 1:
  case 2:
    s[threadIdx.x] = 0; // ACCESS
    break;
  }
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [when "
            "(((threadIdx.x % 4) == 1) || ((threadIdx.x % 4) == 2))]");
}

TEST(LoweringGuardsTest, FallingThroughFromTheCaseBefore) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  switch (threadIdx.x % 4) {
  case 1:
    s[0] = 1;
  case 2:
    s[threadIdx.x] = 0; // ACCESS
    break;
  }
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [when "
            "(((threadIdx.x % 4) == 2) || ((threadIdx.x % 4) == 1))]");
}

TEST(LoweringGuardsTest, TheDefaultLabel) {
  // None of the other labels.
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  switch (threadIdx.x % 4) {
  case 1:
    break;
  default:
    s[threadIdx.x] = 0; // ACCESS
    break;
  case 2:
    break;
  }
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4)); guards: [unless "
            "(((threadIdx.x % 4) == 2) || ((threadIdx.x % 4) == 1))]");
  // Every value leads there.
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ int s[1024];
  switch (threadIdx.x % 4) {
  default:
    s[threadIdx.x] = 0; // ACCESS
  }
}
)"),
            "store 4 bytes: (&s + ((i64)threadIdx.x * 4))");
}

} // namespace
