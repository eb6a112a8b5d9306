// Unit tests of the shared-memory bank model (warplint/Model/BankModel.h).
#include "warplint/Model/BankModel.h"
#include "gtest/gtest.h"
#include <functional>
#include <random>

using namespace warplint::model;

namespace {

/// Lanes First..Last active, lane L at byte address Addr(L).
LaneAddresses lanes(std::function<int64_t(unsigned)> Addr, unsigned First = 0,
                    unsigned Last = 31) {
  LaneAddresses A;
  for (unsigned L = First; L <= Last; ++L)
    A.set(L, Addr(L));
  return A;
}

unsigned activeLanes(const LaneAddresses &A) {
  unsigned N = 0;
  for (unsigned L = 0; L < 32; ++L)
    N += A[L].has_value();
  return N;
}

const IntType I32 = IntType::i32(), U32 = IntType::u32();

} // namespace

//===----------------------------------------------------------------------===//
// warpBanks
//===----------------------------------------------------------------------===//

namespace {
struct WarpCase {
  const char *Name;
  unsigned Bytes;
  std::function<int64_t(unsigned)> Addr;
  unsigned Wavefronts, Phases;
};

void PrintTo(const WarpCase &C, std::ostream *OS) { *OS << C.Name; }

class BankModelWarpTest : public testing::TestWithParam<WarpCase> {};
} // namespace

TEST_P(BankModelWarpTest, WavefrontsAndPhasesOfAFullWarp) {
  const WarpCase &C = GetParam();
  WarpBanks B = warpBanks(lanes(C.Addr), C.Bytes);
  EXPECT_EQ(B.Wavefronts, C.Wavefronts);
  EXPECT_EQ(B.Phases, C.Phases);
  EXPECT_EQ(B.degree(), double(C.Wavefronts) / C.Phases);
}

static const WarpCase WarpCases[] = {
    {"Stride1Word", 4, [](unsigned L) { return int64_t(4 * L); }, 1, 1},
    {"Stride2Words", 4, [](unsigned L) { return int64_t(8 * L); }, 2, 1},
    {"Stride4Words", 4, [](unsigned L) { return int64_t(16 * L); }, 4, 1},
    {"Stride32Words", 4, [](unsigned L) { return int64_t(128 * L); }, 32, 1},
    {"Stride33WordsIsPadded", 4, [](unsigned L) { return int64_t(132 * L); }, 1,
     1},
    {"SameWordIsABroadcast", 4, [](unsigned) { return int64_t(40); }, 1, 1},
    {"TwoWordsInOneBank", 4,
     [](unsigned L) { return int64_t(L < 16 ? 0 : 128); }, 2, 1},
    {"NegativeAddresses", 4, [](unsigned L) { return int64_t(4 * L) - 128; }, 1,
     1},
    {"OneByteConsecutiveShareWords", 1, [](unsigned L) { return int64_t(L); },
     1, 1},
    {"OneByteStride4", 1, [](unsigned L) { return int64_t(4 * L); }, 1, 1},
    {"OneByteStride128", 1, [](unsigned L) { return int64_t(128 * L); }, 32, 1},
    {"TwoByteConsecutiveShareWords", 2,
     [](unsigned L) { return int64_t(2 * L); }, 1, 1},
    {"TwoByteStride64Bytes", 2, [](unsigned L) { return int64_t(64 * L); }, 16,
     1},
    {"EightByteConsecutive", 8, [](unsigned L) { return int64_t(8 * L); }, 2,
     2},
    {"EightByteStride2Elements", 8, [](unsigned L) { return int64_t(16 * L); },
     4, 2},
    {"EightByteSameElement", 8, [](unsigned) { return int64_t(64); }, 2, 2},
    {"SixteenByteConsecutive", 16, [](unsigned L) { return int64_t(16 * L); },
     4, 4},
    {"SixteenByteStride2Elements", 16,
     [](unsigned L) { return int64_t(32 * L); }, 8, 4},
};

INSTANTIATE_TEST_SUITE_P(BankModelTest, BankModelWarpTest,
                         testing::ValuesIn(WarpCases),
                         [](const testing::TestParamInfo<WarpCase> &I) {
                           return std::string(I.param.Name);
                         });

TEST(BankModelTest, PhasesFor) {
  EXPECT_EQ(phasesFor(1), 1u);
  EXPECT_EQ(phasesFor(2), 1u);
  EXPECT_EQ(phasesFor(4), 1u);
  EXPECT_EQ(phasesFor(8), 2u);
  EXPECT_EQ(phasesFor(16), 4u);
}

TEST(BankModelTest, WorstBankOfAStrideOfTwoWords) {
  WarpBanks B = warpBanks(lanes([](unsigned L) { return int64_t(8 * L); }), 4);
  EXPECT_EQ(B.WorstBank, 0u);
  EXPECT_EQ(B.WorstPhase, 0u);
  EXPECT_EQ(B.WorstWords, 2u);
  // Shifted by one word, the first worst bank is bank 1.
  B = warpBanks(lanes([](unsigned L) { return int64_t(8 * L + 4); }), 4);
  EXPECT_EQ(B.Wavefronts, 2u);
  EXPECT_EQ(B.WorstBank, 1u);
  EXPECT_EQ(B.WorstWords, 2u);
}

TEST(BankModelTest, WorstBankOfAColumnAccess) {
  WarpBanks B =
      warpBanks(lanes([](unsigned L) { return int64_t(128 * L + 12); }), 4);
  EXPECT_EQ(B.Wavefronts, 32u);
  EXPECT_EQ(B.WorstBank, 3u);
  EXPECT_EQ(B.WorstPhase, 0u);
  EXPECT_EQ(B.WorstWords, 32u);
}

TEST(BankModelTest, WorstPhaseOfAnEightByteAccess) {
  // Phase 0 (lanes 0..15) is conflict-free; in phase 1 every lane's two words
  // fall in banks 0 and 1.
  WarpBanks B =
      warpBanks(lanes([](unsigned L) {
                  return L < 16 ? int64_t(8 * L) : int64_t(256 * (L - 16));
                }),
                8);
  EXPECT_EQ(B.Phases, 2u);
  EXPECT_EQ(B.Wavefronts, 17u);
  EXPECT_EQ(B.WorstPhase, 1u);
  EXPECT_EQ(B.WorstBank, 0u);
  EXPECT_EQ(B.WorstWords, 16u);
}

