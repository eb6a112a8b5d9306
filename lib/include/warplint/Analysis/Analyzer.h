//===-- Analyzer.h - Run the enabled checks on a translation unit -*- C++
//-*-===//
///
/// The one entry point the three front ends call, with the checks to run
/// (a CheckRegistry, filled by lib/Checks). It produces findings with clang
/// source locations; the tool turns them into file positions, the plugin
/// and the clang-tidy module hand them to their diagnostics engines.
///
/// Around it: AstFinding.h (what a check reports), Coverage.h (what the
/// analysis left unchecked), FindingResolver.h (NOLINT and file positions),
/// Containment.h (a crash costs the findings, not the compile) and
/// SharedAccessDump.h (--dump-shared-accesses and `warplint explain`).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ANALYZER_H
#define WARPLINT_ANALYSIS_ANALYZER_H

#include "warplint/Analysis/AstFinding.h"
#include "warplint/Analysis/Coverage.h"
#include "warplint/Core/LaunchInfo.h"
#include "warplint/Core/Options.h"
#include "warplint/Core/ProjectIndex.h"
#include "warplint/Core/SharedAccessInfo.h"
#include "clang/AST/ASTContext.h"
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace warplint {

class CheckRegistry;

/// One way host code launches a kernel: the block shape, and the values it
/// gives the kernel's integer parameters where it fixes them.
struct LaunchShape {
  model::Dim3 Block;
  std::vector<std::optional<int64_t>> Args;
  bool operator==(const LaunchShape &O) const {
    return Block == O.Block && Args == O.Args;
  }
};

/// The launch shapes of each kernel, keyed by the kernel's qualified name
/// (with template arguments) and the position of its first declaration, so
/// that another parse of the same file finds them.
using LaunchTable = std::map<std::string, std::vector<LaunchShape>>;

/// Launch shapes handed from one parse of a file to another: the tool's
/// host-side parse sees every launch, a device-side one not those under
/// #ifndef __CUDA_ARCH__.
struct LaunchExchange {
  /// Used for a kernel before the launches this parse sees.
  const LaunchTable *Known = nullptr;
  /// Filled with the launches this parse sees.
  LaunchTable *Seen = nullptr;
  /// The build as one program (ProjectIndex.h): the calls other translation
  /// units make of this one's functions, for a function no call of this
  /// file reaches.
  const ProjectIndex *Project = nullptr;
  /// Filled with the calls this file's host code makes of functions it
  /// does not define, with the argument values it fixes.
  std::vector<ProjectCall> *Outgoing = nullptr;
  /// Filled with the linkage names of the host functions of this file that
  /// no call in it reaches and whose parameters a launch's shape or
  /// arguments depend on: where another file's calls would tell more.
  std::set<std::string> *Wanted = nullptr;
};

struct AnalysisResult {
  std::vector<AstFinding> Findings;
  PtxasCoverage Coverage;
  SkippedAccesses Skipped;
  AccessCoverage Accesses;
  unsigned UserFunctions = 0;
  unsigned UserFunctionsWithErrors = 0;
};

/// Runs the checks of Checks that Opts enables, in the order of Checks.def;
/// with Accesses, also lists every shared-memory access and its runs (for
/// `warplint explain` and --dump-shared-accesses), from the same bank
/// analysis the check warplint-bank-conflict reports from; with
/// LaunchInfos, every launch warplint-occupancy looks at (when enabled).
AnalysisResult
analyzeTranslationUnit(clang::ASTContext &Ctx, const CheckRegistry &Checks,
                       const Options &Opts,
                       llvm::ArrayRef<clang::SourceLocation> ErrorLocs = {},
                       LaunchExchange Launches = {},
                       std::vector<SharedAccessInfo> *Accesses = nullptr,
                       std::vector<LaunchInfo> *LaunchInfos = nullptr);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_ANALYZER_H
