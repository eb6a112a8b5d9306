// Unit tests of the SM table and the occupancy model
// (warplint/Model/SmArch.h, warplint/Model/Occupancy.h). The exact agreement
// with cuda_occupancy.h on every architecture is
// test/occupancy-calculator/reference.test; these pin known answers, the
// errors and the steps.
#include "warplint/Model/Occupancy.h"
#include "warplint/Core/Options.h"
#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::model;

static const SmArch &arch(llvm::StringRef Name) {
  auto A = lookupSmArch(Name);
  if (!A) {
    ADD_FAILURE() << llvm::toString(A.takeError());
    return allSmArchs().front();
  }
  return **A;
}

static OccupancyResult occ(llvm::StringRef Arch, uint64_t Threads,
                           uint64_t Regs, uint64_t Smem,
                           unsigned Barriers = 1) {
  OccupancyInput In;
  In.Threads = Threads;
  In.Regs = Regs;
  In.Smem = Smem;
  In.Barriers = Barriers;
  return computeOccupancy(arch(Arch), In);
}

TEST(SmArchTest, OneRowPerKnownArchInOrder) {
  auto Known = knownArchs();
  auto Rows = allSmArchs();
  ASSERT_EQ(Known.size(), Rows.size());
  for (size_t I = 0; I < Rows.size(); ++I) {
    EXPECT_EQ(Rows[I].Name, Known[I]);
    EXPECT_EQ(Rows[I].Name, "sm_" + std::to_string(Rows[I].Major) +
                                std::to_string(Rows[I].Minor));
    EXPECT_EQ(Rows[I].RegsPerSM, 65536u);
    EXPECT_LE(Rows[I].MaxBlocksPerSM, Rows[I].MaxWarpsPerSM);
    // The largest carveout is the SM's shared memory.
    if (!Rows[I].CarveoutsKB.empty()) {
      EXPECT_EQ(Rows[I].CarveoutsKB.back() * 1024ull, Rows[I].SmemPerSM)
          << Rows[I].Name.str();
    }
    // Opt-in maximum plus the reserve fits the SM.
    EXPECT_LE(Rows[I].maxSmemPerBlock() + Rows[I].ReservedSmemPerBlock,
              Rows[I].SmemPerSM)
        << Rows[I].Name.str();
  }
}

TEST(SmArchTest, KnownValues) {
  // Hopper: 64 warps, 2048 threads (not 1536), 228 KB.
  EXPECT_EQ(arch("sm_90").MaxWarpsPerSM, 64u);
  EXPECT_EQ(arch("sm_90").maxThreadsPerSM(), 2048u);
  EXPECT_EQ(arch("sm_90").SmemPerSM, 228u * 1024);
  EXPECT_EQ(arch("sm_90").SmemPerBlockOptin, 227u * 1024);
  EXPECT_EQ(arch("sm_86").maxThreadsPerSM(), 1536u);
  EXPECT_EQ(arch("sm_75").maxThreadsPerSM(), 1024u);
  EXPECT_EQ(arch("sm_89").MaxBlocksPerSM, 24u);
  EXPECT_EQ(arch("sm_53").RegsPerBlock, 32768u);
  EXPECT_EQ(arch("sm_60").WarpAllocGranularity, 2u);
  EXPECT_EQ(arch("sm_61").MaxRegsPerThread, 255u);
  EXPECT_EQ(arch("sm_70").MaxRegsPerThread, 256u);
  EXPECT_EQ(arch("sm_75").ReservedSmemPerBlock, 0u);
  EXPECT_EQ(arch("sm_80").ReservedSmemPerBlock, 1024u);
  EXPECT_EQ(arch("sm_80").SmemAllocUnit, 128u);
  EXPECT_EQ(arch("sm_72").SmemAllocUnit, 256u);
  EXPECT_TRUE(arch("sm_62").CarveoutsKB.empty());
  EXPECT_EQ(arch("sm_90").version(), "9.0");
}