TEST(BankModelTest, InactiveLanesDoNotCount) {
  // A stride of 2 words is 2-way for a full warp, conflict-free for lanes
  // 0..15 alone.
  WarpBanks B =
      warpBanks(lanes([](unsigned L) { return int64_t(8 * L); }, 0, 15), 4);
  EXPECT_EQ(B.Wavefronts, 1u);
  EXPECT_EQ(B.Phases, 1u);
  // A column access by 4 lanes is 4-way.
  B = warpBanks(lanes([](unsigned L) { return int64_t(128 * L); }, 0, 3), 4);
  EXPECT_EQ(B.Wavefronts, 4u);
}

TEST(BankModelTest, APhaseWithNoActiveLaneIsNotCounted) {
  WarpBanks B =
      warpBanks(lanes([](unsigned L) { return int64_t(8 * L); }, 0, 15), 8);
  EXPECT_EQ(B.Wavefronts, 1u);
  EXPECT_EQ(B.Phases, 1u);
  EXPECT_EQ(B.WorstPhase, 0u);
  B = warpBanks(lanes([](unsigned L) { return int64_t(8 * L); }, 16, 31), 8);
  EXPECT_EQ(B.Wavefronts, 1u);
  EXPECT_EQ(B.Phases, 1u);
  EXPECT_EQ(B.WorstPhase, 1u);
  // 16-byte: lanes 0..7 and 24..31 active are two of the four phases.
  LaneAddresses A = lanes([](unsigned L) { return int64_t(16 * L); });
  for (unsigned L = 8; L < 24; ++L)
    A.clear(L);
  B = warpBanks(A, 16);
  EXPECT_EQ(B.Wavefronts, 2u);
  EXPECT_EQ(B.Phases, 2u);
}

TEST(BankModelTest, NoActiveLaneIsNoPhase) {
  WarpBanks B = warpBanks(LaneAddresses(), 4);
  EXPECT_EQ(B.Wavefronts, 0u);
  EXPECT_EQ(B.Phases, 0u);
  EXPECT_EQ(B.degree(), 0.0);
}

TEST(BankModelTest, RowsAreOnePerWavefront) {
  std::vector<WavefrontRow> Rows;
  WarpBanks B =
      warpBanks(lanes([](unsigned L) { return int64_t(8 * L); }), 4, &Rows);
  ASSERT_EQ(Rows.size(), B.Wavefronts);
  ASSERT_EQ(Rows.size(), 2u);
  EXPECT_EQ(Rows[0].Phase, 0u);
  EXPECT_EQ(Rows[1].Phase, 0u);
  // Bank 0 serves word 0 (lane 0), then word 32 (lane 16).
  EXPECT_EQ(Rows[0].Word[0], 0);
  EXPECT_EQ(Rows[0].Lanes[0], (llvm::SmallVector<unsigned, 2>{0}));
  EXPECT_EQ(Rows[1].Word[0], 32);
  EXPECT_EQ(Rows[1].Lanes[0], (llvm::SmallVector<unsigned, 2>{16}));
  EXPECT_EQ(Rows[0].Word[30], 30);
  EXPECT_EQ(Rows[1].Word[30], 62);
  EXPECT_EQ(Rows[1].Lanes[30], (llvm::SmallVector<unsigned, 2>{31}));
  // Odd banks are idle.
  EXPECT_FALSE(Rows[0].Word[1]);
  EXPECT_TRUE(Rows[0].Lanes[1].empty());
  EXPECT_FALSE(Rows[1].Word[1]);
}

TEST(BankModelTest, RowsOfABroadcast) {
  std::vector<WavefrontRow> Rows;
  warpBanks(lanes([](unsigned) { return int64_t(40); }), 4, &Rows);
  ASSERT_EQ(Rows.size(), 1u);
  EXPECT_EQ(Rows[0].Word[10], 10);
  EXPECT_EQ(Rows[0].Lanes[10].size(), 32u);
  EXPECT_EQ(Rows[0].Lanes[10].front(), 0u);
  EXPECT_EQ(Rows[0].Lanes[10].back(), 31u);
  for (unsigned K = 0; K < NumBanks; ++K) {
    if (K != 10) {
      EXPECT_FALSE(Rows[0].Word[K]) << K;
    }
  }
}

TEST(BankModelTest, RowsOfAnEightByteAccessCarryTheirPhase) {
  std::vector<WavefrontRow> Rows;
  warpBanks(lanes([](unsigned L) { return int64_t(8 * L); }), 8, &Rows);
  ASSERT_EQ(Rows.size(), 2u);
  EXPECT_EQ(Rows[0].Phase, 0u);
  EXPECT_EQ(Rows[1].Phase, 1u);
  // Lane 0 reads words 0 and 1, lane 16 words 32 and 33.
  EXPECT_EQ(Rows[0].Word[0], 0);
  EXPECT_EQ(Rows[0].Word[1], 1);
  EXPECT_EQ(Rows[0].Lanes[1], (llvm::SmallVector<unsigned, 2>{0}));
  EXPECT_EQ(Rows[1].Word[0], 32);
  EXPECT_EQ(Rows[1].Lanes[0], (llvm::SmallVector<unsigned, 2>{16}));
  EXPECT_EQ(Rows[1].Word[31], 63);
  EXPECT_EQ(Rows[1].Lanes[31], (llvm::SmallVector<unsigned, 2>{31}));
}

