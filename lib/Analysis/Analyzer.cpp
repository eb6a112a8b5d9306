//===-- Analyzer.cpp - Run the enabled checks on a translation unit -------===//
#include "warplint/Analysis/Analyzer.h"
#include "DebugHooks.h"
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Analysis/CheckRegistry.h"
#include "warplint/Analysis/LaunchShapes.h"
#include "warplint/Analysis/SharedAccessDump.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/TimeProfiler.h"
#include <algorithm>
#include <tuple>

using namespace clang;

namespace warplint {

AnalysisResult analyzeTranslationUnit(ASTContext &Ctx,
                                      const CheckRegistry &Checks,
                                      const Options &Opts,
                                      ArrayRef<SourceLocation> ErrorLocs,
                                      LaunchExchange Launches,
                                      std::vector<SharedAccessInfo> *Accesses,
                                      std::vector<LaunchInfo> *LaunchInfos) {
  debugCrashHook();
  debugTraceAnalysis(Ctx, Opts);
  // Seen in clang's -ftime-trace (the plugin's share of a compile); costs
  // nothing without it.
  llvm::TimeTraceScope Whole("warplint");
  std::optional<llvm::TimeTraceScope> IndexScope(std::in_place,
                                                 "warplint index");
  TUIndex Index(Ctx, ErrorLocs);
  IndexScope.reset();
  CheckContext C(Index, Opts, &Checks);
  if (!Launches.Project)
    Launches.Project = Opts.Project.get();
  C.Launches = Launches;
  C.LaunchInfos = LaunchInfos;
  C.StreamBankReports = Opts.StreamBankReports && !Accesses;
  for (const CheckInfo &I : allChecks())
    if (Opts.Checks.isEnabled(I.Id))
      if (CheckRegistry::RunFunction Run = Checks.find(I.Id)) {
        llvm::TimeTraceScope Check("warplint check", I.Name);
        Run(C);
      }
  if (Accesses)
    *Accesses = describeSharedAccesses(C.bankConflicts(), Ctx);
  if (Launches.Outgoing) {
    // The functions at the root of the chains to those calls are wanted
    // too: a value another file gives them passes through this one.
    LaunchShapes Shapes(Index, C.Values, Launches.Project);
    Shapes.callsOut(*Launches.Outgoing);
    if (Launches.Wanted)
      Launches.Wanted->insert(Shapes.wanted().begin(), Shapes.wanted().end());
  }
  AnalysisResult R;
  if (C.Coverage)
    R.Coverage = std::move(*C.Coverage);
  R.Skipped = C.Skipped;
  R.Accesses = std::move(C.Accesses);
  R.Findings = C.takeFindings();
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(R.Findings.begin(), R.Findings.end(),
                   [&](const AstFinding &A, const AstFinding &B) {
                     // The order the tool prints: place, check, message.
                     SourceLocation LA = SM.getExpansionLoc(A.Loc);
                     SourceLocation LB = SM.getExpansionLoc(B.Loc);
                     if (LA != LB)
                       return SM.isBeforeInTranslationUnit(LA, LB);
                     return std::tie(A.Check, A.Message) <
                            std::tie(B.Check, B.Message);
                   });
  R.UserFunctions = Index.UserFunctions;
  R.UserFunctionsWithErrors = Index.UserFunctionsWithErrors;
  return R;
}

} // namespace warplint
