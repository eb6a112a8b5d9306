//===-- Coverage.h - What the analysis of a file left unchecked -*- C++ -*-===//
///
/// The two things the analysis of a translation unit can leave unchecked
/// without a finding saying so, each for its front end's one line per file:
/// the kernels the ptxas-report checks had no report for (PtxasCoverage),
/// and the shared-memory accesses a bound on the bank-conflict analysis's
/// work left (SkippedAccesses).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_COVERAGE_H
#define WARPLINT_ANALYSIS_COVERAGE_H

#include "clang/Basic/SourceLocation.h"
#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace warplint {

/// What warplint-occupancy and warplint-register-spill could not check in a
/// translation unit for want of a ptxas report, for the front ends' one-line
/// note (docs/checks/warplint-occupancy.md). Empty unless one of them is
/// enabled and the file defines or launches a kernel for them to look at.
struct PtxasCoverage {
  /// The enabled checks that read the report.
  std::vector<std::string> Checks;
  /// No ptxas report was given at all. (One given but unusable is not
  /// counted: the front end has already said so.)
  bool NoReport = false;
  /// The architectures asked for (--arch, Archs, arch=, Arch) that no report
  /// covers, and those the reports do cover.
  std::vector<std::string> MissingArchs, ReportArchs;

  bool empty() const { return !NoReport && MissingArchs.empty(); }
  /// The note without the front end's advice: "no ptxas report for sm_90
  /// (the report covers sm_80); warplint-occupancy and
  /// warplint-register-spill skipped for sm_90", or "no ptxas report;
  /// warplint-occupancy and warplint-register-spill skipped".
  std::string message() const;
};

/// The shared-memory accesses of a translation unit that the bank-conflict
/// analysis left unanalysed because a bound on its work was reached
/// (warplint-bank-conflict.MaxSteps or MaxFileSteps), for the front ends'
/// one warning per file. Empty when none was.
struct SkippedAccesses {
  unsigned Count = 0;
  clang::SourceLocation First; ///< the first access skipped
  /// The option to raise: MaxFileSteps when the file's bound stopped one,
  /// else MaxSteps; and its value.
  std::string Option;
  uint64_t Limit = 0;
  bool empty() const { return Count == 0; }
  /// "3 shared-memory accesses not analysed (the first on line 12): the
  /// analysis of this file reached its limit of 500000000 steps
  /// (warplint-bank-conflict.MaxFileSteps)", without the front end's
  /// advice.
  std::string message(const clang::SourceManager &SM) const;
};

/// What the bank-conflict analysis of a translation unit could say of its
/// shared-memory accesses, for the tool's summary line and notes with
/// --verbose: how many got a degree for a launch shape of the file, how
/// many only for the assumed block, how many none; and a note for each
/// kernel analysed only with the assumed block and each access left
/// unknown, with the reason and what would make it known.
struct AccessCoverage {
  unsigned Total = 0;
  unsigned WithDegree = 0;  ///< a degree for a block shape the file launches
  unsigned AssumedOnly = 0; ///< a degree for the assumed block only
  unsigned Unknown = 0;
  unsigned Parametric = 0; ///< of Unknown: a degree per run-time value
  std::vector<std::pair<clang::SourceLocation, std::string>> Notes;
  bool empty() const { return Total == 0; }
  /// "5 shared-memory accesses: 2 with a degree, 1 at the assumed block
  /// only, 2 unknown (1 with a degree for each value of a run-time value)".
  std::string summary() const;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_COVERAGE_H