TEST(BankModelTest, RowsAppendToTheGivenVector) {
  std::vector<WavefrontRow> Rows;
  warpBanks(lanes([](unsigned L) { return int64_t(128 * L); }), 4, &Rows);
  ASSERT_EQ(Rows.size(), 32u);
  for (unsigned R = 0; R < 32; ++R) {
    EXPECT_EQ(Rows[R].Word[0], int64_t(32 * R)) << R;
    EXPECT_EQ(Rows[R].Lanes[0], (llvm::SmallVector<unsigned, 2>{R})) << R;
  }
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

TEST(BankModelTest, FormatDegree) {
  EXPECT_EQ(formatDegree(32, 1), "32");
  EXPECT_EQ(formatDegree(1, 1), "1");
  EXPECT_EQ(formatDegree(4, 2), "2");
  EXPECT_EQ(formatDegree(3, 2), "1.5");
  EXPECT_EQ(formatDegree(5, 4), "1.25");
  EXPECT_EQ(formatDegree(6, 4), "1.5");
  EXPECT_EQ(formatDegree(7, 4), "1.75");
  EXPECT_EQ(formatDegree(33, 4), "8.25");
  EXPECT_EQ(formatDegree(17, 2), "8.5");
  EXPECT_EQ(formatDegree(0, 0), "0");
}

TEST(BankModelTest, FormatLanes) {
  EXPECT_EQ(formatLanes({}), "no lanes");
  EXPECT_EQ(formatLanes({5}), "lane 5");
  EXPECT_EQ(formatLanes({0, 16}), "lanes 0 and 16");
  EXPECT_EQ(formatLanes({3, 4}), "lanes 3 and 4");
  EXPECT_EQ(formatLanes({3, 4, 5}), "lanes 3..5");
  llvm::SmallVector<unsigned, 32> All;
  for (unsigned L = 0; L < 32; ++L)
    All.push_back(L);
  EXPECT_EQ(formatLanes(All), "lanes 0..31");
  EXPECT_EQ(formatLanes({0, 5, 9}), "lanes 0, 5 and 9");
  EXPECT_EQ(formatLanes({0, 8, 16, 24}), "lanes 0, 8, 16 and 24");
  llvm::SmallVector<unsigned, 16> Even;
  for (unsigned L = 0; L < 32; L += 2)
    Even.push_back(L);
  EXPECT_EQ(formatLanes(Even), "lanes 0, 2, ..., 30");
  EXPECT_EQ(formatLanes({1, 5, 9, 13, 17}), "lanes 1, 5, ..., 17");
  EXPECT_EQ(formatLanes({0, 1, 3, 7, 15}), "lanes 0, 1, 3 and 2 more");
  EXPECT_EQ(formatLanes({2, 3, 4, 6, 8, 10}), "lanes 2, 3, 4 and 3 more");
}

TEST(BankModelTest, DescribeAColumnAccess) {
  AccessResult R;
  R.State = AccessResult::Ok;
  R.Lanes = lanes([](unsigned L) { return int64_t(128 * L); });
  R.Banks = warpBanks(R.Lanes, 4);
  R.Wavefronts = R.Banks.Wavefronts;
  R.Phases = R.Banks.Phases;
  EXPECT_EQ(describeConflict(R, 4),
            "lanes 0..31 hit bank 0 with a stride of 32 words");
}

TEST(BankModelTest, DescribeAStrideOfTwoWords) {
  AccessResult R;
  R.State = AccessResult::Ok;
  R.Lanes = lanes([](unsigned L) { return int64_t(8 * L + 4); });
  R.Banks = warpBanks(R.Lanes, 4);
  EXPECT_EQ(describeConflict(R, 4),
            "lanes 0 and 16 hit bank 1 with a stride of 2 words");
}

TEST(BankModelTest, DescribeAnEightByteStride) {
  AccessResult R;
  R.State = AccessResult::Ok;
  R.Lanes = lanes([](unsigned L) { return int64_t(16 * L); });
  R.Banks = warpBanks(R.Lanes, 8);
  EXPECT_EQ(describeConflict(R, 8),
            "lanes 0 and 8 hit bank 0 with a stride of 4 words");
}

TEST(BankModelTest, DescribeAnIrregularConflict) {
  // Lane L at word L, except lanes 5 and 9, which move to words 32 and 64.
  AccessResult R;
  R.State = AccessResult::Ok;
  R.Lanes = lanes([](unsigned L) {
    return L == 5 ? int64_t(128) : L == 9 ? int64_t(256) : int64_t(4 * L);
  });
  R.Banks = warpBanks(R.Lanes, 4);
  ASSERT_EQ(R.Banks.Wavefronts, 3u);
  EXPECT_EQ(describeConflict(R, 4),
            "lanes 0, 5 and 9 hit bank 0 in 3 different words");
}

TEST(BankModelTest, DescribeAStrideInBytes) {
  // 2-byte elements 34 bytes apart: lane 1 reads word 8 and lane 16 word 136,
  // both in bank 8; the stride is not a whole number of words.
  AccessResult R;
  R.State = AccessResult::Ok;
  R.Lanes = lanes([](unsigned L) { return int64_t(34 * L); });
  R.Banks = warpBanks(R.Lanes, 2);
  ASSERT_EQ(R.Banks.Wavefronts, 2u);
  EXPECT_EQ(R.Banks.WorstBank, 8u);
  EXPECT_EQ(describeConflict(R, 2),
            "lanes 1 and 16 hit bank 8 with a stride of 34 bytes");
}

//===----------------------------------------------------------------------===//
// Block shapes
//===----------------------------------------------------------------------===//

TEST(BankModelTest, ShapeText) {
  EXPECT_EQ(shapeText({32, 8, 1}), "32x8");
  EXPECT_EQ(shapeText({32, 1, 1}), "32x1");
  EXPECT_EQ(shapeText({8, 8, 4}), "8x8x4");
  EXPECT_EQ(shapeText({256, 1, 2}), "256x1x2");
}

//===----------------------------------------------------------------------===//
// analyzeAccess
//===----------------------------------------------------------------------===//

namespace {
/// A pool with the address threadIdx.x * 32 * 4: a column of a float[32][32].
struct ColumnAccess {
  ExprPool P;
  NodeId Tx = P.threadIdx(0);
  NodeId Addr =
      P.binary(Op::Mul, P.binary(Op::Mul, Tx, P.constant(32, U32), U32),
               P.constant(4, U32), U32);
  AccessSpec spec() {
    AccessSpec S;
    S.Pool = &P;
    S.Address = Addr;
    S.Bytes = 4;
    return S;
  }
};
} // namespace

TEST(BankModelTest, AnalyzeAColumnAccess) {
  ColumnAccess C;
  AccessResult R = analyzeAccess(C.spec(), {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Phases, 1u);
  EXPECT_EQ(R.Warp, 0u);
  EXPECT_EQ(R.degree(), 32.0);
  EXPECT_TRUE(R.conflicts());
  EXPECT_FALSE(R.DependsOnLoops);
  EXPECT_TRUE(R.LoopValues.empty());
  EXPECT_EQ(R.Lanes[31], 31 * 128);
  EXPECT_EQ(R.Banks.WorstBank, 0u);
  EXPECT_EQ(R.Banks.WorstWords, 32u);
  EXPECT_EQ(describeConflict(R, 4),
            "lanes 0..31 hit bank 0 with a stride of 32 words");
}

TEST(BankModelTest, AnalyzeARowAccessIsConflictFree) {
  ExprPool P;
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, P.threadIdx(0), P.constant(4, U32), U32);
  AccessResult R = analyzeAccess(S, {256, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 1u);
  EXPECT_EQ(R.Phases, 1u);
  EXPECT_FALSE(R.conflicts());
}

TEST(BankModelTest, AnalyzeAPartialLastWarp) {
  ColumnAccess C;
  AccessResult R = analyzeAccess(C.spec(), {48, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Warp, 0u);
  // Warp 1 alone: its 16 lanes (threads 32..47) are 16-way.
  AccessSpec S = C.spec();
  S.Guards.push_back(
      {C.P.binary(Op::GE, C.Tx, C.P.constant(32, U32), I32), true});
  R = analyzeAccess(S, {48, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Warp, 1u);
  EXPECT_EQ(R.Wavefronts, 16u);
  EXPECT_EQ(R.Phases, 1u);
  EXPECT_EQ(activeLanes(R.Lanes), 16u);
  EXPECT_EQ(R.Lanes[0], 32 * 128);
  EXPECT_FALSE(R.Lanes[16]);
}

TEST(BankModelTest, AnalyzeAGuardedAccess) {
  ColumnAccess C;
  AccessSpec S = C.spec();
  S.Guards.push_back(
      {C.P.binary(Op::LT, C.Tx, C.P.constant(4, U32), I32), true});
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 4u);
  EXPECT_EQ(activeLanes(R.Lanes), 4u);
  EXPECT_EQ(describeConflict(R, 4),
            "lanes 0..3 hit bank 0 with a stride of 32 words");
}

TEST(BankModelTest, AnalyzeAGuardThatMustFail) {
  // if (threadIdx.x >= 4) return; ... the access.
  ColumnAccess C;
  AccessSpec S = C.spec();
  S.Guards.push_back(
      {C.P.binary(Op::GE, C.Tx, C.P.constant(4, U32), I32), false});
  AccessResult R = analyzeAccess(S, {64, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 4u);
  EXPECT_EQ(R.Warp, 0u);
}

TEST(BankModelTest, AnalyzeAnUnknownGuardLetsLanesThrough) {
  ColumnAccess C;
  AccessSpec S = C.spec();
  NodeId N = C.P.symbol(C.P.addSymbol("n"), U32);
  S.Guards.push_back({C.P.binary(Op::LT, C.Tx, N, I32), true});
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 32u);
}

TEST(BankModelTest, AnalyzeAGuardNoLanePasses) {
  ColumnAccess C;
  AccessSpec S = C.spec();
  S.Guards.push_back(
      {C.P.binary(Op::GT, C.Tx, C.P.constant(2000, U32), I32), true});
  AccessResult R = analyzeAccess(S, {256, 1, 1});
  EXPECT_EQ(R.State, AccessResult::NeverRuns);
  EXPECT_FALSE(R.conflicts());
}

TEST(BankModelTest, AnalyzeUsesTheLinearThreadId) {
  // A 16x16 block reading s[threadIdx.x][threadIdx.y] of a float[16][16]:
  // warp 0 is rows y = 0, 1 with x = 0..15; word 16x + y puts 8 lanes in each
  // bank.
  ExprPool P;
  NodeId Word = P.binary(
      Op::Add, P.binary(Op::Mul, P.threadIdx(0), P.constant(16, U32), U32),
      P.threadIdx(1), U32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, Word, P.constant(4, U32), U32);
  AccessResult R = analyzeAccess(S, {16, 16, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 8u);
  EXPECT_EQ(R.Warp, 0u);
  EXPECT_EQ(R.Lanes[16], 4 * 1);  // x = 0, y = 1
  EXPECT_EQ(R.Lanes[17], 4 * 17); // x = 1, y = 1
  // s[threadIdx.y][threadIdx.x] is conflict-free.
  NodeId RowWord = P.binary(
      Op::Add, P.binary(Op::Mul, P.threadIdx(1), P.constant(16, U32), U32),
      P.threadIdx(0), U32);
  S.Address = P.binary(Op::Mul, RowWord, P.constant(4, U32), U32);
  R = analyzeAccess(S, {16, 16, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 1u);
}

TEST(BankModelTest, AnalyzeAnEightByteAccess) {
  ExprPool P;
  AccessSpec S;
  S.Pool = &P;
  S.Bytes = 8;
  S.Address = P.binary(Op::Mul, P.threadIdx(0), P.constant(8, U32), U32);
  AccessResult R = analyzeAccess(S, {64, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_EQ(R.Phases, 2u);
  EXPECT_FALSE(R.conflicts());
  // Only threadIdx.x < 16: one phase.
  S.Guards.push_back(
      {P.binary(Op::LT, P.threadIdx(0), P.constant(16, U32), I32), true});
  R = analyzeAccess(S, {64, 1, 1});
  EXPECT_EQ(R.Wavefronts, 1u);
  EXPECT_EQ(R.Phases, 1u);
}

TEST(BankModelTest, AnalyzeRejectsAnOddAccessSize) {
  ColumnAccess C;
  AccessSpec S = C.spec();
  S.Bytes = 3;
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Unknown);
  EXPECT_EQ(R.Why, "an access of 3 bytes");
}

namespace {
/// for (s = Init; s < Limit; s = s Next) around the access.
unsigned addEnumeratedLoop(ExprPool &P, llvm::StringRef Name, int64_t Init,
                           int64_t Limit, Op NextOp, int64_t NextBy) {
  unsigned L = P.addLoop(Name);
  NodeId V = P.loopVar(L, I32);
  Loop &Lp = P.loop(L);
  Lp.Init = P.constant(Init, I32);
  Lp.Cond = P.binary(Op::LT, V, P.constant(Limit, I32), I32);
  Lp.Next = P.binary(NextOp, V, P.constant(NextBy, I32), I32);
  if (NextOp == Op::Add)
    Lp.Step = P.constant(NextBy, I32);
  Lp.Complete = true;
  return L;
}
} // namespace

TEST(BankModelTest, AnalyzeAnEnumeratedLoop) {
  // for (s = 1; s < 8; s *= 2) ... s[threadIdx.x * s]: 1-, 2- and 4-way.
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 1, 8, Op::Mul, 2);
  NodeId Index =
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.loopVar(L, I32), I32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, Index, P.constant(4, I32), I32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 4u);
  EXPECT_EQ(R.Phases, 1u);
  EXPECT_TRUE(R.DependsOnLoops);
  ASSERT_EQ(R.LoopValues.size(), 1u);
  EXPECT_EQ(R.LoopValues[0].first, "s");
  EXPECT_EQ(R.LoopValues[0].second, 4);
  EXPECT_EQ(R.Lanes[1], 16);
}

TEST(BankModelTest, AnalyzeALoopThatDoesNotChangeTheDegree) {
  // for (s = 0; s < 4; ++s) ... s[threadIdx.x * 32 + s]: 32-way throughout.
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 0, 4, Op::Add, 1);
  NodeId Word = P.binary(
      Op::Add,
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.constant(32, I32), I32),
      P.loopVar(L, I32), I32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, Word, P.constant(4, I32), I32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_FALSE(R.DependsOnLoops);
  EXPECT_TRUE(R.LoopValues.empty());
}

TEST(BankModelTest, AnalyzeALoopThatDoesNotChangeTheDegreeOfAnyWarp) {
  // As above with a block of 48: warp 0 is 32-way and warp 1 16-way for
  // every s. The degree depends on the warp, not on the loop.
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 0, 4, Op::Add, 1);
  NodeId Word = P.binary(
      Op::Add,
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.constant(32, I32), I32),
      P.loopVar(L, I32), I32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, Word, P.constant(4, I32), I32);
  AccessResult R = analyzeAccess(S, {48, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Warp, 0u);
  EXPECT_FALSE(R.DependsOnLoops);
  EXPECT_TRUE(R.LoopValues.empty());
}

TEST(BankModelTest, AnalyzeALoopThatNeverRuns) {
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 4, 0, Op::Add, 1);
  NodeId Word =
      P.binary(Op::Add, P.cast(P.threadIdx(0), I32), P.loopVar(L, I32), I32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, Word, P.constant(4, I32), I32);
  EXPECT_EQ(analyzeAccess(S, {32, 1, 1}).State, AccessResult::NeverRuns);
}

TEST(BankModelTest, AnalyzeAnIncompleteLoopIsUnknown) {
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 0, 4, Op::Add, 1);
  P.loop(L).Complete = false;
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, P.loopVar(L, I32), P.constant(4, I32), I32);
  EXPECT_EQ(analyzeAccess(S, {32, 1, 1}).State, AccessResult::Unknown);
}

