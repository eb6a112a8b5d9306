//===-- RootFinder.cpp - Where an lvalue or pointer points ----------------===//
#include "RootFinder.h"
#include "AstUtil.h"
#include "FunctionFacts.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;

namespace warplint {

/// Does E name a __shared__ variable?
static bool namesShared(const Expr *E) {
  bool Found = false;
  visitStmts(E, [&](const Stmt *S) {
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      Found |= isShared(dyn_cast<VarDecl>(D->getDecl()));
    return !Found;
  });
  return Found;
}

bool RootFinder::mayBeShared(const VarDecl *V) {
  return V &&
         (isShared(V) || (V->getType()->isReferenceType() && V->getInit()));
}

RootKind RootFinder::ofLValue(const Expr *E) {
  if (++Depth > 64)
    return RootKind::Other;
  // `s[i][j]...`: an array of arrays subscripted, as many times as its
  // rank, which no step limit bounds.
  E = innermostSubscript(E->IgnoreParens());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!mayBeShared(V))
      return RootKind::Other;
    if (isShared(V)) {
      Var = V;
      return RootKind::Shared;
    }
    return ofLValue(V->getInit());
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return ofPointer(ASE->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref)
      return ofPointer(U->getSubExpr());
    return RootKind::Other;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? ofPointer(ME->getBase()) : ofLValue(ME->getBase());
  if (const auto *C = dyn_cast<CastExpr>(E))
    if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast)
      return ofLValue(C->getSubExpr());
  // `ca[i]` of a cuda::std::array: a member function returning a
  // reference into its object.
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return ofReturns(Call);
  // `v.x`, `v.xy` of a clang vector type; `o.*pm`, `p->*pm`.
  if (const auto *EV = dyn_cast<ExtVectorElementExpr>(E))
    return EV->isArrow() ? ofPointer(EV->getBase()) : ofLValue(EV->getBase());
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_PtrMemD)
      return ofLValue(B->getLHS());
    if (B->getOpcode() == BO_PtrMemI)
      return ofPointer(B->getLHS());
  }
  return RootKind::Other;
}

RootKind RootFinder::ofPointer(const Expr *E) {
  if (++Depth > 64)
    return RootKind::Other;
  E = stripFull(E);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return ofLValue(C->getSubExpr());
    case CK_LValueToRValue: {
      // A member of a function object (`p` in its operator()): its value
      // depends on the object the call is made on, as a parameter's.
      const Expr *Sub = C->getSubExpr()->IgnoreParens();
      while (const auto *ME = dyn_cast<MemberExpr>(Sub)) {
        if (ME->isArrow()) {
          if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
            return RootKind::Param;
          break;
        }
        Sub = ME->getBase()->IgnoreParens();
      }
      // A pointer member of a local object initialised from a __shared__
      // variable (`bs.b[i]` with `Bufs bs{s, s + 512}`): the lowering
      // follows the member to its definition.
      if (Sub != C->getSubExpr()->IgnoreParens())
        if (const auto *Obj = dyn_cast<DeclRefExpr>(Sub))
          if (const auto *OV = dyn_cast<VarDecl>(Obj->getDecl());
              OV && OV->hasLocalStorage() && !isa<ParmVarDecl>(OV) &&
              !OV->isImplicit() && OV->getType()->isRecordType() &&
              OV->getInit() && namesShared(OV->getInit()))
            return RootKind::Param;
      const auto *DRE = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V)
        return RootKind::Other;
      if (isa<ParmVarDecl>(V)) {
        const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
        return F && !isKernel(F) ? RootKind::Param : RootKind::Other;
      }
      if (!V->hasLocalStorage())
        return RootKind::Other;
      return ofDefinitions(V);
    }
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion:
      return ofPointer(C->getSubExpr());
    case CK_UserDefinedConversion:
      // SharedMemory<T>'s `operator T *()`.
      if (const auto *Call =
              dyn_cast<CallExpr>(C->getSubExpr()->IgnoreParenImpCasts()))
        return ofReturns(Call);
      return RootKind::Other;
    default:
      return RootKind::Other;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf)
      return ofLValue(U->getSubExpr());
    if (U->isIncrementDecrementOp()) {
      // `*p++`: the pointer p holds.
      const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      return V && V->hasLocalStorage() ? ofDefinitions(V) : RootKind::Other;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return best(ofPointer(CO->getTrueExpr()), ofPointer(CO->getFalseExpr()));
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return ofReturns(Call);
  if (isa<CXXThisExpr>(E)) {
    // The object of the member call being followed (ofReturns); in a
    // member function's own body, the object it is called on, which its
    // callers decide as they do a pointer parameter (`d[r][c] = v` in
    // `Tile::set`, called on a __shared__ Tile).
    if (Objects.empty())
      return RootKind::Param;
    auto [Obj, Arrow] = Objects.pop_back_val();
    RootKind K = Arrow ? ofPointer(Obj) : ofLValue(Obj);
    Objects.push_back({Obj, Arrow});
    return K;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Assign)
    return ofPointer(B->getRHS());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
      if (B->getLHS()->getType()->isPointerType())
        return ofPointer(B->getLHS());
      if (B->getRHS()->getType()->isPointerType())
        return ofPointer(B->getRHS());
    }
  return RootKind::Other;
}

