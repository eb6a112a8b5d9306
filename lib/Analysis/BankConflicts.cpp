//===-- BankConflicts.cpp - Every shared access, every launch shape -------===//
#include "warplint/Analysis/BankConflicts.h"
#include "warplint/Core/SourceText.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/xxhash.h"
#include <array>
#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace warplint::model;

namespace warplint {

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

/// The key of a kernel in a LaunchTable: the same in every parse of a file.
static std::string kernelKey(const FunctionDecl *Kernel) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  const ASTContext &Ctx = Kernel->getASTContext();
  Kernel->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  FileLocation L =
      fileLocationOf(Kernel->getLocation(), Ctx.getSourceManager());
  OS << " at " << L.File << ":" << L.Line << ":" << L.Column;
  return S;
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

AccessResult BankConflictAnalysis::analyze(AccessSpec Spec, const Dim3 &Block,
                                           uint64_t Cap, bool *Deferred) {
  // The same address over the same block (a template instantiated twice,
  // a kernel launched twice with one shape, a padding tried again) has the
  // same answer: the pool, the access and the shape make the key.
  std::string Key;
  if (!Spec.Remap && Spec.Pool) {
    Spec.Pool->appendKey(Key);
    auto Raw = [&](const auto &V) {
      Key.append(reinterpret_cast<const char *>(&V), sizeof(V));
    };
    Raw(Spec.Address);
    Raw(Spec.Bytes);
    Raw(Spec.AddressLanes);
    for (const auto &[G, Want] : Spec.Guards) {
      Raw(G);
      Raw(Want);
    }
    Raw(Block.X);
    Raw(Block.Y);
    Raw(Block.Z);
    // Kept as a 128-bit hash of the key and its length.
    size_t Length = Key.size();
    llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::ArrayRef(
        reinterpret_cast<const uint8_t *>(Key.data()), Key.size()));
    Key.assign(reinterpret_cast<const char *>(&H), sizeof(H));
    Key += std::to_string(Length);
    auto It = Answers.find(Key);
    if (It != Answers.end())
      return It->second;
  }
  uint64_t Left = FileSteps < MaxFileSteps ? MaxFileSteps - FileSteps : 0;
  bool FileBound = Left <= MaxSteps;
  // A first pass's share, smaller than what is left: past it the run is
  // deferred (Deferred), not skipped.
  bool Share = Cap && Cap < std::min(MaxSteps, Left);
  AccessResult R;
  if (Left == 0) {
    R.State = AccessResult::Unknown;
    R.TooComplex = true;
  } else {
    WorkBudget B;
    B.Limit = Share ? Cap : std::min(MaxSteps, Left);
    Spec.Budget = &B;
    R = analyzeAccess(Spec, Block);
    FileSteps += std::min(B.Used, B.Limit);
    if (R.TooComplex && Share) {
      *Deferred = true;
      return R;
    }
    if (R.TooComplex && FileBound)
      FileSteps = MaxFileSteps;
  }
  if (R.TooComplex)
    R.Why = tooComplex(FileBound);
  else if (!Key.empty())
    Answers.emplace(std::move(Key), R);
  return R;
}

std::string BankConflictAnalysis::tooComplex(bool FileBound) const {
  return FileBound ? "skipped: too complex: the analysis of this file reached "
                     "its limit of " +
                         std::to_string(MaxFileSteps) +
                         " steps (warplint-bank-conflict.MaxFileSteps)"
                   : "skipped: too complex: the analysis of this access "
                     "needs more than " +
                         std::to_string(MaxSteps) +
                         " steps (warplint-bank-conflict.MaxSteps)";
}

std::optional<LoweredAccess> BankConflictAnalysis::lowerBounded(
    const SharedAccess &A, const CallChain &Chain, const ArrayPadding *Pad,
    std::string &Why, ArrayRef<std::optional<int64_t>> Args,
    std::vector<SourceRange> *Through) {
  uint64_t Left = FileSteps < MaxFileSteps ? MaxFileSteps - FileSteps : 0;
  bool FileBound = Left <= MaxSteps;
  if (Left == 0) {
    Why = tooComplex(true);
    return std::nullopt;
  }
  WorkBudget B;
  B.Limit = std::min(MaxSteps, Left);
  Finder.LowerBudget = &B;
  std::optional<LoweredAccess> L =
      Finder.lower(A, Chain, Pad, Why, Args, Through);
  Finder.LowerBudget = nullptr;
  FileSteps += std::min(B.Used, B.Limit);
  if (!B.spent())
    return L;
  // What the lowering concluded once its budget ran out stands for nothing.
  if (FileBound)
    FileSteps = MaxFileSteps;
  Why = tooComplex(FileBound);
  return std::nullopt;
}