TEST(BankModelTest, AnalyzeAnInductionLoop) {
  // for (i = threadIdx.x; i < n; i += blockDim.x) ... s[i * 32]: the counter
  // is threadIdx.x plus a uniform multiple of the step, 32-way in every
  // iteration.
  ExprPool P;
  unsigned L = P.addLoop("i");
  NodeId I = P.loopVar(L, I32);
  Loop &Lp = P.loop(L);
  Lp.Init = P.cast(P.threadIdx(0), I32);
  Lp.Cond = P.binary(Op::LT, I, P.symbol(P.addSymbol("n"), I32), I32);
  Lp.Step = P.cast(P.blockDim(0), I32);
  Lp.Next = P.binary(Op::Add, I, *Lp.Step, I32);
  Lp.Complete = true;
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, I, P.constant(128, I32), I32);
  AccessResult R = analyzeAccess(S, {64, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_FALSE(R.DependsOnLoops);
  EXPECT_TRUE(R.LoopValues.empty());
  // s[i]: conflict-free.
  S.Address = P.binary(Op::Mul, I, P.constant(4, I32), I32);
  R = analyzeAccess(S, {64, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 1u);
}

TEST(BankModelTest, AnalyzeALoopWhoseStartDependsOnTheThread) {
  // for (i = threadIdx.x * 4; i < 40; i += 4): lanes 0..9 run iteration
  // 0, one lane fewer in each later iteration; each lane's counter is its
  // own start plus k steps.
  ExprPool P;
  unsigned L = P.addLoop("i");
  NodeId I = P.loopVar(L, I32);
  Loop &Lp = P.loop(L);
  Lp.Init =
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.constant(4, I32), I32);
  Lp.Cond = P.binary(Op::LT, I, P.constant(40, I32), I32);
  Lp.Step = P.constant(4, I32);
  Lp.Next = P.binary(Op::Add, I, *Lp.Step, I32);
  Lp.Complete = true;
  AccessSpec S;
  S.Pool = &P;
  // s[i]: words 0, 4, ..., 36 of lanes 0..9 in iteration 0: 2-way.
  S.Address = P.binary(Op::Mul, I, P.constant(4, I32), I32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 2u);
  ASSERT_EQ(R.LoopValues.size(), 1u);
  EXPECT_EQ(R.LoopValues[0].first, "iteration of 'i'");
  EXPECT_EQ(R.LoopValues[0].second, 0);
  EXPECT_TRUE(R.DependsOnLoops); // iteration 2 has lanes 0..7 only: 1-way
  // s[i % 32]: the word 32 wraps to word 0, the same word as lane 0's: a
  // broadcast, conflict-free in every iteration. The induction form
  // (threadIdx.x * 4 plus an unknown multiple of 4) cannot compute the %.
  S.Address = P.binary(Op::Mul, P.binary(Op::Rem, I, P.constant(32, I32), I32),
                       P.constant(4, I32), I32);
  R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 1u);
  // A bound the model cannot compute (i < n): the induction form, which
  // cannot compute the % either.
  Lp.Cond = P.binary(Op::LT, I, P.symbol(P.addSymbol("n"), I32), I32);
  EXPECT_EQ(analyzeAccess(S, {32, 1, 1}).State, AccessResult::Unknown);
}

