//===-- LaunchShapes.cpp - The block shapes kernels are launched with -----===//
#include "warplint/Analysis/LaunchShapes.h"
#include "AstUtil.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include <array>
#include <set>

using namespace clang;
using namespace warplint::model;

namespace warplint {

const Expr *launchConfigField(ValueEngine &Values, const LaunchSite &S,
                              llvm::StringRef Name) {
  if (!S.Config)
    return nullptr;
  const RecordDecl *RD =
      S.Config->getType().getCanonicalType()->getAsRecordDecl();
  if (!RD)
    return nullptr;
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == Name) {
      const FieldDecl *Path[] = {F};
      return Values.fieldDefinition(S.Config, Path, S.Call);
    }
  return nullptr;
}

std::optional<Dim3> launchBlock(ValueEngine &Values, const LaunchSite &S,
                                const Assumptions &A, ValueTrace *Trace) {
  if (S.Block)
    return Values.dim3(S.Block, A, Trace);
  if (const Expr *Def = launchConfigField(Values, S, "blockDim")) {
    if (Trace && !Trace->Definition)
      Trace->Definition = Def;
    return Values.dim3(Def, A, Trace);
  }
  return std::nullopt;
}

std::string kernelKey(const FunctionDecl *Kernel) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  const ASTContext &Ctx = Kernel->getASTContext();
  Kernel->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  FileLocation L =
      fileLocationOf(Kernel->getLocation(), Ctx.getSourceManager());
  OS << " at " << L.File << ":" << L.Line << ":" << L.Column;
  return S;
}

/// The values of Call's integer arguments from the First on, under A, by
/// position: nullopt for one that is not an integer or not known.
static std::vector<std::optional<int64_t>>
integerArguments(ValueEngine &Values, const CallExpr *Call, unsigned First,
                 const Assumptions &A) {
  std::vector<std::optional<int64_t>> Out;
  for (unsigned I = First; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I);
    std::optional<llvm::APSInt> V;
    if (Arg->getType()->isIntegralOrEnumerationType())
      V = Values.integer(Arg, A);
    if (V && V->getSignificantBits() <= 64)
      Out.push_back(V->getExtValue());
    else
      Out.push_back(std::nullopt);
  }
  return Out;
}

LaunchShapes::LaunchShapes(const TUIndex &Index, ValueEngine &Values,
                           const ProjectIndex *Project)
    : Index(Index), Values(Values), Project(Project) {}

LaunchShapes::~LaunchShapes() = default;

std::string LaunchShapes::linkName(const FunctionDecl *F) {
  if (!F || !F->isExternallyVisible())
    return "";
  if (F->hasAttr<CUDAGlobalAttr>()) {
    // A kernel's mangled name differs between the host side (a stub's)
    // and the device side: its qualified name and canonical type instead,
    // the same in every parse of every translation unit.
    std::string Name = "kernel ";
    llvm::raw_string_ostream OS(Name);
    F->getNameForDiagnostic(OS, Values.Ctx.getPrintingPolicy(),
                            /*Qualified=*/true);
    OS << " " << F->getType().getCanonicalType().getAsString();
    return Name;
  }
  if (!Names)
    Names = std::make_unique<ASTNameGenerator>(Values.Ctx);
  return Names->getName(F);
}

std::vector<Assumptions> LaunchShapes::uncalled(const FunctionDecl *H) {
  // Another file's calls give integer values only.
  bool Integers = llvm::any_of(H->parameters(), [](const ParmVarDecl *P) {
    return P->getType().getNonReferenceType()->isIntegralOrEnumerationType();
  });
  std::string Name = Integers ? linkName(H) : "";
  if (Name.empty())
    return {Assumptions::hostIn(H)};
  Wanted.insert(Name);
  std::vector<Assumptions> Out;
  if (Project)
    for (const ProjectCall &C : Project->callsOf(Name)) {
      // One way H is called in another file: its parameters the values
      // that call gives (Lowering::parameter).
      Assumptions A = Assumptions::hostIn(H);
      A.KernelArgs = C.Args;
      Out.push_back(std::move(A));
    }
  if (Out.empty())
    Out.push_back(Assumptions::hostIn(H));
  return Out;
}

/// What a call of Callee (linkage name Name) at Call is, its argument
/// values and block aside.
static ProjectCall callOf(const FunctionDecl *Callee, const std::string &Name,
                          const Expr *Call, const SourceManager &SM) {
  ProjectCall C;
  C.Callee = Name;
  llvm::raw_string_ostream OS(C.Name);
  Callee->getNameForDiagnostic(OS, Callee->getASTContext().getPrintingPolicy(),
                               /*Qualified=*/true);
  FileLocation L = fileLocationOf(Call->getBeginLoc(), SM);
  C.File = L.File;
  C.Line = L.Line;
  return C;
}

