//===-- Lowering.h - One access lowered to the model (private) -*- C++ -*-
//---===//
///
/// The lowering of one shared-memory access: its address and the conditions
/// that guard it, as model::ExprPool nodes, through one chain of calls from
/// a kernel. Private to lib/Analysis: SharedAccessFinder::lower is its
/// public entry. Its methods live in one file per concern: Lowering.cpp
/// (state, entry), LowerAddress.cpp (addresses and pointers),
/// LowerInteger.cpp (integer expressions), LowerLocals.cpp (values of local
/// variables), LowerLoops.cpp (loops), LowerCalls.cpp (parameters and
/// calls), LowerObjects.cpp (members, lambdas, function objects) and
/// LowerGuards.cpp (guards).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LOWERING_H
#define WARPLINT_ANALYSIS_LOWERING_H

#include "warplint/Analysis/SharedAccess.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/Twine.h"
#include <map>
#include <tuple>

namespace warplint {

using clang::ASTContext;
using clang::BinaryOperator;
using clang::BinaryOperatorKind;
using clang::CallExpr;
using clang::CompoundStmt;
using clang::ContinueStmt;
using clang::CXXForRangeStmt;
using clang::CXXRecordDecl;
using clang::Expr;
using clang::FieldDecl;
using clang::FunctionDecl;
using clang::IfStmt;
using clang::LambdaExpr;
using clang::MemberExpr;
using clang::ParentMap;
using clang::ParmVarDecl;
using clang::PseudoObjectExpr;
using clang::QualType;
using clang::SourceRange;
using clang::Stmt;
using clang::SwitchStmt;
using clang::UnaryOperator;
using clang::VarDecl;
using llvm::Twine;
using model::ExprPool;
using model::IntType;
using model::NodeId;
using model::Op;

class Lowering {
public:
  Lowering(SharedAccessFinder &Finder, const CallChain &Chain,
           const ArrayPadding *Pad, std::string &Why,
           llvm::ArrayRef<std::optional<int64_t>> KernelArgs,
           std::vector<SourceRange> *Through);

  std::optional<LoweredAccess> run(const SharedAccess &A);

private:
  SharedAccessFinder &Finder;
  ASTContext &Ctx;
  ValueEvaluator &Eval;
  const CallChain &Chain;
  const ArrayPadding *Pad;
  std::string &Why;
  llvm::ArrayRef<std::optional<int64_t>> KernelArgs;
  std::vector<SourceRange> *Through;
  std::unique_ptr<ExprPool> P;
  llvm::DenseMap<NodeId, const Expr *> Origins;
  const VarDecl *Root = nullptr;
  std::optional<unsigned> RootSymbol;
  unsigned Depth = 0;
  std::map<std::pair<const void *, std::string>, unsigned> Symbols;

  /// A function being lowered: one of the chain's, or one whose return
  /// value an expression uses (Call calls it from frame Caller).
  struct FrameInfo {
    const FunctionDecl *F;
    const CallExpr *Call;
    unsigned Caller;
  };
  std::vector<FrameInfo> Frames;
  /// Loop-carried variables: (loop statement, frame, variable) -> loop.
  std::map<std::tuple<const Stmt *, unsigned, const VarDecl *>, unsigned>
      Carried;
  /// The group of each loop statement of a frame.
  std::map<std::pair<const Stmt *, unsigned>, unsigned> LoopGroups;
  /// Calls whose return value is lowered, per frame.
  std::map<std::pair<const CallExpr *, unsigned>, NodeId> CallValues;

  struct DepthGuard {
    unsigned &D;
    explicit DepthGuard(unsigned &D) : D(D) { ++D; }
    ~DepthGuard() { --D; }
  };

  std::nullopt_t fail(const Twine &Reason);

  IntType typeOf(QualType T);

  unsigned symbolFor(const void *Key, const std::string &Name,
                     uint64_t Multiple = 1, bool NonNegative = false,
                     bool SharedAddress = false);

  std::optional<NodeId> uniform(const void *Key, const std::string &Name,
                                QualType T);

  std::optional<int64_t> sizeOf(QualType T);

