//===-- AccessCollector.cpp - The shared-memory accesses of a function ----===//
//
// Every load (an lvalue-to-rvalue conversion), store (an assignment), read-
// modify-write (compound assignment, ++/--), atomic, inline-PTX shared
// instruction, asynchronous copy and WMMA load or store of device code whose
// object may be in shared memory (RootFinder), and, under these rules, a
// safety net that lists as unknown every other read or write of a part of
// a __shared__ variable.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "CudaModels.h"
#include "FunctionFacts.h"
#include "RootFinder.h"
#include "warplint/Model/PtxAccess.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

namespace {

class AccessCollector : public RecursiveASTVisitor<AccessCollector> {
public:
  AccessCollector(ASTContext &Ctx, SharedAccessFinder &Finder,
                  const FunctionDecl *F, std::vector<SharedAccess> &Out)
      : Ctx(Ctx), Finder(Finder), F(F), Out(Out) {}

  /// A lambda's body is its call operator's, a device function of its own
  /// (TUIndex::DeviceFunctions) analysed where the lambda is called; its
  /// captures' initialisers are this function's.
  bool TraverseLambdaExpr(LambdaExpr *E) {
    for (Expr *Init : E->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }

  /// Every reference to a __shared__ variable met on the way, in order,
  /// for the safety net (SharedAccessFinder::listUnfollowed).
  llvm::SmallVector<const DeclRefExpr *, 16> SharedRefs;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isShared(dyn_cast<VarDecl>(E->getDecl())))
      SharedRefs.push_back(E);
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_LValueToRValue)
      add(E->getSubExpr(), SharedAccess::Load);
    return true;
  }
  /// The initialiser of a range-based for loop's variable (`float x =
  /// *__begin`, the read of each element) is implicit code, which the
  /// visitor skips.
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    if (!RecursiveASTVisitor::TraverseCXXForRangeStmt(S))
      return false;
    const VarDecl *V = S->getLoopVariable();
    if (!V || !V->getInit())
      return true;
    RangeLoop = S;
    bool R = TraverseStmt(const_cast<Expr *>(V->getInit()));
    RangeLoop = nullptr;
    return R;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->getOpcode() == BO_Assign)
      add(E->getLHS(), SharedAccess::Store);
    else if (E->isCompoundAssignmentOp())
      add(E->getLHS(), SharedAccess::LoadStore);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      add(E->getSubExpr(), SharedAccess::LoadStore);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
    if (E->getOperator() == OO_Equal && E->getNumArgs() == 2 && MD &&
        (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
      add(E->getArg(0), SharedAccess::Store);
      // The source of a record copy is read whole.
      const Expr *Src = E->getArg(1)->IgnoreImpCasts();
      if (Src->isGLValue() && !isa<MaterializeTemporaryExpr>(Src))
        add(Src, SharedAccess::Load);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (E->getConstructor()->isCopyOrMoveConstructor() &&
        E->getNumArgs() >= 1 && E->getArg(0)->isGLValue() &&
        !isa<MaterializeTemporaryExpr>(E->getArg(0)->IgnoreImpCasts()))
      add(E->getArg(0), SharedAccess::Load);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    std::string Text = S->getAsmString();
    for (const PtxSharedAccess &X : findPtxSharedAccesses(Text)) {
      SharedAccess A;
      A.How = X.Store ? SharedAccess::Store : SharedAccess::Load;
      A.Given = SharedAccess::SharedAddress;
      A.Site = S;
      A.Function = F;
      A.Bytes = X.Bytes;
      A.Instruction = X.Instruction;
      A.Offset = X.Offset;
      A.AddressLanes = X.AddressLanes;
      A.Unanalysable = X.Unsupported;
      A.SharedByContract = !X.Generic;
      if (A.Unanalysable.empty()) {
        A.LValue = operandExpr(S, X.Operand, A.Unanalysable);
        if (A.LValue && A.LValue->getType()->isPointerType())
          A.Given = SharedAccess::Pointer; // a generic address, as a pointer
      }
      if (A.Unanalysable.empty() && X.OffsetOperand.valid()) {
        const Expr *Off = operandExpr(S, X.OffsetOperand, A.Unanalysable);
        Expr::EvalResult R;
        if (Off && !Off->isValueDependent() && Off->EvaluateAsInt(R, Ctx) &&
            R.Val.getInt().getSignificantBits() <= 33)
          A.Offset = X.OffsetNegated ? -R.Val.getInt().getExtValue()
                                     : R.Val.getInt().getExtValue();
        else if (Off)
          A.Unanalysable = "the offset its address adds is not a constant";
      }
      if (A.Unanalysable.empty() && X.SizeOperand.valid()) {
        const Expr *Size = operandExpr(S, X.SizeOperand, A.Unanalysable);
        Expr::EvalResult R;
        if (Size && !Size->isValueDependent() && Size->EvaluateAsInt(R, Ctx)) {
          A.Bytes = unsigned(R.Val.getInt().getLimitedValue(1024));
          if (A.Bytes != 4 && A.Bytes != 8 && A.Bytes != 16)
            A.Unanalysable = "its size of " + std::to_string(A.Bytes) +
                             " bytes is not 4, 8 or 16";
        } else if (Size) {
          A.Unanalysable = "its size is not a constant";
        }
      }
      if (!A.Unanalysable.empty())
        A.LValue = nullptr;
      Out.push_back(A);
    }
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    referenceArguments(E, Callee);
    if (asyncCopyAccess(E) || wmmaAccess(E))
      return true;
    if (!Callee || !Callee->getIdentifier() ||
        !isAtomicName(Callee->getName()) || E->getNumArgs() < 1)
      return true;
    const Expr *Ptr = E->getArg(0);
    if (!Ptr->getType()->isPointerType())
      return true;
    unsigned Bytes = accessBytes(Ptr->getType()->getPointeeType(), Ctx);
    if (!Bytes)
      return true;
    RootFinder R(Finder);
    if (R.ofPointer(Ptr) == RootKind::Other)
      return true;
    SharedAccess A = through(SharedAccess::Atomic, nullptr);
    A.LValue = Ptr;
    A.Root = R.Var;
    A.Bytes = Bytes;
    Out.push_back(A);
    return true;
  }

private:
  /// An access of kind K through a pointer operand, reported at Site.
  SharedAccess through(SharedAccess::Kind K, const Stmt *Site) const {
    SharedAccess A;
    A.How = K;
    A.Given = SharedAccess::Pointer;
    A.Site = Site;
    A.Function = F;
    return A;
  }
  ASTContext &Ctx;
  SharedAccessFinder &Finder;
  const FunctionDecl *F;
  std::vector<SharedAccess> &Out;
  /// The range-based for loop whose variable's initialiser is being
  /// visited.
  const CXXForRangeStmt *RangeLoop = nullptr;

  /// The expression of operand Op of S (an input: addresses are read), or
  /// null with the reason in Why.
  static const Expr *operandExpr(const GCCAsmStmt *S, const PtxOperand &Op,
                                 std::string &Why) {
    int I = Op.Index ? int(*Op.Index) : S->getNamedOperand(Op.Name);
    std::string Name =
        Op.Index ? "%" + std::to_string(*Op.Index) : "%[" + Op.Name + "]";
    if (I < 0 || unsigned(I) >= S->getNumOutputs() + S->getNumInputs()) {
      Why = "its operand " + Name + " does not exist";
      return nullptr;
    }
    if (unsigned(I) < S->getNumOutputs()) {
      Why = "its operand " + Name + " is an output of the asm statement";
      return nullptr;
    }
    unsigned In = unsigned(I) - S->getNumOutputs();
    const Expr *E = S->getInputExpr(In);
    if (E->isTypeDependent() || E->isValueDependent() || E->containsErrors()) {
      Why = "its operand " + Name + " depends on a template parameter";
      return nullptr;
    }
    // Clang leaves the operands of an asm statement unconverted (lvalues)
    // where the host target rejects a constraint of device code ("=f",
    // "=h"); an operand in a register is still its value.
    if (E->isGLValue() && !isValueConstraint(S->getInputConstraint(In))) {
      Why = "its operand " + Name + " has the constraint '" +
            S->getInputConstraint(In) +
            "', which does not pass it in a register";
      return nullptr;
    }
    return E;
  }

  /// A WMMA load or store (CudaModels.h) of shared memory: listed, with the
  /// rows of the tile when its shape is known.
  bool wmmaAccess(const CallExpr *E) {
    std::optional<WmmaCall> W = wmmaCall(E, Ctx);
    if (!W)
      return false;
    const Expr *Ptr = E->getArg(W->PtrArg);
    RootFinder RF(Finder);
    if (RF.ofPointer(Ptr) == RootKind::Other)
      return true; // global memory
    SharedAccess A =
        through(W->Load ? SharedAccess::Load : SharedAccess::Store, E);
    A.LValue = Ptr;
    A.Root = RF.Var;
    A.Instruction = W->Instruction;
    A.Unanalysable = WmmaLaneMappingUnknown;
    A.Bytes = W->Bytes;
    A.Tile = W->Tile;
    Out.push_back(A);
    return true;
  }

  /// An asynchronous copy into shared memory (CudaModels.h): per thread, a
  /// store of 4, 8 or 16 bytes per lane; by a whole group, listed (the
  /// library maps the bytes to lanes).
  bool asyncCopyAccess(const CallExpr *E) {
    std::optional<AsyncCopy> C = asyncCopy(E);
    if (!C)
      return false;
    SharedAccess A = through(SharedAccess::Store, E);
    A.Instruction = C->Instruction;
    A.SharedByContract = C->SharedByContract;
    if (C->WholeGroup) {
      A.Unanalysable = "the whole group copies, and the library decides "
                       "which lane writes which bytes";
      RootFinder R(Finder);
      if (E->getNumArgs() < 4 || !E->getArg(1)->getType()->isPointerType())
        return true;
      if (R.ofPointer(E->getArg(1)) == RootKind::Other)
        return true; // a copy into other memory
      A.Root = R.Var;
      Out.push_back(A);
      return true;
    }
    const Expr *Dst = E->getArg(0);
    RootFinder RF(Finder);
    RootKind DstKind = RF.ofPointer(Dst);
    if (!C->SharedByContract && DstKind == RootKind::Other)
      return true; // a copy into other memory
    A.LValue = Dst;
    A.Bytes = copyBytes(E->getArg(2), Ctx, A.Unanalysable);
    if (DstKind == RootKind::Shared)
      A.Root = RF.Var;
    if (!A.Unanalysable.empty())
      A.LValue = nullptr;
    Out.push_back(A);
    return true;
  }

  /// A shared element passed by reference to a device function
  /// (`swap(s[i], s[j])`) is accessed through the reference: listed where
  /// it is named, as a load through a reference to const, else as a
  /// load-store.
  void referenceArguments(const CallExpr *E, const FunctionDecl *Callee) {
    const FunctionDecl *Def = nullptr;
    // Of the operators, only a call of a lambda or a function object
    // (`f(s[i])`), whose first argument is the object.
    const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
    if (!Callee || !Callee->hasBody(Def) ||
        (OC && (OC->getOperator() != OO_Call || !isa<CXXMethodDecl>(Callee))) ||
        Callee->getBuiltinID())
      return;
    unsigned Shift = OC ? 1 : 0;
    for (unsigned I = 0;
         I + Shift < E->getNumArgs() && I < Callee->getNumParams(); ++I) {
      QualType PT = Callee->getParamDecl(I)->getType();
      if (!PT->isReferenceType())
        continue;
      const Expr *Arg = E->getArg(I + Shift);
      if (isa<MaterializeTemporaryExpr>(Arg->IgnoreParenImpCasts()))
        continue;
      add(Arg,
          PT->getPointeeType().isConstQualified() ? SharedAccess::Load
                                                  : SharedAccess::LoadStore,
          /*Whole=*/false);
    }
  }

  /// Whole: LV is copied whole (a load, a store, a record's copy), not
  /// bound to a reference whose callee may touch only some of its words.
  void add(const Expr *LV, SharedAccess::Kind K, bool Whole = true) {
    if (!LV->isGLValue() || LV->isTypeDependent() || LV->containsErrors())
      return;
    // `c ? s[i] : x` and `(f(), s[i])` as lvalues: the object is one of the
    // arms, each accessed under its arm's condition.
    const Expr *Bare = LV->IgnoreParens();
    if (const auto *CO = dyn_cast<ConditionalOperator>(Bare)) {
      add(CO->getTrueExpr(), K, Whole);
      add(CO->getFalseExpr(), K, Whole);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(Bare);
        B && B->getOpcode() == BO_Comma) {
      add(B->getRHS(), K, Whole);
      return;
    }
    // A plain variable, the commonest read: decided before the access's
    // width.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare);
        DRE && !RootFinder::mayBeShared(dyn_cast<VarDecl>(DRE->getDecl())))
      return;
    unsigned Bytes = accessBytes(LV->getType(), Ctx);
    std::string Why;
    unsigned Parts = Bytes ? 1 : recordWords(LV->getType(), Bytes, Why);
    if (!Parts && Why.empty())
      return;
    if (Parts > 1 && !Whole) {
      Parts = 0;
      Why = "a record passed by reference to a device function, which may "
            "read or write only some of its words: not followed";
    }
    RootFinder R(Finder);
    if (R.ofLValue(LV) == RootKind::Other)
      return;
    SharedAccess A;
    A.How = K;
    A.LValue = LV;
    A.Function = F;
    A.Root = R.Var;
    A.Bytes = Bytes;
    if (RangeLoop) {
      A.Site = RangeLoop->getLoopVarStmt();
      A.Text = RangeLoop->getLoopVariable()->getName().str();
    }
    if (!Why.empty()) {
      A.Unanalysable = Why;
      A.Bytes = 0;
      A.Site = A.site();
      if (A.Text.empty())
        A.Text = sourceText(LV);
      A.LValue = nullptr;
    }
    if (Parts <= 1) {
      Out.push_back(A);
      return;
    }
    // A whole record copied word by word: one access per part, each named
    // by the bytes it copies.
    std::string Text = A.Text.empty() ? sourceText(LV) : A.Text;
    for (unsigned I = 0; I < Parts; ++I) {
      SharedAccess Part = A;
      Part.Offset = int64_t(I) * Bytes;
      Part.Text = Text + " (bytes " + std::to_string(I * Bytes) + ".." +
                  std::to_string((I + 1) * Bytes - 1) + " of " +
                  std::to_string(Parts * Bytes) + ")";
      Out.push_back(Part);
    }
  }

  std::string sourceText(const Expr *E) const {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }

  /// A trivially copyable record copied whole (`s[i] = make_float3(...)`,
  /// `Cell c = s[i]`) that no single access covers: the compiler copies it
  /// in accesses of its alignment (4, 8 or 16 bytes: a float3 or a struct
  /// of ints is three 32-bit accesses, docs/design/bank-model.md). Returns
  /// the number of accesses, with their width in Bytes; 0 for a type that
  /// is not such a record, or, with the reason in Why, one the model does
  /// not split.
  unsigned recordWords(QualType T, unsigned &Bytes, std::string &Why) const {
    T = T.getNonReferenceType();
    const auto *RD = T->getAsCXXRecordDecl();
    if (T->isDependentType() || T->isIncompleteType() || !RD ||
        !RD->hasDefinition() || !RD->isTriviallyCopyable() || RD->isUnion())
      return 0;
    int64_t S = Ctx.getTypeSizeInChars(T).getQuantity();
    int64_t Al = Ctx.getTypeAlignInChars(T).getQuantity();
    if (S == 0)
      return 0;
    if ((Al != 4 && Al != 8 && Al != 16) || S % Al || S / Al > 16) {
      Why = "a copy of a whole '" +
            T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) +
            "' (" + std::to_string(S) + " bytes aligned to " +
            std::to_string(Al) +
            "), which the model does not split into accesses";
      return 0;
    }
    Bytes = unsigned(Al);
    return unsigned(S / Al);
  }
};

} // namespace

