//===-- Options.h - Options shared by every front end ------------*- C++
//-*-===//
#ifndef WARPLINT_CORE_OPTIONS_H
#define WARPLINT_CORE_OPTIONS_H

#include "warplint/Core/Checks.h"
#include "warplint/Core/ProjectIndex.h"
#include "warplint/Model/BlockSize.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// "true", "1", "yes", "on" / "false", "0", "no", "off" (any case, trimmed);
/// std::nullopt for anything else.
std::optional<bool> parseBool(llvm::StringRef V);

/// The compute capabilities warplint has data for, as "sm_XY": the rows of
/// warplint/Model/SmArch.def.
llvm::ArrayRef<llvm::StringLiteral> knownArchs();

/// Parses "sm_80,sm_90" (also "80", "compute_80" and "sm_90a"), rejecting
/// unknown architectures with a message that lists the known ones.
llvm::Expected<std::vector<std::string>> parseArchList(llvm::StringRef List);

/// Parses a block shape as options give it, "32", "32,8" or "32x8x2", into
/// one that can launch.
std::optional<model::Dim3> parseBlockDim(llvm::StringRef S);

/// Ptxas reports that arrive while the analysis runs: get() waits for them
/// and returns them as (name, text). warplint-launch's are the one kind
/// (PendingPtxasReports, warplint/Driver/ReportExchange.h).
class LatePtxasReports {
public:
  virtual ~LatePtxasReports();
  virtual const std::vector<std::pair<std::string, std::string>> &
  get() const = 0;
};

/// Options of the analysis, one struct for the tool, the plugin and the
/// clang-tidy module. Check options are keyed "check-name.OptionName", as in
/// clang-tidy's CheckOptions.
struct Options {
  CheckFilter Checks;
  std::vector<std::string> Archs{"sm_80"};
  /// False while Archs is the default: the occupancy checks then take the
  /// architectures the ptxas reports were built for.
  bool ArchsGiven = false;
  llvm::StringMap<std::string> CheckOptions;
  /// The text of each ptxas report (nvcc -Xptxas -v, --resource-usage,
  /// ptxas -v) that the occupancy checks read, and where it came from.
  std::vector<std::pair<std::string, std::string>> PtxasReports;
  /// The bytes of each CUDA object (--object: a host object, a fatbinary or
  /// a cubin), whose kernels' resources the occupancy checks read as they
  /// read a report's (warplint/Ptxas/CudaObject.h), and where it came from.
  std::vector<std::pair<std::string, std::string>> Objects;
  /// Reports that appear while the analysis runs (shared by the copies of
  /// these options that parallel files get).
  std::shared_ptr<const LatePtxasReports> Pending;

  /// PtxasReports and, once they are there, the pending ones.
  std::vector<std::pair<std::string, std::string>> ptxasReports() const;

  /// Sets "check.Option=value"; rejects unknown checks and options.
  llvm::Error setCheckOption(llvm::StringRef KeyEqualsValue);
  bool getBool(llvm::StringRef Key, bool Default) const;
  double getDouble(llvm::StringRef Key, double Default) const;
  uint64_t getUInt(llvm::StringRef Key, uint64_t Default) const;
  /// Reads a ptxas report from File into PtxasReports.
  llvm::Error addPtxasReportFile(llvm::StringRef File);
  /// Reads a CUDA object from File into Objects (whether the reader can
  /// read it is the front end's to say).
  llvm::Error addObjectFile(llvm::StringRef File);

  /// Whether findings keep their properties (the numbers behind a
  /// message, for JSON and SARIF output): the compiler front ends, which
  /// print diagnostics, do not, and a file of many findings holds less.
  bool FindingProperties = true;
  /// Whether warplint-bank-conflict reports the accesses of each function
  /// as soon as they are analysed and drops them, rather than keeping
  /// every access of the file to its end: the compiler front ends, which
  /// list no accesses, do. (The tool keeps them, for its list of accesses
  /// and notes in source order.)
  bool StreamBankReports = false;

  /// The calls between the build's files (ProjectIndex.h) a previous run
  /// wrote (warplint -p --write-project-index), for a front end that sees
  /// one translation unit: the plugin and the clang-tidy module.
  std::shared_ptr<const ProjectIndex> Project;
  /// Reads Project from File.
  llvm::Error setProjectIndexFile(llvm::StringRef File);
};

/// One option a check understands: its key, default and meaning.
struct CheckOptionInfo {
  llvm::StringLiteral Key; ///< "warplint-block-size.LaunchBounds"
  llvm::StringLiteral Default;
  llvm::StringLiteral Help;
};
llvm::ArrayRef<CheckOptionInfo> allCheckOptions();

} // namespace warplint

#endif // WARPLINT_CORE_OPTIONS_H
