//===-- SmArch.h - Resources of one SM per compute capability ---*- C++ -*-===//
///
/// The per-architecture data of the occupancy model: one row per compute
/// capability, from SmArch.def, where each value cites its source (the CUDA
/// C++ Programming Guide or cuda_occupancy.h). SmArch.def is the one list of
/// the architectures warplint knows: --arch (Core's knownArchs()) reads it
/// too.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_SMARCH_H
#define WARPLINT_MODEL_SMARCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>

namespace warplint::model {

struct SmArch {
  llvm::StringLiteral Name; ///< "sm_90"
  unsigned Major, Minor;
  unsigned MaxWarpsPerSM;
  unsigned MaxBlocksPerSM;
  unsigned RegsPerSM;
  unsigned RegsPerBlock;
  unsigned MaxRegsPerThread;     ///< cuda_occupancy.h's: 256 on 7.0+, see .def
  uint64_t SmemPerSM;            ///< bytes
  uint64_t SmemPerBlockOptin;    ///< bytes, without the reserve
  uint64_t ReservedSmemPerBlock; ///< bytes the driver adds to every block
  unsigned SmemAllocUnit;        ///< bytes
  unsigned WarpAllocGranularity; ///< sub-partitions of the register file
  unsigned BarrierSlotsPerBlock; ///< 0: barriers do not limit (before 9.0)
  llvm::ArrayRef<unsigned> CarveoutsKB; ///< empty: not configurable

  static constexpr unsigned WarpSize = 32;
  static constexpr unsigned MaxThreadsPerBlock = 1024;
  static constexpr unsigned RegAllocUnit = 256; ///< registers, per warp
  static constexpr uint64_t SmemPerBlockDefault = 48 * 1024;

  unsigned maxThreadsPerSM() const { return MaxWarpsPerSM * WarpSize; }
  /// The largest block a kernel may ask for (static + dynamic), opted in,
  /// not counting the reserve.
  uint64_t maxSmemPerBlock() const {
    return SmemPerBlockOptin > SmemPerBlockDefault ? SmemPerBlockOptin
                                                   : SmemPerBlockDefault;
  }
  std::string version() const; ///< "9.0"
};

/// Every row of SmArch.def, oldest first.
llvm::ArrayRef<SmArch> allSmArchs();

/// The row of one architecture: "sm_90", "sm_90a", "compute_90", "90", a
/// compute capability ("9.0") or a GPU's name ("h100", "GeForce RTX 4090",
/// "A100 SXM4 80GB": GpuNames.def). An unknown name is an error that lists
/// the known ones.
llvm::Expected<const SmArch *> lookupSmArch(llvm::StringRef Name);

/// The architecture of a GPU named as in GpuNames.def ("sm_90" for "H100
/// PCIe"), or std::nullopt.
std::optional<llvm::StringRef> gpuNameArch(llvm::StringRef Name);

/// The name of the SM whose resources an architecture name has: "sm_90" for
/// "sm_90", "compute_90", "90", and for the architecture-specific and family
/// variants "sm_90a" and "sm_100f" ("sm_100"). Not checked against the table.
std::string smArchBaseName(llvm::StringRef Name);

/// The row of smArchBaseName(Name); nullptr when the table has none.
const SmArch *findSmArch(llvm::StringRef Name);

/// "sm_50, sm_52, ..., sm_121": every row's name, for error messages.
std::string knownSmArchNames();

} // namespace warplint::model

#endif // WARPLINT_MODEL_SMARCH_H
