//===-- CompilerReporting.cpp - The policy inside a compiler --------------===//
#include "warplint/Pipeline/CompilerReporting.h"
#include "warplint/Analysis/FindingResolver.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Nolint.h"
#include "warplint/Pipeline/Reporting.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace warplint {

std::vector<CompilerFinding>
reportTranslationUnit(std::vector<AstFinding> Findings, const SourceManager &SM,
                      const FileSettings &S, Baseline *Known) {
  std::vector<NolintProblem> Unmatched = applyNolint(Findings, SM);

  // The findings and the unmatched NOLINT comments, in source order.
  struct Entry {
    SourceLocation Loc;
    Severity Level;
    StringRef Check;
    AstFinding *F;
    NolintProblem *P;
  };
  std::vector<Entry> Report;
  for (AstFinding &F : Findings)
    Report.push_back({F.Loc, F.Level, checkInfo(F.Check).Name, &F, nullptr});
  for (NolintProblem &P : Unmatched)
    Report.push_back({P.Loc, Severity::Warning, NolintCheckName, nullptr, &P});
  llvm::stable_sort(Report, [&](const Entry &A, const Entry &B) {
    SourceLocation LA = SM.getExpansionLoc(A.Loc);
    SourceLocation LB = SM.getExpansionLoc(B.Loc);
    return LA != LB && SM.isBeforeInTranslationUnit(LA, LB);
  });
  for (Entry &E : Report)
    E.Level = reportedSeverity(E.Level, E.Check, S.WarningsAsErrors);
  if (Known) {
    // The baseline matches what the tool would print: file, function,
    // line text and message.
    FindingResolver Resolve(SM);
    llvm::erase_if(Report, [&](const Entry &E) {
      return Known->take(E.F ? Resolve.toFinding(*E.F)
                             : Resolve.toFinding(*E.P));
    });
  }

  std::vector<CompilerFinding> Out;
  for (Entry &E : Report) {
    CompilerFinding C;
    C.Loc = E.Loc;
    C.Level = E.Level;
    C.Check = E.Check;
    C.Message = std::move(E.F ? E.F->Message : E.P->Message);
    if (E.F)
      C.Notes = std::move(E.F->Notes);
    C.Failing = failsRun(E.Level, S.Fail);
    Out.push_back(std::move(C));
  }
  return Out;
}

std::vector<Finding> baselineFindings(std::vector<AstFinding> Findings,
                                      const SourceManager &SM) {
  std::vector<NolintProblem> Unmatched = applyNolint(Findings, SM);
  FindingResolver Resolve(SM);
  std::vector<Finding> Out;
  for (const AstFinding &F : Findings)
    Out.push_back(Resolve.toFinding(F));
  for (const NolintProblem &P : Unmatched)
    Out.push_back(Resolve.toFinding(P));
  return Out;
}

} // namespace warplint
