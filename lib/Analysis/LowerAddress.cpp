//===-- LowerAddress.cpp - Addresses and pointers
//---------------------------===//
//
// The byte address of an lvalue, and the value of a pointer, as nodes.
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

int64_t Lowering::paddedSize(QualType T) {
  const auto *CAT = Ctx.getAsConstantArrayType(T);
  if (!CAT)
    return Ctx.getTypeSizeInChars(T).getQuantity();
  QualType Elem = CAT->getElementType();
  uint64_t N = CAT->getZExtSize();
  if (!Ctx.getAsConstantArrayType(Elem))
    N += Pad->Extra;
  return paddedSize(Elem) * int64_t(N);
}

bool Lowering::underPad(const Expr *E) {
  if (!Pad)
    return false;
  E = E->IgnoreParenImpCasts();
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    E = ASE->getBase()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE && DRE->getDecl() == Pad->Var;
}

std::optional<NodeId> Lowering::subscriptsInBounds(const Expr *LValue,
                                                   unsigned Frame) {
  const Expr *E = LValue->IgnoreParens();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return std::nullopt;
    E = ME->getBase()->IgnoreParens();
  }
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  if (!ASE || !Root)
    return std::nullopt;
  auto Subs = subscriptChain(ASE);
  const auto *Dec =
      dyn_cast<ImplicitCastExpr>(stripFull(Subs.back()->getBase()));
  if (!Dec || Dec->getCastKind() != CK_ArrayToPointerDecay)
    return std::nullopt;
  const auto *DRE = dyn_cast<DeclRefExpr>(Dec->getSubExpr()->IgnoreParens());
  if (!DRE || DRE->getDecl() != Root)
    return std::nullopt;
  // Root's dimensions, outermost first: each one subscripted.
  llvm::SmallVector<uint64_t, 4> Dims;
  for (const auto *CAT = Ctx.getAsConstantArrayType(Root->getType()); CAT;
       CAT = Ctx.getAsConstantArrayType(CAT->getElementType()))
    Dims.push_back(CAT->getZExtSize());
  if (Dims.size() < 2 || Dims.size() != Subs.size())
    return std::nullopt;
  std::string Saved = Why;
  std::optional<NodeId> All;
  for (size_t K = 0; K < Dims.size(); ++K) {
    // Subs holds the innermost dimension's subscript first; address()
    // lowered it already.
    const Expr *IdxE = Subs[Subs.size() - 1 - K]->getIdx();
    auto Known = Subscripts.find({IdxE, Frame});
    auto Idx = Known != Subscripts.end() ? std::optional<NodeId>(Known->second)
                                         : integer(IdxE, Frame);
    if (!Idx) {
      Why = Saved; // the access's own lowering said what it could
      return std::nullopt;
    }
    NodeId I = i64(*Idx);
    NodeId Lo =
        P->binary(Op::GE, I, P->constant(0, IntType::i64()), IntType::i32());
    NodeId Hi =
        P->binary(Op::LT, I, P->constant(int64_t(Dims[K]), IntType::i64()),
                  IntType::i32());
    NodeId Both = P->binary(Op::LAnd, Lo, Hi, IntType::i32());
    All = All ? P->binary(Op::LAnd, *All, Both, IntType::i32()) : Both;
  }
  return All;
}