std::vector<SharedAccess> SharedAccessFinder::find(const FunctionDecl *F) {
  std::vector<SharedAccess> Out;
  if (!F->getBody())
    return Out;
  AccessCollector C(Engine.Ctx, *this, F, Out);
  C.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  listUnfollowed(F, C.SharedRefs, Out);
  return Out;
}

/// When E (a part of a __shared__ variable, or its address) is an argument
/// of a call or a construction whose callee the analysis does not see into
/// (library code in a system header, CUB's TempStorage say, or a function
/// whose body is not in this file), and no access is listed at that call:
/// why its accesses there are unknown. Empty otherwise.
std::string
SharedAccessFinder::passedUnseen(const Expr *E, const ParentMap &PM,
                                 llvm::ArrayRef<SharedAccess> Listed) const {
  const Stmt *P = PM.getParent(E);
  while (P && (isa<ImplicitCastExpr, ParenExpr>(P) ||
               (isa<UnaryOperator>(P) &&
                cast<UnaryOperator>(P)->getOpcode() == UO_AddrOf))) {
    E = cast<Expr>(P);
    P = PM.getParent(P);
  }
  const FunctionDecl *Callee = nullptr;
  const Expr *Whole = nullptr;
  if (const auto *C = dyn_cast_or_null<CallExpr>(P)) {
    if (llvm::is_contained(C->arguments(), E))
      Callee = C->getDirectCallee();
    Whole = C;
  } else if (const auto *CC = dyn_cast_or_null<CXXConstructExpr>(P)) {
    if (llvm::is_contained(CC->arguments(), E) &&
        !CC->getConstructor()->isCopyOrMoveConstructor())
      Callee = CC->getConstructor();
    Whole = CC;
  }
  if (!Callee || Callee->getBuiltinID() || isAddressQuery(Callee))
    return "";
  const SourceManager &SM = Engine.Ctx.getSourceManager();
  bool Library = SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()));
  const FunctionDecl *Def = nullptr;
  if (!Library && Callee->hasBody(Def))
    return ""; // followed into the callee, where it is user code
  // An access a rule lists at this call (an atomic, a WMMA load, an
  // asynchronous copy) says it already.
  SourceLocation B = Whole->getBeginLoc(), End = Whole->getEndLoc();
  for (const SharedAccess &A : Listed)
    if (const Stmt *Site = A.site())
      if (SM.isPointWithin(Site->getBeginLoc(), B, End))
        return "";
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Callee->getNameForDiagnostic(OS, Engine.Ctx.getPrintingPolicy(),
                               /*Qualified=*/true);
  return "passed to '" + Name + "', " +
         (Library ? std::string("library code")
                  : std::string("a function whose body is not in this file")) +
         ", whose shared-memory accesses are not analysed";
}