  /// sizeof(T) where T is the type of a subscript of the padded array.
  int64_t paddedSize(QualType T);

  /// Does E name the padded array through subscripts only?
  bool underPad(const Expr *E);

  NodeId i64(NodeId N) { return P->cast(N, IntType::i64()); }

  // ---- addresses ----------------------------------------------------------

  std::optional<NodeId> address(const Expr *E, unsigned Frame);

  /// `o.*pm` and `p->*pm`: the member pm names, when it is a constant.
  std::optional<NodeId> memberPointer(const BinaryOperator *B, unsigned Frame);

  /// `this` in a member function reached by a call: its object.
  std::optional<NodeId> thisPointer(unsigned Frame);

  /// The pointer the implicit `__begin` variable of range-based for loop R
  /// holds in its body: a loop variable stepping from the range's begin to
  /// its end, one element at a time.
  std::optional<NodeId> rangeBegin(const VarDecl *V, const CXXForRangeStmt *R,
                                   unsigned Frame);

  /// The pointer a pointer variable (the lvalue E) holds where E reads it.
  std::optional<NodeId> loadedPointer(const Expr *E, unsigned Frame);

  std::optional<NodeId> pointer(const Expr *E, unsigned Frame);

  /// The model's operator for a C++ binary operator (a compound
  /// assignment's, for `v op= e`).
  static std::optional<Op> modelOp(BinaryOperatorKind K);

  // ---- parameters ---------------------------------------------------------

  /// A parameter of a function that no call of the chain reaches.
  std::nullopt_t noCaller(const ParmVarDecl *PV, unsigned Frame);

  std::optional<NodeId> parameter(const ParmVarDecl *PV, unsigned Frame,
                                  bool Pointer);

  // ---- integers -----------------------------------------------------------

  std::optional<NodeId> builtin(const PseudoObjectExpr *POE);

  std::optional<NodeId> integer(const Expr *E, unsigned Frame);

  std::optional<NodeId> integerImpl(const Expr *E, unsigned Frame);

  /// The value read from the lvalue E (an rvalue conversion).
  std::optional<NodeId> load(const Expr *E, unsigned Frame);

  /// The member V.Fields (Path: ".x.y") read at Use: of a kernel parameter
  /// passed by value, a uniform value; of a device function's parameter
  /// passed by value, the same member of the call's argument (a variable
  /// of the caller); of a local, its reaching definition; of __constant__
  /// or __device__ data, a uniform value.
  std::optional<NodeId> member(const VarDecl *V,
                               llvm::ArrayRef<const FieldDecl *> Fields,
                               const std::string &Path, const Stmt *Use,
                               unsigned Frame, QualType T,
                               bool Pointer = false);

  /// The address of any memory object (global or shared), for deciding
  /// whether a load is uniform.
  std::optional<NodeId> memoryAddress(const Expr *E, unsigned Frame);

  // ---- control flow -------------------------------------------------------
  //
  // The value of a local variable at a point of a structured function body.
  // The last statement before the point that writes the variable decides:
  // its value after that statement. An if/else that writes it joins its arms
  // into a Select on the condition (an arm that leaves by return, break or
  // continue does not reach the join); a loop whose body writes it makes it
  // a loop-carried variable, a model Loop in the group of the loop's other
  // carried variables, whose next value is the one at the end of the body
  // (joined with the values at each `if (c) { ...; continue; }`). At the
  // entry of the function a parameter has its argument's value.

  const ParentMap &parentsOf(unsigned Frame);
  const SharedAccessFinder::LocalWrites &writesOf(unsigned Frame);

  std::string lineOf(const Stmt *S);

  /// Is Anc the statement S or one of its ancestors?
  bool encloses(const Stmt *Anc, const Stmt *S, const ParentMap &PM);

  /// Counts one step of the lowering's work against Finder.LowerBudget.
  void charge(uint64_t Steps = 1) {
    if (Finder.LowerBudget)
      Finder.LowerBudget->Used += Steps;
  }
  bool overBudget() const {
    return Finder.LowerBudget && Finder.LowerBudget->spent();
  }