std::optional<NodeId> Lowering::address(const Expr *E, unsigned Frame) {
  DepthGuard G(Depth);
  if (Depth > 64)
    return fail("the address expression is too deep");
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (isShared(V)) {
      Root = V;
      // The element type's alignment, or an explicit one: the host ABI's
      // extra alignment of large arrays says nothing of where the device
      // places shared memory.
      QualType Elem = Ctx.getBaseElementType(V->getType());
      uint64_t Align = Ctx.getTypeAlignInChars(Elem).getQuantity();
      if (V->hasAttr<AlignedAttr>())
        Align = std::max<uint64_t>(
            Align, Ctx.toCharUnitsFromBits(V->getMaxAlignment()).getQuantity());
      // Dynamic shared memory starts at least 16-byte aligned.
      if (V->hasExternalStorage() && Align < 16)
        Align = 16;
      unsigned Sym =
          symbolFor(V, "&" + V->getNameAsString(), Align, true, true);
      RootSymbol = Sym;
      return P->symbol(Sym, IntType::i64());
    }
    if (V && V->getType()->isReferenceType() && V->getInit() &&
        V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
      if (Through)
        Through->push_back(V->getInit()->getSourceRange());
      return address(V->getInit(), Frame);
    }
    return std::nullopt; // not shared memory
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    // The subscripts of an array of arrays (`s[i][j]...`), outermost
    // first, followed without recursion: the rank has no limit.
    llvm::SmallVector<const Expr *, 4> Decays;
    auto Subs = subscriptChain(ASE, &Decays);
    if (Through)
      for (const Expr *Dec : Decays)
        Through->push_back(Dec->getSourceRange());
    auto Addr = pointer(Subs.back()->getBase(), Frame);
    if (!Addr)
      return std::nullopt;
    for (const ArraySubscriptExpr *S : llvm::reverse(Subs)) {
      auto Idx = integer(S->getIdx(), Frame);
      if (!Idx)
        return std::nullopt;
      Subscripts.try_emplace({S->getIdx(), Frame}, *Idx);
      int64_t Size;
      if (underPad(S->getBase()))
        Size = paddedSize(S->getType());
      else if (auto Sz = sizeOf(S->getType()))
        Size = *Sz;
      else
        return fail("the element size is unknown");
      NodeId Off = P->binary(Op::Mul, i64(*Idx),
                             P->constant(Size, IntType::i64()), IntType::i64());
      Addr = P->binary(Op::Add, *Addr, Off, IntType::i64());
    }
    return Addr;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref)
      return pointer(U->getSubExpr(), Frame);
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField())
      // FIXME: a bit-field's access width depends on the compiler's layout.
      return fail("the member is a bit-field");
    auto Base = ME->isArrow() ? pointer(ME->getBase(), Frame)
                              : address(ME->getBase(), Frame);
    if (!Base)
      return std::nullopt;
    const RecordDecl *RD = FD->getParent();
    if (RD->isInvalidDecl() || RD->isDependentType())
      return fail("the record layout is unknown");
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
    int64_t Off = int64_t(L.getFieldOffset(FD->getFieldIndex()) / 8);
    return P->binary(Op::Add, *Base, P->constant(Off, IntType::i64()),
                     IntType::i64());
  }
  if (const auto *C = dyn_cast<CastExpr>(E))
    if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast)
      return address(C->getSubExpr(), Frame);
  // A call returning a reference (a lambda's `-> float &`): the object
  // its return statement names.
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->getReturnType()->isReferenceType())
      return callValue(Call, Frame, /*Pointer=*/true);
  if (const auto *EV = dyn_cast<ExtVectorElementExpr>(E)) {
    // Clang loads or stores the whole vector and picks the elements in
    // registers; the optimiser may narrow that to the elements alone.
    auto Base = EV->isArrow() ? pointer(EV->getBase(), Frame)
                              : address(EV->getBase(), Frame);
    if (!Base)
      return std::nullopt;
    return fail(
        "'." + EV->getAccessor().getName() +
        // FIXME: which elements the compiler loads is its choice; not modelled.
        "' of a vector type (ext_vector_type): the compiler may "
        "access the whole vector or only these elements");
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_PtrMemD || B->getOpcode() == BO_PtrMemI))
    return memberPointer(B, Frame);
  return std::nullopt;
}

std::optional<NodeId> Lowering::memberPointer(const BinaryOperator *B,
                                              unsigned Frame) {
  auto Base = B->getOpcode() == BO_PtrMemD ? address(B->getLHS(), Frame)
                                           : pointer(B->getLHS(), Frame);
  if (!Base)
    return std::nullopt;
  Expr::EvalResult R;
  const ValueDecl *D = nullptr;
  if (!B->getRHS()->isValueDependent() &&
      B->getRHS()->EvaluateAsRValue(R, Ctx) && R.Val.isMemberPointer() &&
      R.Val.getMemberPointerPath().empty())
    D = R.Val.getMemberPointerDecl();
  if (!D || !isa<FieldDecl, IndirectFieldDecl>(D))
    return fail(
        "the member is chosen by the pointer to member '" +
        Lexer::getSourceText(
            CharSourceRange::getTokenRange(B->getRHS()->getSourceRange()),
            Ctx.getSourceManager(), Ctx.getLangOpts()) +
        "', which is not a constant");
  const auto *FD = dyn_cast<FieldDecl>(D);
  if (!FD)
    FD = cast<IndirectFieldDecl>(D)->getAnonField();
  if (FD->isBitField() || FD->getParent()->isDependentType() ||
      FD->getParent()->isInvalidDecl())
    return fail("the member a pointer to member names is not followed");
  int64_t Off = int64_t(Ctx.getFieldOffset(D) / 8);
  return P->binary(Op::Add, *Base, P->constant(Off, IntType::i64()),
                   IntType::i64());
}

std::optional<NodeId> Lowering::thisPointer(unsigned Frame) {
  const CallExpr *Call = Frames[Frame].Call;
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call))
    Obj = MC->getImplicitObjectArgument();
  else if (Call && isa<CXXOperatorCallExpr>(Call) &&
           isa_and_nonnull<CXXMethodDecl>(Call->getDirectCallee()) &&
           Call->getNumArgs() > 0)
    Obj = Call->getArg(0);
  if (!Obj)
    return std::nullopt;
  unsigned Caller = Frames[Frame].Caller;
  return Obj->getType()->isPointerType() ? pointer(Obj, Caller)
                                         : address(Obj, Caller);
}

