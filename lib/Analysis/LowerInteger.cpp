//===-- LowerInteger.cpp - Integer expressions ----------------------------===//
//
// Integer expressions as nodes: a statement visitor with one transfer
// function per node kind (operators, casts, `?:`, calls), reads of
// variables and memory (load), CUDA's built-in variables and intrinsics
// (CudaModels.h).
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "CudaModels.h"
#include "Lowering.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

std::optional<Op> Lowering::modelOp(BinaryOperatorKind K) {
  if (BinaryOperator::isCompoundAssignmentOp(K))
    K = BinaryOperator::getOpForCompoundAssignment(K);
  switch (K) {
  case BO_Add:
    return Op::Add;
  case BO_Sub:
    return Op::Sub;
  case BO_Mul:
    return Op::Mul;
  case BO_Div:
    return Op::Div;
  case BO_Rem:
    return Op::Rem;
  case BO_Shl:
    return Op::Shl;
  case BO_Shr:
    return Op::Shr;
  case BO_And:
    return Op::And;
  case BO_Or:
    return Op::Or;
  case BO_Xor:
    return Op::Xor;
  case BO_LT:
    return Op::LT;
  case BO_GT:
    return Op::GT;
  case BO_LE:
    return Op::LE;
  case BO_GE:
    return Op::GE;
  case BO_EQ:
    return Op::EQ;
  case BO_NE:
    return Op::NE;
  case BO_LAnd:
    return Op::LAnd;
  case BO_LOr:
    return Op::LOr;
  default:
    return std::nullopt;
  }
}

std::optional<NodeId> Lowering::builtin(const PseudoObjectExpr *POE) {
  std::optional<BuiltinRead> B = builtinRead(POE);
  if (!B)
    return std::nullopt;
  static const char *const DimName[] = {"x", "y", "z"};
  switch (B->Var) {
  case BuiltinRead::ThreadIdx:
    return P->threadIdx(B->Dim);
  case BuiltinRead::BlockDim:
    return P->blockDim(B->Dim);
  case BuiltinRead::BlockIdx:
  case BuiltinRead::GridDim:
    break;
  }
  return P->symbol(
      symbolFor(B->Decl, (B->name() + "." + DimName[B->Dim]).str(), 1, true),
      IntType::u32());
}

/// The transfer functions of integer expressions, one per node kind: the
/// value of an expression of integer type IT, in frame Frame, as a node.
class IntegerLowering
    : public ConstStmtVisitor<IntegerLowering, std::optional<NodeId>> {
public:
  IntegerLowering(Lowering &L, unsigned Frame, IntType IT)
      : L(L), P(*L.P), Frame(Frame), IT(IT) {}

  std::optional<NodeId> VisitPseudoObjectExpr(const PseudoObjectExpr *POE) {
    if (auto N = L.builtin(POE))
      return P.cast(*N, IT);
    return L.fail("an unknown property");
  }
  std::optional<NodeId>
  VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr *E) {
    return L.integer(E->getReplacement(), Frame);
  }
  std::optional<NodeId> VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *E) {
    return L.integer(E->getExpr(), Frame);
  }
  std::optional<NodeId> VisitCastExpr(const CastExpr *C);
  std::optional<NodeId> VisitBinaryOperator(const BinaryOperator *B);
  std::optional<NodeId> VisitUnaryOperator(const UnaryOperator *U);
  std::optional<NodeId> VisitConditionalOperator(const ConditionalOperator *CO);
  std::optional<NodeId> VisitCallExpr(const CallExpr *Call);
  // A full expression whose temporaries are destroyed at its end (a dim3
  // returned by thread_index(), say; `return std::min(x, 64);`, the 64
  // bound to a reference): its value is its subexpression's.
  std::optional<NodeId> VisitExprWithCleanups(const ExprWithCleanups *E) {
    return L.integer(E->getSubExpr(), Frame);
  }
  std::optional<NodeId> VisitStmt(const Stmt *) {
    return L.fail("an expression the analysis does not follow");
  }

private:
  Lowering &L;
  ExprPool &P;
  unsigned Frame;
  IntType IT;
  std::optional<NodeId> castTo(std::optional<NodeId> N, IntType T) {
    if (!N)
      return std::nullopt;
    return P.cast(*N, T);
  }
};