BankConflictAnalysis::BankConflictAnalysis(CheckContext &C)
    : C(C), Finder(C.Index.Ctx, C.Eval) {
  auto It = C.Opts.CheckOptions.find("warplint-bank-conflict.BlockDim");
  if (It != C.Opts.CheckOptions.end())
    if (auto D = parseBlockDim(It->second))
      DefaultBlock = *D;
  MaxSteps = C.Opts.getUInt("warplint-bank-conflict.MaxSteps", MaxSteps);
  MaxFileSteps =
      C.Opts.getUInt("warplint-bank-conflict.MaxFileSteps", MaxFileSteps);

  // The block shapes of each kernel's launches, and the values host code
  // gives its parameters: through the host functions' own parameters too,
  // bound to the arguments of each chain of calls that reaches the launch.
  std::map<const FunctionDecl *,
           std::set<std::pair<std::array<uint64_t, 3>,
                              std::vector<std::optional<int64_t>>>>>
      ShapesSeen;
  for (const LaunchSite &S : C.Index.Launches) {
    // A launch through a function pointer gives its shape to each kernel
    // the pointer may hold.
    std::vector<const FunctionDecl *> Kernels = S.Targets;
    if (S.Kernel)
      Kernels = {S.Kernel};
    if (Kernels.empty())
      continue;
    const auto *KC = dyn_cast<CUDAKernelCallExpr>(S.Call->IgnoreImplicit());
    for (Binding &B : bindingsFor(S.Enclosing, 3)) {
      C.Eval.bindParameters(std::move(B));
      C.Eval.assumeFactsAt(S.Call, S.Enclosing);
      // A shape chosen by a condition unknown at compile time between
      // values the code fixes (`prop.maxThreadsPerMultiProcessor == 1536 ?
      // 768 : 1024`): each arm is a shape the launch may have.
      C.Eval.clearChoices();
      C.Eval.resetLastDefinition();
      std::optional<Dim3> D = S.blockDim(C.Eval);
      std::vector<const ConditionalOperator *> Undecided;
      if (!D)
        Undecided = C.Eval.undecided();
      constexpr size_t MaxChoices = 3;
      unsigned Combinations = D ? 1
                              : Undecided.size() <= MaxChoices
                                  ? 1u << Undecided.size()
                                  : 0;
      for (unsigned Mask = 0; Mask < Combinations; ++Mask) {
        if (!Undecided.empty()) {
          std::vector<std::pair<const ConditionalOperator *, bool>> Choice;
          for (size_t I = 0; I < Undecided.size(); ++I)
            Choice.push_back({Undecided[I], (Mask >> I & 1) == 0});
          C.Eval.setChoices(std::move(Choice));
          C.Eval.resetLastDefinition();
          D = S.blockDim(C.Eval);
        }
        if (!D || D->threads() == 0 || D->threads() > 1024 || D->X > 1024 ||
            D->Y > 1024 || D->Z > 64)
          continue;
        LaunchContext L;
        L.Block = *D;
        for (unsigned I = 0; KC && I < KC->getNumArgs(); ++I) {
          const Expr *Arg = KC->getArg(I);
          std::optional<llvm::APSInt> V;
          if (Arg->getType()->isIntegralOrEnumerationType())
            V = C.Eval.evalInt(Arg);
          if (V && V->getSignificantBits() <= 64)
            L.Args.push_back(V->getExtValue());
          else
            L.Args.push_back(std::nullopt);
        }
        // Each shape once, found in a set: a file of N launches of one
        // kernel costs N log N, not N^2.
        auto Key =
            std::make_pair(std::array<uint64_t, 3>{D->X, D->Y, D->Z}, L.Args);
        for (const FunctionDecl *K : Kernels)
          if (ShapesSeen[K->getCanonicalDecl()].insert(Key).second)
            KernelLaunches[K->getCanonicalDecl()].push_back(L);
      }
    }
  }
  C.Eval.clearChoices();
  C.Eval.clearParameters();
  C.Eval.clearFacts();
  if (C.Launches.Seen)
    for (const auto &[Kernel, Shapes] : KernelLaunches)
      (*C.Launches.Seen)[kernelKey(Kernel)] = Shapes;

  for (const TUIndex::DeviceCall &DC : C.Index.DeviceCalls)
    CallersOf[DC.Callee->getCanonicalDecl()].push_back(DC);

  // Two passes over the runs: in the first each has a share of the file's
  // steps (a thousandth), and those that need more are analysed in the
  // second with what is left, in order; so a heavy access early in the file
  // cannot leave a trivial one after it unanalysed.
  const uint64_t Share = std::max<uint64_t>(MaxFileSteps / 1000, 1);
  std::vector<std::pair<unsigned, unsigned>> Later; // report, run
  // A report's reason while the run that would give it waits for the
  // second pass; and the reason that would come next.
  const std::string Waiting = "\x01"
                              "deferred";
  llvm::DenseMap<unsigned, std::string> NextWhy;
  auto SetWhy = [&](AccessReport &R, const std::string &Why) {
    if (R.WhyUnknown.empty())
      R.WhyUnknown = Why;
    else if (R.WhyUnknown == Waiting)
      NextWhy.try_emplace(Reports.size(), Why);
  };
  const SourceManager &SM = C.Index.Ctx.getSourceManager();
  for (const FunctionDecl *F : C.Index.DeviceFunctions) {
    // Toolkit and library headers (CUB, Thrust) hold thousands of device
    // functions; only the user's own code is reported.
    if (!C.Index.isUserCode(F->getLocation()) || !C.Index.isAnalysable(F))
      continue;
    std::vector<SharedAccess> Accesses = Finder.find(F);
    if (Accesses.empty())
      continue;
    std::vector<Context> Ctxs = contexts(F);
    for (const SharedAccess &A : Accesses) {
      if (!C.Index.isUserCode(A.site()->getBeginLoc()))
        continue;
      AccessReport R;
      R.Access = A;
      R.Array = A.Root;
      R.Text = !A.Text.empty() ? A.Text
               : A.LValue      ? sourceText(A.LValue, C.Index.Ctx)
               : A.Site && isa<CallExpr>(A.Site)
                   ? sourceText(A.Site, C.Index.Ctx)
                   : A.Instruction;
      for (const Context &X : Ctxs) {
        bool Assumed = false;
        std::vector<LaunchContext> Launches = launchesOf(X.Kernel, Assumed);
        // One lowering for each set of argument values, kept with the runs
        // for the relayouts tried later.
        std::shared_ptr<const LoweredAccess> L;
        const std::vector<std::optional<int64_t>> *LoweredFor = nullptr;
        for (const LaunchContext &LC : Launches) {
          if (!LoweredFor || *LoweredFor != LC.Args) {
            std::string Why;
            std::optional<LoweredAccess> New =
                lowerBounded(A, X.Chain, nullptr, Why, LC.Args, &R.Through);
            L = New ? std::make_shared<const LoweredAccess>(std::move(*New))
                    : nullptr;
            LoweredFor = &LC.Args;
            if (!L)
              SetWhy(R, Why);
          }
          if (!L)
            continue;
          R.Array = L->Root;
          // Shared memory, but no lane mapping to model (WMMA).
          if (!A.Unanalysable.empty()) {
            R.WhyUnknown = A.Unanalysable;
            break;
          }
          const Dim3 &D = LC.Block;
          AccessRun Run;
          Run.Block = D;
          Run.Assumed = Assumed;
          Run.Kernel = X.Kernel;
          Run.Chain = X.Chain;
          Run.Args = LC.Args;
          Run.Array = L->Root;
          Run.Lowered = L;
          if (X.Chain.Functions.size() > 1)
            Run.Via = "via '" + functionName(X.Chain.Functions.front()) + "'";
          bool Deferred = false;
          Run.Result = analyze(L->Spec, D, Share, &Deferred);
          if (Deferred) {
            Later.push_back(
                {unsigned(Reports.size()), unsigned(R.Runs.size())});
            if (R.WhyUnknown.empty())
              R.WhyUnknown = Waiting;
          } else if (Run.Result.State == AccessResult::Unknown) {
            Run.Result.Why = unknownReason(Run.Result, *L, C.Index.Ctx);
            SetWhy(R, Run.Result.Why);
          }
          R.Runs.push_back(std::move(Run));
        }
      }
      if (!R.Array && R.Runs.empty() && R.WhyUnknown.empty())
        continue; // not shared memory after all
      Reports.push_back(std::move(R));
    }
  }
  for (const auto &[I, J] : Later) {
    AccessRun &Run = Reports[I].Runs[J];
    Run.Result = analyze(Run.Lowered->Spec, Run.Block);
    if (Run.Result.State == AccessResult::Unknown)
      Run.Result.Why = unknownReason(Run.Result, *Run.Lowered, C.Index.Ctx);
  }
  for (unsigned I = 0; I < Reports.size(); ++I) {
    AccessReport &R = Reports[I];
    if (R.WhyUnknown != Waiting)
      continue;
    R.WhyUnknown.clear();
    for (const AccessRun &Run : R.Runs)
      if (Run.Result.State == AccessResult::Unknown) {
        R.WhyUnknown = Run.Result.Why;
        break;
      }
    if (R.WhyUnknown.empty())
      R.WhyUnknown = NextWhy.lookup(I);
  }
  llvm::stable_sort(Reports, [&](const AccessReport &X, const AccessReport &Y) {
    return SM.isBeforeInTranslationUnit(
        SM.getExpansionLoc(X.Access.site()->getBeginLoc()),
        SM.getExpansionLoc(Y.Access.site()->getBeginLoc()));
  });
  // Only an array with a conflict gets a layout hint (layoutHint()): the
  // lowerings of the others are dropped.
  llvm::SmallPtrSet<const VarDecl *, 16> Conflicting;
  for (const AccessReport &R : Reports)
    for (const AccessRun &Run : R.Runs)
      if (Run.Result.conflicts()) {
        Conflicting.insert(R.Array);
        Conflicting.insert(R.Access.Root);
        Conflicting.insert(Run.Array);
      }
  for (AccessReport &R : Reports) {
    bool Keep = Conflicting.count(R.Array) || Conflicting.count(R.Access.Root);
    for (const AccessRun &Run : R.Runs)
      Keep |= Conflicting.count(Run.Array) != 0;
    if (!Keep)
      for (AccessRun &Run : R.Runs)
        Run.Lowered.reset();
  }
  for (unsigned I = 0; I < Reports.size(); ++I) {
    const AccessReport &R = Reports[I];
    auto Add = [&](const VarDecl *V) {
      if (!V)
        return;
      auto &Mine = ReportsOf[V];
      if (Mine.empty() || Mine.back() != I)
        Mine.push_back(I);
    };
    Add(R.Array);
    Add(R.Access.Root);
    for (const AccessRun &Run : R.Runs)
      Add(Run.Array);
  }
}

