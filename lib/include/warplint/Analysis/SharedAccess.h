//===-- SharedAccess.h - Shared-memory accesses and their addresses -*- C++ -*-===//
///
/// Finds the loads, stores, read-modify-writes and atomics of device code
/// whose address is in a `__shared__` variable, and lowers each one's byte
/// address and the conditions that guard it to a model::ExprPool, for
/// model::analyzeAccess(). The lowering follows local variables to their
/// definitions, pointers to the shared array they were derived from, loop
/// counters to their loops, and the parameters of device functions to the
/// arguments of a given chain of calls from a kernel. Whatever it cannot
/// follow with certainty makes the lowering fail, and the access is not
/// reported.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_SHAREDACCESS_H
#define WARPLINT_ANALYSIS_SHAREDACCESS_H

#include "warplint/Analysis/ValueEval.h"
#include "warplint/Model/BankModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>

namespace warplint {

struct SharedAccess {
  enum Kind { Load, Store, LoadStore, Atomic };
  Kind How = Load;
  const clang::Expr *LValue = nullptr; ///< the object accessed
  const clang::FunctionDecl *Function = nullptr;
  const clang::VarDecl *Root = nullptr; ///< the __shared__ variable, when the
                                       ///< path to it needs no call context
  unsigned Bytes = 0;                   ///< width of the access
};

llvm::StringRef accessKindName(SharedAccess::Kind K); // "load", "store", ...

/// A chain of calls from a kernel: Calls[0] is in the kernel, the last one
/// calls the function that holds the access. Empty for an access in a kernel
/// (or in a function analysed without a caller).
struct CallChain {
  std::vector<const clang::CallExpr *> Calls;
  std::vector<const clang::FunctionDecl *> Functions; ///< Calls.size() + 1
};

/// Padding of a shared array's innermost dimension, to test a fix.
struct ArrayPadding {
  const clang::VarDecl *Var = nullptr;
  uint64_t Extra = 0; ///< elements added to the innermost dimension
};

struct LoweredAccess {
  std::unique_ptr<model::ExprPool> Pool;
  model::AccessSpec Spec;
  const clang::VarDecl *Root = nullptr;
  /// The integer expression each node was lowered from (the innermost one,
  /// where several give the same node), to name it in a reason.
  llvm::DenseMap<model::NodeId, const clang::Expr *> Origins;
};


class SharedAccessFinder {
public:
  SharedAccessFinder(clang::ASTContext &Ctx, ValueEvaluator &Eval);

  /// The accesses in F's body whose object may be shared memory: rooted in
  /// a __shared__ variable, or in a pointer parameter of a device function.
  std::vector<SharedAccess> find(const clang::FunctionDecl *F);

  /// Lowers A as reached through Chain (whose last function is A.Function),
  /// or explains in Why why it cannot. Returns std::nullopt also when the
  /// object turns out not to be in shared memory (Why is empty then).
  /// KernelArgs: the values the launch gives the kernel's parameters, by
  /// position, where host code fixes them.
  /// Through, when given, receives the source ranges of the pointer
  /// expressions the lowering followed from the shared variable to the
  /// access (a pointer's definition, a call's argument, a function's
  /// return), whether or not the lowering succeeds.
  std::optional<LoweredAccess>
  lower(const SharedAccess &A, const CallChain &Chain, const ArrayPadding *Pad,
        std::string &Why,
        llvm::ArrayRef<std::optional<int64_t>> KernelArgs = {},
        std::vector<clang::SourceRange> *Through = nullptr);

  /// The statement parents of a function body.
  const clang::ParentMap &parents(const clang::FunctionDecl *F);

  /// True when every use of V in Functions is a subscript chain as deep as
  /// V's array type whose element is read or written (not its address
  /// taken): then padding V's innermost dimension changes no index.
  bool onlyFullySubscripted(const clang::VarDecl *V,
                            llvm::ArrayRef<const clang::FunctionDecl *>
                                Functions);

  /// How a function's body uses its local variables, from one walk: the
  /// statements that write each one (its DeclStmt, `v = e`, `v op= e`,
  /// `++v`), the first use that lets it escape (its address taken, bound
  /// to a reference), and whether the body has a goto.
  struct LocalWrites {
    llvm::DenseMap<const clang::VarDecl *,
                   llvm::SmallVector<const clang::Stmt *, 4>>
        Writes;
    llvm::DenseMap<const clang::VarDecl *, const clang::Stmt *> Escapes;
    bool HasGoto = false;
  };
  const LocalWrites &localWrites(const clang::FunctionDecl *F);

private:
  clang::ASTContext &Ctx;
  ValueEvaluator &Eval;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<clang::ParentMap>> Maps;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<LocalWrites>> Locals;
  friend class Lowering;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_SHAREDACCESS_H
