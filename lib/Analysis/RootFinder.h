//===-- RootFinder.h - Where an lvalue or pointer points (private) -*- C++
//-*-===//
///
/// Whether an lvalue or a pointer may be in shared memory: rooted in a
/// __shared__ variable, in a pointer parameter of a device function (whose
/// argument decides), or in other memory. The collector of accesses asks it
/// of every load, store and call operand; the lowering then follows the
/// address exactly.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ROOTFINDER_H
#define WARPLINT_ANALYSIS_ROOTFINDER_H

#include "warplint/Analysis/SharedAccess.h"

namespace warplint {

using clang::CallExpr;
using clang::Expr;
using clang::VarDecl;

enum class RootKind { Shared, Param, Other };

class RootFinder {
public:
  explicit RootFinder(SharedAccessFinder &Finder) : Finder(Finder) {}
  const VarDecl *Var = nullptr;

  RootKind ofLValue(const Expr *E);

  RootKind ofPointer(const Expr *E);

  /// Whether an lvalue that names V may be in shared memory: V is
  /// __shared__, or a reference whose initialiser ofLValue follows. The
  /// collector asks it first of the commonest read, a plain variable.
  static bool mayBeShared(const VarDecl *V);

private:
  SharedAccessFinder &Finder;
  unsigned Depth = 0;

  static RootKind best(RootKind A, RootKind B);

  /// The root of local pointer V: the best of every value assigned to it
  /// (`p = a; if (c) p = b;` may point into shared memory).
  RootKind ofDefinitions(const VarDecl *V);

  /// The objects of the member calls being followed, innermost last, and
  /// whether each is given by a pointer (`p->f()`).
  llvm::SmallVector<std::pair<const Expr *, bool>, 2> Objects;

  /// A call's root: shared when a return statement of the callee returns
  /// a pointer into shared memory, or for a call that is an lvalue (one
  /// returning a reference), a reference to it.
  RootKind ofReturns(const CallExpr *Call);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_ROOTFINDER_H
