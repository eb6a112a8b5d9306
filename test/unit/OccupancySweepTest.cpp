// Unit tests of the occupancy curves (warplint/Model/OccupancySweep.h): each
// point is the single calculation, and known values, worked out by hand from
// SmArch.def and the rules of cuda_occupancy.h (see each comment), not from
// the sweep. The command line `warplint occupancy --sweep` is checked
// against `--batch` in test/occupancy-calculator/sweep.test.
#include "warplint/Model/OccupancySweep.h"
#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::model;

namespace {

const SmArch &arch(llvm::StringRef Name) {
  auto A = lookupSmArch(Name);
  if (!A) {
    ADD_FAILURE() << llvm::toString(A.takeError());
    return allSmArchs().front();
  }
  return **A;
}

OccupancyInput input(uint64_t Threads, uint64_t Regs, uint64_t Smem,
                     unsigned Barriers = 1) {
  OccupancyInput In;
  In.Threads = Threads;
  In.Regs = Regs;
  In.Smem = Smem;
  In.Barriers = Barriers;
  return In;
}

const SweepPoint *at(const std::vector<SweepPoint> &Points, uint64_t Value) {
  for (const SweepPoint &P : Points)
    if (P.Value == Value)
      return &P;
  ADD_FAILURE() << "no point at " << Value;
  return nullptr;
}

/// Active blocks, active warps and primary limiter of the point at Value.
void expectPoint(const std::vector<SweepPoint> &Points, uint64_t Value,
                 unsigned Blocks, unsigned Warps, Limiter L) {
  const SweepPoint *P = at(Points, Value);
  if (!P)
    return;
  EXPECT_TRUE(P->Result.ok()) << Value << ": " << P->Result.ErrorMessage;
  EXPECT_EQ(P->Result.ActiveBlocks, Blocks) << "at " << Value;
  EXPECT_EQ(P->Result.ActiveWarps, Warps) << "at " << Value;
  EXPECT_EQ(P->Result.Primary, L) << "at " << Value;
}

TEST(OccupancySweepTest, AxisNames) {
  for (SweepAxis A : {SweepAxis::Threads, SweepAxis::Regs, SweepAxis::Smem})
    EXPECT_EQ(parseSweepAxis(sweepAxisName(A)), A);
  EXPECT_EQ(sweepAxisName(SweepAxis::Threads), "threads");
  EXPECT_EQ(sweepAxisName(SweepAxis::Regs), "regs");
  EXPECT_EQ(sweepAxisName(SweepAxis::Smem), "smem");
  EXPECT_FALSE(parseSweepAxis("registers"));
  EXPECT_FALSE(parseSweepAxis(""));
  EXPECT_FALSE(parseSweepAxis("Threads"));
}

TEST(OccupancySweepTest, RangesAreTheCalculatorsSteps) {
  const SmArch &H = arch("sm_90"), &A = arch("sm_80"), &M = arch("sm_50");
  // Threads: 32, 64, ... 1024 on every architecture.
  auto T = sweepOccupancy(H, input(256, 32, 0), SweepAxis::Threads);
  ASSERT_EQ(T.size(), 32u);
  EXPECT_EQ(T.front().Value, 32u);
  EXPECT_EQ(T.back().Value, 1024u);
  // Registers: 1 ... 255 (ptxas's most, though the header allows 256).
  auto R = sweepOccupancy(H, input(256, 32, 0), SweepAxis::Regs);
  ASSERT_EQ(R.size(), 255u);
  EXPECT_EQ(R.front().Value, 1u);
  EXPECT_EQ(R.back().Value, 255u);
  // Shared memory: steps of the allocation unit (128 bytes on 8.0+, 256
  // before) from 0 to the opted-in maximum: 227 KB on 9.0, 163 KB on 8.0,
  // 48 KB on 5.0.
  auto S = sweepOccupancy(H, input(256, 32, 0), SweepAxis::Smem);
  ASSERT_EQ(S.size(), 227u * 1024 / 128 + 1);
  EXPECT_EQ(S.front().Value, 0u);
  EXPECT_EQ(S[1].Value, 128u);
  EXPECT_EQ(S.back().Value, 227u * 1024);
  EXPECT_EQ(sweepOccupancy(A, input(256, 32, 0), SweepAxis::Smem).back().Value,
            163u * 1024);
  auto MS = sweepOccupancy(M, input(256, 32, 0), SweepAxis::Smem);
  ASSERT_EQ(MS.size(), 48u * 1024 / 256 + 1);
  EXPECT_EQ(MS[1].Value, 256u);
}

TEST(OccupancySweepTest, EveryPointIsTheSingleCalculation) {
  const OccupancyInput Launches[] = {input(256, 32, 0), input(100, 72, 49152),
                                     input(1024, 65, 1000), input(64, 0, 0, 2),
                                     input(2048, 300, 1)};
  for (const SmArch &A : allSmArchs())
    for (const OccupancyInput &In : Launches)
      for (SweepAxis Axis :
           {SweepAxis::Threads, SweepAxis::Regs, SweepAxis::Smem}) {
        auto Points = sweepOccupancy(A, In, Axis);
        ASSERT_FALSE(Points.empty());
        for (size_t I = 0; I < Points.size(); ++I) {
          const SweepPoint &P = Points[I];
          if (I) {
            EXPECT_LT(Points[I - 1].Value, P.Value);
          }
          OccupancyInput Single = In;
          if (Axis == SweepAxis::Threads)
            Single.Threads = P.Value;
          else if (Axis == SweepAxis::Regs)
            Single.Regs = P.Value;
          else
            Single.Smem = P.Value;
          OccupancyResult R = computeOccupancy(A, Single);
          SCOPED_TRACE(std::string(A.Name) + " " + sweepAxisName(Axis).str() +
                       "=" + std::to_string(P.Value));
          EXPECT_EQ(P.Result.Error, R.Error);
          EXPECT_EQ(P.Result.ErrorMessage, R.ErrorMessage);
          EXPECT_EQ(P.Result.ActiveBlocks, R.ActiveBlocks);
          EXPECT_EQ(P.Result.ActiveWarps, R.ActiveWarps);
          EXPECT_EQ(P.Result.Occupancy, R.Occupancy);
          EXPECT_EQ(P.Result.Limiters, R.Limiters);
          EXPECT_EQ(P.Result.Primary, R.Primary);
          EXPECT_EQ(P.Current, P.Value == sweepValue(In, Axis));
        }
      }
}

TEST(OccupancySweepTest, OwnValueBetweenStepsIsOnTheCurve) {
  const SmArch &H = arch("sm_90");
  // 100 threads lies between 96 and 128: it is a point of its own, the
  // only current one, and has the occupancy of 4 warps (as 128 does).
  auto T = sweepOccupancy(H, input(100, 32, 0), SweepAxis::Threads);
  ASSERT_EQ(T.size(), 33u);
  unsigned Current = 0;
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I].Current) {
      ++Current;
      EXPECT_EQ(T[I].Value, 100u);
      EXPECT_EQ(T[I - 1].Value, 96u);
      EXPECT_EQ(T[I + 1].Value, 128u);
      EXPECT_EQ(T[I].Result.ActiveWarps, T[I + 1].Result.ActiveWarps);
    }
  EXPECT_EQ(Current, 1u);
  // 1000 bytes between 896 and 1024.
  auto S = sweepOccupancy(H, input(256, 32, 1000), SweepAxis::Smem);
  EXPECT_EQ(S.size(), 227u * 1024 / 128 + 2);
  EXPECT_TRUE(at(S, 1000) && at(S, 1000)->Current);
  // A value on a step is not repeated; one outside the range is not added.
  EXPECT_EQ(sweepOccupancy(H, input(256, 32, 0), SweepAxis::Threads).size(),
            32u);
  auto Big = sweepOccupancy(H, input(2048, 32, 0), SweepAxis::Threads);
  EXPECT_EQ(Big.size(), 32u);
  for (const SweepPoint &P : Big)
    EXPECT_FALSE(P.Current);
  // No registers given (0): not a point of the register curve.
  auto R0 = sweepOccupancy(H, input(256, 0, 0), SweepAxis::Regs);
  EXPECT_EQ(R0.size(), 255u);
  EXPECT_EQ(R0.front().Value, 1u);
}

