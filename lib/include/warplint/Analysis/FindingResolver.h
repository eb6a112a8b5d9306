//===-- FindingResolver.h - Findings at file positions ----------*- C++ -*-===//
///
/// What the tool and the plugin do with a translation unit's findings
/// after the analysis (clang-tidy does both itself): drop those a NOLINT
/// comment silences, and resolve the rest to file positions with their
/// source line, for the writers and the baselines.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_FINDINGRESOLVER_H
#define WARPLINT_ANALYSIS_FINDINGRESOLVER_H

#include "warplint/Analysis/AstFinding.h"
#include "warplint/Core/Finding.h"
#include "warplint/Core/Nolint.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace warplint {

/// An unmatched NOLINTBEGIN or NOLINTEND (warplint/Core/Nolint.h).
struct NolintProblem {
  clang::SourceLocation Loc;
  std::string Message;
};

/// For the tool and the plugin (clang-tidy applies its own): drops the
/// findings a NOLINT comment silences, at the finding's spelling location or
/// any macro expansion up to the line that uses the macro. Returns the
/// unmatched NOLINTBEGIN/NOLINTEND comments of the files it read.
/// Silenced: where the findings dropped go, each with the kind of comment
/// that silenced it, when given (SARIF keeps them).
struct SilencedFinding {
  AstFinding Finding;
  NolintKind By;
};
std::vector<NolintProblem>
applyNolint(std::vector<AstFinding> &Findings, const clang::SourceManager &SM,
            std::vector<SilencedFinding> *Silenced = nullptr);

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

#endif // WARPLINT_ANALYSIS_FINDINGRESOLVER_H