std::optional<NodeId> IntegerLowering::VisitCastExpr(const CastExpr *C) {
  const Expr *Sub = C->getSubExpr();
  switch (C->getCastKind()) {
  case CK_LValueToRValue:
    return L.load(Sub, Frame);
  case CK_IntegralCast:
  case CK_NoOp:
    return castTo(L.integer(Sub, Frame), IT);
  case CK_PointerToIntegral:
    // `(uintptr_t)&s[i]`: the address of shared memory, as a number.
    return castTo(L.pointer(Sub, Frame), IT);
  case CK_IntegralToBoolean: {
    auto V = L.integer(Sub, Frame);
    if (!V)
      return std::nullopt;
    IntType ST = L.typeOf(Sub->getType());
    return P.binary(Op::NE, *V, P.constant(0, ST), IT);
  }
  case CK_UserDefinedConversion:
    // `int(x)` of a class with `operator int()`: the value it returns.
    if (const auto *MC =
            dyn_cast<CXXMemberCallExpr>(Sub->IgnoreParenImpCasts()))
      return castTo(L.callValue(MC, Frame, /*Pointer=*/false), IT);
    [[fallthrough]];
  case CK_FloatingToIntegral:
  case CK_FloatingToBoolean:
    // Host code: computed in floating point (LowerFloat.cpp).
    if (L.As.ArmsAreChoices)
      return L.floatToInteger(Sub, Frame, IT,
                              C->getCastKind() == CK_FloatingToBoolean);
    [[fallthrough]];
  default:
    return L.fail(Twine("a cast the analysis does not follow (") +
                  C->getCastKindName() + ") on line " + L.lineOf(C));
  }
}

std::optional<NodeId>
IntegerLowering::VisitBinaryOperator(const BinaryOperator *B) {
  // `(v = e)` has the value of e, converted to v's type.
  if (B->getOpcode() == BO_Assign)
    return castTo(L.integer(B->getRHS(), Frame), IT);
  std::optional<Op> O;
  if (!B->isCompoundAssignmentOp())
    O = Lowering::modelOp(B->getOpcode());
  if (!O)
    return L.fail("an operator the analysis does not follow");
  if (B->getLHS()->getType()->isPointerType() ||
      B->getRHS()->getType()->isPointerType())
    return L.fail("pointer arithmetic in an integer");
  if (B->isComparisonOp() && L.As.ArmsAreChoices &&
      B->getLHS()->getType()->isRealFloatingType())
    return L.floatComparison(B, Frame, IT);
  auto Lhs = L.integer(B->getLHS(), Frame);
  if (!Lhs)
    return std::nullopt;
  std::string Saved = L.Why;
  auto Rhs = L.integer(B->getRHS(), Frame);
  if (!Rhs && B->isLogicalOp() && L.As.ArmsAreChoices) {
    // Host code: `n > 0 && ...` whose left side decides needs no right.
    if (std::optional<int64_t> K = L.hostConstant(*Lhs);
        K && (*K != 0) == (B->getOpcode() == BO_LOr)) {
      L.Why = Saved;
      return P.constant(*K != 0, IT);
    }
  }
  if (!Rhs)
    return std::nullopt;
  return P.binary(*O, *Lhs, *Rhs, IT);
}

std::optional<NodeId>
IntegerLowering::VisitUnaryOperator(const UnaryOperator *U) {
  if (U->isIncrementDecrementOp())
    return L.incDecValue(U, Frame, /*Pointer=*/false);
  Op O;
  switch (U->getOpcode()) {
  case UO_Plus:
    return L.integer(U->getSubExpr(), Frame);
  case UO_Minus:
    O = Op::Neg;
    break;
  case UO_Not:
    O = Op::Not;
    break;
  case UO_LNot:
    O = Op::LNot;
    break;
  default:
    return L.fail("an operator with side effects");
  }
  auto V = L.integer(U->getSubExpr(), Frame);
  if (!V)
    return std::nullopt;
  return P.unary(O, *V, IT);
}

