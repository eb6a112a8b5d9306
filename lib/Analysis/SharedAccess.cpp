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

bool SharedAccessFinder::allFullySubscripted(
    const VarDecl *V, llvm::ArrayRef<TUIndex::SharedRef> Refs) {
  unsigned Rank = 0;
  for (QualType T = V->getType(); const auto *AT = Engine.Ctx.getAsArrayType(T);
       T = AT->getElementType())
    ++Rank;
  if (Rank < 2)
    return false;
  for (const auto &[E, F] : Refs) {
    const ParentMap &PM = *Engine.parents(F);
    // Rank subscripts, each on the decayed result of the one before.
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
      } else if (isa_and_nonnull<ParenExpr>(P)) {
      } else {
        return false;
      }
      Cur = P;
    }
    // The element is then read or written, not its address taken.
    const Stmt *Use = PM.getParent(Cur);
    while (isa_and_nonnull<ParenExpr>(Use))
      Use = PM.getParent(Use);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Use);
        U && U->getOpcode() == UO_AddrOf)
      return false;
  }
  return true;
}

} // namespace warplint
