//===-- BankConflicts.cpp - Every shared access, every launch shape -------===//
//
// run(): the accesses of each device function of user code
// (SharedAccessFinder::find), each lowered once per chain of calls from a
// kernel (DeviceChains) and per set of argument values its launches give
// (LaunchShapes), and analysed for each block shape (model::analyzeAccess
// through BoundedWork). Two passes: in the first each run has a share of
// the file's steps (a thousandth), and those that need more are analysed
// in the second with what is left, in order; so a heavy access early in
// the file cannot leave a trivial one after it unanalysed. The fixes the
// check suggests are in Relayout.cpp.
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/BankConflicts.h"
#include "BoundedWork.h"
#include "DeviceChains.h"
#include "warplint/Analysis/LaunchShapes.h"
#include "warplint/Core/SourceText.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

/// The shared variables R names: its array, its root, each run's array.
static llvm::SmallVector<const VarDecl *, 4> arraysOf(const AccessReport &R) {
  llvm::SmallVector<const VarDecl *, 4> Out;
  for (const VarDecl *V : {R.Array, R.Access.Root})
    if (V)
      Out.push_back(V);
  for (const AccessRun &Run : R.Runs)
    if (Run.Array)
      Out.push_back(Run.Array);
  return Out;
}

static std::string sourceText(const Stmt *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    R = SM.getExpansionRange(E->getSourceRange());
  std::string T = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // One line, single spaces.
  std::string Out;
  bool Space = false;
  for (char Ch : T) {
    if (Ch == '\n' || Ch == '\r' || Ch == '\t' || Ch == ' ') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += Ch;
  }
  // Cut between characters: a message is UTF-8 (JSON and SARIF need it).
  if (Out.size() > 60)
    Out = takeFrontChars(Out, 57).str() + "...";
  return Out;
}

/// Why the bank model could not compute R's address, naming the source
/// expression that stopped it when R.FailedPath leads to one; R.Why
/// otherwise.
static std::string unknownReason(const AccessResult &R, const LoweredAccess &L,
                                 const ASTContext &Ctx) {
  // The deepest node of the path that came from a source expression.
  const Expr *E = nullptr;
  for (NodeId N : R.FailedPath)
    if (const Expr *O = L.Origins.lookup(N))
      E = O;
  if (!E)
    return R.Why;
  std::string Text = sourceText(E, Ctx);
  if (Text.empty())
    return R.Why;
  NodeId Last = R.FailedPath.back();
  Op K = (*L.Pool)[Last].Kind;
  std::string What =
      K == Op::LoopVar || K == Op::LoopExit
          ? "reads a loop counter whose values the analysis cannot enumerate"
      : L.Pool->readsThreadIdx(Last)
          ? "combines the thread index with a value unknown at compile time "
            "in a way the analysis cannot compute"
          : "is not computable at compile time";
  unsigned Line =
      Ctx.getSourceManager().getExpansionLineNumber(E->getBeginLoc());
  return "'" + Text + "' on line " + std::to_string(Line) + " " + What;
}

BankConflictAnalysis::BankConflictAnalysis(TUIndex &Index, ValueEngine &Values,
                                           LaunchExchange Launches,
                                           BankAnalysisSettings Settings)
    : Settings(std::move(Settings)), Index(Index), Values(Values),
      Launches(Launches), Finder(Values),
      Work(std::make_unique<BoundedWork>(this->Settings)) {}

BankConflictAnalysis::~BankConflictAnalysis() = default;

/// One pass over the runs: the first pass's share of steps, the runs left
/// for the second, and the reasons waiting for them.
class BankConflictAnalysis::Pass {
public:
  Pass(BankConflictAnalysis &A, const LaunchShapes &Shapes)
      : A(A), Shapes(Shapes),
        Share(std::max<uint64_t>(A.Settings.MaxFileSteps / 1000, 1)) {}

  /// Access X in each of its runs.
  AccessReport report(const SharedAccess &X,
                      llvm::ArrayRef<DeviceChains::Context> Ctxs);
  /// The runs deferred by the first pass (report, run).
  std::vector<std::pair<unsigned, unsigned>> Later;
  /// A report's reason while the run that would give it waits for the
  /// second pass; and the reason that would come next.
  const std::string Waiting = "\x01"
                              "deferred";
  llvm::DenseMap<unsigned, std::string> NextWhy;

private:
  BankConflictAnalysis &A;
  const LaunchShapes &Shapes;
  const uint64_t Share;
  void setWhy(AccessReport &R, const std::string &Why) {
    if (R.WhyUnknown.empty())
      R.WhyUnknown = Why;
    else if (R.WhyUnknown == Waiting)
      NextWhy.try_emplace(A.Reports.size(), Why);
  }
};

