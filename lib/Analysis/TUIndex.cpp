//===-- TUIndex.cpp - The index of a translation unit: kernels, launches -===//
#include "warplint/Analysis/TUIndex.h"
#include "AstUtil.h"
#include "CudaModels.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace clang;

namespace warplint {

std::string functionName(const FunctionDecl *FD) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy P = FD->getASTContext().getPrintingPolicy();
  P.SuppressUnwrittenScope = true;
  FD->getNameForDiagnostic(OS, P, /*Qualified=*/true);
  return S;
}

const CUDALaunchBoundsAttr *launchBounds(const FunctionDecl *K) {
  for (const FunctionDecl *R : K->redecls())
    if (const auto *A = R->getAttr<CUDALaunchBoundsAttr>())
      return A;
  return nullptr;
}

/// E without the parentheses and casts around it: the launch APIs take the
/// kernel as `(const void *)kernel`.
static const Expr *castsStripped(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *C = dyn_cast<CastExpr>(E);
    if (!C)
      return E;
    E = C->getSubExpr();
  }
}

/// The function a launch API argument names: `k`, `&k`, `(void *)k`.
static const FunctionDecl *functionOperand(const Expr *E) {
  E = castsStripped(E);
  while (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_AddrOf)
      break;
    E = castsStripped(U->getSubExpr());
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(DRE->getDecl());
  return nullptr;
}

/// The kernels a launch through a local function pointer may call
/// (`kernel = &transposeNaive;` in the cases of a switch, then
/// `kernel<<<grid, threads>>>(...)`): the pointer's initializer and every
/// value assigned to it in F, when each names a kernel and the pointer is
/// otherwise only read. Empty when that is not so.
/// The kernels Values name (null pointers left out); empty when one names
/// something else.
static std::vector<const FunctionDecl *>
kernelsNamed(llvm::ArrayRef<const Expr *> Values, ASTContext &Ctx) {
  std::vector<const FunctionDecl *> Out;
  for (const Expr *X : Values) {
    if (X->IgnoreParenImpCasts()->isNullPointerConstant(
            Ctx, Expr::NPC_ValueDependentIsNotNull))
      continue;
    const FunctionDecl *K = functionOperand(X);
    if (!K || !K->hasAttr<CUDAGlobalAttr>())
      return {};
    if (!llvm::is_contained(Out, K))
      Out.push_back(K);
  }
  return Out;
}

/// A kernel pointer read from a local array that is only read or assigned
/// element by element (`void (*ks[])(float *) = {k1, k2}; ks[i]<<<g, b>>>(p)`,
/// or `ks[0] = k1;` in the cases of a switch): each kernel its initializer
/// and its assignments name. Which one a launch calls under given host
/// values is ValueEngine::function's question.
// FIXME: a kernel pointer held in a member or a parameter is not followed.
static std::vector<const FunctionDecl *>
arrayTargets(const ArraySubscriptExpr *ASE, const FunctionDecl *F,
             bool &Chosen) {
  const auto *DRE =
      dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      !V->getType()->isConstantArrayType() || !F || !F->getBody())
    return {};
  const auto *ILE = dyn_cast_or_null<InitListExpr>(V->getInit());
  // Every reference an element read (`ks[i]` converted to its value) or
  // assigned (`ks[i] = k`).
  auto Names = [V](const Expr *E) {
    const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
    const auto *D =
        A ? dyn_cast<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts())
          : nullptr;
    return D && D->getDecl() == V;
  };
  unsigned Refs = 0, Reads = 0;
  std::vector<const Expr *> Values;
  visitStmts(F->getBody(), [&](const Stmt *S) {
    if (const auto *E = dyn_cast<DeclRefExpr>(S))
      Refs += E->getDecl() == V;
    else if (const auto *E = dyn_cast<ImplicitCastExpr>(S))
      Reads += E->getCastKind() == CK_LValueToRValue && Names(E->getSubExpr());
    else if (const auto *E = dyn_cast<BinaryOperator>(S);
             E && E->getOpcode() == BO_Assign && Names(E->getLHS()))
      Values.push_back(E->getRHS());
    return true;
  });
  if (Refs != Reads + Values.size() || (!ILE && Values.empty()))
    return {};
  Chosen = !Values.empty();
  if (ILE)
    Values.insert(Values.end(), ILE->inits().begin(), ILE->inits().end());
  return kernelsNamed(Values, V->getASTContext());
}

