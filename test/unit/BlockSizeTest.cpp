// Unit tests of the pure block-size model (warplint/Model/BlockSize.h).
#include "warplint/Model/BlockSize.h"
#include "gtest/gtest.h"

using namespace warplint::model;

TEST(BlockSizeTest, WarpUseOfFullAndPartialWarps) {
  EXPECT_EQ(warpUse(32).Warps, 1u);
  EXPECT_EQ(warpUse(32).IdleLanes, 0u);
  EXPECT_EQ(warpUse(100).Warps, 4u);
  EXPECT_EQ(warpUse(100).IdleLanes, 28u);
  EXPECT_EQ(formatPercent(warpUse(100).idlePercent()), "21.9");
  EXPECT_EQ(warpUse(1).IdleLanes, 31u);
  EXPECT_EQ(formatPercent(warpUse(1).idlePercent()), "96.9");
  EXPECT_EQ(warpUse(1023).Warps, 32u);
  EXPECT_EQ(warpUse(1023).IdleLanes, 1u);
  EXPECT_EQ(warpUse(0).Warps, 0u);
  EXPECT_EQ(warpUse(0).idlePercent(), 0.0);
}

TEST(BlockSizeTest, MultiplesOfTheWarpSizeAreFine) {
  for (uint64_t T = 32; T <= 1024; T += 32)
    EXPECT_EQ(checkBlock({T, 1, 1}).Problem, BlockProblem::None) << T;
  EXPECT_EQ(checkBlock({16, 16, 4}).Problem, BlockProblem::None);
  EXPECT_EQ(checkBlock({8, 2, 2}).Problem, BlockProblem::None);
}

TEST(BlockSizeTest, EveryNonMultipleUpTo1024IsAPartialWarp) {
  for (uint64_t T = 1; T <= 1024; ++T) {
    BlockVerdict V = checkBlock({T, 1, 1});
    if (T % 32) {
      EXPECT_EQ(V.Problem, BlockProblem::NotWarpMultiple) << T;
    }
    EXPECT_FALSE(V.isError()) << T;
  }
  // The product counts, not the x dimension.
  EXPECT_EQ(checkBlock({10, 10, 1}).Problem, BlockProblem::NotWarpMultiple);
  EXPECT_EQ(checkBlock({7, 3, 3}).Problem, BlockProblem::NotWarpMultiple);
}

TEST(BlockSizeTest, LimitsOfEveryDimension) {
  BlockVerdict V = checkBlock({1025, 1, 1});
  EXPECT_EQ(V.Problem, BlockProblem::DimTooLarge);
  EXPECT_EQ(V.Dim, 0u);
  EXPECT_EQ(V.Limit, 1024u);
  V = checkBlock({1, 1025, 1});
  EXPECT_EQ(V.Problem, BlockProblem::DimTooLarge);
  EXPECT_EQ(V.Dim, 1u);
  V = checkBlock({1, 1, 65});
  EXPECT_EQ(V.Problem, BlockProblem::DimTooLarge);
  EXPECT_EQ(V.Dim, 2u);
  EXPECT_EQ(V.Limit, 64u);
  EXPECT_EQ(checkBlock({1, 1, 64}).Problem, BlockProblem::None);
  EXPECT_EQ(checkBlock({1, 1, 63}).Problem, BlockProblem::NotWarpMultiple);
  EXPECT_EQ(checkBlock({16, 1, 64}).Problem, BlockProblem::None);
  EXPECT_TRUE(checkBlock({1, 1, 65}).isError());
}

TEST(BlockSizeTest, TooManyThreadsInTotal) {
  BlockVerdict V = checkBlock({64, 32, 1});
  EXPECT_EQ(V.Problem, BlockProblem::TooManyThreads);
  EXPECT_EQ(V.Limit, 1024u);
  EXPECT_TRUE(V.isError());
  EXPECT_EQ(checkBlock({32, 32, 1}).Problem, BlockProblem::None);
  EXPECT_EQ(checkBlock({1024, 1024, 64}).Problem, BlockProblem::TooManyThreads);
}

TEST(BlockSizeTest, ZeroDimensionComesFirst) {
  BlockVerdict V = checkBlock({0, 2000, 1});
  EXPECT_EQ(V.Problem, BlockProblem::ZeroDim);
  EXPECT_EQ(V.Dim, 0u);
  V = checkBlock({32, 1, 0});
  EXPECT_EQ(V.Problem, BlockProblem::ZeroDim);
  EXPECT_EQ(V.Dim, 2u);
}

TEST(BlockSizeTest, LaunchBounds) {
  BlockVerdict V = checkBlock({512, 1, 1}, 256);
  EXPECT_EQ(V.Problem, BlockProblem::AboveLaunchBounds);
  EXPECT_EQ(V.Limit, 256u);
  EXPECT_EQ(checkBlock({256, 1, 1}, 256).Problem, BlockProblem::None);
  // The hardware limit is reported before the kernel's own.
  EXPECT_EQ(checkBlock({2048, 1, 1}, 256).Problem, BlockProblem::DimTooLarge);
  // A partial warp within the bounds is still only a warning.
  EXPECT_EQ(checkBlock({100, 1, 1}, 256).Problem,
            BlockProblem::NotWarpMultiple);
}

TEST(BlockSizeTest, HugeShapesSaturateInsteadOfWrapping) {
  Dim3 D{UINT64_MAX, UINT64_MAX, 2};
  EXPECT_EQ(D.threads(), UINT64_MAX);
  // 2^31 * 2^31 * 4 = 2^64 does not fit: saturated, still "too many".
  EXPECT_EQ(Dim3({1u << 31, 1u << 31, 4}).threads(), UINT64_MAX);
  EXPECT_EQ(checkBlock({1u << 31, 1u << 31, 4}).Problem,
            BlockProblem::DimTooLarge);
  EXPECT_EQ(Dim3({10, 10, 1}).str(), "10x10x1");
}
