//===-- CompilerReporting.h - The policy inside a compiler ------*- C++ -*-===//
///
/// The reporting policy of Reporting.h over the findings of one translation
/// unit, for a front end that reports them through a compiler's diagnostics
/// at clang's source locations (the plugin): in the order of the
/// translation unit, each with its notes and fixes. The clang-tidy module
/// leaves NOLINT, severity and the order to clang-tidy.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_COMPILERREPORTING_H
#define WARPLINT_PIPELINE_COMPILERREPORTING_H

#include "warplint/Analysis/AstFinding.h"
#include "warplint/Core/Baseline.h"
#include "warplint/Pipeline/Settings.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace warplint {

/// A finding as a compiler front end reports it.
struct CompilerFinding {
  clang::SourceLocation Loc;
  Severity Level = Severity::Warning; ///< after WarningsAsErrors
  llvm::StringRef Check;              ///< the check's name, or warplint-nolint
  std::string Message;
  std::vector<AstNote> Notes;
  /// Reported at Level, it fails the run under the file's FailOn.
  bool Failing = false;
};

/// The findings of a translation unit that the policy reports, in the order
/// of the translation unit (by expansion location; those at one place in
/// the analysis's order): first NOLINT (applyNolint), whose unmatched
/// comments are reported as findings of warplint-nolint; then severity,
/// the baseline Known (none when null; matched as the tool matches, by the
/// finding's file position, function, line text and message) and fail-on,
/// under the file's settings S. One translation unit's analysis says each
/// finding once: there is nothing to de-duplicate.
std::vector<CompilerFinding>
reportTranslationUnit(std::vector<AstFinding> Findings,
                      const clang::SourceManager &SM, const FileSettings &S,
                      Baseline *Known);

/// The findings of a translation unit as a baseline records them, for a
/// compile that adds them to one (updateBaseline): those NOLINT leaves, and
/// the unmatched NOLINT comments, as the tool's --write-baseline writes.
std::vector<Finding> baselineFindings(std::vector<AstFinding> Findings,
                                      const clang::SourceManager &SM);

} // namespace warplint

#endif // WARPLINT_PIPELINE_COMPILERREPORTING_H
