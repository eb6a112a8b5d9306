//===-- CheckContext.h - What a check sees and how it reports ----*- C++
//-*-===//
#ifndef WARPLINT_ANALYSIS_CHECKCONTEXT_H
#define WARPLINT_ANALYSIS_CHECKCONTEXT_H

#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEval.h"
#include <map>
#include <optional>

namespace warplint {

/// Passed to every check. report() takes care of template instantiations: a
/// finding that every instantiation reaching a place has in the same words is
/// reported once; otherwise each instantiation's finding names it.
class CheckContext {
public:
  CheckContext(TUIndex &Index, const Options &Opts)
      : Index(Index), Opts(Opts), Eval(Index.Ctx) {}

  TUIndex &Index;
  const Options &Opts;
  ValueEvaluator Eval;
  /// Launch shapes from and for another parse of the same file.
  LaunchExchange Launches;
  /// What the checks that read ptxas reports could not check for want of
  /// one; the first of them to run sets it (AnalysisResult::Coverage).
  std::optional<PtxasCoverage> Coverage;
  /// What warplint-bank-conflict skipped as too complex
  /// (AnalysisResult::Skipped).
  SkippedAccesses Skipped;

  /// Records that the check looked at Loc from Context (a function, possibly
  /// a template instantiation), whether or not it reports anything.
  void visit(CheckId Check, clang::SourceLocation Loc,
             const clang::FunctionDecl *Context);
  void report(AstFinding F, const clang::FunctionDecl *Context);

  std::vector<AstFinding> takeFindings();

private:
  struct Pending {
    AstFinding F;
    std::string Instantiation;
  };
  std::vector<Pending> Findings;
  std::map<std::pair<unsigned, unsigned>, unsigned> InstantiationVisits;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_CHECKCONTEXT_H
