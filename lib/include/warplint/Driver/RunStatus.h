//===-- RunStatus.h - How a warplint run went -------------------*- C++ -*-===//
///
/// warplint-launch runs warplint with the hidden option --status-file=PATH;
/// warplint writes there, as it ends, how the run went: each file analysed
/// or not and why, the findings it reported by level, and the error that
/// stopped the run before any analysis (a usage error, a bad configuration
/// file or baseline). The launcher reads that instead of warplint's
/// messages, which it only passes on. The file is one JSON object:
///
///   {"version": 1,
///    "stoppedBy": "MESSAGE",                  (only when an error did)
///    "files": [{"file": "k.cu", "analysed": false,
///               "fatal": "MESSAGE" | "crashed": "signal 11",
///               "ptxasErrors": ["MESSAGE", ...]}],
///    "findings": {"warning": N, "error": N}}
///
/// A warplint that crashed, or one that predates the option, leaves no
/// file, or a damaged one: readRunStatus then fails.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_RUNSTATUS_H
#define WARPLINT_DRIVER_RUNSTATUS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <string>
#include <vector>

namespace warplint {

/// How the analysis of one file went.
struct FileStatus {
  std::string File; ///< as warplint was given it
  /// Why no function of it could be analysed ("4 clang errors and no
  /// function free of errors to analyse"); empty when it was analysed.
  std::string Fatal;
  /// How its analysis crashed ("signal 11"); empty when it did not.
  std::string Crashed;
  /// The --run-ptxas failures, one per architecture: the occupancy checks
  /// ran without a report for it.
  std::vector<std::string> PtxasErrors;

  bool analysed() const { return Fatal.empty() && Crashed.empty(); }
  /// What warplint says of a file it did not analyse, after
  /// "warplint: error: "; empty when it was analysed.
  std::string message() const;
};

/// How a warplint run went.
struct RunStatus {
  /// The error that stopped the run, as warplint printed it after
  /// "warplint: error: "; empty when none did.
  std::string StoppedBy;
  std::vector<FileStatus> Files;
  uint64_t Warnings = 0; ///< findings reported (after baselines), by level
  uint64_t Errors = 0;

  /// Why the run failed, as warplint said it first: StoppedBy, else the
  /// message of the first file not analysed; empty when nothing failed.
  std::string failure() const;
  /// The file named File, if the run has it.
  const FileStatus *file(llvm::StringRef File) const;

  bool operator==(const RunStatus &O) const;
};

llvm::json::Value toJson(const RunStatus &S);
llvm::Expected<RunStatus> parseRunStatus(llvm::StringRef Text);

llvm::Error writeRunStatus(llvm::StringRef Path, const RunStatus &S);
/// Fails when Path is missing, unreadable or not a status.
llvm::Expected<RunStatus> readRunStatus(llvm::StringRef Path);

} // namespace warplint

#endif // WARPLINT_DRIVER_RUNSTATUS_H
