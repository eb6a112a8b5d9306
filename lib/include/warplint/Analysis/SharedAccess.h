//===-- SharedAccess.h - Shared-memory accesses and their addresses -*- C++
//-*-===//
///
/// Finds the loads, stores, read-modify-writes and atomics of device code
/// whose address is in a `__shared__` variable (SharedAccessFinder::find),
/// and lowers each one's byte address and the conditions that guard it to
/// a model::ExprPool through the ValueEngine (SharedAccessFinder::lower),
/// for model::analyzeAccess(). Whatever the lowering cannot follow with
/// certainty makes it fail, with the reason.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_SHAREDACCESS_H
#define WARPLINT_ANALYSIS_SHAREDACCESS_H

#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEngine.h"
#include "warplint/Model/BankModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
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

struct LoweredAccess {
  std::unique_ptr<model::ExprPool> Pool;
  model::AccessSpec Spec;
  const clang::VarDecl *Root = nullptr;
  /// The symbol of Root's start address, when the address reads it.
  std::optional<unsigned> RootSymbol;
  /// The integer expression each node was lowered from (the innermost one,
  /// where several give the same node), to name it in a reason.
  llvm::DenseMap<model::NodeId, const clang::Expr *> Origins;
  /// For an access that subscripts every dimension of Root, of rank 2 or
  /// more (`a[i][j]`): the condition that each subscript lies within its
  /// dimension. Where it holds, padding Root's rows moves the address as a
  /// remap of this lowering's does, and a padding is decided without
  /// lowering the access again (BankConflictAnalysis::searchPadding).
  std::optional<model::NodeId> InBounds;
};

class SharedAccessFinder {
public:
  explicit SharedAccessFinder(ValueEngine &Engine);

  /// The accesses in F's body whose object may be shared memory: rooted in
  /// a __shared__ variable, or in a pointer parameter of a device function.
  std::vector<SharedAccess> find(const clang::FunctionDecl *F);

  /// Lowers A as reached through As.Chain (whose last function is
  /// A.Function), under As (the values of the kernel's parameters, a
  /// padding), or explains in Trace.Why why it cannot. Returns std::nullopt
  /// also when the object turns out not to be in shared memory (Why is
  /// empty then). Trace.Through, when set, receives the source ranges of
  /// the pointer expressions followed from the shared variable to the
  /// access, whether or not the lowering succeeds. Budget, when given,
  /// bounds the work (model::WorkBudget).
  std::optional<LoweredAccess> lower(const SharedAccess &A,
                                     const Assumptions &As, ValueTrace &Trace,
                                     model::WorkBudget *Budget = nullptr);

  /// True when every use of V in Refs (all of them: TUIndex::SharedRefs) is
  /// a subscript chain as deep as V's array type whose element is read or
  /// written (not its address taken): then padding V's innermost dimension
  /// changes no index. Answered once per V (the bank analysis asks while
  /// the functions' parents are at hand, the fix search later).
  bool onlyFullySubscripted(const clang::VarDecl *V,
                            llvm::ArrayRef<TUIndex::SharedRef> Refs);

  /// True when every use of V in Refs (all of them) is in F and reads a
  /// scalar element of V, or writes it by an assignment statement or a
  /// postfix ++/--, through as many subscripts as V has dimensions: then
  /// no pointer or reference to V leaves F, and every access of V is one
  /// of F's own.
  bool elementsOnlyIn(const clang::VarDecl *V, const clang::FunctionDecl *F,
                      llvm::ArrayRef<TUIndex::SharedRef> Refs);

  std::string passedUnseen(const clang::Expr *E, const clang::ParentMap &PM,
                           llvm::ArrayRef<SharedAccess> Listed) const;
  ValueEngine &Engine;

private:
  llvm::DenseMap<const clang::VarDecl *, bool> FullySubscripted;
  bool allFullySubscripted(const clang::VarDecl *V,
                           llvm::ArrayRef<TUIndex::SharedRef> Refs);
  /// Adds to Out, as unknown, every read or write of a part of a __shared__
  /// variable in F (SharedRefs: its references, found by find()'s walk)
  /// that no rule of find() listed.
  void listUnfollowed(const clang::FunctionDecl *F,
                      llvm::ArrayRef<const clang::DeclRefExpr *> SharedRefs,
                      std::vector<SharedAccess> &Out);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_SHAREDACCESS_H
