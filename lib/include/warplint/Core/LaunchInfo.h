//===-- LaunchInfo.h - One kernel launch and its occupancy -------*- C++
//-*-===//
///
/// What the check warplint-occupancy computes for each launch it looks at
/// (and each kernel whose __launch_bounds__ fix its block), whether or not
/// it reports a finding: for the hover and the inlay hint of `warplint lsp`.
/// Like SharedAccessInfo, the data one part hands to another, at file
/// positions.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_LAUNCHINFO_H
#define WARPLINT_CORE_LAUNCHINFO_H

#include "warplint/Core/Finding.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct LaunchInfo {
  FileLocation Loc;
  std::string What;   ///< "launch of 'k'", "kernel 'k'"
  std::string Kernel; ///< its name
  std::string Block;  ///< the block shape ("256", "32x8")
  uint64_t Threads = 0;
  uint64_t DynamicSmem = 0;
  /// The occupancy on one architecture the ptxas reports cover.
  struct Arch {
    std::string Name; ///< "sm_90"
    unsigned Registers = 0;
    unsigned Barriers = 1;
    uint64_t StaticSmem = 0;
    /// The kernel's stack frame in bytes, where the report or object says.
    std::optional<uint64_t> StackFrame;
    /// Why the launch cannot run there (then the rest is 0), or empty.
    std::string Error;
    double Occupancy = 0;
    unsigned ActiveBlocks = 0, ActiveWarps = 0, MaxWarps = 0;
    std::string Limiter;  ///< "registers", "shared-memory", ...
    std::string NextStep; ///< the change that raises it, when one does
  };
  std::vector<Arch> Archs;
  /// Why no architecture has numbers ("no ptxas report"), when none has.
  std::string WhyNoOccupancy;
};

} // namespace warplint

#endif // WARPLINT_CORE_LAUNCHINFO_H
