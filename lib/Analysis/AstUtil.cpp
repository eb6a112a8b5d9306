//===-- AstUtil.cpp - Small helpers over Clang's AST ----------------------===//
#include "AstUtil.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace warplint {

const Expr *stripFull(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else
      return E;
  }
}

llvm::SmallVector<const ArraySubscriptExpr *, 4>
subscriptChain(const ArraySubscriptExpr *ASE,
               llvm::SmallVectorImpl<const Expr *> *Decays) {
  llvm::SmallVector<const ArraySubscriptExpr *, 4> Subs{ASE};
  while (true) {
    const auto *Dec =
        dyn_cast<ImplicitCastExpr>(stripFull(Subs.back()->getBase()));
    if (!Dec || Dec->getCastKind() != CK_ArrayToPointerDecay)
      break;
    const auto *Inner =
        dyn_cast<ArraySubscriptExpr>(Dec->getSubExpr()->IgnoreParens());
    if (!Inner)
      break;
    if (Decays)
      Decays->push_back(Dec);
    Subs.push_back(Inner);
  }
  return Subs;
}

/// The innermost subscript of a chain `a[i][j]...`, or E itself.
const Expr *innermostSubscript(const Expr *E) {
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return subscriptChain(ASE).back();
  return E;
}

} // namespace warplint