  /// V's writes numbered in the frame's statement order (StmtOrder), when
  /// the numbering reaches them all and S too.
  const llvm::SmallVector<std::pair<unsigned, const Stmt *>, 4> *
  orderedWrites(const Stmt *S, const VarDecl *V, unsigned Frame,
                std::pair<unsigned, unsigned> &Span);

  /// The statements inside S that write V.
  llvm::SmallVector<const Stmt *, 2> writesIn(const Stmt *S, const VarDecl *V,
                                              unsigned Frame);

  /// The last statement of compound statement CS before its statement
  /// Before (or of all of CS, when Before is null) that writes V; null when
  /// none does.
  const Stmt *lastWriter(const CompoundStmt *CS, const Stmt *Before,
                         const VarDecl *V, unsigned Frame);
  bool writes(const Stmt *S, const VarDecl *V, unsigned Frame);
  /// Does the function write parameter or local V anywhere (or let it
  /// escape)?
  bool changed(const VarDecl *V, unsigned Frame);

  IntType varType(const VarDecl *V);

  /// The value V has when control reaches Use (an expression reading V, or
  /// a statement).
  std::optional<NodeId> valueBefore(const VarDecl *V, const Stmt *Use,
                                    unsigned Frame);

  std::optional<NodeId> entryValue(const VarDecl *V, unsigned Frame);

  // ---- lambdas and function objects ---------------------------------------
  //
  // A lambda's call operator is a device function; a call of the lambda is
  // a call of it. A variable it captures has, on entry, its value where the
  // lambda is written (by copy) or where the lambda is called from the
  // function that owns the variable (by reference; a lambda that writes a
  // captured variable makes it escape, see localWrites). The members of a
  // function object are those of the object the call is made on.

  /// Is V a parameter or local of the function of Frame (rather than a
  /// variable of an enclosing function that a lambda captures)?
  bool ownedBy(const VarDecl *V, unsigned Frame);

  static bool isLambdaOperator(const FunctionDecl *F);

  /// The object a call of a member function (an operator() included) is
  /// made on, or null when it is made through a pointer.
  static const Expr *objectOf(const CallExpr *Call);

  static const Expr *stripObject(const Expr *E);

  /// The argument of parameter PV in the call that reached Frame.
  const Expr *argumentOf(const ParmVarDecl *PV, unsigned Frame);

  /// The variable (and its frame) an object expression E of frame Frame
  /// names, following a function object passed by value or by reference
  /// to its argument, and a lambda's captured object to its own frame.
  std::optional<std::pair<const VarDecl *, unsigned>>
  objectVariable(const Expr *E, unsigned Frame, const Stmt *Where);

  /// The lambda expression whose call operator Frame runs, and the frame
  /// it is written in.
  std::optional<std::pair<const LambdaExpr *, unsigned>>
  lambdaSite(unsigned Frame);

  /// Where the value of V, a variable the lambda of Frame captures, is
  /// taken: the lambda expression (by copy) or the call that leads to the
  /// lambda from V's function (by reference); and that frame.
  std::optional<std::pair<const Stmt *, unsigned>> captureUse(const VarDecl *V,
                                                              unsigned Frame);

  /// The variable `*this` is in Frame (a member function's), and where and
  /// in which frame its members are read.
  std::optional<std::tuple<const VarDecl *, const Stmt *, unsigned>>
  thisObject(unsigned Frame);

  /// A member of `*this` (`p` in a function object's operator(), Fields
  /// from the outermost), as an integer or a pointer.
  std::optional<NodeId> thisMember(llvm::ArrayRef<const FieldDecl *> Fields,
                                   const std::string &Path, unsigned Frame,
                                   QualType T, bool Pointer);

  /// The pointer a member holds: of `*this` in a function object's
  /// operator(), of a local or a parameter passed by value. Any other
  /// member is not a pointer into shared memory the analysis follows.
  std::optional<NodeId> memberPointer(const MemberExpr *ME, unsigned Frame);

  /// The value V has after statement S, which writes it, completes.
  std::optional<NodeId> valueAfter(const VarDecl *V, const Stmt *S,
                                   unsigned Frame);

  /// V after an if/else that writes it.
  std::optional<NodeId> ifValue(const VarDecl *V, const IfStmt *If,
                                unsigned Frame);