std::optional<NodeId> Lowering::loadedPointer(const Expr *E, unsigned Frame) {
  const Expr *Sub = E->IgnoreParens();
  if (const auto *ME = dyn_cast<MemberExpr>(Sub))
    return memberPointer(ME, Frame);
  const auto *DRE = dyn_cast<DeclRefExpr>(Sub);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return std::nullopt;
  if (const auto *PV = dyn_cast<ParmVarDecl>(V);
      PV && ownedBy(PV, Frame) && !changed(PV, Frame))
    return parameter(PV, Frame, /*Pointer=*/true);
  if (!V->hasLocalStorage())
    return std::nullopt;
  if (V->isImplicit())
    for (const Stmt *S = Sub; S; S = parentsOf(Frame).getParent(S))
      if (const auto *R = dyn_cast<CXXForRangeStmt>(S);
          R && R->getBeginStmt() && R->getBeginStmt()->getSingleDecl() == V)
        return rangeBegin(V, R, Frame);
  return valueBefore(V, Sub, Frame);
}

std::optional<NodeId> Lowering::pointer(const Expr *E, unsigned Frame) {
  DepthGuard G(Depth);
  if (Depth > 64)
    return fail("the address expression is too deep");
  E = stripFull(E);
  if (Through)
    Through->push_back(E->getSourceRange());
  // An unconverted asm operand (operandExpr) is read.
  if (E->isGLValue() && E->getType()->isPointerType())
    return loadedPointer(E, Frame);
  if (isa<CXXThisExpr>(E))
    return thisPointer(Frame);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return address(C->getSubExpr(), Frame);
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion:
      return pointer(C->getSubExpr(), Frame);
    case CK_LValueToRValue:
      return loadedPointer(C->getSubExpr(), Frame);
    case CK_UserDefinedConversion:
      // SharedMemory<T>'s `operator T *()`: the pointer it returns.
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(
              C->getSubExpr()->IgnoreParenImpCasts()))
        return callValue(MC, Frame, /*Pointer=*/true);
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf)
      return address(U->getSubExpr(), Frame);
    if (U->isIncrementDecrementOp())
      return incDecValue(U, Frame, /*Pointer=*/true);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // The arms first: `p ? p + off : NULL` on global memory is not shared
    // memory, whatever the condition.
    auto IsNull = [&](const Expr *X) {
      return X->IgnoreParenImpCasts()->isNullPointerConstant(
          Ctx, Expr::NPC_ValueDependentIsNotNull);
    };
    auto A = pointer(CO->getTrueExpr(), Frame);
    auto B = pointer(CO->getFalseExpr(), Frame);
    if (!A && !B)
      return std::nullopt;
    // The null arm is never accessed through.
    if (A && IsNull(CO->getFalseExpr()))
      return A;
    if (B && IsNull(CO->getTrueExpr()))
      return B;
    if (!A || !B)
      return fail("the pointer is chosen between shared memory and other "
                  "memory on line " +
                  lineOf(CO));
    auto C = integer(CO->getCond(), Frame);
    if (!C)
      return std::nullopt;
    return P->select(*C, *A, *B, IntType::i64());
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (E->getType()->isPointerType())
      return callValue(Call, Frame, /*Pointer=*/true);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Assign)
      return pointer(B->getRHS(), Frame);
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
      bool LP = B->getLHS()->getType()->isPointerType();
      const Expr *PtrE = LP ? B->getLHS() : B->getRHS();
      const Expr *IntE = LP ? B->getRHS() : B->getLHS();
      if (!PtrE->getType()->isPointerType() ||
          !IntE->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      auto Base = pointer(PtrE, Frame);
      if (!Base)
        return std::nullopt;
      auto Idx = integer(IntE, Frame);
      if (!Idx)
        return std::nullopt;
      auto Size = sizeOf(PtrE->getType()->getPointeeType());
      if (!Size)
        return fail("the element size is unknown");
      NodeId Off =
          P->binary(Op::Mul, i64(*Idx), P->constant(*Size, IntType::i64()),
                    IntType::i64());
      return P->binary(B->getOpcode() == BO_Add ? Op::Add : Op::Sub, *Base, Off,
                       IntType::i64());
    }
  }
  return std::nullopt;
}

std::optional<NodeId> Lowering::memoryAddress(const Expr *E, unsigned Frame) {
  E = E->IgnoreParens();
  const Expr *Ptr = nullptr;
  const Expr *Idx = nullptr;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    Ptr = ASE->getBase();
    Idx = ASE->getIdx();
  } else if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    Ptr = U->getSubExpr();
  }
  if (!Ptr)
    return std::nullopt;
  // The base pointer: shared memory lowers; any other pointer that is a
  // kernel parameter or a global is uniform.
  std::optional<NodeId> Base = pointer(Ptr, Frame);
  if (!Base) {
    const Expr *S = Ptr->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    bool Uniform = V && ((isa<ParmVarDecl>(V) && isKernel(Frames[Frame].F)) ||
                         (!V->hasLocalStorage() && !isShared(V)));
    if (!Uniform)
      return std::nullopt;
    Base = P->symbol(symbolFor(V, "&" + V->getNameAsString()), IntType::i64());
  }
  if (!Idx)
    return Base;
  auto I = integer(Idx, Frame);
  if (!I)
    return std::nullopt;
  return P->binary(Op::Add, *Base, i64(*I), IntType::i64());
}

} // namespace warplint
