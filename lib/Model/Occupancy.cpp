//===-- Occupancy.cpp - Resident blocks and warps per SM ------------------===//
//
// Each step follows the function of cuda_occupancy.h (CUDA 13.0) named in its
// comment, with the device state at its defaults (CACHE_PREFER_NONE,
// SHAREDMEM_CARVEOUT_DEFAULT), partitioned global caching off, static shared
// memory 0 and the launch's shared memory dynamic, opted in to exactly its
// size (FUNC_SHMEM_LIMIT_OPTIN, maxDynamicSharedSizeBytes = Smem). The header
// computes in int; here every quantity is 64-bit and inputs are clamped
// before they could overflow, so that absurd inputs give errors, not wraps.
//
//===----------------------------------------------------------------------===//
#include "warplint/Model/Occupancy.h"
#include "llvm/ADT/Twine.h"
#include <algorithm>

using namespace llvm;

namespace warplint::model {

static uint64_t divideRoundUp(uint64_t X, uint64_t Y) {
  return X / Y + (X % Y != 0);
}
static uint64_t roundUp(uint64_t X, uint64_t Y) {
  return divideRoundUp(X, Y) * Y;
}

StringRef limiterName(Limiter L) {
  switch (L) {
  case LimitWarps:
    return "warps";
  case LimitRegisters:
    return "registers";
  case LimitSharedMemory:
    return "shared-memory";
  case LimitBlocks:
    return "blocks";
  case LimitBarriers:
    return "barriers";
  }
  return "unknown";
}

// Larger inputs are as wrong as these and cannot overflow below.
static constexpr uint64_t InputClamp = uint64_t(1) << 40;

namespace {
/// The register limit of cudaOccMaxBlocksPerSMRegsLimit.
struct RegsLimit {
  unsigned Blocks = 0;
  uint64_t Allocated = 0; ///< registers of a block, per warp rounded up
  uint64_t Assumed = 0;   ///< the hardware check's: warps rounded to Parts
};
} // namespace

static RegsLimit regsLimit(const SmArch &A, unsigned Parts, uint64_t Regs,
                           uint64_t Warps) {
  RegsLimit L;
  uint64_t PerWarp = roundUp(Regs * SmArch::WarpSize, SmArch::RegAllocUnit);
  L.Allocated = PerWarp * Warps;
  // "The verification logic assumes register allocations are made to all
  // partitions simultaneously": the hardware check rounds the warps up.
  L.Assumed = PerWarp * roundUp(Warps, Parts);
  if (L.Assumed > A.RegsPerBlock || L.Allocated > A.RegsPerBlock ||
      Regs > A.MaxRegsPerThread)
    return L;
  if (PerWarp == 0) {
    L.Blocks = Unlimited;
    return L;
  }
  uint64_t WarpsPerPart = (A.RegsPerSM / Parts) / PerWarp;
  L.Blocks = unsigned(WarpsPerPart * Parts / Warps);
  return L;
}

/// cudaOccAlignUpShmemSizeVoltaPlus: the smallest carveout of at least Bytes;
/// none if Bytes is above the largest.
static std::optional<uint64_t> alignUpCarveout(const SmArch &A,
                                               uint64_t Bytes) {
  for (unsigned KB : A.CarveoutsKB)
    if (Bytes <= uint64_t(KB) * 1024)
      return uint64_t(KB) * 1024;
  return std::nullopt;
}

/// cudaOccSMemPerMultiprocessor with the default state: 7.0+ takes the SM's
/// shared memory aligned up to a carveout (the largest); before, the SM's
/// fixed shared memory.
static uint64_t defaultCarveout(const SmArch &A) {
  if (A.Major >= 7)
    return alignUpCarveout(A, A.SmemPerSM).value_or(A.SmemPerSM);
  return A.SmemPerSM;
}

static std::string kb(uint64_t Bytes) {
  if (Bytes % 1024 == 0)
    return std::to_string(Bytes / 1024) + " KB";
  return std::to_string(Bytes) + " bytes";
}

OccupancyResult computeOccupancy(const SmArch &A, const OccupancyInput &In) {
  OccupancyResult R;
  R.MaxWarps = A.MaxWarpsPerSM;
  if (In.Threads == 0) {
    R.Error = LaunchError::ZeroThreads;
    R.ErrorMessage = "a block of 0 threads cannot be launched";
    return R;
  }
  uint64_t Threads = std::min(In.Threads, InputClamp);
  uint64_t Regs = std::min(In.Regs, InputClamp);
  uint64_t Smem = std::min(In.Smem, InputClamp);
  uint64_t Warps = divideRoundUp(Threads, SmArch::WarpSize);
  R.WarpsPerBlock = unsigned(std::min<uint64_t>(Warps, Unlimited - 1));

  // cudaOccMaxBlocksPerSMRegsLimit; on 6.0, a block that could not run on
  // 6.1 (4 sub-partitions, not 2) is refused too, "for forward
  // compatibility within Pascal family".
  RegsLimit RL = regsLimit(A, A.WarpAllocGranularity, Regs, Warps);
  R.BlocksByRegs = RL.Blocks;
  R.RegsPerBlock = RL.Allocated;
  uint64_t RegsAssumed = RL.Assumed;
  if (A.Major == 6 && A.Minor == 0 && RL.Blocks != 0) {
    RegsLimit GP10x = regsLimit(A, 4, Regs, Warps);
    if (GP10x.Blocks == 0) {
      R.BlocksByRegs = 0;
      RegsAssumed = GP10x.Assumed;
    }
  }

  // cudaOccMaxBlocksPerSMWarpsLimit.
  R.BlocksByWarps = Threads > SmArch::MaxThreadsPerBlock
                        ? 0
                        : unsigned(A.MaxWarpsPerSM / Warps);
  // cudaOccMaxBlocksPerMultiprocessor.
  R.BlocksByBlocks = A.MaxBlocksPerSM;

  // cudaOccMaxBlocksPerSMSmemLimit and cudaOccSMemPerBlock. The launch opts
  // in to its own size, so the opt-in limit applies once the block with its
  // reserve is above 48 KB; 8.0+ adds the reserve to the limit as well.
  uint64_t Total = Smem + A.ReservedSmemPerBlock;
  R.SmemPerBlock = roundUp(Total, A.SmemAllocUnit);
  uint64_t SmemLimit = A.Major >= 7 && Total > SmArch::SmemPerBlockDefault
                           ? A.SmemPerBlockOptin
                           : SmArch::SmemPerBlockDefault;
  if (A.Major >= 8)
    SmemLimit += A.ReservedSmemPerBlock;
  uint64_t Pref = defaultCarveout(A);
  if (R.SmemPerBlock > SmemLimit) {
    R.BlocksBySmem = 0;
  } else {
    // The preferred size holds at least one block, or on 7.0+ the driver
    // takes the smallest carveout that holds one.
    uint64_t PerSM = Pref;
    if (Pref < R.SmemPerBlock)
      PerSM = A.Major >= 7
                  ? alignUpCarveout(A, R.SmemPerBlock).value_or(A.SmemPerSM)
                  : A.SmemPerSM;
    R.Carveout = PerSM;
    R.BlocksBySmem =
        R.SmemPerBlock ? unsigned(PerSM / R.SmemPerBlock) : Unlimited;
  }

  unsigned Active = std::min(
      {R.BlocksByRegs, R.BlocksBySmem, R.BlocksByWarps, R.BlocksByBlocks});
  // cudaOccMaxBlocksPerSMBlockBarrierLimit, 9.0+ only.
  if (A.Major >= 9 && A.BarrierSlotsPerBlock && In.Barriers > 0) {
    R.BlocksByBarriers =
        R.BlocksByBlocks * A.BarrierSlotsPerBlock / In.Barriers;
    Active = std::min(Active, R.BlocksByBarriers);
  }
  R.ActiveBlocks = Active;
  R.ActiveWarps = unsigned(Active * Warps);
  R.Occupancy = double(R.ActiveWarps) / double(A.MaxWarpsPerSM);
  const std::pair<Limiter, unsigned> Order[] = {
      {LimitWarps, R.BlocksByWarps},
      {LimitBlocks, R.BlocksByBlocks},
      {LimitRegisters, R.BlocksByRegs},
      {LimitSharedMemory, R.BlocksBySmem},
      {LimitBarriers, R.BlocksByBarriers}};
  bool First = true;
  for (auto [L, Blocks] : Order)
    if (Blocks == Active) {
      R.Limiters |= L;
      if (First)
        R.Primary = L;
      First = false;
    }

  // Why 0 blocks, the first reason in launch order.
  if (Threads > SmArch::MaxThreadsPerBlock) {
    R.Error = LaunchError::TooManyThreads;
    R.ErrorMessage = (Twine("a block of ") + Twine(In.Threads) +
                      " threads is above the limit of " +
                      Twine(SmArch::MaxThreadsPerBlock) + " threads per block")
                         .str();
  } else if (Regs > A.MaxRegsPerThread) {
    R.Error = LaunchError::TooManyRegsPerThread;
    R.ErrorMessage =
        (Twine(In.Regs) + " registers per thread is above the limit of " +
         Twine(A.MaxRegsPerThread) + " on " + A.Name)
            .str();
  } else if (R.BlocksByRegs == 0) {
    R.Error = LaunchError::TooManyRegsPerBlock;
    R.ErrorMessage =
        (Twine(Threads) + " threads with " + Twine(Regs) +
         " registers each need " + Twine(std::max(RL.Allocated, RegsAssumed)) +
         " registers per block (per warp rounded up to " +
         Twine(SmArch::RegAllocUnit) + ", warps to a multiple of " +
         Twine(A.Major == 6 && A.Minor == 0 && RegsAssumed != RL.Assumed
                   ? 4
                   : A.WarpAllocGranularity) +
         "), above the limit of " + Twine(A.RegsPerBlock) + " on " + A.Name)
            .str();
  } else if (R.BlocksBySmem == 0) {
    R.Error = LaunchError::TooMuchSmem;
    std::string Reserve = A.ReservedSmemPerBlock
                              ? " (plus the " + kb(A.ReservedSmemPerBlock) +
                                    " the driver reserves per block)"
                              : "";
    R.ErrorMessage =
        (Twine(In.Smem) + " bytes of shared memory per block" + Reserve +
         " is above the limit of " + Twine(A.maxSmemPerBlock()) + " bytes (" +
         kb(A.maxSmemPerBlock()) + ") on " + A.Name)
            .str();
  }
  if (!R.ok())
    return R;

  // The smallest carveout keeping the blocks, and the smallest
  // cudaFuncAttributePreferredSharedMemoryCarveout percentage that
  // cudaOccSMemPreferenceVoltaPlus maps to it.
  for (unsigned KB : A.CarveoutsKB) {
    uint64_t C = uint64_t(KB) * 1024;
    if (C < R.SmemPerBlock ||
        (R.SmemPerBlock && C / R.SmemPerBlock < R.ActiveBlocks))
      continue;
    R.MinCarveout = C;
    for (unsigned P = 0; P <= 100; ++P)
      if (alignUpCarveout(A, P * A.SmemPerSM / 100).value_or(~0ull) >= C) {
        R.MinCarveoutPercent = P;
        break;
      }
    break;
  }
  return R;
}

OccupancySteps occupancySteps(const SmArch &A, const OccupancyInput &In,
                              const OccupancyResult &R) {
  OccupancySteps S;
  if (!R.ok())
    return S;
  auto With = [&](uint64_t Regs, uint64_t Smem) {
    OccupancyInput I = In;
    I.Regs = Regs;
    I.Smem = Smem;
    return computeOccupancy(A, I);
  };
  // ptxas allocates at most 255 registers per thread, whatever the header's
  // per-thread limit.
  unsigned RegCap = std::min(255u, A.MaxRegsPerThread);
  uint64_t SmemCap = A.maxSmemPerBlock();

  // Both searches rely on the blocks per SM never growing with registers or
  // shared memory (the unit tests check it).
  S.MaxRegsSameOccupancy = unsigned(std::min<uint64_t>(In.Regs, RegCap));
  for (unsigned Regs = RegCap; Regs > In.Regs; --Regs)
    if (With(Regs, In.Smem).ActiveBlocks >= R.ActiveBlocks) {
      S.MaxRegsSameOccupancy = Regs;
      break;
    }
  auto LargestSmem = [&](uint64_t Lo, auto Keeps) {
    uint64_t Hi = SmemCap; // Keeps(Lo) holds; find the last that does
    while (Lo < Hi) {
      uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
      if (Keeps(Mid))
        Lo = Mid;
      else
        Hi = Mid - 1;
    }
    return Lo;
  };
  S.MaxSmemSameOccupancy =
      LargestSmem(std::min(In.Smem, SmemCap), [&](uint64_t M) {
        return With(In.Regs, M).ActiveBlocks >= R.ActiveBlocks;
      });

  // The next level.
  unsigned Target = R.ActiveBlocks + 1;
  unsigned Cap =
      std::min({R.BlocksByWarps, R.BlocksByBlocks, R.BlocksByBarriers});
  if (Cap < Target) {
    S.NextBlockedBy = R.BlocksByWarps == Cap    ? LimitWarps
                      : R.BlocksByBlocks == Cap ? LimitBlocks
                                                : LimitBarriers;
  } else {
    S.NextRegs = 0;
    for (unsigned Regs = RegCap + 1; Regs-- > 0;)
      if (With(Regs, In.Smem).BlocksByRegs >= Target) {
        S.NextRegs = Regs;
        break;
      }
    S.NextSmem = LargestSmem(
        0, [&](uint64_t M) { return With(In.Regs, M).BlocksBySmem >= Target; });
    OccupancyResult Next = With(std::min<uint64_t>(In.Regs, S.NextRegs),
                                std::min(In.Smem, S.NextSmem));
    S.NextActiveBlocks = Next.ActiveBlocks;
    S.NextActiveWarps = Next.ActiveWarps;
  }

  // cudaOccMaxPotentialOccupancyBlockSize with a fixed shared-memory size.
  uint64_t Best = 0;
  for (unsigned T = SmArch::MaxThreadsPerBlock; T > 0; T -= SmArch::WarpSize) {
    OccupancyInput I = In;
    I.Threads = T;
    OccupancyResult O = computeOccupancy(A, I);
    if (uint64_t(O.ActiveBlocks) * T > Best) {
      Best = uint64_t(O.ActiveBlocks) * T;
      S.BestThreads = T;
      S.BestActiveWarps = O.ActiveWarps;
    }
    if (Best == A.maxThreadsPerSM())
      break;
  }
  return S;
}

} // namespace warplint::model
