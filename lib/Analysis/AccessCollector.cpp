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
#include "RootFinder.h"
#include "warplint/Model/PtxAccess.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
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
    if (Callee && Callee->getIdentifier() &&
        (asyncCopy(E, Callee->getName(), Callee) ||
         wmmaAccess(E, Callee->getName(), Callee)))
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
    SharedAccess A;
    A.How = SharedAccess::Atomic;
    A.Given = SharedAccess::Pointer;
    A.LValue = Ptr;
    A.Function = F;
    A.Root = R.Var;
    A.Bytes = Bytes;
    Out.push_back(A);
    return true;
  }

private:
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

  /// The byte count of a copy: an integer constant, or a constant wrapped
  /// in a class such as cuda::aligned_size_t<16>(16).
  std::optional<uint64_t> copySize(const Expr *E, unsigned Depth = 0) {
    while (true) {
      E = stripFull(E)->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
        E = M->getSubExpr();
      else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
        E = FC->getSubExpr();
      else
        break;
    }
    if (Depth > 8)
      return std::nullopt;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1)
        return std::nullopt;
      return copySize(CE->getArg(0), Depth + 1);
    }
    // `const auto shape = cuda::aligned_size_t<16>(16);`
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->getType().isConstQualified() && V->getInit())
        return copySize(V->getInit(), Depth + 1);
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType() ||
        !E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    return R.Val.getInt().getLimitedValue();
  }

  /// The outermost namespace of D's context ("" for the global one).
  static StringRef outerNamespace(const Decl *D) {
    StringRef Out;
    for (const DeclContext *DC = D->getDeclContext();
         DC && !DC->isTranslationUnit(); DC = DC->getParent())
      if (const auto *N = dyn_cast<NamespaceDecl>(DC); N && !N->isInline())
        Out = N->getName();
    return Out;
  }

  /// nvcuda::wmma::load_matrix_sync and store_matrix_sync on shared memory:
  /// listed, with the rows of the tile when its shape is known.
  bool wmmaAccess(const CallExpr *E, StringRef Name,
                  const FunctionDecl *Callee) {
    bool Load = Name == "load_matrix_sync";
    if ((!Load && Name != "store_matrix_sync") ||
        outerNamespace(Callee) != "nvcuda" || E->getNumArgs() < 3 ||
        Callee->getNumParams() < 3)
      return false;
    unsigned PtrArg = Load ? 1 : 0, FragArg = Load ? 0 : 1;
    const Expr *Ptr = E->getArg(PtrArg);
    if (!Ptr->getType()->isPointerType())
      return false;
    RootFinder RF(Finder);
    RootKind K = RF.ofPointer(Ptr);
    if (K == RootKind::Other)
      return true; // global memory
    SharedAccess A;
    A.How = Load ? SharedAccess::Load : SharedAccess::Store;
    A.Given = SharedAccess::Pointer;
    A.LValue = Ptr;
    A.Site = E;
    A.Function = F;
    A.Root = RF.Var;
    A.Instruction = ("wmma::" + Name).str();
    A.Unanalysable =
        "WMMA's mapping of matrix elements to lanes is not documented (CUDA "
        "C++ Programming Guide, Warp Matrix Functions: it is unspecified and "
        "may differ between architectures); only the rows' spacing is "
        "checked";
    // The fragment: fragment<Use, M, N, K, T, Layout>.
    QualType FT = E->getArg(FragArg)->getType().getNonReferenceType();
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        FT->getAsCXXRecordDecl());
    QualType Elem = Callee->getParamDecl(PtrArg)->getType()->getPointeeType();
    if (!Elem->isVoidType() && !Elem->isIncompleteType() &&
        !Elem->isDependentType())
      A.Bytes = unsigned(Ctx.getTypeSizeInChars(Elem).getQuantity());
    Expr::EvalResult Ldm;
    const Expr *LdmE = E->getArg(2);
    if (Spec && Spec->getTemplateArgs().size() >= 5 && A.Bytes &&
        !LdmE->isValueDependent() && LdmE->EvaluateAsInt(Ldm, Ctx)) {
      const TemplateArgumentList &TA = Spec->getTemplateArgs();
      auto TypeName = [](const TemplateArgument &T) -> std::string {
        if (T.getKind() != TemplateArgument::Type)
          return "";
        if (const auto *RD = T.getAsType()->getAsRecordDecl())
          return RD->getName().str();
        return "";
      };
      auto Int = [](const TemplateArgument &T) -> int64_t {
        return T.getKind() == TemplateArgument::Integral
                   ? T.getAsIntegral().getExtValue()
                   : 0;
      };
      std::string Use = TypeName(TA[0]);
      int64_t M = Int(TA[1]), N = Int(TA[2]), Kd = Int(TA[3]);
      // Row-major unless the fragment (or, for an accumulator, the call)
      // says column-major.
      bool ColMajor = false;
      bool LayoutKnown = true;
      if (Use == "accumulator") {
        LayoutKnown = E->getNumArgs() >= 4;
        if (LayoutKnown) {
          const auto *DRE =
              dyn_cast<DeclRefExpr>(E->getArg(3)->IgnoreParenImpCasts());
          LayoutKnown = DRE && (DRE->getDecl()->getName() == "mem_row_major" ||
                                DRE->getDecl()->getName() == "mem_col_major");
          ColMajor =
              LayoutKnown && DRE->getDecl()->getName() == "mem_col_major";
        }
      } else if (TA.size() >= 6) {
        ColMajor = TypeName(TA[5]) == "col_major";
        LayoutKnown = ColMajor || TypeName(TA[5]) == "row_major";
      }
      int64_t ElemBytes = A.Bytes;
      int64_t Rows = 0, Cols = 0;
      if (Use == "matrix_a")
        Rows = M, Cols = Kd;
      else if (Use == "matrix_b")
        Rows = Kd, Cols = N;
      else if (Use == "accumulator")
        Rows = M, Cols = N;
      if (ColMajor)
        std::swap(Rows, Cols);
      int64_t L = Ldm.Val.getInt().getExtValue();
      if (LayoutKnown && Rows > 0 && Cols > 0 && L >= Cols && Rows <= 256 &&
          Cols * ElemBytes <= 1024)
        A.Tile =
            SharedAccess::TileRows{unsigned(Rows), unsigned(Cols * ElemBytes),
                                   unsigned(ElemBytes), uint64_t(L)};
    }
    Out.push_back(A);
    return true;
  }

  /// The asynchronous copies into shared memory: __pipeline_memcpy_async,
  /// and cuda::memcpy_async and cooperative_groups::memcpy_async, per
  /// thread (a store of 4, 8 or 16 bytes per lane) or by a whole group
  /// (listed: the library maps the bytes to lanes).
  bool asyncCopy(const CallExpr *E, StringRef Name,
                 const FunctionDecl *Callee) {
    bool Pipeline = Name == "__pipeline_memcpy_async";
    if (!Pipeline && Name != "memcpy_async")
      return false;
    std::string Instr = Name.str();
    if (!Pipeline) {
      // cuda (cuda::std, cuda::__4) or cooperative_groups.
      StringRef Outer = outerNamespace(Callee);
      if (Outer != "cuda" && Outer != "cooperative_groups")
        return false;
      Instr = (Outer + "::" + Instr).str();
    }
    if (E->getNumArgs() < 3)
      return false;
    SharedAccess A;
    A.How = SharedAccess::Store;
    A.Given = SharedAccess::Pointer;
    A.Site = E;
    A.Function = F;
    A.Instruction = Instr;
    A.SharedByContract = Pipeline; // its parameter is dst_shared
    const Expr *Dst = E->getArg(0);
    if (!Dst->IgnoreParenImpCasts()->getType()->isPointerType()) {
      // memcpy_async(group, dst, src, ...): the whole group copies.
      A.LValue = nullptr;
      A.Unanalysable = "the whole group copies, and the library decides "
                       "which lane writes which bytes";
      RootFinder R(Finder);
      if (E->getNumArgs() < 4 || !E->getArg(1)->getType()->isPointerType())
        return true;
      RootKind K = R.ofPointer(E->getArg(1));
      if (K == RootKind::Other)
        return true; // a copy into other memory
      A.Root = R.Var;
      Out.push_back(A);
      return true;
    }
    RootFinder RF(Finder);
    RootKind DstKind = RF.ofPointer(Dst);
    if (!Pipeline && DstKind == RootKind::Other)
      return true; // a copy into other memory
    A.LValue = Dst;
    std::optional<uint64_t> Size = copySize(E->getArg(2));
    if (!Size)
      A.Unanalysable = "its size is not a constant";
    else if (*Size != 4 && *Size != 8 && *Size != 16)
      A.Unanalysable = "it copies " + std::to_string(*Size) +
                       " bytes per thread; the model covers copies of 4, 8 "
                       "and 16 bytes";
    else
      A.Bytes = unsigned(*Size);
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
      add(Arg, PT->getPointeeType().isConstQualified()
                   ? SharedAccess::Load
                   : SharedAccess::LoadStore);
    }
  }

  void add(const Expr *LV, SharedAccess::Kind K) {
    if (!LV->isGLValue() || LV->isTypeDependent() || LV->containsErrors())
      return;
    // `c ? s[i] : x` and `(f(), s[i])` as lvalues: the object is one of the
    // arms, each accessed under its arm's condition.
    const Expr *Bare = LV->IgnoreParens();
    if (const auto *CO = dyn_cast<ConditionalOperator>(Bare)) {
      add(CO->getTrueExpr(), K);
      add(CO->getFalseExpr(), K);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(Bare);
        B && B->getOpcode() == BO_Comma) {
      add(B->getRHS(), K);
      return;
    }
    unsigned Bytes = accessBytes(LV->getType(), Ctx);
    if (!Bytes)
      return;
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
    Out.push_back(A);
  }
};

} // namespace

std::vector<SharedAccess> SharedAccessFinder::find(const FunctionDecl *F) {
  std::vector<SharedAccess> Out;
  if (!F->getBody())
    return Out;
  AccessCollector C(Ctx, *this, F, Out);
  C.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  listUnfollowed(F, C.SharedRefs, Out);
  return Out;
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
  const ParentMap &PM = parents(F);
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
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Par);
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
                 Ctx.getSourceManager(), Ctx.getLangOpts())
                 .str();
    std::string Form = Cur->getStmtClassName();
    if (const auto *U = dyn_cast<UnaryOperator>(Cur))
      Form += " '" + UnaryOperator::getOpcodeStr(U->getOpcode()).str() + "'";
    else if (const auto *B = dyn_cast<BinaryOperator>(Cur))
      Form += " '" + B->getOpcodeStr().str() + "'";
    A.Unanalysable = "a form the analysis does not follow: " + Form +
                     " of type '" +
                     Cur->getType().getAsString(Ctx.getPrintingPolicy()) + "'";
    Out.push_back(std::move(A));
  }
}

} // namespace warplint
