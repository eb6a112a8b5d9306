//===-- SharedAccess.h - Shared-memory accesses and their addresses -*- C++
//-*-===//
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

#include "warplint/Analysis/TUIndex.h"
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
  /// How LValue gives the address: as the object accessed (`s[i]`), as a
  /// pointer to it (an atomic's or a copy's destination), or as a
  /// shared-window address, an integer (an inline-PTX operand, e.g. from
  /// `__cvta_generic_to_shared(&s[r][c])`).
  enum Form { Object, Pointer, SharedAddress };
  Form Given = Object;
  /// The object, pointer or address expression. Null for an access whose
  /// address no operand gives (then Unanalysable says why).
  const clang::Expr *LValue = nullptr;
  /// Where the access is reported: the asm statement or the library call
  /// that accesses memory, else LValue.
  const clang::Stmt *Site = nullptr;
  /// How messages name the access when LValue has no text of its own (the
  /// implicit `*__begin` a range-based for loop reads each element with:
  /// its loop variable, whose declaration is then the Site).
  std::string Text;
  const clang::FunctionDecl *Function = nullptr;
  const clang::VarDecl *Root = nullptr; ///< the __shared__ variable, when the
                                        ///< path to it needs no call context
  unsigned Bytes = 0;                   ///< width of the access, per lane
  /// For accesses that are not C++ loads and stores: the instruction or
  /// call ("ldmatrix.x4", "cp.async.cg", "__pipeline_memcpy_async").
  std::string Instruction;
  /// The instruction or API accesses shared memory whatever its operand
  /// is found to be (PTX's `.shared` state space, __pipeline_memcpy_async):
  /// an operand the analysis cannot follow to a __shared__ variable is
  /// listed as unknown rather than taken for other memory.
  bool SharedByContract = false;
  int64_t Offset = 0;         ///< bytes added to the address (`[%4+16]`)
  unsigned AddressLanes = 32; ///< lanes that give addresses (ldmatrix .xN)
  /// Why no degree can be given whatever the context: a group-wide copy
  /// whose lane mapping is the library's, a PTX form the model does not
  /// cover. Empty for accesses the analysis lowers.
  std::string Unanalysable;
  /// A WMMA load or store: the rows the tile occupies in memory, when the
  /// fragment's shape and layout and the leading dimension are constants.
  struct TileRows {
    unsigned Rows = 0, RowBytes = 0, ElemBytes = 0;
    uint64_t Ldm = 0; ///< in elements
    uint64_t stride() const { return Ldm * ElemBytes; }
    model::TileBound bound() const {
      return model::tileBound(Rows, RowBytes, stride());
    }
    /// "16 rows of 32 bytes, 128 bytes apart (ldm = 64)".
    std::string text() const;
  };
  std::optional<TileRows> Tile;

  const clang::Stmt *site() const {
    return Site ? Site : static_cast<const clang::Stmt *>(LValue);
  }
};

llvm::StringRef accessKindName(SharedAccess::Kind K); // "load", "store", ...

/// A chain of calls from a kernel: Calls[0] is in the kernel, the last one
/// calls the function that holds the access. Empty for an access in a kernel
/// (or in a function analysed without a caller).
struct CallChain {
  std::vector<const clang::CallExpr *> Calls;
  std::vector<const clang::FunctionDecl *> Functions; ///< Calls.size() + 1
  /// When Functions.front() is not a kernel: why no call reaches it (a
  /// reason for what its parameters would have been given); empty: it
  /// has no caller in the file.
  std::string NoCaller;
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
  /// The symbol of Root's start address, when the address reads it.
  std::optional<unsigned> RootSymbol;
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

  /// True when every use of V in Refs (all of them: TUIndex::SharedRefs) is
  /// a subscript chain as deep as V's array type whose element is read or
  /// written (not its address taken): then padding V's innermost dimension
  /// changes no index.
  bool onlyFullySubscripted(const clang::VarDecl *V,
                            llvm::ArrayRef<TUIndex::SharedRef> Refs);

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

  /// The statements of a function body numbered in pre-order over its
  /// ParentMap: S encloses X when Span[S].first <= Span[X].first <=
  /// Span[S].second. With each variable's writes in that order (Writes), a
  /// question "does S write V" costs a binary search, not a walk from every
  /// write up to the body (which made a kernel of N writes quadratic).
  struct StmtOrder {
    llvm::DenseMap<const clang::Stmt *, std::pair<unsigned, unsigned>> Span;
    /// Per variable: its writes (LocalWrites::Writes) by number; absent
    /// for a variable with a write the numbering does not reach.
    llvm::DenseMap<
        const clang::VarDecl *,
        llvm::SmallVector<std::pair<unsigned, const clang::Stmt *>, 4>>
        Writes;
  };
  const StmtOrder &order(const clang::FunctionDecl *F);

  /// Work the lowering may do, counted in steps (a definition followed, a
  /// statement or a parent visited) for BankConflictAnalysis's budgets:
  /// past Limit, a lowering fails as too complex. Null: unbounded.
  model::WorkBudget *LowerBudget = nullptr;

  /// E's value when clang folds it to an integer constant without side
  /// effects (Expr::EvaluateAsInt), asked once per expression of the file:
  /// every lowering of an access (each call chain, each padding tried)
  /// asks it of the same subexpressions.
  std::optional<int64_t> constantOf(const clang::Expr *E);

private:
  /// Adds to Out, as unknown, every read or write of a part of a __shared__
  /// variable in F (SharedRefs: its references, found by find()'s walk)
  /// that no rule of find() listed.
  void listUnfollowed(const clang::FunctionDecl *F,
                      llvm::ArrayRef<const clang::DeclRefExpr *> SharedRefs,
                      std::vector<SharedAccess> &Out);
  clang::ASTContext &Ctx;
  ValueEvaluator &Eval;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<clang::ParentMap>> Maps;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<LocalWrites>> Locals;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<StmtOrder>> Orders;
  llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> Constants;
  friend class Lowering;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_SHAREDACCESS_H