static std::vector<const FunctionDecl *>
pointerTargets(const Expr *Callee, const FunctionDecl *F, bool &Chosen) {
  const Expr *E = Callee->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return arrayTargets(ASE, F, Chosen);
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !F || !F->getBody())
    return {};
  unsigned Refs = 0, Reads = 0;
  std::vector<const Expr *> Values;
  visitStmts(F->getBody(), [&](const Stmt *S) {
    if (const auto *E = dyn_cast<DeclRefExpr>(S)) {
      Refs += E->getDecl() == V;
    } else if (const auto *E = dyn_cast<ImplicitCastExpr>(S)) {
      if (E->getCastKind() == CK_LValueToRValue)
        if (const auto *D =
                dyn_cast<DeclRefExpr>(E->getSubExpr()->IgnoreParens()))
          Reads += D->getDecl() == V;
    } else if (const auto *E = dyn_cast<BinaryOperator>(S);
               E && E->getOpcode() == BO_Assign) {
      if (const auto *D = dyn_cast<DeclRefExpr>(E->getLHS()->IgnoreParens());
          D && D->getDecl() == V)
        Values.push_back(E->getRHS());
    }
    return true;
  });
  if (Refs != Reads + Values.size())
    return {}; // its address taken, bound to a reference, ...
  if (V->getInit())
    Values.push_back(V->getInit());
  return kernelsNamed(Values, V->getASTContext());
}

//===----------------------------------------------------------------------===//