void BankConflictAnalysis::run(ReportSink Sink) {
  LaunchShapes Shapes(Index, Values, Launches.Project);
  Shapes.run();
  Partial = Shapes.partial();
  if (Launches.Seen)
    Shapes.exportTo(*Launches.Seen);
  if (Launches.Wanted)
    Launches.Wanted->insert(Shapes.wanted().begin(), Shapes.wanted().end());
  DeviceChains Chains(Index);
  Pass S(*this, Shapes);
  for (const FunctionDecl *F : Index.DeviceFunctions) {
    // Toolkit and library headers (CUB, Thrust) hold thousands of device
    // functions; only the user's own code is reported.
    if (!Index.isUserCode(F->getLocation()) || !Index.isAnalysable(F))
      continue;
    std::vector<SharedAccess> Accesses = Finder.find(F);
    if (Accesses.empty())
      continue;
    std::vector<DeviceChains::Context> Ctxs = Chains.to(F);
    size_t FirstOfF = Reports.size();
    for (const SharedAccess &A : Accesses) {
      if (!Index.isUserCode(A.site()->getBeginLoc()))
        continue;
      AccessReport R = S.report(A, Ctxs);
      if (!R.Array && R.Runs.empty() && R.WhyUnknown.empty())
        continue; // not shared memory after all
      Reports.push_back(std::move(R));
    }
    // Whether a padding fix-it could be safe, asked now that F's parents
    // are at hand (searchPadding asks later).
    for (const SharedAccess &A : Accesses)
      if (A.Root)
        if (auto Refs = Index.SharedRefs.find(A.Root);
            Refs != Index.SharedRefs.end())
          Finder.onlyFullySubscripted(A.Root, Refs->second);
    OnlyInF.clear();
    dropSettled(FirstOfF, F, S.Later);
    // The notes of the reports handed over are searched now, and spend the
    // file's steps before the runs the second pass waits for: only while
    // the file has spent at most half of them, so that a file near its
    // bound keeps its steps for its accesses first, as the tool does.
    if (Sink &&
        Work->fileSteps() <= (Settings.StreamSteps ? Settings.StreamSteps
                                                   : Settings.MaxFileSteps / 2))
      streamSettled(FirstOfF, F, S.Later, S.NextWhy, Sink);
    // A file's memory does not grow with its functions: the facts of
    // those lowered longest ago are built again if a later chain (or a
    // fix tried) needs them.
    Values.forgetFacts(KeptFacts);
  }
  for (const auto &[I, J] : S.Later) {
    AccessRun &Run = Reports[I].Runs[J];
    Run.Result = Work->analyze(Run.Lowered->Spec, Run.Block);
    if (Run.Result.State == AccessResult::Unknown)
      Run.Result.Why = unknownReason(Run.Result, *Run.Lowered, Index.Ctx);
  }
  for (unsigned I = 0; I < Reports.size(); ++I) {
    AccessReport &R = Reports[I];
    if (R.WhyUnknown != S.Waiting)
      continue;
    R.WhyUnknown.clear();
    for (const AccessRun &Run : R.Runs)
      if (Run.Result.State == AccessResult::Unknown) {
        R.WhyUnknown = Run.Result.Why;
        break;
      }
    if (R.WhyUnknown.empty())
      R.WhyUnknown = S.NextWhy.lookup(I);
  }
  finishReports();
}

