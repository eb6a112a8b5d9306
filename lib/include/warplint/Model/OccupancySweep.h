//===-- OccupancySweep.h - Occupancy curves of one launch -------*- C++ -*-===//
///
/// The curves of NVIDIA's occupancy calculator: for one launch, the
/// occupancy as one of its three quantities varies and the others stay
/// fixed. Each point is computeOccupancy (Occupancy.h) of the launch with
/// that value: the same function, no second model. `warplint occupancy
/// --sweep` prints them (lib/Calculator) and the occupancy charts draw them
/// (warplint/Output/OccupancyCharts.h). LLVM Support only.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_OCCUPANCYSWEEP_H
#define WARPLINT_MODEL_OCCUPANCYSWEEP_H

#include "warplint/Model/Occupancy.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <vector>

namespace warplint::model {

/// The quantity a sweep varies.
enum class SweepAxis {
  Threads, ///< threads per block: 32, 64, ... 1024
  Regs,    ///< registers per thread: 1 ... 255 (what ptxas can allocate)
  Smem,    ///< shared memory per block: 0, the allocation unit, twice it, ...
           ///< up to the (opted-in) largest block
};

/// "threads", "regs", "smem".
llvm::StringRef sweepAxisName(SweepAxis Axis);
/// "threads per block", "registers per thread", "shared memory per block".
llvm::StringRef sweepAxisTitle(SweepAxis Axis);
/// The inverse of sweepAxisName; std::nullopt for any other name.
std::optional<SweepAxis> parseSweepAxis(llvm::StringRef Name);
/// The value of Axis in In.
uint64_t sweepValue(const OccupancyInput &In, SweepAxis Axis);
/// In with the value of Axis replaced.
OccupancyInput withSweepValue(OccupancyInput In, SweepAxis Axis,
                              uint64_t Value);

struct SweepPoint {
  uint64_t Value = 0;     ///< of the swept quantity
  bool Current = false;   ///< the launch's own value
  OccupancyResult Result; ///< computeOccupancy with that value
};

/// The curve of In over Axis on A, in increasing order of value: every step
/// of the calculator's graph (see SweepAxis), and the launch's own value as
/// well when it lies between two steps (100 threads, 1000 bytes), so that
/// the current point is on the curve; it is left out when it is outside the
/// range (a launch that cannot run). Points where the launch cannot run
/// have 0 blocks and their error.
std::vector<SweepPoint>
sweepOccupancy(const SmArch &A, const OccupancyInput &In, SweepAxis Axis);

/// The values sweepOccupancy steps through, without the launch's own:
/// first, step, last.
struct SweepRange {
  uint64_t First = 0, Step = 1, Last = 0;
};
SweepRange sweepRange(const SmArch &A, SweepAxis Axis);

} // namespace warplint::model

#endif // WARPLINT_MODEL_OCCUPANCYSWEEP_H