class IndexBuilder : public RecursiveASTVisitor<IndexBuilder> {
public:
  IndexBuilder(TUIndex &Idx) : Idx(Idx), SM(Idx.Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// The visitor walks a lambda's body as written; a generic lambda's
  /// instantiations (`[&](auto n) { k<n.value><<<1, n.value>>>(); }` called
  /// with integral_constants) hold the launches with their values.
  ///
  /// A lambda of device code is a device function of its own: its call
  /// operator is listed in DeviceFunctions, its body's calls and shared
  /// references are its own, and a call of the lambda is a call of it
  /// (its captures are evaluated where the lambda is written).
  bool TraverseLambdaExpr(LambdaExpr *E) {
    CXXMethodDecl *Op = E->getCallOperator();
    const FunctionDecl *Saved = Current, *SavedOwner = DeviceOwner;
    auto SavedOuter = LambdaOuter;
    if (DeviceOwner && Op && isDeviceDefinition(Op)) {
      Idx.DeviceFunctions.push_back(Op);
      LambdaOuter = {Current, DeviceOwner};
      Current = Op;
      DeviceOwner = Op;
    } else {
      LambdaOuter = {nullptr, nullptr};
    }
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(E);
    Current = Saved;
    DeviceOwner = SavedOwner;
    LambdaOuter = SavedOuter;
    if (!R)
      return false;
    if (const FunctionTemplateDecl *T =
            E->getCallOperator()->getDescribedFunctionTemplate()) {
      bool Saved = InLambdaSpecialization;
      InLambdaSpecialization = true;
      for (FunctionDecl *Spec : T->specializations())
        if (!TraverseDecl(Spec))
          return false;
      InLambdaSpecialization = Saved;
    }
    return true;
  }

  /// A capture's initialiser belongs to the function the lambda is in.
  bool TraverseLambdaCapture(LambdaExpr *LE, const LambdaCapture *C,
                             Expr *Init) {
    if (!LambdaOuter.first)
      return RecursiveASTVisitor::TraverseLambdaCapture(LE, C, Init);
    const FunctionDecl *Saved = Current, *SavedOwner = DeviceOwner;
    Current = LambdaOuter.first;
    DeviceOwner = LambdaOuter.second;
    bool R = RecursiveASTVisitor::TraverseLambdaCapture(LE, C, Init);
    Current = Saved;
    DeviceOwner = SavedOwner;
    return R;
  }

  bool TraverseDecl(Decl *D) {
    // System headers (the toolkit, CUB, Thrust, the standard library) hold
    // most of a CUDA translation unit and none of the code warplint
    // reports: their declarations, and the instantiations of their
    // templates, are not walked.
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Saved = Current, *SavedOwner = DeviceOwner;
    Current = FD;
    if (isDeviceDefinition(FD))
      DeviceOwner = FD;
    if (!FD->isImplicit() && !FD->getTemplateInstantiationPattern() &&
        Idx.isUserCode(FD->getLocation())) {
      ++Idx.UserFunctions;
      if (!Idx.isAnalysable(FD))
        ++Idx.UserFunctionsWithErrors;
    }
    // A template's pattern (a function template, a member of a class
    // template) is analysed in its instantiations, walked on their own:
    // its body holds no launch, shared reference or device call the index
    // keeps, and its calls, whose arguments depend on template
    // parameters, give no caller a value.
    if (FD->isDependentContext()) {
      Current = Saved;
      DeviceOwner = SavedOwner;
      return true;
    }
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Current = Saved;
    DeviceOwner = SavedOwner;
    return R;
  }

  /// A definition that TUIndex::DeviceFunctions lists.
  static bool isDeviceDefinition(const FunctionDecl *FD) {
    return FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
           !FD->isInvalidDecl() &&
           (FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>());
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (!DeviceOwner)
      return true;
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl());
        V && V->hasAttr<CUDASharedAttr>())
      Idx.SharedRefs[V].push_back({E, DeviceOwner});
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (isDeviceDefinition(FD))
      Idx.DeviceFunctions.push_back(FD);
    if (const auto *A = FD->getAttr<CUDALaunchBoundsAttr>())
      if (!A->isInherited() && FD->hasAttr<CUDAGlobalAttr>() &&
          !FD->isDependentContext() && !FD->isInvalidDecl())
        Idx.BoundedKernels.push_back(FD);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const CallExpr *Config = E->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return true;
    LaunchSite S;
    S.How = LaunchSite::TripleChevron;
    S.Call = E;
    S.Kernel = E->getDirectCallee();
    if (!S.Kernel)
      S.Targets = pointerTargets(E->getCallee(), Current, S.TargetsChosen);
    unsigned BlockArg = launchConfigBlockArg(Config);
    if (Config->getNumArgs() <= BlockArg)
      return true;
    S.Block = Config->getArg(BlockArg);
    S.Loc = S.Block->getBeginLoc();
    add(S);
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    if (Callee && Current && !InLambdaSpecialization &&
        Idx.isUserCode(Current->getLocation())) {
      const FunctionDecl *Def = nullptr;
      if (Callee->hasBody(Def) && Def && !Def->hasAttr<CUDAGlobalAttr>())
        Idx.Callers[Def].push_back({E, Current});
      else if (!Def && !Callee->hasAttr<CUDAGlobalAttr>() &&
               !Current->isDependentContext() &&
               !Current->hasAttr<CUDAGlobalAttr>() &&
               !Current->hasAttr<CUDADeviceAttr>() &&
               Idx.isUserCode(Callee->getLocation()))
        Idx.ExternalCalls.push_back({E, Current});
    }
    if (isa<CUDAKernelCallExpr>(E))
      return true;
    if (Callee && Current && !Current->isDependentContext() &&
        (Current->hasAttr<CUDAGlobalAttr>() ||
         Current->hasAttr<CUDADeviceAttr>()) &&
        Callee->hasAttr<CUDADeviceAttr>()) {
      const FunctionDecl *Def = nullptr;
      if (Callee->hasBody(Def) && Def && !Def->isDependentContext())
        Idx.DeviceCalls.push_back({Current, E, Def});
    }
    std::optional<LaunchSite::Kind> Api = launchApi(E);
    if (!Api)
      return true;
    LaunchSite S;
    S.Call = E;
    S.Api = Callee->getName();
    S.How = *Api;
    if (S.How == LaunchSite::LaunchKernelEx) {
      S.Kernel = functionOperand(E->getArg(1));
      const Expr *Cfg = E->getArg(0)->IgnoreParenImpCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(Cfg);
          U && U->getOpcode() == UO_AddrOf)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
          S.Config = dyn_cast<VarDecl>(DRE->getDecl());
      S.Loc = E->getBeginLoc();
    } else {
      S.Kernel = functionOperand(E->getArg(0));
      S.Block = E->getArg(2);
      S.Loc = S.Block->getBeginLoc();
    }
    // The kernel through a local pointer (`auto kernel = k<8, 128>;` then
    // `cudaLaunchKernel((const void *)kernel, ...)`), as for <<<>>>.
    if (!S.Kernel)
      S.Targets = pointerTargets(
          castsStripped(E->getArg(S.How == LaunchSite::LaunchKernelEx ? 1 : 0)),
          Current, S.TargetsChosen);
    add(S);
    return true;
  }

