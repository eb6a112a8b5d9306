//===-- CheckContext.h - What a check sees and how it reports ----*- C++ -*-===//
#ifndef WARPLINT_ANALYSIS_CHECKCONTEXT_H
#define WARPLINT_ANALYSIS_CHECKCONTEXT_H

#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/Launches.h"
#include "warplint/Analysis/ValueEval.h"
#include <map>

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

void runBlockSizeCheck(CheckContext &C);
void runOccupancyCheck(CheckContext &C);
void runRegisterSpillCheck(CheckContext &C);
/// What the enabled occupancy checks cannot check for want of a report.
PtxasCoverage ptxasCoverage(CheckContext &C);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_CHECKCONTEXT_H