AccessReport
BankConflictAnalysis::Pass::report(const SharedAccess &X,
                                   llvm::ArrayRef<DeviceChains::Context> Ctxs) {
  AccessReport R;
  R.Access = X;
  R.Array = X.Root;
  const ASTContext &Ctx = A.Index.Ctx;
  R.Text = !X.Text.empty()                   ? X.Text
           : X.LValue                        ? sourceText(X.LValue, Ctx)
           : X.Site && isa<CallExpr>(X.Site) ? sourceText(X.Site, Ctx)
                                             : X.Instruction;
  for (const DeviceChains::Context &C : Ctxs) {
    bool Assumed = false;
    std::string AssumedWhy;
    std::vector<LaunchShape> Launched =
        Shapes.of(C.Kernel, A.Launches.Known, A.Settings.DefaultBlock, Assumed,
                  &AssumedWhy);
    // One lowering for each set of argument values, kept with the runs for
    // the relayouts tried later. What each node was lowered from names a
    // reason (unknownReason): kept while a run of the lowering waits for
    // the second pass, dropped once none does (a file keeps thousands of
    // lowerings until its fixes are decided).
    std::shared_ptr<LoweredAccess> L;
    bool LWaits = false;
    auto Done = [&] {
      if (L && !LWaits)
        L->Origins = decltype(L->Origins)();
    };
    const std::vector<std::optional<int64_t>> *LoweredFor = nullptr;
    for (const LaunchShape &LC : Launched) {
      if (!LoweredFor || *LoweredFor != LC.Args) {
        Done();
        LWaits = false;
        Assumptions As;
        As.Chain = C.Chain;
        As.KernelArgs = LC.Args;
        ValueTrace T;
        T.Through = &R.Through;
        std::optional<LoweredAccess> New = A.Work->lower(A.Finder, X, As, T);
        L = New ? std::make_shared<LoweredAccess>(std::move(*New)) : nullptr;
        LoweredFor = &LC.Args;
        if (!L)
          setWhy(R, T.Why);
      }
      if (!L)
        continue;
      R.Array = L->Root;
      // Shared memory, but no lane mapping to model (WMMA).
      if (!X.Unanalysable.empty()) {
        R.WhyUnknown = X.Unanalysable;
        break;
      }
      AccessRun Run;
      Run.Block = LC.Block;
      Run.Assumed = Assumed;
      Run.AssumedWhy = AssumedWhy;
      Run.Kernel = C.Kernel;
      Run.Chain = C.Chain;
      Run.Args = LC.Args;
      Run.Array = L->Root;
      Run.Lowered = L;
      if (C.Chain.Functions.size() > 1)
        Run.Via = "via '" + functionName(C.Chain.Functions.front()) + "'";
      bool Deferred = false;
      Run.Result = A.Work->analyze(L->Spec, LC.Block, Share, &Deferred);
      if (Deferred) {
        LWaits = true;
        Later.push_back({unsigned(A.Reports.size()), unsigned(R.Runs.size())});
        if (R.WhyUnknown.empty())
          R.WhyUnknown = Waiting;
      } else if (Run.Result.State == AccessResult::Unknown) {
        Run.Result.Why = unknownReason(Run.Result, *L, Ctx);
        setWhy(R, Run.Result.Why);
      }
      R.Runs.push_back(std::move(Run));
    }
    Done();
  }
  return R;
}

void BankConflictAnalysis::dropSettled(
    size_t First, const FunctionDecl *F,
    llvm::ArrayRef<std::pair<unsigned, unsigned>> Later) {
  // F's arrays, and those of them a run conflicts on or waits for.
  llvm::SmallPtrSet<const VarDecl *, 8> Arrays, Open;
  for (size_t I = First; I < Reports.size(); ++I) {
    const AccessReport &R = Reports[I];
    for (const VarDecl *V : arraysOf(R))
      Arrays.insert(V);
    for (const AccessRun &Run : R.Runs)
      if (Run.Result.conflicts())
        Open.insert({R.Array, R.Access.Root, Run.Array});
  }
  for (auto It = Later.rbegin(); It != Later.rend() && It->first >= First;
       ++It) {
    const AccessReport &R = Reports[It->first];
    Open.insert({R.Array, R.Access.Root, R.Runs[It->second].Array});
  }
  // An array whose every use is an element of it read or written in F
  // has no access outside F: with none of F's runs conflicting on it, it
  // gets no layout hint, and finishReports() would drop its lowerings.
  llvm::SmallPtrSet<const VarDecl *, 8> Settled;
  for (const VarDecl *V : Arrays)
    if (!Open.count(V) && onlyIn(V, F))
      Settled.insert(V);
  if (Settled.empty())
    return;
  for (size_t I = First; I < Reports.size(); ++I) {
    AccessReport &R = Reports[I];
    bool Drop = Settled.count(R.Array) &&
                (!R.Access.Root || Settled.count(R.Access.Root));
    for (const AccessRun &Run : R.Runs)
      Drop &= !Run.Array || Settled.count(Run.Array) != 0;
    if (Drop)
      for (AccessRun &Run : R.Runs)
        Run.Lowered.reset();
  }
}

bool BankConflictAnalysis::onlyIn(const VarDecl *V, const FunctionDecl *F) {
  auto [It, New] = OnlyInF.try_emplace(V, false);
  if (New)
    if (auto Refs = Index.SharedRefs.find(V); Refs != Index.SharedRefs.end())
      It->second = Finder.elementsOnlyIn(V, F, Refs->second);
  return It->second;
}