private:
  TUIndex &Idx;
  const SourceManager &SM;
  const FunctionDecl *Current = nullptr;
  /// Walking the instantiations of a generic lambda (Callers leaves out
  /// the calls in them).
  bool InLambdaSpecialization = false;
  /// The innermost device definition being walked, whose body holds the
  /// statements visited (see SharedRefs).
  const FunctionDecl *DeviceOwner = nullptr;
  /// Inside a lambda of device code: Current and DeviceOwner outside it.
  std::pair<const FunctionDecl *, const FunctionDecl *> LambdaOuter;

  void add(LaunchSite S) {
    if (!Current || Current->isDependentContext())
      return; // templates are analysed per instantiation
    S.Enclosing = Current;
    Idx.Launches.push_back(S);
  }
};

TUIndex::TUIndex(ASTContext &Ctx, ArrayRef<SourceLocation> ErrorLocs)
    : Ctx(Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation L : ErrorLocs) {
    if (L.isInvalid())
      continue;
    L = SM.getExpansionLoc(L);
    Errors.push_back(SM.getDecomposedLoc(L));
  }
  llvm::sort(Errors);
  IndexBuilder B(*this);
  // The context's traversal scope: the whole translation unit, or the
  // declarations the front end chose (not those of warplint's own PCH).
  B.TraverseAST(Ctx);
}

bool TUIndex::isUserCode(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation E = SM.getExpansionLoc(Loc);
  return !SM.isInSystemHeader(E) && SM.getFileEntryRefForID(SM.getFileID(E));
}

bool TUIndex::isAnalysable(const FunctionDecl *FD) {
  const FunctionDecl *P = FD;
  while (const FunctionDecl *Pat = P->getTemplateInstantiationPattern()) {
    if (Pat == P)
      break;
    P = Pat;
  }
  auto It = Analysable.find(P);
  if (It != Analysable.end())
    return It->second;
  bool OK = !P->isInvalidDecl();
  // An expression that contains errors (a RecoveryExpr, an invalid
  // declaration) is only built where an error is reported: a translation
  // unit without one needs no walk.
  if (OK && P->getBody() &&
      (Ctx.getDiagnostics().hasErrorOccurred() || !Errors.empty())) {
    bool Found = false;
    visitStmtsAndDecls(
        P->getBody(),
        [&](const Stmt *S) {
          const auto *E = dyn_cast<Expr>(S);
          Found |= E && E->containsErrors();
          return !Found;
        },
        [&](const Decl *D) {
          Found |= D->isInvalidDecl();
          return !Found;
        });
    OK = !Found;
  }
  if (OK && !Errors.empty()) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation B = SM.getExpansionLoc(P->getSourceRange().getBegin());
    SourceLocation E = SM.getExpansionLoc(P->getSourceRange().getEnd());
    auto [BF, BO] = SM.getDecomposedLoc(B);
    auto [EF, EO] = SM.getDecomposedLoc(E);
    if (BF == EF) {
      auto Lo = std::lower_bound(Errors.begin(), Errors.end(),
                                 std::make_pair(BF, BO));
      OK = !(Lo != Errors.end() && Lo->first == BF && Lo->second <= EO);
    }
  }
  Analysable[P] = OK;
  if (P != FD)
    Analysable[FD] = OK;
  return OK;
}

std::string TUIndex::instantiationName(const FunctionDecl *FD) const {
  if (!FD || !FD->getTemplateInstantiationPattern())
    return "";
  return functionName(FD);
}

} // namespace warplint