RootKind RootFinder::best(RootKind A, RootKind B) {
  if (A == RootKind::Shared || B == RootKind::Shared)
    return RootKind::Shared;
  if (A == RootKind::Param || B == RootKind::Param)
    return RootKind::Param;
  return RootKind::Other;
}

RootKind RootFinder::ofDefinitions(const VarDecl *V) {
  if (++Depth > 32)
    return RootKind::Other;
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return RootKind::Other;
  const FunctionFacts &LW = *Finder.Engine.facts(F);
  auto It = LW.Writes.find(V);
  if (It == LW.Writes.end())
    // The implicit `__begin` of a range-based for loop: its range.
    return V->isImplicit() && V->getInit() ? ofPointer(V->getInit())
                                           : RootKind::Other;
  RootKind R = RootKind::Other;
  for (const Stmt *W : It->second) {
    const Expr *Value = nullptr;
    if (isa<DeclStmt>(W))
      Value = V->getInit();
    else if (const auto *B = dyn_cast<BinaryOperator>(W);
             B && B->getOpcode() == BO_Assign)
      Value = B->getRHS();
    if (Value)
      R = best(R, ofPointer(Value));
  }
  return R;
}

RootKind RootFinder::ofReturns(const CallExpr *Call) {
  const FunctionDecl *Def = nullptr;
  const FunctionDecl *Callee = Call->getDirectCallee();
  bool Ref = Call->isGLValue();
  if (!Callee || !Callee->hasBody(Def) || !Def ||
      (!Ref && !Call->getType()->isPointerType()) || ++Depth > 32)
    return RootKind::Other;
  const Expr *Obj = nullptr;
  bool Arrow = false;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    Obj = MC->getImplicitObjectArgument();
    Arrow = Obj && Obj->getType()->isPointerType();
  } else if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) &&
             Call->getNumArgs() > 0) {
    Obj = Call->getArg(0);
  }
  if (Obj)
    Objects.push_back({Obj, Arrow});
  llvm::scope_exit Pop([&] {
    if (Obj)
      Objects.pop_back();
  });
  llvm::SmallVector<const Expr *, 2> Returns;
  visitStmts(Def->getBody(), [&](const Stmt *S) {
    if (const auto *R = dyn_cast<ReturnStmt>(S); R && R->getRetValue())
      Returns.push_back(R->getRetValue());
    return true;
  });
  // A return rooted in the callee's parameters or object (`row(s, r)`,
  // `view.at(i)` of a view holding a shared pointer) may point into shared
  // memory: the lowering follows the call's arguments.
  // Only where the call's arguments or object name a __shared__ variable
  // (an initializer_list's begin() in a range-based for loop is not).
  RootKind K = RootKind::Other;
  for (const Expr *E : Returns)
    K = best(K, Ref ? ofLValue(E) : ofPointer(E));
  if (K != RootKind::Param)
    return K;
  for (const Expr *Arg : Call->arguments())
    if (namesShared(Arg))
      return K;
  if (Obj)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !V->isImplicit() && V->getInit() && namesShared(V->getInit()))
        return K;
  return RootKind::Other;
}

} // namespace warplint