TEST(BankModelTest, AnalyzeAWarpUniformUnknownOffset) {
  // float4 rows[(2 + threadIdx.y) * C / 4 + threadIdx.x * 2], C unknown: in
  // a 32x4 block each warp is one row, its offset one unknown value per
  // warp: 2-way (32-byte stride of 16-byte accesses). In a 16x4 block a
  // warp spans two rows: unknown.
  ExprPool P;
  NodeId C = P.symbol(P.addSymbol("C"), I32);
  NodeId Row = P.binary(Op::Div,
                        P.binary(Op::Mul,
                                 P.binary(Op::Add, P.constant(2, I32),
                                          P.cast(P.threadIdx(1), I32), I32),
                                 C, I32),
                        P.constant(4, I32), I32);
  NodeId Elem = P.binary(
      Op::Add, Row,
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.constant(2, I32), I32),
      I32);
  AccessSpec S;
  S.Pool = &P;
  S.Bytes = 16;
  S.Address = P.binary(Op::Mul, Elem, P.constant(16, I32), I32);
  AccessResult R = analyzeAccess(S, {32, 4, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 8u);
  EXPECT_EQ(R.Phases, 4u);
  EXPECT_EQ(analyzeAccess(S, {16, 4, 1}).State, AccessResult::Unknown);
}

