//===-- ValueEngine.h - What values an expression can have here -*- C++
//-*-===//
///
/// The one value engine of the analysis, for host and device code alike:
/// "what values can this expression have here, under these assumptions".
/// It lowers the expression to a model::ExprPool (see Lowering.h), following
/// local variables through straight-line code, branches, loops and switches
/// to their definitions, parameters to the arguments of a chain of calls,
/// calls to what they return, and CUDA's built-ins to what they are; the
/// model then computes the value (model::evaluate).
///
/// The device side asks it for the byte address of each shared-memory
/// access and the conditions guarding it, as expressions over the thread
/// index (SharedAccessFinder::lower); the host side for block shapes,
/// kernel arguments, dynamic shared-memory sizes and __launch_bounds__
/// values, as constants (integer(), dim3()).
///
/// The assumptions of a question are a value passed with it (Assumptions,
/// as clang's dataflow framework passes its Environment): the chain of
/// calls it is asked through, the values a launch gives a kernel's
/// parameters, what the branches around the point fix, and the arms chosen
/// for `?:` whose condition is not known. What the engine keeps between
/// questions is only what does not depend on them: the facts of each
/// function body (FunctionFacts.h) and the constant value of expressions.
///
/// A value it gives is certain; where it cannot be, the answer is unknown
/// and ValueTrace::Why says why.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_VALUEENGINE_H
#define WARPLINT_ANALYSIS_VALUEENGINE_H

#include "warplint/Model/BlockSize.h"
#include "warplint/Model/ThreadExpr.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace warplint {

struct FunctionFacts;
struct StmtOrder;

/// A chain of calls: Calls[0] is in Functions[0], the last call calls the
/// last function, which holds what is asked. For a shared-memory access,
/// Functions[0] is the kernel (or the function itself, analysed without a
/// caller); for a host value, the outermost host function followed.
struct CallChain {
  std::vector<const clang::CallExpr *> Calls;
  std::vector<const clang::FunctionDecl *> Functions; ///< Calls.size() + 1
  /// When Functions.front() is not a kernel: why no call reaches it (a
  /// reason for what its parameters would have been given); empty: it
  /// has no caller in the file.
  std::string NoCaller;
  /// The chain of F alone.
  static CallChain of(const clang::FunctionDecl *F) {
    CallChain C;
    C.Functions = {F};
    return C;
  }
};

/// Padding of a shared array's innermost dimension, to test a fix.
struct ArrayPadding {
  const clang::VarDecl *Var = nullptr;
  uint64_t Extra = 0; ///< elements added to the innermost dimension
};

/// What a question assumes (the environment it is asked in).
struct Assumptions {
  /// The functions it is asked through; see CallChain. Each function's
  /// parameters take the arguments of the call into it; the first
  /// function's are unknown, but for a kernel's integer parameters the
  /// values the launch gives (KernelArgs, by position), and for a host
  /// function's the values another translation unit's call gives
  /// (ProjectIndex.h).
  CallChain Chain;
  llvm::ArrayRef<std::optional<int64_t>> KernelArgs;
  /// Arguments taken as one of the values they may have (an element of the
  /// constant array they read, `run(sizes[j])`), by call and argument
  /// index.
  std::map<std::pair<const clang::CallExpr *, unsigned>, const clang::Expr *>
      Arguments;
  /// What the branches around the point say of variables their function
  /// never writes (`case 512:` of `switch (threads)`): their values there
  /// (ValueEngine::factsAt).
  llvm::DenseMap<const clang::VarDecl *, llvm::APSInt> Facts;
  /// Host values: a `?:` or an if/else whose condition is not a
  /// compile-time value is a choice between its arms, and a host loop
  /// around the point asked a choice between its iterations; the question
  /// is answered for the alternative chosen in Choices (for an arm, 0: the
  /// first, 1: the second; for a loop, the iteration), and the others are
  /// listed in ValueTrace::Undecided. Without it (device code) such a `?:`
  /// is a Select the model evaluates per thread.
  bool ArmsAreChoices = false;
  std::vector<std::pair<const clang::Stmt *, unsigned>> Choices;
  /// A padding of a shared array to lower the addresses with.
  const ArrayPadding *Pad = nullptr;

  /// A host question asked in F, its parameters unknown.
  static Assumptions hostIn(const clang::FunctionDecl *F) {
    Assumptions A;
    A.Chain = CallChain::of(F);
    A.ArmsAreChoices = true;
    return A;
  }
};