void LaunchShapes::callsOut(std::vector<ProjectCall> &Out) {
  const SourceManager &SM = Values.Ctx.getSourceManager();
  std::set<ProjectCall> Seen;
  // Launches of kernels another file defines, with each shape.
  for (const LaunchSite &S : Index.Launches) {
    const FunctionDecl *K = S.Kernel;
    if (!K || K->isDefined() || K->isDependentContext())
      continue;
    std::string Name = linkName(K);
    if (Name.empty())
      continue;
    ProjectCall Base = callOf(K, Name, S.Call, SM);
    std::string Why;
    for (const auto &[Shape, Called] : shapesOf(S, Why)) {
      ProjectCall C = Base;
      C.Args = Shape.Args;
      C.Block = {Shape.Block.X, Shape.Block.Y, Shape.Block.Z};
      if (Seen.insert(C).second)
        Out.push_back(std::move(C));
    }
  }
  for (const auto &[Call, Caller] : Index.ExternalCalls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    std::string Name = linkName(Callee);
    if (Name.empty())
      continue;
    unsigned Shift =
        isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee);
    // What the call is, once; its argument values once per chain.
    ProjectCall Base = callOf(Callee, Name, Call, SM);
    std::string Limit;
    for (const Assumptions &A : callersOf(Caller, MaxHostDepth, Limit)) {
      ProjectCall C = Base;
      C.Args = integerArguments(Values, Call, Shift, A);
      if (llvm::any_of(C.Args, [](const auto &V) { return V.has_value(); }) &&
          Seen.insert(C).second)
        Out.push_back(std::move(C));
    }
  }
}

std::vector<std::pair<LaunchShape, const FunctionDecl *>>
LaunchShapes::shapesOf(const LaunchSite &S, std::string &Why) {
  llvm::DenseMap<const VarDecl *, llvm::APSInt> Facts =
      Values.factsAt(S.Call, S.Enclosing);
  std::string Limit;
  TriesLeft = MaxTries;
  std::vector<std::pair<LaunchShape, const FunctionDecl *>> Shapes;
  for (Assumptions &A : callersOf(S.Enclosing, MaxHostDepth, Limit)) {
    A.Facts = Facts;
    shapesUnder(S, std::move(A), Shapes, Why);
  }
  if (!Limit.empty())
    Why += (Why.empty() ? "" : "; ") + Limit;
  return Shapes;
}

void LaunchShapes::run() {
  // Each shape of a kernel once, found in a set: a file of N launches of
  // one kernel costs N log N, not N^2.
  std::map<const FunctionDecl *,
           std::set<std::pair<std::array<uint64_t, 3>,
                              std::vector<std::optional<int64_t>>>>>
      Seen;
  auto Add = [&](const FunctionDecl *K, const LaunchShape &L) {
    auto Key = std::make_pair(
        std::array<uint64_t, 3>{L.Block.X, L.Block.Y, L.Block.Z}, L.Args);
    if (Seen[K->getCanonicalDecl()].insert(Key).second)
      KernelLaunches[K->getCanonicalDecl()].push_back(L);
  };
  for (const LaunchSite &S : Index.Launches) {
    // A launch through a function pointer gives its shape to each kernel
    // the pointer may hold.
    std::vector<const FunctionDecl *> Kernels = S.Targets;
    if (S.Kernel)
      Kernels = {S.Kernel};
    if (Kernels.empty())
      continue;
    std::string Why;
    for (const auto &[L, Called] : shapesOf(S, Why)) {
      // The kernel the pointer holds under the same choices as the shape,
      // when the host values fix it; else each it may hold.
      std::vector<const FunctionDecl *> To = Kernels;
      if (Called)
        To = {Called};
      for (const FunctionDecl *K : To)
        Add(K, L);
    }
    if (Why.empty())
      continue;
    std::string Line = lineOf(S.Call, Index.Ctx);
    for (const FunctionDecl *K : Kernels)
      WhyNone.try_emplace(K->getCanonicalDecl(),
                          "the block of its launch on line " + Line + ": " +
                              Why);
  }
  // A kernel no launch of this file gives a shape: the launches of the
  // build's other files (ProjectIndex.h), when there are.
  for (const FunctionDecl *K : Index.DeviceFunctions) {
    if (!K->hasAttr<CUDAGlobalAttr>() || K->isDependentContext() ||
        KernelLaunches.count(K->getCanonicalDecl()))
      continue;
    std::string Name = linkName(K);
    if (Name.empty())
      continue;
    Wanted.insert(Name);
    if (!Project)
      continue;
    for (const ProjectCall &C : Project->callsOf(Name))
      if (C.Block)
        Add(K, LaunchShape{Dim3{(*C.Block)[0], (*C.Block)[1], (*C.Block)[2]},
                           C.Args});
  }
}

