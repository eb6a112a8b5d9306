//===-- Occupancy.h - Resident blocks and warps per SM ----------*- C++ -*-===//
///
/// The occupancy model: how many blocks of a kernel an SM holds at once, what
/// limits them, and what would change that. It computes exactly what
/// cudaOccMaxActiveBlocksPerMultiprocessor of cuda_occupancy.h computes with
/// the default device state (no cache preference, the default carveout) and a
/// kernel whose shared memory is all dynamic and opted in when above 48 KB
/// (cudaFuncAttributeMaxDynamicSharedMemorySize set to the launch's size);
/// test/occupancy-calculator/reference.test checks that on every architecture.
///
/// Depends on LLVM Support only and is unit-tested without an AST; see
/// docs/design/occupancy.md.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_OCCUPANCY_H
#define WARPLINT_MODEL_OCCUPANCY_H

#include "warplint/Model/SmArch.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace warplint::model {

struct OccupancyInput {
  uint64_t Threads = 0;  ///< per block
  uint64_t Regs = 0;     ///< per thread, as ptxas reports them
  uint64_t Smem = 0;     ///< bytes per block, static + dynamic, without the
                         ///< driver's reserve (the model adds it)
  unsigned Barriers = 1; ///< named barriers the kernel uses; cudaFuncAttributes
                         ///< converted by cuda_occupancy.h count 1
};

/// The factors of cudaOccLimitingFactor, with the same bit values.
enum Limiter : unsigned {
  LimitWarps = 0x01,
  LimitRegisters = 0x02,
  LimitSharedMemory = 0x04,
  LimitBlocks = 0x08,
  LimitBarriers = 0x10,
};
/// "warps", "registers", "shared-memory", "blocks", "barriers".
llvm::StringRef limiterName(Limiter L);

/// Why a launch cannot run at all (0 blocks per SM).
enum class LaunchError {
  None,
  ZeroThreads,    ///< a block of 0 threads
  TooManyThreads, ///< above 1024 threads per block
  TooManyRegsPerThread,
  TooManyRegsPerBlock, ///< the block's registers exceed the per-block file
  TooMuchSmem,         ///< above the (opt-in) per-block maximum
};

/// A limit that does not bind: no registers or no shared memory used.
constexpr unsigned Unlimited = ~0u;

struct OccupancyResult {
  LaunchError Error = LaunchError::None;
  std::string ErrorMessage; ///< one sentence, empty without an error

  unsigned WarpsPerBlock = 0;
  unsigned ActiveBlocks = 0; ///< per SM
  unsigned ActiveWarps = 0;  ///< per SM
  unsigned MaxWarps = 0;     ///< per SM
  double Occupancy = 0;      ///< ActiveWarps / MaxWarps

  /// Blocks per SM each resource alone allows (Unlimited: not bound).
  unsigned BlocksByWarps = 0, BlocksByBlocks = 0, BlocksByRegs = 0,
           BlocksBySmem = 0, BlocksByBarriers = Unlimited;
  unsigned Limiters = 0;        ///< every Limiter that equals ActiveBlocks
  Limiter Primary = LimitWarps; ///< the first of Limiters, in the order
                                ///< warps, blocks, registers, shared-memory,
                                ///< barriers

  uint64_t RegsPerBlock = 0; ///< allocated: per warp rounded to 256
  uint64_t SmemPerBlock = 0; ///< allocated: with the reserve, rounded

  /// The shared-memory carveout cuda_occupancy.h assumes for
  /// cudaSharedmemCarveoutDefault (the largest, or the fixed size before 7.0).
  uint64_t Carveout = 0;
  /// The smallest configurable carveout that keeps ActiveBlocks, and the
  /// cudaFuncAttributePreferredSharedMemoryCarveout percentage that selects
  /// it; absent before 7.0 (fixed) and for launches that cannot run.
  std::optional<uint64_t> MinCarveout;
  unsigned MinCarveoutPercent = 0;

  bool ok() const { return Error == LaunchError::None; }
};

OccupancyResult computeOccupancy(const SmArch &A, const OccupancyInput &In);

/// What keeps or improves the occupancy of a launch that can run.
struct OccupancySteps {
  /// The most registers per thread (at most 255, what ptxas can allocate)
  /// and shared memory per block that keep ActiveBlocks, the other fixed.
  unsigned MaxRegsSameOccupancy = 0;
  uint64_t MaxSmemSameOccupancy = 0;

  /// The next level: more blocks per SM. Absent when warps, blocks or
  /// barriers cap it (NextBlockedBy says which); else reaching it needs
  /// registers <= NextRegs and shared memory <= NextSmem, which gives
  /// NextActiveBlocks (one more block, or more).
  std::optional<unsigned> NextActiveBlocks;
  unsigned NextActiveWarps = 0;
  unsigned NextRegs = 0;
  uint64_t NextSmem = 0;
  Limiter NextBlockedBy = LimitWarps;

  /// The block size (a multiple of 32, at most 1024) with the most resident
  /// threads, ties to the larger block, as
  /// cudaOccMaxPotentialOccupancyBlockSize picks it; 0 if none can run.
  unsigned BestThreads = 0;
  unsigned BestActiveWarps = 0;
};

OccupancySteps occupancySteps(const SmArch &A, const OccupancyInput &In,
                              const OccupancyResult &R);

} // namespace warplint::model

#endif // WARPLINT_MODEL_OCCUPANCY_H