llvm::ArrayRef<unsigned>
BankConflictAnalysis::reportsOf(const VarDecl *V) const {
  auto It = ReportsOf.find(V);
  if (It == ReportsOf.end())
    return {};
  return It->second;
}

std::vector<BankConflictAnalysis::LaunchContext>
BankConflictAnalysis::launchesOf(const FunctionDecl *Kernel, bool &Assumed) {
  Assumed = false;
  if (Kernel && C.Launches.Known) {
    auto It = C.Launches.Known->find(kernelKey(Kernel->getCanonicalDecl()));
    if (It != C.Launches.Known->end() && !It->second.empty())
      return It->second;
  }
  if (Kernel) {
    auto It = KernelLaunches.find(Kernel->getCanonicalDecl());
    if (It != KernelLaunches.end() && !It->second.empty())
      return It->second;
  }
  Assumed = true;
  return {LaunchContext{DefaultBlock, {}}};
}

std::vector<BankConflictAnalysis::Binding>
BankConflictAnalysis::bindingsFor(const FunctionDecl *H, unsigned Depth) {
  constexpr size_t MaxBindings = 16;
  if (!H || Depth == 0 || H->param_empty())
    return {Binding()};
  const FunctionDecl *Def = nullptr;
  if (!H->hasBody(Def) || !Def)
    return {Binding()};
  auto It = C.Index.Callers.find(Def);
  if (It == C.Index.Callers.end() || It->second.empty())
    return {Binding()};
  std::vector<Binding> Out;
  for (const auto &[Call, Caller] : It->second) {
    if (Caller == Def)
      continue; // recursion
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Def);
    for (const Binding &Outer : bindingsFor(Caller, Depth - 1)) {
      // Each argument, or each element of the constant array it is read
      // from (`int sizes[] = {32, 64}; ... run(sizes[j])`): one binding per
      // combination.
      std::vector<Binding> Partial{Outer};
      for (unsigned I = 0; I < Def->getNumParams(); ++I) {
        if (I + Shift >= Call->getNumArgs())
          break;
        const Expr *Arg = Call->getArg(I + Shift);
        C.Eval.bindParameters(Outer);
        llvm::SmallVector<const Expr *, 8> Choices = C.Eval.arrayChoices(Arg);
        if (Choices.empty())
          Choices.push_back(Arg);
        std::vector<Binding> Next;
        for (const Binding &B : Partial)
          for (const Expr *Ch : Choices) {
            if (Next.size() == MaxBindings)
              break;
            Binding N = B;
            N[Def->getParamDecl(I)] = Ch;
            Next.push_back(std::move(N));
          }
        Partial = std::move(Next);
      }
      C.Eval.clearParameters();
      for (Binding &B : Partial) {
        Out.push_back(std::move(B));
        if (Out.size() == MaxBindings)
          return Out;
      }
    }
  }
  if (Out.empty())
    Out.push_back(Binding());
  return Out;
}

