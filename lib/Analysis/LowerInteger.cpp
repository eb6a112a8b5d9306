//===-- LowerInteger.cpp - Integer expressions
//------------------------------===//
//
// Integer expressions as nodes: operators, casts, reads of variables and
// memory, CUDA built-in variables and intrinsics.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "Lowering.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
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
  const auto *Call = dyn_cast<CallExpr>(POE->getResultExpr());
  if (!Call)
    return std::nullopt;
  const auto *ME =
      dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!ME)
    return std::nullopt;
  StringRef Member = ME->getMemberDecl()->getName();
  unsigned Dim;
  if (Member == "__fetch_builtin_x")
    Dim = 0;
  else if (Member == "__fetch_builtin_y")
    Dim = 1;
  else if (Member == "__fetch_builtin_z")
    Dim = 2;
  else
    return std::nullopt;
  const Expr *Base = ME->getBase()->IgnoreParens();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParens();
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  if (!DRE)
    return std::nullopt;
  StringRef Var = DRE->getDecl()->getName();
  static const char *const DimName[] = {"x", "y", "z"};
  if (Var == "threadIdx")
    return P->threadIdx(Dim);
  if (Var == "blockDim")
    return P->blockDim(Dim);
  if (Var == "blockIdx" || Var == "gridDim")
    return P->symbol(
        symbolFor(DRE->getDecl(), (Var + "." + DimName[Dim]).str(), 1, true),
        IntType::u32());
  return std::nullopt;
}

std::optional<NodeId> Lowering::integer(const Expr *E, unsigned Frame) {
  std::optional<NodeId> N = integerImpl(E, Frame);
  if (N)
    Origins.try_emplace(*N, E);
  return N;
}

std::optional<NodeId> Lowering::integerImpl(const Expr *E, unsigned Frame) {
  DepthGuard G(Depth);
  if (Depth > 64)
    return fail("the index expression is too deep");
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return fail("the expression depends on a template parameter");
  QualType T = E->getType();
  if (!T->isIntegralOrEnumerationType())
    return fail("the index is not an integer");
  IntType IT = typeOf(T);

  if (!isa<PseudoObjectExpr>(E))
    if (std::optional<int64_t> K = Finder.constantOf(E))
      return P->constant(*K, IT);

  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E)) {
    if (auto N = builtin(POE))
      return P->cast(*N, IT);
    return fail("an unknown property");
  }
  if (const auto *SNT = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return integer(SNT->getReplacement(), Frame);
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return integer(DA->getExpr(), Frame);

  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
      return load(Sub, Frame);
    case CK_IntegralCast:
    case CK_NoOp: {
      auto V = integer(Sub, Frame);
      if (!V)
        return std::nullopt;
      return P->cast(*V, IT);
    }
    case CK_PointerToIntegral: {
      // `(uintptr_t)&s[i]`: the address of shared memory, as a number.
      auto V = pointer(Sub, Frame);
      if (!V)
        return std::nullopt;
      return P->cast(*V, IT);
    }
    case CK_IntegralToBoolean: {
      auto V = integer(Sub, Frame);
      if (!V)
        return std::nullopt;
      IntType ST = typeOf(Sub->getType());
      return P->binary(Op::NE, *V, P->constant(0, ST), IT);
    }
    default:
      return fail("a cast the analysis does not follow");
    }
  }

  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Assign) {
    // `(v = e)` has the value of e, converted to v's type.
    auto V = integer(B->getRHS(), Frame);
    if (!V)
      return std::nullopt;
    return P->cast(*V, IT);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    std::optional<Op> O;
    if (!B->isCompoundAssignmentOp())
      O = modelOp(B->getOpcode());
    if (!O)
      return fail("an operator the analysis does not follow");
    if (B->getLHS()->getType()->isPointerType() ||
        B->getRHS()->getType()->isPointerType())
      return fail("pointer arithmetic in an integer");
    auto L = integer(B->getLHS(), Frame);
    if (!L)
      return std::nullopt;
    auto Rv = integer(B->getRHS(), Frame);
    if (!Rv)
      return std::nullopt;
    return P->binary(*O, *L, *Rv, IT);
  }

  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp())
      return incDecValue(U, Frame, /*Pointer=*/false);
    Op O;
    switch (U->getOpcode()) {
    case UO_Plus:
      return integer(U->getSubExpr(), Frame);
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
      return fail("an operator with side effects");
    }
    auto V = integer(U->getSubExpr(), Frame);
    if (!V)
      return std::nullopt;
    return P->unary(O, *V, IT);
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    auto C = integer(CO->getCond(), Frame);
    auto A = C ? integer(CO->getTrueExpr(), Frame) : std::nullopt;
    auto B = A ? integer(CO->getFalseExpr(), Frame) : std::nullopt;
    if (!B)
      return std::nullopt;
    return P->select(*C, *A, *B, IT);
  }

  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->getIdentifier() && Call->getNumArgs() == 2) {
      StringRef N = Callee->getName();
      Op O;
      bool Known = true;
      if (N == "min" || N == "umin" || N == "llmin" || N == "ullmin")
        O = Op::Min;
      else if (N == "max" || N == "umax" || N == "llmax" || N == "ullmax")
        O = Op::Max;
      else if (N == "__mul24" || N == "__umul24")
        O = Op::Mul;
      else
        Known = false;
      if (Known) {
        // The arguments take the parameters' types.
        auto A = integer(Call->getArg(0), Frame);
        auto B = A ? integer(Call->getArg(1), Frame) : std::nullopt;
        if (!B)
          return std::nullopt;
        IntType PT = IT;
        if (Callee->getNumParams() == 2)
          PT = typeOf(Callee->getParamDecl(0)->getType());
        return P->cast(P->binary(O, P->cast(*A, PT), P->cast(*B, PT), PT), IT);
      }
    }
    if (Callee && Callee->getIdentifier() && Call->getNumArgs() == 1 &&
        (Callee->getName() == "__cvta_generic_to_shared" ||
         Callee->getName() == "__nvvm_get_smem_pointer")) {
      // The shared-window address of a generic pointer: its banks are the
      // pointer's (the window starts at a multiple of 128 bytes).
      auto V = pointer(Call->getArg(0), Frame);
      if (!V)
        return std::nullopt;
      return P->cast(*V, IT);
    }
    if (auto G = cooperativeGroups(Call, Frame, IT))
      return G;
    return callValue(Call, Frame, /*Pointer=*/false);
  }
  return fail("an expression the analysis does not follow");
}

std::optional<NodeId> Lowering::load(const Expr *E, unsigned Frame) {
  E = E->IgnoreParens();
  QualType T = E->getType();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return fail("an unknown name");
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
    (void)ME;
    if (!V)
      return fail("a member the analysis does not follow");
    return member(V, Fields, Path, E, Frame, T);
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

} // namespace warplint