std::optional<NodeId>
IntegerLowering::VisitConditionalOperator(const ConditionalOperator *CO) {
  if (L.As.ArmsAreChoices) {
    std::optional<bool> Arm = L.chosenArm(CO, Frame);
    if (!Arm)
      return std::nullopt;
    return castTo(
        L.integer(*Arm ? CO->getTrueExpr() : CO->getFalseExpr(), Frame), IT);
  }
  auto C = L.integer(CO->getCond(), Frame);
  auto A = C ? L.integer(CO->getTrueExpr(), Frame) : std::nullopt;
  auto B = A ? L.integer(CO->getFalseExpr(), Frame) : std::nullopt;
  if (!B)
    return std::nullopt;
  return P.select(*C, *A, *B, IT);
}

std::optional<NodeId> IntegerLowering::VisitCallExpr(const CallExpr *Call) {
  if (std::optional<Op> O = integerIntrinsic(Call)) {
    // The arguments take the parameters' types; std::min and std::max take
    // references to const.
    auto Arg = [&](unsigned I) {
      const Expr *A = strip(Call->getArg(I), StripCleanups | StripTemporaries |
                                                 StripConversions);
      return A->isGLValue() ? L.load(A, Frame) : L.integer(A, Frame);
    };
    auto A = Arg(0);
    auto B = A ? Arg(1) : std::nullopt;
    if (!B)
      return std::nullopt;
    IntType PT = IT;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee->getNumParams() == 2)
      PT = L.typeOf(Callee->getParamDecl(0)->getType().getNonReferenceType());
    return P.cast(P.binary(*O, P.cast(*A, PT), P.cast(*B, PT), PT), IT);
  }
  if (isSharedWindowAddress(Call))
    return castTo(L.pointer(Call->getArg(0), Frame), IT);
  if (auto G = L.cooperativeGroups(Call, Frame, IT))
    return G;
  return L.callValue(Call, Frame, /*Pointer=*/false);
}

std::optional<NodeId> Lowering::integer(const Expr *Written, unsigned Frame) {
  DepthGuard G(Depth);
  if (Depth > 64)
    return fail("the index expression is too deep");
  const Expr *E = Written->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return fail("the expression depends on a template parameter");
  QualType T = E->getType();
  if (!T->isIntegralOrEnumerationType())
    return fail("the index is not an integer");
  IntType IT = typeOf(T);
  std::optional<NodeId> N;
  if (!isa<PseudoObjectExpr>(E))
    if (std::optional<int64_t> K = Engine.constantOf(E))
      N = P->constant(*K, IT);
  if (!N)
    N = IntegerLowering(*this, Frame, IT).Visit(E);
  // The expression as written, parentheses included, names it in reasons.
  if (N)
    Origins.try_emplace(*N, Written);
  return N;
}