TEST(SmArchTest, Lookup) {
  EXPECT_EQ(&arch("sm_90a"), &arch("sm_90"));
  EXPECT_EQ(&arch("compute_80"), &arch("sm_80"));
  EXPECT_EQ(&arch("100"), &arch("sm_100"));
  EXPECT_EQ(&arch(" sm_121 "), &arch("sm_121"));
  auto Bad = lookupSmArch("sm_99");
  ASSERT_FALSE(Bad);
  std::string Msg = llvm::toString(Bad.takeError());
  EXPECT_NE(Msg.find("unknown GPU architecture 'sm_99'"), std::string::npos);
  EXPECT_NE(Msg.find("sm_50"), std::string::npos);
  EXPECT_NE(Msg.find("sm_121"), std::string::npos);
  for (const char *S : {"", "sm_80,sm_90", "sm_", "gfx90a"}) {
    auto E = lookupSmArch(S);
    EXPECT_FALSE(E) << S;
    if (!E)
      llvm::consumeError(E.takeError());
  }
}

TEST(SmArchTest, ComputeCapabilitiesAndGpuNames) {
  EXPECT_EQ(&arch("8.6"), &arch("sm_86"));
  EXPECT_EQ(&arch("12.1"), &arch("sm_121"));
  EXPECT_EQ(&arch("h100"), &arch("sm_90"));
  EXPECT_EQ(&arch("NVIDIA H100 PCIe"), &arch("sm_90"));
  EXPECT_EQ(&arch("H200 NVL"), &arch("sm_90"));
  EXPECT_EQ(&arch("A100 SXM4 80GB"), &arch("sm_80"));
  // The longest name wins: a10 is not a100, rtx3080ti not rtx3080.
  EXPECT_EQ(&arch("a10"), &arch("sm_86"));
  EXPECT_EQ(&arch("GeForce RTX 3080 Ti"), &arch("sm_86"));
  EXPECT_EQ(&arch("GeForce RTX 4090"), &arch("sm_89"));
  EXPECT_EQ(&arch("Tesla V100 SXM2 16GB"), &arch("sm_70"));
  EXPECT_EQ(&arch("Quadro RTX 6000"), &arch("sm_75"));
  EXPECT_EQ(&arch("RTX 6000 Ada"), &arch("sm_89"));
  EXPECT_EQ(&arch("B200"), &arch("sm_100"));
  EXPECT_EQ(&arch("RTX 5090"), &arch("sm_120"));
  // Not a board variant after the name, not a GPU at all, a bad capability.
  for (const char *S : {"h100x", "a1000", "rtx", "radeon", "8.", "9.0.1"}) {
    auto E = lookupSmArch(S);
    EXPECT_FALSE(E) << S;
    if (!E)
      llvm::consumeError(E.takeError());
  }
  // The tool's --arch list takes them too.
  auto L = parseArchList("8.6,h100,sm_90");
  ASSERT_TRUE(bool(L));
  EXPECT_EQ(*L, (std::vector<std::string>{"sm_86", "sm_90"}));
}

TEST(OccupancyTest, FullOccupancy) {
  OccupancyResult R = occ("sm_80", 256, 32, 0);
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R.ActiveBlocks, 8u);
  EXPECT_EQ(R.ActiveWarps, 64u);
  EXPECT_EQ(R.Occupancy, 1.0);
  EXPECT_EQ(R.Primary, LimitWarps);
  EXPECT_EQ(R.Limiters, unsigned(LimitWarps | LimitRegisters));
  EXPECT_EQ(R.SmemPerBlock, 1024u); // the reserve alone
  EXPECT_EQ(R.BlocksBySmem, 164u);
  EXPECT_EQ(R.BlocksByBarriers, Unlimited); // before 9.0
}