std::vector<BankConflictAnalysis::Context>
BankConflictAnalysis::contexts(const FunctionDecl *F) {
  std::vector<Context> Out;
  if (F->hasAttr<CUDAGlobalAttr>()) {
    Context X;
    X.Chain.Functions = {F};
    X.Kernel = F;
    Out.push_back(X);
    return Out;
  }
  // Chains of calls up to a kernel: depth-first over the callers, a few.
  constexpr unsigned MaxDepth = 4, MaxChains = 8;
  struct Partial {
    std::vector<const CallExpr *> Calls; // innermost first
    std::vector<const FunctionDecl *> Functions;
  };
  std::vector<Partial> Work{{{}, {F}}};
  bool HasCaller = false, DepthReached = false;
  while (!Work.empty() && Out.size() < MaxChains) {
    Partial P = Work.back();
    Work.pop_back();
    const FunctionDecl *Top = P.Functions.back();
    auto Callers = CallersOf.find(Top->getCanonicalDecl());
    if (Callers == CallersOf.end())
      continue;
    for (const TUIndex::DeviceCall &DC : Callers->second) {
      if (llvm::is_contained(P.Functions, DC.Caller) ||
          !C.Index.isAnalysable(DC.Caller))
        continue;
      HasCaller = true;
      Partial Q = P;
      Q.Calls.push_back(DC.Call);
      Q.Functions.push_back(DC.Caller);
      if (DC.Caller->hasAttr<CUDAGlobalAttr>()) {
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
    X.Chain.Functions = {F};
    if (DepthReached)
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

unsigned BankConflictAnalysis::paddingFix(const VarDecl *V) {
  const auto *CAT = C.Index.Ctx.getAsConstantArrayType(V->getType());
  if (!CAT || !C.Index.Ctx.getAsConstantArrayType(CAT->getElementType()))
    return 0;
  auto Refs = C.Index.SharedRefs.find(V);
  if (Refs == C.Index.SharedRefs.end() ||
      !Finder.onlyFullySubscripted(V, Refs->second))
    return 0;
  // Every access of V, and every run of it, must be known.
  std::vector<const AccessReport *> Mine;
  for (unsigned I : reportsOf(V)) {
    const AccessReport &R = Reports[I];
    if (R.Array != V)
      continue;
    if (R.Runs.empty())
      return 0;
    for (const AccessRun &Run : R.Runs)
      if (Run.Result.State == AccessResult::Unknown)
        return 0;
    Mine.push_back(&R);
  }
  if (Mine.empty())
    return 0;
  for (unsigned Extra = 1; Extra <= 4; ++Extra) {
    ArrayPadding Pad{V, Extra};
    bool Works = true;
    for (const AccessReport *R : Mine) {
      for (const AccessRun &Run : R->Runs) {
        std::string Why;
        std::optional<LoweredAccess> L =
            lowerBounded(R->Access, Run.Chain, &Pad, Why, Run.Args);
        if (!L) {
          Works = false;
          break;
        }
        AccessResult After = analyze(L->Spec, Run.Block);
        if (After.State == AccessResult::Unknown || After.conflicts() ||
            (After.State == AccessResult::NeverRuns) !=
                (Run.Result.State == AccessResult::NeverRuns)) {
          Works = false;
          break;
        }
      }
      if (!Works)
        break;
    }
    if (Works)
      return Extra;
  }
  return 0;
}

std::string BankConflictAnalysis::layoutHint(const VarDecl *V) {
  ASTContext &Ctx = C.Index.Ctx;
  const auto *CAT = Ctx.getAsConstantArrayType(V->getType());
  if (!CAT || !Ctx.getAsConstantArrayType(CAT->getElementType()))
    return "";
  // The innermost dimension: one row.
  while (const auto *In = Ctx.getAsConstantArrayType(CAT->getElementType()))
    CAT = In;
  int64_t ElemBytes =
      Ctx.getTypeSizeInChars(CAT->getElementType()).getQuantity();
  int64_t RowBytes = ElemBytes * int64_t(CAT->getZExtSize());
  if (ElemBytes <= 0 || RowBytes <= 0)
    return "";
  // Every run of every access of V, each known: an access that may reach
  // V but did not lower leaves the answer open.
  std::vector<std::pair<const AccessReport *, const AccessRun *>> Mine;
  unsigned MaxBytes = 0;
  for (unsigned I : reportsOf(V)) {
    const AccessReport &R = Reports[I];
    bool Mentions = R.Array == V || R.Access.Root == V;
    for (const AccessRun &Run : R.Runs) {
      if (Run.Array != V)
        continue;
      Mentions = true;
      if (Run.Result.State == AccessResult::Unknown)
        return "";
      Mine.push_back({&R, &Run});
      MaxBytes = std::max(MaxBytes, R.Access.Bytes);
    }
    if (Mentions && !R.WhyUnknown.empty())
      return "";
  }
  if (Mine.empty() || MaxBytes == 0 || MaxBytes > 16)
    return "";
  // Every relayout tried on each run's own lowering.
  std::vector<std::pair<AccessSpec, Dim3>> Lowered;
  for (const auto &[R, Run] : Mine) {
    if (Run->Result.State == AccessResult::NeverRuns)
      continue;
    const LoweredAccess *L = Run->Lowered.get();
    if (!L || !L->RootSymbol)
      return "";
    AccessSpec Spec = L->Spec;
    Spec.RemapBase = *L->RootSymbol;
    Lowered.push_back({std::move(Spec), Run->Block});
  }
  auto Works = [&](const std::function<int64_t(int64_t)> &Remap) {
    for (auto &[Spec, Block] : Lowered) {
      Spec.Remap = Remap;
      AccessResult After = analyze(Spec, Block);
      if (After.State != AccessResult::Ok || After.conflicts())
        return false;
    }
    return true;
  };
  std::vector<std::string> Ways;
  // Padding each row by the least number of bytes that keeps every access
  // aligned, up to 16.
  int64_t Step = std::max<int64_t>(ElemBytes, MaxBytes);
  for (int64_t Pad = Step; Pad <= 16; Pad += Step) {
    if (Works([=](int64_t Off) {
          int64_t Row = Off >= 0 ? Off / RowBytes : -1;
          return Off + Row * Pad;
        })) {
      int64_t Elems = Pad / ElemBytes;
      Ways.push_back("with each row padded by " + std::to_string(Pad) +
                     " bytes (" + std::to_string(CAT->getZExtSize() + Elems) +
                     " elements instead of " +
                     std::to_string(CAT->getZExtSize()) + ")");
      break;
    }
  }
  // An XOR swizzle of the 16-byte chunks of each row with the row modulo
  // 8: rows of 128 bytes or a multiple.
  if (RowBytes % 128 == 0 && ElemBytes <= 16 && 16 % ElemBytes == 0) {
    if (Works([=](int64_t Off) {
          if (Off < 0)
            return Off;
          int64_t Row = Off / RowBytes, In = Off % RowBytes;
          int64_t Chunk = (In / 16) ^ (Row % 8);
          return Row * RowBytes + Chunk * 16 + In % 16;
        })) {
      int64_t E = 16 / ElemBytes;
      std::string Col = E == 1 ? "c ^ (r % 8)"
                               : "((c / " + std::to_string(E) +
                                     ") ^ (r % 8)) * " + std::to_string(E) +
                                     " + c % " + std::to_string(E);
      Ways.push_back("with the 16-byte chunks of each row XOR-swizzled "
                     "(element c of row r stored at column " +
                     Col + ")");
    }
  }
  if (Ways.empty())
    return "";
  std::string Out = Ways[0];
  if (Ways.size() > 1)
    Out += ", or " + Ways[1];
  return Out;
}

} // namespace warplint