TEST(BankModelTest, AnalyzeAnAlignedSymbolicBaseGivesTheSameAnswer) {
  ColumnAccess C;
  AccessResult Plain = analyzeAccess(C.spec(), {32, 1, 1});
  AccessSpec S = C.spec();
  NodeId Base = C.P.symbol(C.P.addSymbol("base", 4), U32);
  S.Address = C.P.binary(Op::Add, Base, C.Addr, U32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, Plain.Wavefronts);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Phases, 1u);
  EXPECT_EQ(R.Lanes[1], 128);
}

namespace {
/// A char array at base (a multiple of BaseMultiple), read at base +
/// threadIdx.x * 33.
AccessResult charStride33(uint64_t BaseMultiple, bool WithBase) {
  ExprPool P;
  AccessSpec S;
  S.Pool = &P;
  S.Bytes = 1;
  S.Address = P.binary(Op::Mul, P.threadIdx(0), P.constant(33, U32), U32);
  if (WithBase)
    S.Address =
        P.binary(Op::Add, P.symbol(P.addSymbol("base", BaseMultiple), U32),
                 S.Address, U32);
  return analyzeAccess(S, {32, 1, 1});
}
} // namespace

TEST(BankModelTest, AnalyzeACharArrayWhoseAnswerDependsOnItsBase) {
  // Bytes 33L are conflict-free from a word boundary, 2-way from any other
  // byte of a word.
  AccessResult R = charStride33(1, true);
  EXPECT_EQ(R.State, AccessResult::Unknown);
  EXPECT_EQ(R.Why, "the conflict depends on the alignment of an unknown "
                   "offset in the address");
  // A base aligned to 2 bytes still allows the misaligned residue 2.
  EXPECT_EQ(charStride33(2, true).State, AccessResult::Unknown);
}

TEST(BankModelTest, AnalyzeACharArrayWithAKnownAlignment) {
  AccessResult R = charStride33(4, true);
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 1u);
  R = charStride33(1, false);
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 1u);
}

TEST(BankModelTest, AnalyzeThreadIdxTimesASymbolIsUnknown) {
  ExprPool P;
  NodeId Pitch = P.symbol(P.addSymbol("pitch", 4), U32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, P.threadIdx(0), Pitch, U32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Unknown);
  EXPECT_FALSE(R.conflicts());
  // Unknown for one block, but exact for each value of pitch (a multiple
  // of 4): ParametricDegreeTest.
  EXPECT_EQ(R.Why.rfind("the degree depends on 'pitch', a value known only "
                        "at run time: ('pitch' is a multiple of 4) ",
                        0),
            0u)
      << R.Why;
  ASSERT_TRUE(R.Parametric);
  EXPECT_EQ(R.Parametric->Multiple, 4u);
}

TEST(BankModelTest, AnalyzeAnAddressTheEvaluatorCannotComputeIsUnknown) {
  ExprPool P;
  NodeId Sym = P.symbol(P.addSymbol("k"), U32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, P.binary(Op::Xor, P.threadIdx(0), Sym, U32),
                       P.constant(4, U32), U32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Unknown);
  EXPECT_EQ(R.Why, "the address is not a function of the thread index the "
                   "analysis can compute");
}

TEST(BankModelTest, AnalyzeSwizzlesAndMasks) {
  // Words 32x + x (the diagonal) and 32x + (x ^ 1) put every lane in its own
  // bank; 32x + (x & 1) puts 16 lanes in each of banks 0 and 1.
  ExprPool P;
  NodeId Tx = P.threadIdx(0);
  NodeId Col = P.binary(Op::Mul, Tx, P.constant(32, U32), U32);
  AccessSpec S;
  S.Pool = &P;
  auto Degree = [&](NodeId Word) {
    S.Address = P.binary(Op::Mul, Word, P.constant(4, U32), U32);
    AccessResult R = analyzeAccess(S, {32, 1, 1});
    EXPECT_EQ(R.State, AccessResult::Ok);
    return R.Wavefronts;
  };
  EXPECT_EQ(Degree(P.binary(Op::Add, Col, Tx, U32)), 1u);
  EXPECT_EQ(
      Degree(P.binary(Op::Add, Col,
                      P.binary(Op::Xor, Tx, P.constant(1, U32), U32), U32)),
      1u);
  EXPECT_EQ(
      Degree(P.binary(Op::Add, Col,
                      P.binary(Op::And, Tx, P.constant(1, U32), U32), U32)),
      16u);
}

//===----------------------------------------------------------------------===//
// ldmatrix rows, alignment, relayouts, WMMA tiles
//===----------------------------------------------------------------------===//

namespace {
/// ldmatrix-style rows: lane L addresses row (L % Rows) of a tile whose rows
/// are RowBytes apart, at 16-byte column (L / Rows), from an array symbol
/// aligned to 2 bytes (the element type's alignment only).
struct MatrixRows {
  ExprPool P;
  unsigned Base = P.addSymbol("&A", 2, true, true);
  AccessSpec spec(int64_t RowBytes, unsigned Rows, unsigned Lanes) {
    NodeId L = P.binary(Op::Rem, P.threadIdx(0), P.constant(32, U32), U32);
    NodeId Row = P.binary(Op::Rem, L, P.constant(Rows, U32), U32);
    NodeId Col = P.binary(Op::Div, L, P.constant(Rows, U32), U32);
    NodeId Off = P.binary(
        Op::Add, P.binary(Op::Mul, Row, P.constant(RowBytes, U32), U32),
        P.binary(Op::Mul, Col, P.constant(16, U32), U32), U32);
    AccessSpec S;
    S.Pool = &P;
    // (uint32_t)(&A + Off): a shared address truncated to 32 bits.
    S.Address = P.cast(P.binary(Op::Add, P.symbol(Base, IntType::i64()),
                                P.cast(Off, IntType::i64()), IntType::i64()),
                       U32);
    S.Bytes = 16;
    S.AddressLanes = Lanes;
    return S;
  }
};
} // namespace

