//===-- AstUtil.h - Small helpers over Clang's AST (private) ----*- C++ -*-===//
///
/// What every part of lib/Analysis asks of the AST: whether a variable is
/// __shared__, whether a function is a kernel, an expression without its
/// wrappers, the subscripts of an array of arrays.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ASTUTIL_H
#define WARPLINT_ANALYSIS_ASTUTIL_H

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace warplint {

inline bool isShared(const clang::VarDecl *V) {
  return V && V->hasAttr<clang::CUDASharedAttr>();
}

inline bool isKernel(const clang::FunctionDecl *F) {
  return F && F->hasAttr<clang::CUDAGlobalAttr>();
}

/// E without parentheses and the wrappers of a full expression with
/// temporaries (`T *p = SharedMemory<T>();`).
const clang::Expr *stripFull(const clang::Expr *E);

/// The subscripts of a chain `a[i][j]...` over an array of arrays (each
/// subscript's base a decayed subscript), outermost first, walked without
/// recursion so that the rank has no limit; the decays between them go to
/// Decays when it is given.
llvm::SmallVector<const clang::ArraySubscriptExpr *, 4>
subscriptChain(const clang::ArraySubscriptExpr *ASE,
               llvm::SmallVectorImpl<const clang::Expr *> *Decays = nullptr);

/// The innermost subscript of a chain `a[i][j]...`, or E itself.
const clang::Expr *innermostSubscript(const clang::Expr *E);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_ASTUTIL_H
