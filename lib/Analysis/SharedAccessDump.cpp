//===-- SharedAccessDump.cpp - Every shared access, for explain -----------===//
#include "warplint/Analysis/SharedAccessDump.h"
#include "warplint/Analysis/BankConflicts.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace warplint {

namespace {
/// The fix of each conflicting array, as the check finds it (its note): a
/// padding of the innermost dimension, else a relayout, asked once.
struct ArrayFix {
  std::string Text;
  FixedRuns After;
};

ArrayFix fixOf(BankConflictAnalysis &A, const VarDecl *V) {
  ArrayFix F;
  if (unsigned Extra = A.paddingFix(V, &F.After)) {
    F.Text = "pad the inner dimension of '" + V->getNameAsString() + "' to " +
             std::to_string(A.innerExtent(V) + Extra) + " elements";
    return F;
  }
  F.After.clear();
  std::string Hint = A.layoutHint(V, &F.After);
  if (!Hint.empty())
    F.Text = "lay out '" + V->getNameAsString() + "' " + Hint;
  return F;
}
} // namespace

std::vector<SharedAccessInfo> describeSharedAccesses(BankConflictAnalysis &A,
                                                     ASTContext &Ctx) {
  std::vector<SharedAccessInfo> Out;
  std::map<const VarDecl *, ArrayFix> Fixes;
  for (const AccessReport &R : A.reports()) {
    SharedAccessInfo I;
    I.Loc =
        fileLocationOf(R.Access.site()->getBeginLoc(), Ctx.getSourceManager());
    I.EndLine =
        fileLocationOf(R.Access.site()->getEndLoc(), Ctx.getSourceManager())
            .Line;
    I.Text = R.Text;
    I.Access = accessKindName(R.Access.How).str();
    I.Instruction = R.Access.Instruction;
    I.AddressLanes = R.Access.AddressLanes;
    if (const auto &T = R.Access.Tile) {
      model::TileBound B = T->bound();
      I.Tile = T->text() + "; its busiest bank holds " +
               std::to_string(B.MaxWords) +
               " words, so any lane mapping "
               "needs at least " +
               std::to_string(B.MaxWords) + " wavefronts where " +
               std::to_string(B.Ideal) + " would do";
    }
    if (R.Array)
      I.Array = R.Array->getNameAsString();
    I.Function = functionName(R.Access.Function);
    I.Bytes = R.Access.Bytes;
    I.WhyUnknown = R.WhyUnknown;
    for (const AccessRun &Run : R.Runs) {
      I.Runs.push_back({Run.Block, Run.Assumed, Run.AssumedWhy,
                        Run.Kernel ? functionName(Run.Kernel) : "", Run.Via,
                        Run.Result});
      const VarDecl *V = Run.Array ? Run.Array : R.Array;
      if (!V || !Run.Result.conflicts())
        continue;
      auto It = Fixes.find(V);
      if (It == Fixes.end())
        It = Fixes.insert({V, fixOf(A, V)}).first;
      auto After = It->second.After.find({&R, size_t(&Run - R.Runs.data())});
      if (It->second.Text.empty() || After == It->second.After.end())
        continue;
      I.Runs.back().Fix = It->second.Text;
      I.Runs.back().Fixed = After->second;
    }
    for (SourceRange SR : R.Through) {
      FileLocation B = fileLocationOf(SR.getBegin(), Ctx.getSourceManager());
      FileLocation E = fileLocationOf(SR.getEnd(), Ctx.getSourceManager());
      if (B.File.empty() || B.File != E.File || E.Line < B.Line)
        continue;
      // Lines of the access itself are not repeated.
      if (B.File == I.Loc.File && B.Line >= I.Loc.Line &&
          E.Line <= std::max(I.EndLine, I.Loc.Line))
        continue;
      I.Through.push_back({B.File, B.Line, E.Line});
    }
    llvm::sort(I.Through);
    I.Through.erase(std::unique(I.Through.begin(), I.Through.end()),
                    I.Through.end());
    Out.push_back(std::move(I));
  }
  return Out;
}

} // namespace warplint
