//===-- AstUtil.h - Small helpers over Clang's AST (private) ----*- C++ -*-===//
///
/// What every part of lib/Analysis asks of the AST: whether a variable is
/// __shared__, whether a function is a kernel, an expression without its
/// wrappers (the one expression stripper), the subscripts of an array of
/// arrays, the line of a statement.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ASTUTIL_H
#define WARPLINT_ANALYSIS_ASTUTIL_H

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace warplint {

inline bool isShared(const clang::VarDecl *V) {
  return V && V->hasAttr<clang::CUDASharedAttr>();
}

inline bool isKernel(const clang::FunctionDecl *F) {
  return F && F->hasAttr<clang::CUDAGlobalAttr>();
}

/// A global variable of the host whose value the stored-value rule follows
/// (Lowering::stored): neither const (a const one is its initializer) nor
/// volatile, nor CUDA's memory.
inline bool followedGlobal(const clang::VarDecl *V) {
  return V && !V->hasLocalStorage() && !V->getType().isConstQualified() &&
         !V->getType().isVolatileQualified() &&
         !V->hasAttr<clang::CUDAConstantAttr>() &&
         !V->hasAttr<clang::CUDADeviceAttr>() &&
         !V->hasAttr<clang::CUDASharedAttr>() &&
         !clang::isa<clang::ParmVarDecl>(V);
}

/// The wrappers strip() removes, besides parentheses.
enum StripWrappers : unsigned {
  /// The wrappers of a full expression with temporaries: ExprWithCleanups,
  /// CXXBindTemporaryExpr.
  StripCleanups = 1 << 0,
  /// MaterializeTemporaryExpr.
  StripTemporaries = 1 << 1,
  /// `T(e)` (CXXFunctionalCastExpr).
  StripFunctionalCasts = 1 << 2,
  /// Implicit casts that keep the value: no-op, constructor and
  /// user-defined conversions.
  StripConversions = 1 << 3,
  /// Every implicit cast, and ConstantExpr (Expr::IgnoreImpCasts).
  StripImplicitCasts = 1 << 4,
  /// A copy or move construction from one argument.
  StripCopies = 1 << 5,
  /// A template parameter replaced by its argument.
  StripTemplateArguments = 1 << 6,
  /// What a value of class type is when all that is asked is its value
  /// (`dim3 b = dim3(16, 16);`).
  StripToValue = StripCleanups | StripTemporaries | StripFunctionalCasts |
                 StripConversions | StripTemplateArguments,
  /// What names an object, however it is copied (`f(fn)`, `[=] {...}`).
  StripToObject = StripCleanups | StripTemporaries | StripFunctionalCasts |
                  StripImplicitCasts | StripCopies,
};

/// E without parentheses and the wrappers What names, outermost first until
/// none is left: the one expression stripper of lib/Analysis.
const clang::Expr *strip(const clang::Expr *E, unsigned What);

/// E without parentheses and the wrappers of a full expression with
/// temporaries (`T *p = SharedMemory<T>();`).
inline const clang::Expr *stripFull(const clang::Expr *E) {
  return strip(E, StripCleanups);
}

/// The subscripts of a chain `a[i][j]...` over an array of arrays (each
/// subscript's base a decayed subscript), outermost first, walked without
/// recursion so that the rank has no limit; the decays between them go to
/// Decays when it is given.
llvm::SmallVector<const clang::ArraySubscriptExpr *, 4>
subscriptChain(const clang::ArraySubscriptExpr *ASE,
               llvm::SmallVectorImpl<const clang::Expr *> *Decays = nullptr);

/// The innermost subscript of a chain `a[i][j]...`, or E itself.
const clang::Expr *innermostSubscript(const clang::Expr *E);

/// The line S begins on (its expansion), as text.
std::string lineOf(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// Calls Visit on S and on every statement below it, in the order and over
/// the nodes a clang::RecursiveASTVisitor visits them (implicit code too
/// when ImplicitCode), until Visit returns false. The analysis's small
/// searches share this one visitor: each RecursiveASTVisitor class is
/// about 120 KB of the plugin's code, all of it loaded in every compile.
void visitStmts(const clang::Stmt *S,
                llvm::function_ref<bool(const clang::Stmt *)> Visit,
                bool ImplicitCode = false);
/// The same, calling VisitDecl too on every declaration below S (those of
/// a DeclStmt, a lambda's class), as RecursiveASTVisitor::VisitDecl is.
void visitStmtsAndDecls(
    const clang::Stmt *S, llvm::function_ref<bool(const clang::Stmt *)> Visit,
    llvm::function_ref<bool(const clang::Decl *)> VisitDecl);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_ASTUTIL_H
