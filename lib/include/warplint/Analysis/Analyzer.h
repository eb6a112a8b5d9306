//===-- Analyzer.h - Run the enabled checks on a translation unit -*- C++
//-*-===//
///
/// The one entry point the three front ends call, with the checks to run
/// (a CheckRegistry, filled by lib/Checks). It produces findings with clang
/// source locations; the tool turns them into file positions, the plugin
/// and the clang-tidy module hand them to their diagnostics engines.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ANALYZER_H
#define WARPLINT_ANALYSIS_ANALYZER_H

#include "warplint/Core/Finding.h"
#include "warplint/Core/Options.h"
#include "warplint/Core/SharedAccessInfo.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <optional>
#include <vector>

namespace warplint {

class CheckRegistry;

/// A replacement of source text that a fix would make.
struct AstFixIt {
  clang::CharSourceRange Range;
  std::string Text;
};

struct AstNote {
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<AstFixIt> FixIts;
};

struct AstFinding {
  CheckId Check;
  Severity Level = Severity::Warning;
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<AstNote> Notes;
  llvm::json::Object Properties;
  /// The function the finding is in (CheckContext::report sets it).
  std::string Function;
};

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
};

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

struct AnalysisResult {
  std::vector<AstFinding> Findings;
  PtxasCoverage Coverage;
  SkippedAccesses Skipped;
  unsigned UserFunctions = 0;
  unsigned UserFunctionsWithErrors = 0;
};

/// Runs the checks of Checks that Opts enables, in the order of Checks.def;
/// with Accesses, also lists every shared-memory access and its runs (for
/// `warplint explain` and --dump-shared-accesses), from the same bank
/// analysis the check warplint-bank-conflict reports from.
AnalysisResult
analyzeTranslationUnit(clang::ASTContext &Ctx, const CheckRegistry &Checks,
                       const Options &Opts,
                       llvm::ArrayRef<clang::SourceLocation> ErrorLocs = {},
                       LaunchExchange Launches = {},
                       std::vector<SharedAccessInfo> *Accesses = nullptr);

/// Runs Work under a llvm::CrashRecoveryContext on a thread with a 64 MiB
/// stack (and a signal stack, so that a stack overflow is contained too),
/// as clang's driver runs its parser. False after a crash, with Crash set
/// to how it crashed ("signal 11"); what Work allocated is then abandoned.
bool runContained(llvm::function_ref<void()> Work, std::string &Crash);

/// analyzeTranslationUnit for the front ends that run inside a compiler
/// (the plugin, the clang-tidy module), under runContained: a crash in
/// warplint's analysis costs its findings, never the compile. std::nullopt
/// after a crash, with Crash set to how it crashed ("signal 11").
std::optional<AnalysisResult>
analyzeTranslationUnitContained(clang::ASTContext &Ctx,
                                const CheckRegistry &Checks,
                                const Options &Opts, std::string &Crash);

/// "signal 11" for a CrashRecoveryContext's RetCode of 139, else
/// "exit code N".
std::string crashDescription(int RetCode);

class BankConflictAnalysis;
/// The shared-memory accesses A found, as the front ends print them.
std::vector<SharedAccessInfo>
describeSharedAccesses(const BankConflictAnalysis &A, clang::ASTContext &Ctx);

/// The file position toFinding gives Loc: its expansion location, the path
/// made absolute against the compile's working directory, #line directives
/// ignored. Empty File for a location in no file.
FileLocation fileLocationOf(clang::SourceLocation Loc,
                            const clang::SourceManager &SM);

/// An unmatched NOLINTBEGIN or NOLINTEND (warplint/Core/Nolint.h).
struct NolintProblem {
  clang::SourceLocation Loc;
  std::string Message;
};

/// For the tool and the plugin (clang-tidy applies its own): drops the
/// findings a NOLINT comment silences, at the finding's spelling location or
/// any macro expansion up to the line that uses the macro. Returns the
/// unmatched NOLINTBEGIN/NOLINTEND comments of the files it read.
std::vector<NolintProblem> applyNolint(std::vector<AstFinding> &Findings,
                                       const clang::SourceManager &SM);

class CodePointIndex;

/// Resolves findings of one translation unit to file positions (expansion
/// locations, absolute paths) with their source line. What it keeps per
/// file between calls makes each finding cost O(log(file size)) plus a
/// bounded snippet, however many findings share a line: make one per
/// SourceManager and ask it for every finding.
class FindingResolver {
public:
  explicit FindingResolver(const clang::SourceManager &SM);
  ~FindingResolver();

  Finding toFinding(const AstFinding &F);
  /// An unmatched NOLINT comment as a warning of the pseudo-check
  /// warplint-nolint.
  Finding toFinding(const NolintProblem &P);
  /// fileLocationOf(Loc, SM), with its column in code points as well.
  FileLocation location(clang::SourceLocation Loc);

private:
  void setSourceLine(Finding &F, clang::SourceLocation Loc);
  const clang::SourceManager &SM;
  /// Per file, built the first time a column far into a line is asked.
  llvm::DenseMap<clang::FileID, std::unique_ptr<CodePointIndex>> CodePoints;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_ANALYZER_H