/// The safety net under the rules above: a part of a __shared__ variable
/// (the variable, subscripted, a member, a vector element, a member a
/// pointer to member names, the object of a call returning a reference
/// into it) that is read or written where no rule listed an access is
/// listed as unknown, so that no access can vanish silently.
void SharedAccessFinder::listUnfollowed(
    const FunctionDecl *F, llvm::ArrayRef<const DeclRefExpr *> SharedRefs,
    std::vector<SharedAccess> &Out) {
  if (SharedRefs.empty())
    return;
  llvm::SmallPtrSet<const Expr *, 16> Listed;
  for (const SharedAccess &A : Out)
    if (A.LValue)
      Listed.insert(A.LValue->IgnoreParens());
  const ParentMap &PM = *Engine.parents(F);
  for (const DeclRefExpr *DRE : SharedRefs) {
    // Climb the forms that name a part of the same object.
    const Expr *Cur = DRE;
    const Stmt *Par = PM.getParent(Cur);
    while (const auto *P = dyn_cast_or_null<Expr>(Par)) {
      bool Part = false;
      if (isa<ParenExpr>(P))
        Part = true;
      else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P))
        Part = ICE->isGLValue() ||
               (ICE->getCastKind() == CK_ArrayToPointerDecay &&
                isa_and_nonnull<ArraySubscriptExpr>(PM.getParent(ICE)) &&
                cast<ArraySubscriptExpr>(PM.getParent(ICE))->getBase() == ICE);
      else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(P))
        Part = ASE->getBase() == Cur;
      else if (const auto *ME = dyn_cast<MemberExpr>(P))
        Part = !ME->isArrow() && ME->getBase() == Cur;
      else if (const auto *EV = dyn_cast<ExtVectorElementExpr>(P))
        Part = !EV->isArrow() && EV->getBase() == Cur;
      else if (const auto *B = dyn_cast<BinaryOperator>(P))
        Part = B->getOpcode() == BO_PtrMemD && B->getLHS() == Cur;
      else if (const auto *U = dyn_cast<UnaryOperator>(P))
        Part = U->getOpcode() == UO_Real || U->getOpcode() == UO_Imag;
      else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(P))
        Part = MC->isGLValue() && MC->getImplicitObjectArgument() == Cur;
      else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P))
        Part = OC->isGLValue() && OC->getNumArgs() > 0 &&
               OC->getArg(0) == Cur &&
               isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee());
      if (!Part)
        break;
      Cur = P;
      Par = PM.getParent(P);
    }
    if (Cur->isTypeDependent() || Cur->isValueDependent() ||
        Cur->containsErrors() || !Cur->isGLValue())
      continue;
    std::optional<SharedAccess::Kind> K;
    std::string Passed = passedUnseen(Cur, PM, Out);
    if (!Passed.empty())
      K = SharedAccess::LoadStore;
    else if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Par);
             ICE && ICE->getCastKind() == CK_LValueToRValue)
      K = SharedAccess::Load;
    else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Par);
             B && B->isAssignmentOp() && B->getLHS() == Cur)
      K = B->getOpcode() == BO_Assign ? SharedAccess::Store
                                      : SharedAccess::LoadStore;
    else if (const auto *U = dyn_cast_or_null<UnaryOperator>(Par);
             U && U->isIncrementDecrementOp())
      K = SharedAccess::LoadStore;
    if (!K || Listed.count(Cur->IgnoreParens()))
      continue;
    Listed.insert(Cur->IgnoreParens());
    SharedAccess A;
    A.How = *K;
    A.Site = Cur;
    A.Function = F;
    A.Root = cast<VarDecl>(DRE->getDecl());
    A.Text = Lexer::getSourceText(
                 CharSourceRange::getTokenRange(Cur->getSourceRange()),
                 Engine.Ctx.getSourceManager(), Engine.Ctx.getLangOpts())
                 .str();
    std::string Form = Cur->getStmtClassName();
    if (const auto *U = dyn_cast<UnaryOperator>(Cur))
      Form += " '" + UnaryOperator::getOpcodeStr(U->getOpcode()).str() + "'";
    else if (const auto *B = dyn_cast<BinaryOperator>(Cur))
      Form += " '" + B->getOpcodeStr().str() + "'";
    A.Unanalysable =
        !Passed.empty()
            ? Passed
            : "a form the analysis does not follow: " + Form + " of type '" +
                  Cur->getType().getAsString(Engine.Ctx.getPrintingPolicy()) +
                  "'";
    Out.push_back(std::move(A));
  }
}

} // namespace warplint
