//===-- SharedAccess.cpp - Shared-memory accesses and their addresses -----===//
//
// The public entry of access finding (SharedAccessFinder): the collector of
// accesses is AccessCollector.cpp (with RootFinder.cpp), the lowering of an
// access is class Lowering (Lowering.h), the per-function facts both share
// are FunctionFacts.cpp, and what is known of CUDA's API is CudaModels.cpp.
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/SharedAccess.h"
#include "Lowering.h"
#include "clang/AST/ParentMap.h"

using namespace clang;
using warplint::model::WorkBudget;

namespace warplint {

llvm::StringRef accessKindName(SharedAccess::Kind K) {
  switch (K) {
  case SharedAccess::Load:
    return "load";
  case SharedAccess::Store:
    return "store";
  case SharedAccess::LoadStore:
    return "load-store";
  case SharedAccess::Atomic:
    return "atomic";
  }
  return "load";
}

std::string SharedAccess::TileRows::text() const {
  return std::to_string(Rows) + " rows of " + std::to_string(RowBytes) +
         " bytes, " + std::to_string(stride()) +
         " bytes apart (ldm = " + std::to_string(Ldm) + ")";
}

SharedAccessFinder::SharedAccessFinder(ValueEngine &Engine) : Engine(Engine) {}

std::optional<LoweredAccess> SharedAccessFinder::lower(const SharedAccess &A,
                                                       const Assumptions &As,
                                                       ValueTrace &Trace,
                                                       WorkBudget *Budget) {
  Trace.Why.clear();
  Lowering L(Engine, As, Trace, Budget);
  return L.run(A);
}

//===----------------------------------------------------------------------===//

bool SharedAccessFinder::onlyFullySubscripted(
    const VarDecl *V, llvm::ArrayRef<TUIndex::SharedRef> Refs) {
  auto [It, New] = FullySubscripted.try_emplace(V, false);
  if (New)
    It->second = allFullySubscripted(V, Refs);
  return It->second;
}

namespace {

/// The outermost of Rank subscripts applied to E (each on the decayed
/// result of the one before, parentheses allowed), or null when E is not
/// subscripted that deep.
const Stmt *fullSubscript(const Expr *E, unsigned Rank, const ParentMap &PM) {
  const Stmt *Cur = E;
  unsigned Depth = 0;
  while (Depth < Rank) {
    const Stmt *P = PM.getParent(Cur);
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P);
        ICE && ICE->getCastKind() == CK_ArrayToPointerDecay) {
    } else if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P);
               ASE && ASE->getBase()->IgnoreParenImpCasts() ==
                          cast<Expr>(Cur)->IgnoreParenImpCasts()) {
      ++Depth;
    } else if (!isa_and_nonnull<ParenExpr>(P)) {
      return nullptr;
    }
    Cur = P;
  }
  return Cur;
}

/// What uses S, parentheses skipped.
const Stmt *userOf(const Stmt *S, const ParentMap &PM) {
  const Stmt *Use = PM.getParent(S);
  while (isa_and_nonnull<ParenExpr>(Use))
    Use = PM.getParent(Use);
  return Use;
}

unsigned rankOf(const VarDecl *V, const ASTContext &Ctx) {
  unsigned Rank = 0;
  for (QualType T = V->getType(); const auto *AT = Ctx.getAsArrayType(T);
       T = AT->getElementType())
    ++Rank;
  return Rank;
}

} // namespace

bool SharedAccessFinder::allFullySubscripted(
    const VarDecl *V, llvm::ArrayRef<TUIndex::SharedRef> Refs) {
  unsigned Rank = rankOf(V, Engine.Ctx);
  if (Rank < 2)
    return false;
  for (const auto &[E, F] : Refs) {
    const ParentMap &PM = *Engine.parents(F);
    const Stmt *Full = fullSubscript(E, Rank, PM);
    if (!Full)
      return false;
    // The element is then read or written, not its address taken.
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(userOf(Full, PM));
        U && U->getOpcode() == UO_AddrOf)
      return false;
  }
  return true;
}

bool SharedAccessFinder::elementsOnlyIn(
    const VarDecl *V, const FunctionDecl *F,
    llvm::ArrayRef<TUIndex::SharedRef> Refs) {
  unsigned Rank = rankOf(V, Engine.Ctx);
  if (Rank < 1 || Refs.empty() ||
      !Engine.Ctx.getBaseElementType(V->getType())->isScalarType())
    return false;
  const ParentMap *PM = nullptr;
  for (const auto &[E, In] : Refs) {
    if (In != F)
      return false;
    if (!PM)
      PM = Engine.parents(F);
    const Stmt *Full = fullSubscript(E, Rank, *PM);
    if (!Full)
      return false;
    // A scalar element read, or written by an assignment or ++/--: no
    // reference or pointer to it leaves the expression.
    const Stmt *Use = userOf(Full, *PM);
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Use);
        ICE && ICE->getCastKind() == CK_LValueToRValue)
      continue;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(Use);
        B && B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Full &&
        !isa_and_nonnull<Expr>(userOf(B, *PM)))
      continue;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Use);
        U && U->isIncrementDecrementOp() && !U->isPrefix())
      continue;
    return false;
  }
  return true;
}

} // namespace warplint