/// What a question found on its way besides its answer.
struct ValueTrace {
  /// Why the answer is unknown (the first reason met).
  std::string Why;
  /// The first definition of a local variable the value was taken from
  /// (for notes such as "block size defined here"); null when the value is
  /// written in place.
  const clang::Expr *Definition = nullptr;
  /// The choices (a `?:`, an if/else, a loop) for which
  /// Assumptions::Choices chose no alternative, with how many alternatives
  /// each has (host values).
  std::vector<std::pair<const clang::Stmt *, unsigned>> Undecided;
  /// When set: the source ranges of the pointer expressions followed from a
  /// shared variable to an access (a pointer's definition, a call's
  /// argument, a function's return).
  std::vector<clang::SourceRange> *Through = nullptr;
};

class ValueEngine {
public:
  explicit ValueEngine(clang::ASTContext &Ctx);
  ~ValueEngine();
  ValueEngine(const ValueEngine &) = delete;
  ValueEngine &operator=(const ValueEngine &) = delete;

  clang::ASTContext &Ctx;

  // ---- host values ----------------------------------------------------

  /// The value of integer expression E, asked in the last function of
  /// A.Chain, when it is certain.
  std::optional<llvm::APSInt> integer(const clang::Expr *E,
                                      const Assumptions &A,
                                      ValueTrace *Trace = nullptr);
  /// The value of E of type dim3 (or an integer converted to dim3).
  std::optional<model::Dim3> dim3(const clang::Expr *E, const Assumptions &A,
                                  ValueTrace *Trace = nullptr);

  /// The function a host expression of function pointer type names
  /// (`ks[i]` of an array of kernel pointers filled in a switch), when
  /// certain; null otherwise, with the reason or the choices undecided.
  const clang::FunctionDecl *function(const clang::Expr *E,
                                      const Assumptions &A,
                                      ValueTrace *Trace = nullptr);

  /// Every reference to the global variable V in the user's code, with the
  /// function whose body holds it (null: outside any function), found by
  /// one walk of the translation unit on first use.
  llvm::ArrayRef<
      std::pair<const clang::DeclRefExpr *, const clang::FunctionDecl *>>
  globalRefs(const clang::VarDecl *V);
  /// Whether a call of Callee may write the global variable V: a function
  /// it runs (its body, the calls it makes, transitively) names V other
  /// than to read it, has no body in this file and is not the toolkit's or
  /// the C library's, or calls through a pointer.
  bool mayWriteGlobal(const clang::FunctionDecl *Callee,
                      const clang::VarDecl *V);

  /// What the branches around Point, in F, say of integer variables F never
  /// writes: `if (n == 64) { Point }`, `switch (n) { case 64: Point }`.
  llvm::DenseMap<const clang::VarDecl *, llvm::APSInt>
  factsAt(const clang::Stmt *Point, const clang::FunctionDecl *F);

  /// The constant elements of the local or const array that E reads an
  /// element of (`sizes[j]`, or a local initialised from it), when the
  /// array is never written: the values the element may have. Index, when
  /// given, is set to the variable the subscript is (`j`; null for any
  /// other subscript): reads of several arrays at one index variable take
  /// elements at the same position.
  llvm::SmallVector<const clang::Expr *, 8>
  arrayChoices(const clang::Expr *E, const clang::ValueDecl **Index = nullptr);

  // ---- what the lowering shares ---------------------------------------

  /// The rule for members of records (struct locals, dim3, unions): the
  /// expression that last defines Var.Fields... before Use, when that is
  /// certain: straight-line code where every use of Var is classified
  /// (classifyUse) and every assignment is a statement of a block
  /// enclosing the use, before it. An initializer, the right-hand side of
  /// `v = e`, or the operator itself for `v op= e`, `++v` and `v++`. Fields
  /// is a path of member names (e.g. {blockDim} for cfg.blockDim); empty
  /// for the variable itself. A member of a union is also written through
  /// its other members. When it finds no definition because a use may
  /// write Var in a way it does not follow, it says so in *Why. Null for a
  /// parameter (the lowering gives its argument).
  // FIXME: a field written in a branch or a loop is unknown here, where a
  // scalar local is followed through branches and loops (LowerLocals.cpp);
  // host code follows a dim3 assigned whole in the arms of an if/else or a
  // switch (Lowering::stored, LowerStored.cpp).
  const clang::Expr *
  fieldDefinition(const clang::VarDecl *Var,
                  llvm::ArrayRef<const clang::FieldDecl *> Fields,
                  const clang::Stmt *Use, std::string *Why = nullptr);