// sm_90: 64 warps, 32 blocks, 64K registers in 4 sub-partitions, 228 KB per
// SM (the default carveout), 1 KB reserved per block, 128-byte units, 2
// barrier slots per block.
TEST(OccupancySweepTest, ThreadsOnHopper) {
  auto T = sweepOccupancy(arch("sm_90"), input(256, 32, 0), SweepAxis::Threads);
  // 1 warp: 32 blocks (the block limit) of 1 warp: 50%.
  expectPoint(T, 32, 32, 32, LimitBlocks);
  // 2 warps: 32 blocks fill the 64 warps.
  expectPoint(T, 64, 32, 64, LimitWarps);
  // 3 warps: 64 / 3 = 21 blocks, 63 warps.
  expectPoint(T, 96, 21, 63, LimitWarps);
  // 8 warps of 32 registers: 1024 registers a warp, 16 warps per
  // sub-partition, 8 blocks: 100%.
  expectPoint(T, 256, 8, 64, LimitWarps);
  // 21 warps: 64 / 21 = 3 blocks, 63 warps.
  expectPoint(T, 672, 3, 63, LimitWarps);
  expectPoint(T, 1024, 2, 64, LimitWarps);
}

TEST(OccupancySweepTest, RegistersOnHopperAndAmpere) {
  for (llvm::StringRef Name : {"sm_90", "sm_80"}) {
    SCOPED_TRACE(Name.str());
    auto R = sweepOccupancy(arch(Name), input(256, 32, 0), SweepAxis::Regs);
    // Registers a warp, rounded up to 256; 16384 per sub-partition, 4 of
    // them; blocks of 8 warps.
    expectPoint(R, 1, 8, 64, LimitWarps);
    expectPoint(R, 32, 8, 64, LimitWarps);     // 1024 a warp: 16 x 4 / 8 = 8
    expectPoint(R, 40, 6, 48, LimitRegisters); // 1280: 12 x 4 / 8 = 6
    expectPoint(R, 64, 4, 32, LimitRegisters); // 2048: 8 x 4 / 8 = 4
    // 65 registers cut a block: 2080 rounds to 2304, 7 x 4 / 8 = 3.
    expectPoint(R, 65, 3, 24, LimitRegisters);
    expectPoint(R, 72, 3, 24, LimitRegisters);
    expectPoint(R, 255, 1, 8, LimitRegisters); // 8192: 2 x 4 / 8 = 1
  }
  // 1024 threads of 65 registers need 73728 registers: cannot run.
  auto R = sweepOccupancy(arch("sm_80"), input(1024, 32, 0), SweepAxis::Regs);
  // 64 registers: 2048 a warp, 8 warps per sub-partition, 32 x 4 / 32 = 1.
  expectPoint(R, 64, 1, 32, LimitRegisters);
  const SweepPoint *P = at(R, 65);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Result.Error, LaunchError::TooManyRegsPerBlock);
  EXPECT_EQ(P->Result.ActiveBlocks, 0u);
}