TEST(BankModelTest, LdmatrixRowsOfOneMatrixPerPhase) {
  // 128-byte rows: the 8 rows of each matrix share banks 0..3.
  MatrixRows M;
  AccessResult R = analyzeAccess(M.spec(128, 16, 32), {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok) << R.Why;
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Phases, 4u);
  // .x1: only lanes 0..7 give addresses, one phase.
  R = analyzeAccess(M.spec(128, 16, 8), {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 8u);
  EXPECT_EQ(R.Phases, 1u);
  EXPECT_FALSE(R.Lanes[8]);
  // .x2 of 144-byte rows (padded by 16 bytes): conflict-free.
  R = analyzeAccess(M.spec(144, 16, 16), {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_EQ(R.Phases, 2u);
}

TEST(BankModelTest, AccessWidthImpliesAlignment) {
  // The array symbol is only known 2-byte aligned, but a 16-byte access
  // must be 16-byte aligned: the residue 2 is not possible, and the
  // result is known.
  MatrixRows M;
  AccessSpec S = M.spec(128, 16, 32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  // A 2-byte access of the same symbol may start at either residue; a
  // stride of 2 bytes is conflict-free at both.
  ExprPool P;
  unsigned Base = P.addSymbol("&h", 2, true, true);
  AccessSpec H;
  H.Pool = &P;
  H.Bytes = 2;
  H.Address = P.binary(
      Op::Add, P.symbol(Base, IntType::i64()),
      P.cast(P.binary(Op::Mul, P.threadIdx(0), P.constant(2, U32), U32),
             IntType::i64()),
      IntType::i64());
  R = analyzeAccess(H, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Ok);
  EXPECT_FALSE(R.conflicts());
}

TEST(BankModelTest, RelayoutBySwizzleAndPadding) {
  MatrixRows M;
  AccessSpec S = M.spec(128, 16, 32);
  S.RemapBase = M.Base;
  S.Remap = [](int64_t Off) {
    int64_t Row = Off / 128, In = Off % 128;
    return Row * 128 + (((In / 16) ^ (Row % 8)) * 16) + In % 16;
  };
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok) << R.Why;
  EXPECT_EQ(R.Wavefronts, 4u);
  S.Remap = [](int64_t Off) { return Off + Off / 128 * 16; };
  R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 4u);
  // A relayout of another symbol's offsets is not certain.
  S.RemapBase = M.Base + 1;
  R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Unknown);
}

TEST(BankModelTest, TileBoundOfWmmaRows) {
  // 16 rows of 32 bytes (a 16x16 half tile), 128 bytes apart: every row in
  // banks 0..7, 16 words each, where 4 wavefronts would do.
  TileBound B = tileBound(16, 32, 128);
  EXPECT_EQ(B.MaxWords, 16u);
  EXPECT_EQ(B.Ideal, 4u);
  EXPECT_EQ(B.Bank, 0u);
  EXPECT_EQ(B.BanksUsed, 8u);
  // 144 bytes apart (ldm = 72 halves): every bank holds 4 words.
  B = tileBound(16, 32, 144);
  EXPECT_EQ(B.MaxWords, 4u);
  EXPECT_EQ(B.Ideal, 4u);
  EXPECT_EQ(B.BanksUsed, 32u);
  // Contiguous rows: no crowding.
  B = tileBound(16, 64, 64);
  EXPECT_EQ(B.MaxWords, B.Ideal);
  // A tile smaller than one wavefront still needs one.
  B = tileBound(2, 16, 128);
  EXPECT_EQ(B.Ideal, 1u);
  EXPECT_EQ(B.MaxWords, 2u);
}

TEST(BankModelTest, WorkBudgetBoundsTheAnalysis) {
  // for (s = 0; s < 1000; ++s) if (threadIdx.x + s < 5000) ...
  // s[threadIdx.x * 2 + s]: 2-way in every iteration, 1000 iterations of
  // 32 lanes to evaluate (the guard reads the counter and the thread index,
  // so the loop is enumerated, not taken as a shift).
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 0, 1000, Op::Add, 1);
  NodeId Index = P.binary(
      Op::Add,
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.constant(2, I32), I32),
      P.loopVar(L, I32), I32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, Index, P.constant(4, I32), I32);
  S.Guards.push_back({P.binary(Op::LT,
                               P.binary(Op::Add, P.cast(P.threadIdx(0), I32),
                                        P.loopVar(L, I32), I32),
                               P.constant(5000, I32), I32),
                      true});

  WorkBudget Enough;
  S.Budget = &Enough;
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_FALSE(R.TooComplex);
  // Every lane of every iteration is at least one step.
  EXPECT_GT(Enough.Used, 32u * 1000u);

  // The same analysis with a tenth of those steps stops, and says so.
  WorkBudget Small;
  Small.Limit = Enough.Used / 10;
  S.Budget = &Small;
  AccessResult Cut = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(Cut.State, AccessResult::Unknown);
  EXPECT_TRUE(Cut.TooComplex);
  EXPECT_EQ(Cut.Why, "the analysis needs more than " +
                         std::to_string(Small.Limit) + " steps");
  // It stopped soon after the limit, not at the end of the loop.
  EXPECT_LT(Small.Used, Small.Limit + 1000);

  // Steps are counted, not timed: the same limit, the same answer.
  WorkBudget Exact;
  Exact.Limit = Enough.Used;
  S.Budget = &Exact;
  EXPECT_EQ(analyzeAccess(S, {32, 1, 1}).State, AccessResult::Ok);
}

