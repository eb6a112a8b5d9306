//===-- FunctionFacts.h - What one walk of a function body finds -*- C++
//-*-===//
///
/// The facts of one function body that every question about its values
/// asks again and again, built once per body by one walk and kept by the
/// ValueEngine for every caller (the lowering of device accesses, host
/// values, the collector of accesses): the statement parents, every
/// reference to each variable, how the body writes its local scalars and
/// pointers, its goto labels and case labels, and (on demand) its
/// statements numbered in order. Private to lib/Analysis.
///
/// One classifier (classifyUse) says how an expression naming a variable
/// is used by its parent: read, written, or let escape. Both the walk (for
/// local scalars and pointers) and the record-field rule
/// (ValueEngine::fieldDefinition) use it.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_FUNCTIONFACTS_H
#define WARPLINT_ANALYSIS_FUNCTIONFACTS_H

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>

namespace warplint {

class ValueEngine;

/// The statements of a function body numbered in pre-order over its
/// ParentMap: S encloses X when Span[S].first <= Span[X].first <=
/// Span[S].second. With each variable's writes in that order (Writes), a
/// question "does S write V" costs a binary search, not a walk from every
/// write up to the body (which made a kernel of N writes quadratic).
/// Span holds the statements, the full expressions and the writes only
/// (the points the lowering asks about); the numbers count every statement.
struct StmtOrder {
  llvm::DenseMap<const clang::Stmt *, std::pair<unsigned, unsigned>> Span;
  /// Per variable: its writes (FunctionFacts::Writes) by number; absent
  /// for a variable with a write the numbering does not reach.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<std::pair<unsigned, const clang::Stmt *>, 4>>
      Writes;
};

struct FunctionFacts {
  const clang::Stmt *Body = nullptr;
  /// When the engine last handed these facts out (ValueEngine::forgetFacts
  /// drops those asked for longest ago).
  uint64_t LastUse = 0;
  std::unique_ptr<clang::ParentMap> Parents;
  /// Every reference to each variable of local storage (locals and
  /// parameters) in the body, implicit code included, in the order of the
  /// walk.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 4>>
      Refs;
  /// The statements that write each variable of the body's own (local
  /// storage, not implicit): its DeclStmt, `v = e`, `v op= e`, `++v`, and
  /// a call that takes an integer by non-const reference (outArgument).
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::Stmt *, 4>>
      Writes;
  /// For a local scalar or pointer, the first use that lets it escape (its
  /// address taken, bound to a reference, written by a lambda capturing
  /// it).
  llvm::DenseMap<const clang::VarDecl *, const clang::Stmt *> Escapes;
  bool HasGoto = false;
  /// Goto labels and case labels; for each, where a jump to it starts when
  /// only one statement can jump there (the switch of a case label),
  /// invalid for a goto label.
  llvm::SmallVector<clang::SourceLocation, 4> JumpTargets;
  llvm::SmallVector<clang::SourceLocation, 4> JumpFrom;
  /// Built the first time it is asked (ValueEngine::order).
  mutable std::unique_ptr<StmtOrder> Order;
  /// The writes of a variable inside a statement, as Lowering::writesIn
  /// found them the first time it was asked, with the steps the search
  /// took (charged again to each lowering that asks): the same questions
  /// come back for every access of the function.
  struct WritesFound {
    llvm::SmallVector<const clang::Stmt *, 2> Writes;
    uint64_t Steps = 0;
  };
  mutable llvm::DenseMap<std::pair<const clang::Stmt *, const clang::VarDecl *>,
                         WritesFound>
      WritesIn;

  const clang::Stmt *parent(const clang::Stmt *S) const {
    return Parents->getParent(S);
  }
  /// Whether the walk has filled Refs, Writes, Escapes, HasGoto and the
  /// jump targets (ValueEngine::facts walks; ValueEngine::parents, which
  /// most bodies need alone, does not).
  bool Walked = false;
  /// The facts of Body: its ParentMap, and the rest once walk() runs.
  static std::unique_ptr<FunctionFacts> build(const clang::Stmt *Body);
  /// The one walk of the body.
  void walk();
  /// Numbers the statements (see StmtOrder).
  std::unique_ptr<StmtOrder> number() const;
};

/// How an expression that names (a part of) a variable is used.
enum class UseKind { Read, Write, Escape };
struct Use {
  UseKind Kind = UseKind::Escape;
  /// For a write: the statement that writes, and the value it writes (the
  /// right-hand side of `v = e` or of a copy assignment; the operator itself
  /// for `v op= e`, `++v` and `v++`, whose value depends on the one before).
  const clang::Expr *Write = nullptr;
  const clang::Expr *Value = nullptr;
};

/// How Top, an expression naming a variable or a part of it, is used by
/// its parent P (not null). A read leaves it unchanged: an rvalue
/// conversion, an element of an array read, sizeof, the left of a comma, a
/// copy, a method or function object that leaves the object unchanged
/// (Engine: ValueEngine::leavesObject; null: none does), its address made a
/// pointer to const, a reference to const, an asm input passed in a
/// register. A write assigns it whole (`=`, `op=`, `++`, a copy
/// assignment). Anything else may write it: an escape.
Use classifyUse(const clang::Expr *Top, const clang::Stmt *P,
                const clang::ParentMap &PM, ValueEngine *Engine);

/// When Top, an integer variable V named as the argument of call P, is
/// bound to a non-const lvalue reference parameter of a function whose
/// body is in the file (not variadic, not a kernel), or Top is `&V` passed
/// to a pointer to non-const V's type of a host function with a body: the
/// call, which may write V (an out-parameter, Lowering::outValue). Null
/// otherwise.
const clang::CallExpr *outArgument(const clang::Expr *Top, const clang::Stmt *P,
                                   const clang::VarDecl *V);

/// classifyUse of a reference R of F's body, climbed through parentheses
/// and qualification conversions; an escape where it has no parent.
Use classifyReference(const clang::DeclRefExpr *R, const FunctionFacts &F,
                      ValueEngine *Engine);

/// How a reference R to a variable is used, seen from the element or
/// member it names: `a[i][j] = e` is a write of the element at Index
/// {i, j}; `v.x = e` a write of a part (Partial).
struct RefUse {
  UseKind Kind = UseKind::Escape;
  const clang::Expr *Top = nullptr; ///< the element or member named
  llvm::SmallVector<const clang::Expr *, 2> Index; ///< outermost first
  bool Partial = false;                            ///< through a member
  const clang::Expr *Write = nullptr;
  const clang::Expr *Value = nullptr;
};
/// With Deref, R is a pointer and the use is that of `*R`: any other use
/// of the pointer is an escape.
RefUse classifyRef(const clang::DeclRefExpr *R, const clang::ParentMap &PM,
                   ValueEngine *Engine, bool Deref = false);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_FUNCTIONFACTS_H
