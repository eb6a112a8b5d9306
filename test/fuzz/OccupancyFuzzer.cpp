//===-- OccupancyFuzzer.cpp - the occupancy model -------------------------===//
///
/// Random launches (architecture, block size, registers, shared memory,
/// barriers) against the invariants of CUDA's occupancy rules:
/// - 0 <= occupancy <= 1, and the resident warps are the blocks' warps;
/// - resident blocks never grow with more registers per thread, more shared
///   memory per block or more threads per block (a launch that cannot run
///   stays unable to run);
/// - the steps warplint suggests are true: the register and shared-memory
///   headroom keeps the occupancy and one more takes it away, the next
///   level is reached where it says, and the best block size is the best.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Model/Occupancy.h"

using namespace warplint;
using namespace warplint::model;

namespace {

std::string describe(const SmArch &A, const OccupancyInput &In) {
  return std::string(A.Name) + " threads=" + std::to_string(In.Threads) +
         " regs=" + std::to_string(In.Regs) +
         " smem=" + std::to_string(In.Smem) +
         " barriers=" + std::to_string(In.Barriers);
}

unsigned blocks(const SmArch &A, const OccupancyInput &In) {
  OccupancyResult R = computeOccupancy(A, In);
  return R.ok() ? R.ActiveBlocks : 0;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::Bytes Bytes(Data, Size);
  llvm::ArrayRef<SmArch> Archs = allSmArchs();
  const SmArch &A = Archs[Bytes.u8() % Archs.size()];
  OccupancyInput In;
  In.Threads = Bytes.range(0, 1100);
  In.Regs = Bytes.range(0, 300);
  In.Smem = Bytes.range(0, 300 * 1024);
  In.Barriers = unsigned(Bytes.range(0, 20));
  uint8_t Step = Bytes.u8();
  const std::string What = describe(A, In);

  OccupancyResult R = computeOccupancy(A, In);
  WARPLINT_FUZZ_CHECK(R.Occupancy >= 0 && R.Occupancy <= 1, What);
  WARPLINT_FUZZ_CHECK(R.ok() == R.ErrorMessage.empty(), What);
  if (!R.ok()) {
    WARPLINT_FUZZ_CHECK(R.ActiveBlocks == 0, What);
  } else {
    WARPLINT_FUZZ_CHECK(
        R.ActiveBlocks >= 1 && R.ActiveBlocks <= A.MaxBlocksPerSM, What);
    WARPLINT_FUZZ_CHECK(R.ActiveWarps == R.ActiveBlocks * R.WarpsPerBlock,
                        What);
    WARPLINT_FUZZ_CHECK(R.ActiveWarps <= R.MaxWarps, What);
    WARPLINT_FUZZ_CHECK(R.Limiters & R.Primary, What);
  }

  // Monotone: more of any resource never gives more resident blocks.
  unsigned Blocks = R.ok() ? R.ActiveBlocks : 0;
  OccupancyInput More = In;
  More.Regs += 1 + Step % 16;
  WARPLINT_FUZZ_CHECK(blocks(A, More) <= Blocks, What + " with more registers");
  More = In;
  More.Smem += 1 + uint64_t(Step) * 97;
  WARPLINT_FUZZ_CHECK(blocks(A, More) <= Blocks,
                      What + " with more shared memory");
  More = In;
  More.Threads += 1 + Step % 64;
  // (A block of 0 threads cannot launch; one of 1 thread can.)
  WARPLINT_FUZZ_CHECK(In.Threads == 0 || blocks(A, More) <= Blocks,
                      What + " with more threads");
  if (!R.ok())
    return 0;

  OccupancySteps S = occupancySteps(A, In, R);
  // Headroom: up to MaxRegsSameOccupancy keeps the blocks, one more loses
  // some (or the launch), unless it is the most ptxas allocates.
  WARPLINT_FUZZ_CHECK(S.MaxRegsSameOccupancy >= In.Regs || In.Regs > 255, What);
  if (In.Regs <= 255) {
    More = In;
    More.Regs = S.MaxRegsSameOccupancy;
    WARPLINT_FUZZ_CHECK(blocks(A, More) == Blocks,
                        What + " at the register headroom");
    if (S.MaxRegsSameOccupancy < 255) {
      More.Regs += 1;
      WARPLINT_FUZZ_CHECK(blocks(A, More) < Blocks,
                          What + " past the register headroom");
    }
  }
  WARPLINT_FUZZ_CHECK(S.MaxSmemSameOccupancy >= In.Smem, What);
  More = In;
  More.Smem = S.MaxSmemSameOccupancy;
  WARPLINT_FUZZ_CHECK(blocks(A, More) == Blocks,
                      What + " at the shared-memory headroom");
  More.Smem += 1;
  WARPLINT_FUZZ_CHECK(blocks(A, More) < Blocks,
                      What + " past the shared-memory headroom");

  if (S.NextActiveBlocks) {
    WARPLINT_FUZZ_CHECK(*S.NextActiveBlocks > Blocks, What);
    More = In;
    More.Regs = std::min<uint64_t>(In.Regs, S.NextRegs);
    More.Smem = std::min<uint64_t>(In.Smem, S.NextSmem);
    WARPLINT_FUZZ_CHECK(blocks(A, More) == *S.NextActiveBlocks,
                        What + " at the next level");
  }

  // The best block size: no multiple of 32 keeps more threads resident.
  if (S.BestThreads) {
    WARPLINT_FUZZ_CHECK(S.BestThreads % 32 == 0 && S.BestThreads <= 1024, What);
    More = In;
    More.Threads = S.BestThreads;
    OccupancyResult Best = computeOccupancy(A, More);
    WARPLINT_FUZZ_CHECK(Best.ok() && Best.ActiveWarps == S.BestActiveWarps,
                        What);
    for (unsigned T = 32; T <= 1024; T += 32) {
      More.Threads = T;
      OccupancyResult O = computeOccupancy(A, More);
      WARPLINT_FUZZ_CHECK(!O.ok() || O.ActiveWarps <= S.BestActiveWarps,
                          What + " at " + std::to_string(T) + " threads");
    }
  }
  return 0;
}