TEST(BankModelTest, ALoopThatOnlyShiftsTheLanesIsNotEnumerated) {
  // for (s = 0; s < 1000; ++s) ... s[threadIdx.x * 2 + s]: every iteration
  // moves every lane by one word, so each has the first one's 2 wavefronts;
  // the analysis evaluates one, not 1000.
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 0, 1000, Op::Add, 1);
  NodeId Index = P.binary(
      Op::Add,
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.constant(2, I32), I32),
      P.loopVar(L, I32), I32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(Op::Mul, Index, P.constant(4, I32), I32);
  WorkBudget B;
  S.Budget = &B;
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_EQ(R.Phases, 1u);
  EXPECT_FALSE(R.DependsOnLoops);
  EXPECT_EQ(R.Lanes[1], 8); // lane 1 at s = 0
  // The loop's 1000 values are still counted (a few steps each), its lanes
  // evaluated once.
  EXPECT_LT(B.Used, 32u * 1000u / 2);

  // The same over bytes: a step of one byte moves the lanes by part of a
  // word, and the iterations differ (the residues of the shift modulo 4
  // give different answers), so they are enumerated.
  ExprPool Q;
  unsigned M = addEnumeratedLoop(Q, "s", 0, 8, Op::Add, 1);
  AccessSpec C;
  C.Pool = &Q;
  C.Bytes = 1;
  C.Address = Q.binary(
      Op::Add,
      Q.binary(Op::Mul, Q.cast(Q.threadIdx(0), I32), Q.constant(5, I32), I32),
      Q.loopVar(M, I32), I32);
  WorkBudget CB;
  C.Budget = &CB;
  AccessResult CR = analyzeAccess(C, {32, 1, 1});
  ASSERT_EQ(CR.State, AccessResult::Ok);
  // Lanes 5 bytes apart: 32 lanes over 160 bytes, 40 words, 8 banks twice.
  EXPECT_EQ(CR.Wavefronts, 2u);
  EXPECT_GT(CB.Used, 32u * 8u); // each of the 8 iterations evaluated
}

TEST(BankModelTest, ShiftedLoopsAgreeWithEnumeration) {
  // Random affine and non-affine uses of one loop counter: the analysis
  // with the shortcut (the loop alone in the address) and without it (the
  // same loop also read by an always-true guard, which forces enumeration)
  // give the same answer. Half the draws also have a guard on the counter
  // alone that always holds (`if (s < 100)`), which the shortcut checks
  // value by value.
  std::mt19937 Rng(7);
  unsigned Shortcuts = 0;
  for (unsigned Case = 0; Case < 400; ++Case) {
    auto Pick = [&](int64_t N) {
      return int64_t(std::uniform_int_distribution<int64_t>(0, N - 1)(Rng));
    };
    int64_t Start = Pick(5), Limit = Start + 1 + Pick(12), Step = 1 + Pick(4);
    int64_t Mul = 1 + Pick(40), LoopMul = Pick(9);
    unsigned Bytes = unsigned(1) << Pick(5);
    Dim3 Block{unsigned(1 + Pick(64)), unsigned(1 + Pick(4)), 1};
    auto Build = [&](ExprPool &P, bool Guard) {
      unsigned L = addEnumeratedLoop(P, "s", Start, Limit, Op::Add, Step);
      NodeId T = P.cast(P.threadIdx(Pick(2) == 0 ? 0 : 1), I32);
      NodeId Lane = P.binary(Op::Mul, T, P.constant(Mul, I32), I32);
      NodeId Loop =
          P.binary(Op::Mul, P.loopVar(L, I32), P.constant(LoopMul, I32), I32);
      AccessSpec S;
      S.Pool = &P;
      S.Bytes = Bytes;
      S.Address = P.binary(Op::Mul, P.binary(Op::Add, Lane, Loop, I32),
                           P.constant(int64_t(Bytes), I32), I32);
      if (Case % 2)
        S.Guards.push_back(
            {P.binary(Op::LT, P.loopVar(L, I32), P.constant(100, I32), I32),
             true});
      if (Guard) // always true, but it reads the thread index: enumerated
        S.Guards.push_back(
            {P.binary(Op::LT,
                      P.binary(Op::Add, P.cast(P.threadIdx(0), I32),
                               P.loopVar(L, I32), I32),
                      P.constant(100000, I32), I32),
             true});
      return S;
    };
    // One draw of Pick for both: rebuild with the same numbers.
    auto Saved = Rng;
    ExprPool P1;
    AccessSpec Fast = Build(P1, false);
    Rng = Saved;
    ExprPool P2;
    AccessSpec Slow = Build(P2, true);
    WorkBudget FastSteps, SlowSteps;
    Fast.Budget = &FastSteps;
    Slow.Budget = &SlowSteps;
    AccessResult A = analyzeAccess(Fast, Block);
    AccessResult B = analyzeAccess(Slow, Block);
    Shortcuts += FastSteps.Used < SlowSteps.Used;
    ASSERT_EQ(A.State, B.State) << "case " << Case;
    EXPECT_EQ(A.Wavefronts, B.Wavefronts) << "case " << Case;
    EXPECT_EQ(A.Phases, B.Phases) << "case " << Case;
    EXPECT_EQ(A.Warp, B.Warp) << "case " << Case;
    EXPECT_EQ(A.DependsOnLoops, B.DependsOnLoops) << "case " << Case;
    EXPECT_EQ(A.LoopValues, B.LoopValues) << "case " << Case;
    for (unsigned L = 0; L < 32; ++L)
      EXPECT_EQ(A.Lanes[L], B.Lanes[L]) << "case " << Case << " lane " << L;
  }
  // Most draws take the shortcut (the others are bytes moved by part of a
  // word, answered by enumeration).
  EXPECT_GT(Shortcuts, 200u);
}

TEST(BankModelTest, AGuardOnTheCounterThatMasksSomeIterationsIsEnumerated) {
  // for (s = 0; s < 8; ++s) if (s != 3) s[threadIdx.x * s]: not a shift at
  // all, and a guard that skips an iteration: enumerated, and iteration 3's
  // lanes take no part.
  ExprPool P;
  unsigned L = addEnumeratedLoop(P, "s", 0, 8, Op::Add, 1);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(
      Op::Mul,
      P.binary(Op::Add, P.cast(P.threadIdx(0), I32),
               P.binary(Op::Mul, P.loopVar(L, I32), P.constant(32, I32), I32),
               I32),
      P.constant(4, I32), I32);
  S.Guards.push_back(
      {P.binary(Op::NE, P.loopVar(L, I32), P.constant(3, I32), I32), true});
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok);
  EXPECT_EQ(R.Wavefronts, 1u);
  // Every iteration skipped: the access never runs, which the shortcut
  // (one evaluation of the first iteration) would not see.
  S.Guards.back() = {
      P.binary(Op::GT, P.loopVar(L, I32), P.constant(100, I32), I32), true};
  EXPECT_EQ(analyzeAccess(S, {32, 1, 1}).State, AccessResult::NeverRuns);
}