  /// The facts of F's body (FunctionFacts.h), built on first use; null for
  /// a function without a body.
  const FunctionFacts *facts(const clang::FunctionDecl *F);
  /// The statement parents of F's body alone (the start of its facts,
  /// without their walk); null for a function without a body.
  const clang::ParentMap *parents(const clang::FunctionDecl *F);
  /// F's statements in order (StmtOrder), built on first use.
  const StmtOrder &order(const clang::FunctionDecl *F);
  /// Drops the facts of every function body but the Keep asked for last;
  /// they are built again when next asked for. What facts(), parents()
  /// and order() returned for the others dies with them: the bank analysis
  /// calls it between functions, with no lowering under way, so that the
  /// memory of a file does not grow with the number of its functions.
  /// The folded constants (constantOf) are dropped once there are more
  /// than 64 per kept body.
  void forgetFacts(size_t Keep);
  /// E's value when clang folds it to an integer constant without side
  /// effects (Expr::EvaluateAsInt), asked once per expression.
  std::optional<int64_t> constantOf(const clang::Expr *E);
  /// A call of M on an object leaves the object as it is: M is const, or
  /// its body only reads fields of `this` (walked once per method).
  bool leavesObject(const clang::CXXMethodDecl *M);
  /// A call of M on an object leaves its member F as it is: M is const (F
  /// not mutable), or every use of `this` in its body reads F or names
  /// another member, or calls a method that leaves F (up to 8 calls deep).
  /// F an array: only a const M.
  bool leavesField(const clang::CXXMethodDecl *M, const clang::FieldDecl *F,
                   unsigned Depth = 0);
  /// Every reference to V in its function is a read (or V is a const
  /// global).
  bool neverWritten(const clang::VarDecl *V);
  /// The model's type of an integer, enum or pointer type (a pointer is a
  /// 64-bit address), asked for nearly every node lowered.
  model::IntType intType(clang::QualType T);

private:
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<FunctionFacts>> Facts;
  uint64_t FactsClock = 0; ///< counts the facts handed out (LastUse)
  /// The answers to host questions that assume nothing but their function
  /// (a launch's block, asked by each check that reads it), by expression,
  /// function and whether `?:` arms are choices.
  using PlainKey =
      std::tuple<const clang::Expr *, const clang::FunctionDecl *, bool>;
  std::map<PlainKey, std::pair<std::optional<llvm::APSInt>, ValueTrace>>
      PlainIntegers;
  std::map<PlainKey, std::pair<std::optional<model::Dim3>, ValueTrace>>
      PlainDim3s;
  template <typename T, typename Ask>
  std::optional<T>
  remembered(std::map<PlainKey, std::pair<std::optional<T>, ValueTrace>> &Memo,
             const clang::Expr *E, const Assumptions &A, ValueTrace *Trace,
             Ask Lower);
  llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> Constants;
  /// Whether E surely does not fold (constantOf): it reads a variable that
  /// is neither const nor constexpr through operators that need the value
  /// of every operand. Kept in Constants as not folding.
  bool surelyNotConstant(const clang::Expr *E, unsigned Depth = 0);
  /// intType's answers, by canonical type.
  llvm::DenseMap<const clang::Type *, model::IntType> IntTypes;
  llvm::DenseMap<const clang::CXXMethodDecl *, bool> LeavesObject;
  llvm::DenseMap<
      std::pair<const clang::CXXMethodDecl *, const clang::FieldDecl *>, bool>
      LeavesField;
  bool GlobalRefsBuilt = false;
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<std::pair<const clang::DeclRefExpr *,
                                             const clang::FunctionDecl *>,
                                   4>>
      GlobalRefs;
  std::map<std::pair<const clang::FunctionDecl *, const clang::VarDecl *>, bool>
      WritesGlobal;
  bool writesGlobal(const clang::FunctionDecl *Callee, const clang::VarDecl *V,
                    llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Seen,
                    unsigned Depth);
  const FunctionFacts &factsOfBody(const clang::Stmt *Body);
  FunctionFacts &parentsOfBody(const clang::Stmt *Body);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_VALUEENGINE_H
