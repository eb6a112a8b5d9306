//===-- DeviceChains.cpp - Chains of calls from kernels -------------------===//
#include "DeviceChains.h"
#include "AstUtil.h"

using namespace clang;

namespace warplint {

DeviceChains::DeviceChains(TUIndex &Index) : Index(Index) {
  for (const TUIndex::DeviceCall &DC : Index.DeviceCalls)
    CallersOf[DC.Callee->getCanonicalDecl()].push_back(DC);
}

std::vector<DeviceChains::Context>
DeviceChains::to(const FunctionDecl *F) const {
  std::vector<Context> Out;
  if (isKernel(F)) {
    Context X;
    X.Chain = CallChain::of(F);
    X.Kernel = F;
    Out.push_back(X);
    return Out;
  }
  struct Partial {
    std::vector<const CallExpr *> Calls; // innermost first
    std::vector<const FunctionDecl *> Functions;
  };
  std::vector<Partial> Work{{{}, {F}}};
  bool HasCaller = false, DepthReached = false, ExploredAll = false;
  unsigned Explored = 0;
  while (!Work.empty() && Out.size() < MaxChains) {
    if (++Explored > MaxExplored) {
      ExploredAll = true;
      break;
    }
    Partial P = Work.back();
    Work.pop_back();
    const FunctionDecl *Top = P.Functions.back();
    auto Callers = CallersOf.find(Top->getCanonicalDecl());
    if (Callers == CallersOf.end())
      continue;
    for (const TUIndex::DeviceCall &DC : Callers->second) {
      if (llvm::is_contained(P.Functions, DC.Caller) ||
          !Index.isAnalysable(DC.Caller))
        continue;
      HasCaller = true;
      Partial Q = P;
      Q.Calls.push_back(DC.Call);
      Q.Functions.push_back(DC.Caller);
      if (isKernel(DC.Caller)) {
        Context X;
        X.Chain.Calls.assign(Q.Calls.rbegin(), Q.Calls.rend());
        X.Chain.Functions.assign(Q.Functions.rbegin(), Q.Functions.rend());
        X.Kernel = DC.Caller;
        if (Out.size() < MaxChains)
          Out.push_back(X);
      } else if (Q.Functions.size() <= MaxDepth) {
        Work.push_back(std::move(Q));
      } else {
        DepthReached = true;
      }
    }
  }
  if (Out.empty()) {
    Context X;
    X.Chain = CallChain::of(F);
    if (ExploredAll)
      X.Chain.NoCaller =
          "for which no chain of calls from a kernel was found among the "
          "first " +
          std::to_string(MaxExplored) +
          " partial chains of its callers (a fixed limit; no option raises "
          "it)";
    else if (DepthReached)
      X.Chain.NoCaller =
          "that no chain of up to " + std::to_string(MaxDepth) +
          " calls from a kernel reaches: the analysis reached its call-depth "
          "limit (" +
          std::to_string(MaxDepth) +
          " calls, fixed; no option raises it) before finding a longer one";
    else if (HasCaller)
      X.Chain.NoCaller = "whose callers no kernel in this file reaches";
    Out.push_back(X);
  }
  return Out;
}

} // namespace warplint