  /// The value V holds after write W (its DeclStmt, `v = e`, `v op= e`,
  /// `++v`, `v++`).
  std::optional<NodeId> writeValue(const VarDecl *V, const Stmt *W,
                                   unsigned Frame);

  /// Prev plus or minus Count steps of V's type (elements for a pointer).
  std::optional<NodeId> stepped(const VarDecl *V, NodeId Prev, NodeId Count,
                                bool Add);

  /// The value of `v++`, `++v`, `p--`... as an expression.
  std::optional<NodeId> incDecValue(const UnaryOperator *U, unsigned Frame,
                                    bool Pointer);

  static const Stmt *loopBody(const Stmt *L);

  /// V at the head of loop L, each time the condition is tested (for a do
  /// loop, each time the body starts).
  std::optional<NodeId> header(const VarDecl *V, const Stmt *L, unsigned Frame);

  /// When Next is Self + E or Self - E, with E uniform: the step.
  std::optional<NodeId> stepOf(NodeId Next, NodeId Self, unsigned Id);

  /// V at the end of loop L's body, where the next iteration starts: the
  /// value falling out of the body, joined with the value at each
  /// `if (c) { ...; continue; }` of the body.
  std::optional<NodeId> endOfBody(const VarDecl *V, const Stmt *L,
                                  unsigned Frame);

  /// Can a loop body end the loop other than by its condition: a break of
  /// this loop, a return, a goto?
  static bool leavesEarly(const Stmt *S, bool InInner = false);

  /// The continue statements of a loop body (not those of inner loops).
  static void
  collectContinues(const Stmt *S,
                   llvm::SmallVectorImpl<const ContinueStmt *> &Out);

  // ---- calls --------------------------------------------------------------

  /// The tile size N of a cooperative_groups::thread_block_tile<N, ...> (or
  /// of a base class carrying N), 0 for another type.
  static uint64_t tileSize(const CXXRecordDecl *RD);

  /// thread_rank(), size(), num_threads() and meta_group_rank() of a
  /// cooperative_groups::thread_block or thread_block_tile<N>: the linear
  /// thread index (x + y*Bx + z*Bx*By), modulo N for a tile. A static tile
  /// of size N partitioned from the block or from another static tile has
  /// rank linear % N; its meta_group_rank() is linear / N only when the
  /// object was partitioned from the block itself, as its initializer
  /// shows.
  std::optional<NodeId> cooperativeGroups(const CallExpr *Call, unsigned Frame,
                                          IntType IT);

  /// Was the tile Obj names made by tiled_partition of a thread_block?
  bool fromBlock(const Expr *Obj, unsigned Frame);

  /// The value a call of a device function returns, lowered in a frame of
  /// its own whose parameters are the call's arguments.
  std::optional<NodeId> callValue(const CallExpr *Call, unsigned Frame,
                                  bool Pointer);

  static bool hasReturn(const Stmt *S);
  static llvm::SmallVector<const Stmt *, 8> stmtsOf(const Stmt *S);
  static bool endsInReturn(const Stmt *S);

  /// The value returned by the statements Ss (the rest of a function body):
  /// `if (c) return a; ... return b;` is Select(c, a, b).
  std::optional<NodeId> returnValue(llvm::ArrayRef<const Stmt *> Ss,
                                    unsigned Frame, bool Pointer, IntType RT);

  // ---- guards -------------------------------------------------------------

  static bool exits(const Stmt *S, bool LoopExitsToo);

  void addGuard(const Expr *Cond, bool Want, unsigned Frame,
                std::vector<std::pair<NodeId, bool>> &Out);

  static const Stmt *stripLabels(const Stmt *S);

  /// The guard of a statement S in a case of switch Sw: the switch value
  /// is one of the case labels that lead to S (falling through the cases
  /// before it), or, when `default:` leads there, none of the others.
  void switchGuard(const SwitchStmt *Sw, const Stmt *S, unsigned Frame,
                   std::vector<std::pair<NodeId, bool>> &Out);

  void guards(const Stmt *S, unsigned Frame,
              std::vector<std::pair<NodeId, bool>> &Out);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_LOWERING_H