std::optional<NodeId> Lowering::load(const Expr *E, unsigned Frame) {
  E = E->IgnoreParens();
  QualType T = E->getType();
  // std::min and std::max return a reference to the smaller or larger.
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && integerIntrinsic(Call) && T->isIntegralOrEnumerationType())
    return integer(Call, Frame);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return fail("an unknown name");
    // What the branches around a host launch fix (Assumptions::Facts).
    if (auto It = As.Facts.find(V); It != As.Facts.end()) {
      IntType VT = typeOf(T);
      const llvm::APSInt &K = It->second;
      return P->constant(
          VT.wrap(K.isSigned() ? K.getExtValue() : int64_t(K.getZExtValue())),
          VT);
    }
    if (const auto *PV = dyn_cast<ParmVarDecl>(V);
        PV && ownedBy(PV, Frame) && !changed(PV, Frame))
      return parameter(PV, Frame, /*Pointer=*/false);
    if (V->hasLocalStorage()) {
      auto N = valueBefore(V, DRE, Frame);
      if (!N)
        return std::nullopt;
      return P->cast(*N, typeOf(T));
    }
    // Globals: the same in every thread unless written concurrently.
    if (V->getType().isConstQualified() && V->getAnyInitializer())
      return integer(V->getAnyInitializer(), Frame);
    if (V->hasAttr<CUDAConstantAttr>() || V->hasAttr<CUDADeviceAttr>() ||
        isShared(V))
      return uniform(V, V->getNameAsString(), T);
    // Host code: what the program last stored in it before the point.
    if (std::string Saved = Why; As.ArmsAreChoices) {
      if (std::optional<NodeId> N = storedInteger(E, Frame))
        return N;
      if (Why != Saved)
        return std::nullopt;
    }
    return fail("'" + V->getName() + "' is a global variable");
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // An lvalue `c ? a : b`, read: the value of the arm c picks.
    auto C = integer(CO->getCond(), Frame);
    auto A = C ? load(CO->getTrueExpr(), Frame) : std::nullopt;
    auto B = A ? load(CO->getFalseExpr(), Frame) : std::nullopt;
    if (!B)
      return std::nullopt;
    return P->select(*C, *A, *B, typeOf(T));
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // `block.x` of a dim3: the dim3's value, its component.
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
        F && !ME->isArrow() && isDim3Type(ME->getBase()->getType()))
      if (std::optional<unsigned> C = dim3Component(F)) {
        std::string Saved = Why;
        if (std::optional<Dim3Nodes> D = dim3(ME->getBase(), Frame))
          return P->cast((*D)[*C], typeOf(T));
        Why = Saved;
      }
    // A member of a kernel parameter passed by value, or of a local struct.
    std::string Path;
    const Expr *B = E;
    llvm::SmallVector<const FieldDecl *, 4> Fields;
    while (const auto *M = dyn_cast<MemberExpr>(B)) {
      const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl());
      bool OfThis =
          M->isArrow() && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
      if (!FD || (M->isArrow() && !OfThis))
        return fail("a member the analysis does not follow");
      Fields.insert(Fields.begin(), FD);
      Path = "." + FD->getNameAsString() + Path;
      // A member of a function object, in its operator().
      if (OfThis)
        return thisMember(Fields, Path, Frame, T, /*Pointer=*/false);
      B = M->getBase()->IgnoreParens();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(B);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V)
      return fail("a member the analysis does not follow");
    return member(V, Fields, Path, E, Frame, T);
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (std::optional<NodeId> N = arrayElement(ASE, Frame))
      return P->cast(*N, typeOf(T));
    // Host code: an element of an array assigned element by element.
    if (std::string Saved = Why; As.ArmsAreChoices) {
      if (std::optional<NodeId> N = storedInteger(E, Frame))
        return N;
      if (Why != Saved)
        return std::nullopt;
    }
  }
  // A load from memory: uniform when its address is.
  if (isa<ArraySubscriptExpr>(E) ||
      (isa<UnaryOperator>(E) &&
       cast<UnaryOperator>(E)->getOpcode() == UO_Deref)) {
    std::string Saved = Why;
    const VarDecl *SavedRoot = Root;
    std::optional<NodeId> A = memoryAddress(E, Frame);
    Root = SavedRoot;
    Why = Saved;
    if (A && !P->readsThreadIdx(*A)) {
      llvm::SmallVector<unsigned, 2> Ls;
      P->loopsRead(*A, Ls);
      if (Ls.empty())
        return P->symbol(P->addSymbol("a value loaded from memory"), typeOf(T));
    }
    return fail("the index is loaded from memory that differs between "
                "threads");
  }
  return fail("a value the analysis does not follow");
}

std::optional<NodeId> Lowering::arrayElement(const ArraySubscriptExpr *ASE,
                                             unsigned Frame) {
  const Expr *Elem = constantElement(ASE, Frame);
  if (!Elem || !Elem->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  return integer(Elem, Frame);
}

const Expr *Lowering::constantElement(const ArraySubscriptExpr *ASE,
                                      unsigned Frame) {
  const auto *Base =
      dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const auto *A = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  if (!A || isShared(A) || !A->getType()->isConstantArrayType() ||
      !A->getInit() || !Engine.neverWritten(A))
    return nullptr;
  const auto *ILE = dyn_cast<InitListExpr>(strip(A->getInit(), StripToValue));
  if (!ILE)
    return nullptr;
  std::string Saved = Why;
  std::optional<NodeId> I = integer(ASE->getIdx(), Frame);
  Why = Saved;
  if (!I)
    return nullptr;
  std::optional<int64_t> K = hostConstant(*I);
  if (!K || *K < 0 || uint64_t(*K) >= ILE->getNumInits())
    return nullptr;
  return ILE->getInit(unsigned(*K));
}

} // namespace warplint