void LaunchShapes::shapesUnder(
    const LaunchSite &S, Assumptions A,
    std::vector<std::pair<LaunchShape, const FunctionDecl *>> &Out,
    std::string &Why) {
  constexpr size_t MaxChoices = 3;
  if (TriesLeft == 0) {
    if (Why.empty())
      Why = "its choices give more than " + std::to_string(MaxTries) +
            " combinations (the limit followed)";
    return;
  }
  --TriesLeft;
  ValueTrace T;
  std::optional<Dim3> D = launchBlock(Values, S, A, &T);
  // A launch through a pointer: the kernel it holds under A.
  const FunctionDecl *Called = nullptr;
  const auto *KC = dyn_cast<CUDAKernelCallExpr>(S.Call->IgnoreImplicit());
  if (!S.Kernel && KC && D) {
    ValueTrace KT;
    Called = Values.function(KC->getCallee(), A, &KT);
    if (Called && !Called->hasAttr<CUDAGlobalAttr>())
      Called = nullptr;
    // Undecided only where it is the kernel's choice, not the shape's.
    if (!Called && !KT.Undecided.empty() && A.Choices.size() < MaxChoices) {
      for (unsigned Alt = 0; Alt < KT.Undecided.front().second; ++Alt) {
        Assumptions B = A;
        B.Choices.push_back({KT.Undecided.front().first, Alt});
        shapesUnder(S, std::move(B), Out, Why);
      }
      return;
    }
    if (!Called && S.TargetsChosen) {
      if (Why.empty())
        Why = "the kernel it launches is not known at compile time" +
              (KT.Why.empty() ? std::string() : " (" + KT.Why + ")");
      return;
    }
  }
  if (!D) {
    // A shape chosen by a condition unknown at compile time between values
    // the code fixes (`prop.maxThreadsPerMultiProcessor == 1536 ? 768 :
    // 1024`): each arm is a shape the launch may have.
    if (T.Undecided.empty() || A.Choices.size() == MaxChoices) {
      if (Why.empty())
        Why = T.Undecided.empty()
                  ? T.Why
                  : "more than " + std::to_string(MaxChoices) +
                        " conditions or loops choose it (the limit of "
                        "choices followed)";
      return;
    }
    for (unsigned Alt = 0; Alt < T.Undecided.front().second; ++Alt) {
      Assumptions B = A;
      B.Choices.push_back({T.Undecided.front().first, Alt});
      shapesUnder(S, std::move(B), Out, Why);
    }
    return;
  }
  if (D->threads() == 0 || D->threads() > 1024 || D->X > 1024 || D->Y > 1024 ||
      D->Z > 64) {
    if (Why.empty())
      Why = "the block " + std::to_string(D->X) + "x" + std::to_string(D->Y) +
            "x" + std::to_string(D->Z) + " is not one a kernel can run with";
    return;
  }
  LaunchShape L;
  L.Block = *D;
  if (KC)
    L.Args = integerArguments(Values, KC, 0, A);
  Out.push_back({std::move(L), Called});
}