TEST(OccupancySweepTest, SharedMemoryOnHopper) {
  auto S = sweepOccupancy(arch("sm_90"), input(256, 32, 0), SweepAxis::Smem);
  // 0 bytes: the 1 KB reserve only; warps limit at 8 blocks.
  expectPoint(S, 0, 8, 64, LimitWarps);
  // 8 blocks fit 228 KB up to 29184 bytes a block, reserve included:
  // 28160 bytes of the kernel's own.
  expectPoint(S, 28160, 8, 64, LimitWarps);
  // 128 more: 29312 a block, 233472 / 29312 = 7 blocks.
  expectPoint(S, 28288, 7, 56, LimitSharedMemory);
  // 48 KB: 50176 a block, 4 blocks (the calculator's own example).
  expectPoint(S, 49152, 4, 32, LimitSharedMemory);
  // 227 KB, the opted-in maximum: 1 block.
  expectPoint(S, 227 * 1024, 1, 8, LimitSharedMemory);
}

TEST(OccupancySweepTest, BarriersOnBlackwell) {
  // sm_120: 1 barrier slot per block of its 24; 2 barriers halve them:
  // 12 blocks of 1 warp.
  auto T =
      sweepOccupancy(arch("sm_120"), input(32, 0, 0, 2), SweepAxis::Threads);
  expectPoint(T, 32, 12, 12, LimitBarriers);
}

} // namespace