void BankConflictAnalysis::streamSettled(
    size_t First, const FunctionDecl *F,
    std::vector<std::pair<unsigned, unsigned>> &Later,
    llvm::DenseMap<unsigned, std::string> &NextWhy, ReportSink Sink) {
  // A report stays when a run of it waits for the second pass, or when it
  // names an array with a use outside F or named by a report that stays
  // (the fix of an array is searched over all its reports at once).
  llvm::DenseSet<unsigned> Stays;
  for (const auto &[I, J] : Later)
    if (I >= First)
      Stays.insert(I);
  llvm::DenseMap<const VarDecl *, bool> Open;
  auto IsOpen = [&](const VarDecl *V) {
    auto [It, New] = Open.try_emplace(V, true);
    if (New)
      It->second = !onlyIn(V, F);
    return It->second;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = First; I < Reports.size(); ++I) {
      auto Arrays = arraysOf(Reports[I]);
      if (!Stays.count(I) && llvm::any_of(Arrays, IsOpen))
        Changed |= Stays.insert(I).second;
      if (Stays.count(I))
        for (const VarDecl *V : Arrays) {
          auto [It, New] = Open.try_emplace(V, true);
          if (New || !It->second) {
            It->second = true;
            Changed = true;
          }
        }
    }
  }
  if (Stays.size() == Reports.size() - First)
    return;
  std::vector<AccessReport> Kept, Done;
  llvm::DenseMap<unsigned, unsigned> NewIndex;
  for (size_t I = First; I < Reports.size(); ++I) {
    AccessReport &R = Reports[I];
    if (!Stays.count(I)) {
      Done.push_back(std::move(R));
    } else {
      NewIndex[I] = unsigned(First + Kept.size());
      Kept.push_back(std::move(R));
    }
  }
  for (auto &[I, J] : Later)
    if (I >= First)
      I = NewIndex.lookup(I);
  // (Only a report that waits has a next reason, and it stays.)
  llvm::DenseMap<unsigned, std::string> Whys;
  for (auto &[I, Why] : NextWhy)
    if (I < First)
      Whys[I] = std::move(Why);
    else if (auto It = NewIndex.find(I); It != NewIndex.end())
      Whys[It->second] = std::move(Why);
  NextWhy = std::move(Whys);
  Reports.resize(First);
  for (AccessReport &R : Kept)
    Reports.push_back(std::move(R));
  size_t Begin = Reports.size();
  for (AccessReport &R : Done)
    Reports.push_back(std::move(R));
  Done.clear();
  finishReports(Begin);
  Sink(Begin, Reports.size());
  // Dropped, with what was said of their arrays (FixedRuns point at them).
  for (size_t I = Begin; I < Reports.size(); ++I)
    for (const VarDecl *V : arraysOf(Reports[I])) {
      ReportsOf.erase(V);
      Paddings.erase(V);
      Layouts.erase(V);
    }
  Reports.resize(Begin);
}

void BankConflictAnalysis::finishReports(size_t First) {
  const SourceManager &SM = Index.Ctx.getSourceManager();
  auto From = Reports.begin() + First;
  std::stable_sort(From, Reports.end(),
                   [&](const AccessReport &X, const AccessReport &Y) {
                     return SM.isBeforeInTranslationUnit(
                         SM.getExpansionLoc(X.Access.site()->getBeginLoc()),
                         SM.getExpansionLoc(Y.Access.site()->getBeginLoc()));
                   });
  // Only an array with a conflict gets a layout hint (layoutHint()): the
  // lowerings of the others are dropped.
  llvm::SmallPtrSet<const VarDecl *, 16> Conflicting;
  for (const AccessReport &R : llvm::make_range(From, Reports.end()))
    for (const AccessRun &Run : R.Runs)
      if (Run.Result.conflicts()) {
        Conflicting.insert(R.Array);
        Conflicting.insert(R.Access.Root);
        Conflicting.insert(Run.Array);
      }
  for (AccessReport &R : llvm::make_range(From, Reports.end())) {
    bool Keep = Conflicting.count(R.Array) || Conflicting.count(R.Access.Root);
    for (const AccessRun &Run : R.Runs)
      Keep |= Conflicting.count(Run.Array) != 0;
    if (!Keep)
      for (AccessRun &Run : R.Runs)
        Run.Lowered.reset();
  }
  for (unsigned I = First; I < Reports.size(); ++I) {
    const AccessReport &R = Reports[I];
    for (const VarDecl *V : arraysOf(R)) {
      auto &Mine = ReportsOf[V];
      if (Mine.empty() || Mine.back() != I)
        Mine.push_back(I);
    }
  }
}

llvm::ArrayRef<unsigned>
BankConflictAnalysis::reportsOf(const VarDecl *V) const {
  auto It = ReportsOf.find(V);
  if (It == ReportsOf.end())
    return {};
  return It->second;
}

} // namespace warplint