TEST(OccupancyTest, RegisterLimited) {
  // 72 registers: 2304 per warp; 16384 per sub-partition hold 7 warps, 28
  // per SM, 3 blocks of 8 warps.
  OccupancyResult R = occ("sm_90", 256, 72, 49152);
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R.BlocksByWarps, 8u);
  EXPECT_EQ(R.BlocksByBlocks, 32u);
  EXPECT_EQ(R.BlocksByRegs, 3u);
  EXPECT_EQ(R.BlocksBySmem, 4u); // 233472 / (49152 + 1024)
  EXPECT_EQ(R.BlocksByBarriers, 64u);
  EXPECT_EQ(R.ActiveBlocks, 3u);
  EXPECT_EQ(R.ActiveWarps, 24u);
  EXPECT_EQ(R.Occupancy, 0.375);
  EXPECT_EQ(R.Primary, LimitRegisters);
  EXPECT_EQ(R.RegsPerBlock, 18432u);
  EXPECT_EQ(R.SmemPerBlock, 50176u);
  EXPECT_EQ(R.Carveout, 228u * 1024);
  ASSERT_TRUE(R.MinCarveout);
  EXPECT_EQ(*R.MinCarveout, 164u * 1024);
  EXPECT_EQ(R.MinCarveoutPercent, 58u);
}

TEST(OccupancyTest, SharedMemoryLimitedAndGranularity) {
  // sm_86: 100 KB; 20000 + 1024 rounds to 21120: 4 blocks.
  OccupancyResult R = occ("sm_86", 64, 16, 20000);
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R.SmemPerBlock, 21120u);
  EXPECT_EQ(R.BlocksBySmem, 4u);
  EXPECT_EQ(R.Primary, LimitSharedMemory);
  // sm_61: fixed 96 KB, 256-byte units, no reserve.
  R = occ("sm_61", 64, 16, 1);
  EXPECT_EQ(R.SmemPerBlock, 256u);
  EXPECT_EQ(R.BlocksBySmem, 384u);
  EXPECT_FALSE(R.MinCarveout);
  EXPECT_EQ(R.Carveout, 96u * 1024);
  // No shared memory before 8.0: not a limit.
  EXPECT_EQ(occ("sm_75", 64, 16, 0).BlocksBySmem, Unlimited);
  EXPECT_EQ(occ("sm_75", 64, 16, 0).MinCarveout, 32u * 1024);
}

TEST(OccupancyTest, BlockAndBarrierLimits) {
  // One warp per block: the block limit binds.
  OccupancyResult R = occ("sm_75", 32, 0, 0);
  EXPECT_EQ(R.ActiveBlocks, 16u);
  EXPECT_EQ(R.Primary, LimitBlocks);
  EXPECT_EQ(R.Occupancy, 0.5);
  // 12.0 has one barrier slot per block: two barriers halve the blocks.
  R = occ("sm_120", 32, 0, 0, 2);
  EXPECT_EQ(R.BlocksByBarriers, 12u);
  EXPECT_EQ(R.ActiveBlocks, 12u);
  EXPECT_EQ(R.Primary, LimitBarriers);
  EXPECT_EQ(occ("sm_90", 32, 0, 0, 2).ActiveBlocks, 32u);
  EXPECT_EQ(occ("sm_120", 32, 0, 0, 0).BlocksByBarriers, Unlimited);
  EXPECT_EQ(occ("sm_80", 32, 0, 0, 8).ActiveBlocks, 32u);
}