// Chains of host calls stop at the file; a function no call in it reaches
// takes the calls of other translation units from the project index
// (uncalled), when there is one.
std::vector<Assumptions> LaunchShapes::callersOf(const FunctionDecl *H,
                                                 unsigned Depth,
                                                 std::string &Limit) {
  const FunctionDecl *Def = nullptr;
  // A function without parameters too: the globals it reads take the
  // values its callers store before the call (LowerStored.cpp).
  if (!H || !H->hasBody(Def) || !Def)
    return {Assumptions::hostIn(H)};
  auto It = Index.Callers.find(Def);
  if (It == Index.Callers.end() || It->second.empty())
    return uncalled(H);
  if (Depth == 0) {
    // The limit is named where a parameter's value is asked.
    Assumptions A = Assumptions::hostIn(H);
    A.Chain.NoCaller = "whose callers are more than " +
                       std::to_string(MaxHostDepth) +
                       " host calls from the launch (the limit of calls "
                       "followed)";
    return {A};
  }
  auto Memo = CallerMemo.find({Def, Depth});
  if (Memo != CallerMemo.end()) {
    if (Limit.empty())
      Limit = Memo->second.second;
    return Memo->second.first;
  }
  std::string Inner;
  std::vector<Assumptions> Out;
  bool Full = false;
  for (const auto &[Call, Caller] : It->second) {
    if (Caller == Def)
      continue; // recursion
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Def);
    for (const Assumptions &Outer : callersOf(Caller, Depth - 1, Inner)) {
      // A chain through Def twice: recursion through other functions.
      if (llvm::is_contained(Outer.Chain.Functions, Def))
        continue;
      Assumptions Base = Outer;
      Base.Chain.Calls.push_back(Call);
      Base.Chain.Functions.push_back(Def);
      // Each argument, or each element of the constant array it is read
      // from (`int sizes[] = {32, 64}; ... run(sizes[j])`): one binding per
      // combination. Arrays read at one index variable (`run(xs[j],
      // ys[j])`) give their elements at the same position, not every pair.
      std::vector<Assumptions> Partial{Base};
      llvm::SmallDenseSet<const ValueDecl *, 4> Done;
      for (unsigned I = 0; I < Def->getNumParams(); ++I) {
        if (I + Shift >= Call->getNumArgs())
          break;
        const ValueDecl *Index = nullptr;
        llvm::SmallVector<const Expr *, 8> Choices =
            Values.arrayChoices(Call->getArg(I + Shift), &Index);
        if (Choices.empty() || (Index && !Done.insert(Index).second))
          continue;
        // The arguments that take the same position: I, and those after
        // it read at the same index variable.
        llvm::SmallVector<
            std::pair<unsigned, llvm::SmallVector<const Expr *, 8>>, 4>
            Group{{I + Shift, Choices}};
        size_t Positions = Choices.size();
        for (unsigned J = I + 1;
             Index && J < Def->getNumParams() && J + Shift < Call->getNumArgs();
             ++J) {
          const ValueDecl *Other = nullptr;
          auto More = Values.arrayChoices(Call->getArg(J + Shift), &Other);
          if (!More.empty() && Other == Index) {
            Positions = std::min(Positions, More.size());
            Group.push_back({J + Shift, std::move(More)});
          }
        }
        std::vector<Assumptions> Next;
        for (const Assumptions &B : Partial)
          for (size_t Pos = 0; Pos < Positions; ++Pos) {
            if (Next.size() == MaxBindings) {
              Full = true;
              break;
            }
            Assumptions N = B;
            for (const auto &[Arg, Elems] : Group)
              N.Arguments[{Call, Arg}] = Elems[Pos];
            Next.push_back(std::move(N));
          }
        Partial = std::move(Next);
      }
      for (Assumptions &B : Partial) {
        if (Out.size() == MaxBindings) {
          Full = true;
          break;
        }
        Out.push_back(std::move(B));
      }
    }
  }
  if (Full)
    Inner = "the calls that reach '" + H->getNameAsString() +
            "' bind its parameters more than " + std::to_string(MaxBindings) +
            " ways (the limit followed)";
  if (Out.empty())
    Out.push_back(Assumptions::hostIn(H));
  if (Limit.empty())
    Limit = Inner;
  CallerMemo[{Def, Depth}] = {Out, Inner};
  return Out;
}

std::vector<LaunchShape> LaunchShapes::of(const FunctionDecl *Kernel,
                                          const LaunchTable *Known,
                                          const Dim3 &Default, bool &Assumed,
                                          std::string *Why) const {
  Assumed = false;
  if (Kernel && Known) {
    auto It = Known->find(kernelKey(Kernel->getCanonicalDecl()));
    if (It != Known->end() && !It->second.empty())
      return It->second;
  }
  if (Kernel) {
    auto It = KernelLaunches.find(Kernel->getCanonicalDecl());
    if (It != KernelLaunches.end() && !It->second.empty())
      return It->second;
  }
  Assumed = true;
  if (Why && Kernel) {
    auto It = WhyNone.find(Kernel->getCanonicalDecl());
    if (It != WhyNone.end())
      *Why = It->second;
  }
  return {LaunchShape{Default, {}}};
}

std::vector<std::pair<const FunctionDecl *, std::string>>
LaunchShapes::partial() const {
  std::vector<std::pair<const FunctionDecl *, std::string>> Out;
  for (const auto &[K, Why] : WhyNone)
    if (KernelLaunches.count(K))
      Out.push_back({K, Why});
  llvm::sort(Out, [](const auto &A, const auto &B) {
    return A.first->getLocation() < B.first->getLocation();
  });
  return Out;
}

void LaunchShapes::exportTo(LaunchTable &Seen) const {
  for (const auto &[Kernel, Shapes] : KernelLaunches)
    Seen[kernelKey(Kernel)] = Shapes;
}

} // namespace warplint
