//===-- OccupancyCalculator.h - `warplint occupancy` ------------*- C++ -*-===//
///
/// The calculator of the subcommand `warplint occupancy` (its options are
/// parsed in plugin/tool/OccupancyCalculatorCommand.cpp): what the occupancy
/// model (warplint/Model/Occupancy.h) says of one launch, of a batch of
/// launches, and of each kernel of a ptxas report, as text or JSON. It is
/// not the check warplint-occupancy (lib/Checks/OccupancyCheck.cpp), which
/// runs the same model at the launches of a source file. LLVM Support only.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CALCULATOR_OCCUPANCYCALCULATOR_H
#define WARPLINT_CALCULATOR_OCCUPANCYCALCULATOR_H

#include "warplint/Model/Occupancy.h"
#include "warplint/Model/OccupancySweep.h"
#include "warplint/Ptxas/PtxasReport.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <optional>
#include <string>

namespace warplint::calc {

/// A count, or with Sizes a size in bytes that a K or KB suffix (any case)
/// multiplies by 1024: decimal digits, at most 2^50. std::nullopt otherwise.
std::optional<uint64_t> parseCount(llvm::StringRef S, bool Sizes);

/// One launch as text: its occupancy, limiters, allocation and carveout,
/// and the steps (the most registers and shared memory that keep it, the
/// next level, the best block size).
void printOccupancy(llvm::raw_ostream &OS, const model::SmArch &A,
                    const model::OccupancyInput &In,
                    const model::OccupancyResult &R,
                    const model::OccupancySteps &S);

/// The same as one JSON object, indented, and a newline; without the steps
/// for a launch that cannot run.
void writeOccupancyJson(llvm::raw_ostream &OS, const model::SmArch &A,
                        const model::OccupancyInput &In,
                        const model::OccupancyResult &R,
                        const model::OccupancySteps &S);

/// `--batch`: for each line of Input, "ARCH THREADS REGS SMEM [BARRIERS]"
/// (blank lines and '#' comments skipped), one JSON object on a line of its
/// own, with the line's number; with Steps, also the allocation, carveout
/// and steps. A line that cannot be read gives {"line", "input", "error"}
/// and the others go on. False when a line could not be read.
bool writeBatch(llvm::raw_ostream &OS, llvm::StringRef Input, bool Steps);

/// How writeSweep prints a curve.
enum class SweepFormat { Text, Csv, Json };

/// `--sweep`: the curve of one launch over Axis (model::sweepOccupancy),
/// one row per point: the value, active blocks and warps per SM, the
/// occupancy and the limiter (or why the launch cannot run there), the
/// launch's own row marked. Text: aligned columns under a line naming the
/// fixed values. CSV: a header, then one row per point with every input
/// (each row a --batch line's configuration). JSON: one object, the launch
/// and its result ("current") and "points".
void writeSweep(llvm::raw_ostream &OS, const model::SmArch &A,
                const model::OccupancyInput &In, model::SweepAxis Axis,
                SweepFormat Format);

/// How summariseReport shows a ptxas report.
struct ReportSummaryOptions {
  /// The architecture of every kernel's occupancy (--arch); null: each
  /// kernel's own, from the report.
  const model::SmArch *Arch = nullptr;
  /// With a block size, each kernel's occupancy is shown too.
  std::optional<uint64_t> Threads;
  /// Dynamic shared memory per block, added to each kernel's static.
  uint64_t DynamicSmem = 0;
  bool Json = false;
  /// The report's name, which the text's diagnostics start with.
  std::string Name;
};

/// `--parse-ptxas`: each function of Report with its resources, as text or
/// as one JSON object (functions, modules, diagnostics), and each kernel's
/// occupancy when O.Threads is set.
void summariseReport(llvm::raw_ostream &OS, const ptxas::Report &Report,
                     const ReportSummaryOptions &O);

} // namespace warplint::calc

#endif // WARPLINT_CALCULATOR_OCCUPANCYCALCULATOR_H