TEST(OccupancyTest, LaunchesThatCannotRun) {
  OccupancyResult R = occ("sm_80", 0, 32, 0);
  EXPECT_EQ(R.Error, LaunchError::ZeroThreads);
  EXPECT_EQ(R.ActiveBlocks, 0u);
  R = occ("sm_80", 1025, 32, 0);
  EXPECT_EQ(R.Error, LaunchError::TooManyThreads);
  EXPECT_EQ(R.ErrorMessage,
            "a block of 1025 threads is above the limit of 1024 threads per "
            "block");
  R = occ("sm_61", 32, 256, 0);
  EXPECT_EQ(R.Error, LaunchError::TooManyRegsPerThread);
  EXPECT_EQ(R.ErrorMessage,
            "256 registers per thread is above the limit of 255 on sm_61");
  EXPECT_TRUE(occ("sm_90", 32, 256, 0).ok()); // cuda_occupancy.h allows 256
  R = occ("sm_80", 1024, 65, 0);
  EXPECT_EQ(R.Error, LaunchError::TooManyRegsPerBlock);
  EXPECT_EQ(R.ErrorMessage,
            "1024 threads with 65 registers each need 73728 registers per "
            "block (per warp rounded up to 256, warps to a multiple of 4), "
            "above the limit of 65536 on sm_80");
  EXPECT_TRUE(occ("sm_80", 1024, 64, 0).ok());
  // 5.3 has half the registers per block.
  EXPECT_EQ(occ("sm_53", 1024, 64, 0).Error, LaunchError::TooManyRegsPerBlock);
  EXPECT_TRUE(occ("sm_53", 1024, 32, 0).ok());
  // 6.0 has 2 sub-partitions, but refuses what 6.1 (4) cannot run: 10 warps
  // of 6400 registers fit as 10, not as 12.
  EXPECT_EQ(occ("sm_60", 320, 200, 0).Error, LaunchError::TooManyRegsPerBlock);
  EXPECT_EQ(occ("sm_61", 320, 200, 0).Error, LaunchError::TooManyRegsPerBlock);
  EXPECT_TRUE(occ("sm_60", 320, 160, 0).ok());
  // Shared memory: 48 KB before 7.0, the opt-in maximum after.
  EXPECT_TRUE(occ("sm_61", 32, 0, 48 * 1024).ok());
  R = occ("sm_61", 32, 0, 48 * 1024 + 1);
  EXPECT_EQ(R.Error, LaunchError::TooMuchSmem);
  EXPECT_EQ(R.ErrorMessage, "49153 bytes of shared memory per block is above "
                            "the limit of 49152 bytes (48 KB) on sm_61");
  EXPECT_TRUE(occ("sm_90", 32, 0, 227 * 1024).ok());
  R = occ("sm_90", 32, 0, 227 * 1024 + 1);
  EXPECT_EQ(R.Error, LaunchError::TooMuchSmem);
  EXPECT_EQ(R.ErrorMessage,
            "232449 bytes of shared memory per block (plus the 1 KB the driver "
            "reserves per block) is above the limit of 232448 bytes (227 KB) "
            "on sm_90");
  EXPECT_TRUE(occ("sm_75", 32, 0, 64 * 1024).ok());
  EXPECT_FALSE(occ("sm_75", 32, 0, 64 * 1024 + 1).ok());
  // Errors come in launch order: the threads first.
  EXPECT_EQ(occ("sm_80", 2048, 300, 1 << 30).Error,
            LaunchError::TooManyThreads);
}

TEST(OccupancyTest, AbsurdInputsDoNotWrap) {
  for (const SmArch &A : allSmArchs()) {
    OccupancyInput In;
    In.Threads = UINT64_MAX;
    In.Regs = UINT64_MAX;
    In.Smem = UINT64_MAX;
    OccupancyResult R = computeOccupancy(A, In);
    EXPECT_FALSE(R.ok()) << A.Name.str();
    EXPECT_EQ(R.ActiveBlocks, 0u);
    In.Threads = 32;
    In.Regs = 1ull << 33; // 2^33 * 32 would wrap a 32-bit product to 0
    EXPECT_EQ(computeOccupancy(A, In).Error, LaunchError::TooManyRegsPerThread);
    In.Regs = 0;
    In.Smem = (1ull << 32) - 1; // would round up to 0 in 32 bits
    EXPECT_EQ(computeOccupancy(A, In).Error, LaunchError::TooMuchSmem);
  }
}

// The steps search registers and shared memory on the assumption that more
// of either never gives more blocks.
TEST(OccupancyTest, BlocksNeverGrowWithRegistersOrSharedMemory) {
  for (const SmArch &A : allSmArchs())
    for (uint64_t T : {32u, 96u, 256u, 1024u}) {
      unsigned Prev = ~0u;
      for (uint64_t R = 0; R <= 256; ++R) {
        unsigned B = computeOccupancy(A, {T, R, 0}).ActiveBlocks;
        EXPECT_LE(B, Prev) << A.Name.str() << " " << T << " " << R;
        Prev = B;
      }
      Prev = ~0u;
      for (uint64_t S = 0; S <= A.maxSmemPerBlock() + 4096; S += 97) {
        unsigned B = computeOccupancy(A, {T, 16, S}).ActiveBlocks;
        EXPECT_LE(B, Prev) << A.Name.str() << " " << T << " " << S;
        Prev = B;
      }
    }
}

TEST(OccupancyTest, Steps) {
  const SmArch &A = arch("sm_90");
  OccupancyInput In{256, 72, 49152};
  OccupancyResult R = computeOccupancy(A, In);
  OccupancySteps S = occupancySteps(A, In, R);
  EXPECT_EQ(S.MaxRegsSameOccupancy, 80u);
  EXPECT_EQ(computeOccupancy(A, {256, 80, 49152}).ActiveBlocks, 3u);
  EXPECT_EQ(computeOccupancy(A, {256, 81, 49152}).ActiveBlocks, 2u);
  EXPECT_EQ(S.MaxSmemSameOccupancy, 76800u); // 233472 / 3, less the reserve
  EXPECT_EQ(computeOccupancy(A, {256, 72, 76801}).ActiveBlocks, 2u);
  ASSERT_TRUE(S.NextActiveBlocks);
  EXPECT_EQ(*S.NextActiveBlocks, 4u);
  EXPECT_EQ(S.NextActiveWarps, 32u);
  EXPECT_EQ(S.NextRegs, 64u);
  EXPECT_EQ(S.NextSmem, 57344u); // 233472 / 4, less the reserve
  EXPECT_EQ(computeOccupancy(A, {256, 64, 57344}).ActiveBlocks, 4u);
  EXPECT_EQ(computeOccupancy(A, {256, 65, 57344}).ActiveBlocks, 3u);
  EXPECT_EQ(S.BestThreads, 896u); // one block of 28 warps
  EXPECT_EQ(S.BestActiveWarps, 28u);

  // Full occupancy: no next level, warps cap it.
  In = {256, 32, 0};
  R = computeOccupancy(A, In);
  S = occupancySteps(A, In, R);
  EXPECT_FALSE(S.NextActiveBlocks);
  EXPECT_EQ(S.NextBlockedBy, LimitWarps);
  EXPECT_EQ(S.MaxRegsSameOccupancy, 32u);
  EXPECT_EQ(S.BestThreads, 1024u);

  // One warp per block: 32 blocks up to 64 registers.
  In = {32, 0, 0};
  R = computeOccupancy(A, In);
  S = occupancySteps(A, In, R);
  EXPECT_EQ(S.MaxRegsSameOccupancy, 64u);
  EXPECT_EQ(S.NextBlockedBy, LimitBlocks);
  // Registers never step above what ptxas can allocate (255), though
  // cuda_occupancy.h would accept 256 here.
  In = {32, 200, 0};
  R = computeOccupancy(A, In);
  S = occupancySteps(A, In, R);
  EXPECT_EQ(computeOccupancy(A, {32, 256, 0}).ActiveBlocks, R.ActiveBlocks);
  EXPECT_EQ(S.MaxRegsSameOccupancy, 255u);

  // A launch that cannot run has no steps.
  In = {2048, 0, 0};
  R = computeOccupancy(A, In);
  S = occupancySteps(A, In, R);
  EXPECT_EQ(S.BestThreads, 0u);
  EXPECT_FALSE(S.NextActiveBlocks);
}

TEST(OccupancyTest, LimiterNames) {
  EXPECT_EQ(limiterName(LimitWarps), "warps");
  EXPECT_EQ(limiterName(LimitBlocks), "blocks");
  EXPECT_EQ(limiterName(LimitRegisters), "registers");
  EXPECT_EQ(limiterName(LimitSharedMemory), "shared-memory");
  EXPECT_EQ(limiterName(LimitBarriers), "barriers");
}
