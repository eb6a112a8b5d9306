//===-- Lowering.h - Expressions lowered to the model (private) -*- C++ -*-===//
///
/// The heart of the ValueEngine: one question (the address of a
/// shared-memory access and its guards, or a host value) lowered to
/// model::ExprPool nodes under the question's Assumptions. Private to
/// lib/Analysis: SharedAccessFinder::lower and ValueEngine::integer/dim3
/// are its public entries.
///
/// Every node keeps the C integer type of the expression it came from
/// (clang's implicit casts become Cast nodes), so the model computes what
/// the program computes. Values are classified as they are lowered:
/// - threadIdx and blockDim become ThreadIdx and BlockDim nodes;
/// - values the same in every thread of a block (blockIdx, gridDim, kernel
///   parameters, __constant__ and __device__ variables, shared scalars,
///   loads from uniform addresses, the base address of a shared array)
///   become symbols;
/// - a local variable becomes its value where it is read (LowerLocals.cpp:
///   straight-line code, branches as Selects, loops as loop variables); a
///   member of a record the field rule's definition
///   (ValueEngine::fieldDefinition);
/// - a parameter becomes the argument of the call that reached its frame;
///   a call, the value its body returns, in a frame of its own;
/// - anything else (a value loaded from a thread-dependent address, a
///   variable whose address escapes) fails the lowering, with the reason
///   in the trace's Why.
///
/// The methods live in one file per concern: Lowering.cpp (state, entry,
/// types, symbols), LowerAddress.cpp (addresses and pointers),
/// LowerInteger.cpp (integer expressions, as a statement visitor),
/// LowerLocals.cpp (values of local variables), LowerLoops.cpp (loops),
/// LowerCalls.cpp (parameters and calls), LowerObjects.cpp (members,
/// lambdas, function objects), LowerDim3.cpp (dim3 values), LowerGuards.cpp
/// (guards) and HostValues.cpp (host questions). What CUDA's API means is
/// in CudaModels.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LOWERING_H
#define WARPLINT_ANALYSIS_LOWERING_H

#include "AstUtil.h"
#include "FunctionFacts.h"
#include "warplint/Analysis/SharedAccess.h"
#include "warplint/Analysis/ValueEngine.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/Twine.h"
#include <array>
#include <map>
#include <tuple>

namespace warplint {

using clang::ASTContext;
using clang::BinaryOperator;
using clang::BinaryOperatorKind;
using clang::CallExpr;
using clang::CompoundStmt;
using clang::ConditionalOperator;
using clang::ContinueStmt;
using clang::CXXForRangeStmt;
using clang::CXXRecordDecl;
using clang::DeclRefExpr;
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
  /// One question asked under As; what it finds on the way goes to Trace.
  /// Budget, when given, bounds its work (see charge()).
  Lowering(ValueEngine &Engine, const Assumptions &As, ValueTrace &Trace,
           model::WorkBudget *Budget = nullptr);

  /// The address and guards of a shared-memory access, lowered in the last
  /// function of the chain (SharedAccessFinder::lower).
  std::optional<LoweredAccess> run(const SharedAccess &A);
  /// The value of a host integer expression, when certain.
  std::optional<llvm::APSInt> hostInteger(const Expr *E);
  /// The value of a host dim3 expression, when certain.
  std::optional<model::Dim3> hostDim3(const Expr *E);
  /// The function a host expression of function pointer type names, when
  /// certain; null otherwise.
  const FunctionDecl *hostFunction(const Expr *E);

private:
  ValueEngine &Engine;
  ASTContext &Ctx;
  const Assumptions &As;
  const CallChain &Chain;
  llvm::ArrayRef<std::optional<int64_t>> KernelArgs;
  const ArrayPadding *Pad;
  ValueTrace &Trace;
  std::string &Why;
  std::vector<SourceRange> *Through;
  model::WorkBudget *Budget;
  std::unique_ptr<ExprPool> P;
  llvm::DenseMap<NodeId, const Expr *> Origins;
  const VarDecl *Root = nullptr;
  std::optional<unsigned> RootSymbol;
  unsigned Depth = 0;
  /// Joins of several definitions being lowered (if/else arms, loops,
  /// calls): a definition met inside one is not the value's only one.
  unsigned Joins = 0;
  std::map<std::pair<const void *, std::string>, unsigned> Symbols;

  /// A function being lowered: one of the chain's, or one whose return
  /// value an expression uses (Call calls it from frame Caller).
  struct FrameInfo {
    const FunctionDecl *F;
    const CallExpr *Call;
    unsigned Caller;
    /// F's facts, parents and statement order, looked up once (factsOf,
    /// parentsOf, orderOf).
    const FunctionFacts *Facts = nullptr;
    const ParentMap *Parents = nullptr;
    const StmtOrder *Order = nullptr;
  };
  std::vector<FrameInfo> Frames;
  /// Loop-carried variables: (loop statement, frame, variable) -> loop.
  std::map<std::tuple<const Stmt *, unsigned, const VarDecl *>, unsigned>
      Carried;
  /// The group of each loop statement of a frame.
  std::map<std::pair<const Stmt *, unsigned>, unsigned> LoopGroups;
  /// Calls whose return value is lowered, per frame.
  std::map<std::pair<const CallExpr *, unsigned>, NodeId> CallValues;
  /// What calls leave in the variables they take by reference, per frame.
  std::map<std::tuple<const CallExpr *, unsigned, const VarDecl *>, NodeId>
      OutValues;
  /// The value of an integer variable before a statement of a block, per
  /// frame (valueBefore): each read after the first of a variable in one
  /// lowering (the address, each guard) stops where an earlier walk passed.
  llvm::DenseMap<std::tuple<const VarDecl *, const Stmt *, unsigned>, NodeId>
      ValuesBefore;
  /// The value of each subscript address() lowered, by frame: the access's
  /// bounds (subscriptsInBounds) read them instead of lowering them again.
  llvm::SmallDenseMap<std::pair<const Expr *, unsigned>, NodeId, 4> Subscripts;

  struct DepthGuard {
    unsigned &D;
    explicit DepthGuard(unsigned &D) : D(D) { ++D; }
    ~DepthGuard() { --D; }
  };

  // ---- state, types and symbols (Lowering.cpp) ---------------------------

  /// Fails the lowering, keeping the first reason.
  std::nullopt_t fail(const Twine &Reason);
  /// The model type of an integer, enum or pointer type.
  IntType typeOf(QualType T);
  /// The symbol for Key (a declaration) named Name, made once.
  unsigned symbolFor(const void *Key, const std::string &Name,
                     uint64_t Multiple = 1, bool NonNegative = false,
                     bool SharedAddress = false);
  /// A uniform value of type T: the same in every thread, unknown.
  std::optional<NodeId> uniform(const void *Key, const std::string &Name,
                                QualType T);
  std::optional<int64_t> sizeOf(QualType T);
  NodeId i64(NodeId N) { return P->cast(N, IntType::i64()); }
  std::string lineOf(const Stmt *S) { return warplint::lineOf(S, Ctx); }
  /// Counts one step of the lowering's work against the budget.
  void charge(uint64_t Steps = 1) {
    if (Budget)
      Budget->Used += Steps;
  }
  bool overBudget() const { return Budget && Budget->spent(); }
  /// Records Def as where a value of V was taken from (ValueTrace).
  void noteDefinition(const VarDecl *V, const Expr *Def);

  // ---- host questions (HostValues.cpp) -----------------------------------

  /// N's value when it reads no thread index and the model computes it to
  /// a constant.
  std::optional<int64_t> hostConstant(NodeId N);
  /// For a host question (Assumptions::ArmsAreChoices): the arm of Choice
  /// (a `?:` or an IfStmt) to lower (true: the first), by its condition's
  /// value or the choice made for it; std::nullopt, with Choice listed as
  /// undecided, when neither decides. Not asked in device code.
  std::optional<bool> chosenArm(const Stmt *Choice, unsigned Frame);
  /// The alternative Assumptions::Choices takes for Where, one of Count;
  /// std::nullopt, with Where listed as undecided, when it takes none.
  std::optional<unsigned> chosen(const Stmt *Where, unsigned Count);
  /// The host expression asked (hostInteger, hostDim3), and its frame.
  const Expr *Asked = nullptr;
  unsigned AskedFrame = 0;
  /// The statement of Frame on the way to the expression asked: it, or the
  /// call that leads to it.
  const Stmt *pointIn(unsigned Frame);
  /// The values of the host loops whose counters N reads in their body,
  /// each the iteration Assumptions::Choices takes (the loop listed as
  /// undecided when it takes none), set in Values (by loop). False, with
  /// the reason, when a loop's values are not all known or not every
  /// iteration reaches the point asked.
  bool iterationValues(NodeId N, std::vector<std::optional<int64_t>> &Values);
  /// One loop group G of iterationValues, of loop statement L in Frame.
  bool loopIteration(unsigned G, const Stmt *L, unsigned Frame,
                     std::vector<std::optional<int64_t>> &Values);

  // ---- addresses and pointers (LowerAddress.cpp) --------------------------

  /// The byte address of the object lvalue E names.
  std::optional<NodeId> address(const Expr *E, unsigned Frame);
  /// For an lvalue that subscripts every dimension of Root, an array of
  /// rank 2 or more (`a[i][j]`, `a[i][j].x`): the condition that each
  /// subscript lies within its dimension (LoweredAccess::InBounds).
  std::optional<NodeId> subscriptsInBounds(const Expr *LValue, unsigned Frame);
  /// The value of pointer expression E.
  std::optional<NodeId> pointer(const Expr *E, unsigned Frame);
  /// The pointer a pointer variable (the lvalue E) holds where E reads it.
  std::optional<NodeId> loadedPointer(const Expr *E, unsigned Frame);
  /// `o.*pm` and `p->*pm`: the member pm names, when it is a constant.
  std::optional<NodeId> memberPointer(const BinaryOperator *B, unsigned Frame);
  /// `this` in a member function reached by a call: its object.
  std::optional<NodeId> thisPointer(unsigned Frame);
  /// The address of any memory object (global or shared), for deciding
  /// whether a load is uniform.
  std::optional<NodeId> memoryAddress(const Expr *E, unsigned Frame);
  /// sizeof(T) where T is the type of a subscript of the padded array.
  int64_t paddedSize(QualType T);
  /// Does E name the padded array through subscripts only?
  bool underPad(const Expr *E);

  // ---- integers (LowerInteger.cpp) -----------------------------------------

  /// The value of integer expression E (IntegerLowering, a statement
  /// visitor, one transfer function per node kind).
  std::optional<NodeId> integer(const Expr *E, unsigned Frame);
  /// The value read from the lvalue E (an rvalue conversion).
  std::optional<NodeId> load(const Expr *E, unsigned Frame);
  /// An element of an array that is never written (a local, or a const
  /// global), at an index the model computes to a constant: its
  /// initializer's element (`int sizes[] = {32, 64}; ... sizes[1]`).
  std::optional<NodeId> arrayElement(const clang::ArraySubscriptExpr *ASE,
                                     unsigned Frame);
  /// The initializer of that element (of any type: a dim3 too); null when
  /// the array or the index is not such.
  const Expr *constantElement(const clang::ArraySubscriptExpr *ASE,
                              unsigned Frame);
  /// threadIdx, blockDim, blockIdx and gridDim (CudaModels.h).
  std::optional<NodeId> builtin(const PseudoObjectExpr *POE);
  /// The model's operator for a C++ binary operator (a compound
  /// assignment's, for `v op= e`).
  static std::optional<Op> modelOp(BinaryOperatorKind K);
  friend class IntegerLowering;

  // ---- local variables (LowerLocals.cpp) -----------------------------------

  const FunctionFacts &factsOf(unsigned Frame);
  const ParentMap &parentsOf(unsigned Frame);
  const StmtOrder &orderOf(unsigned Frame);
  static constexpr size_t ManyWrites = 8;
  /// Is Anc the statement S or one of its ancestors?
  bool encloses(const Stmt *Anc, const Stmt *S, const ParentMap &PM);
  /// V's writes numbered in the frame's statement order (StmtOrder), when
  /// V has more than ManyWrites writes and the numbering reaches them all
  /// and S too.
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
  /// A goto label between V's declaration and Use: a way to reach Use the
  /// structured walk does not see.
  bool labelBetween(const VarDecl *V, const Stmt *Use, unsigned Frame);
  IntType varType(const VarDecl *V);
  /// Counts one definition of V followed; false, with the reason, past the
  /// budget or the depth.
  bool canFollow(const VarDecl *V);
  /// The value V has when control reaches Use (an expression reading V, or
  /// a statement).
  std::optional<NodeId> valueBefore(const VarDecl *V, const Stmt *Use,
                                    unsigned Frame);
  /// V on entry to its function: a parameter's argument, a capture's value.
  std::optional<NodeId> entryValue(const VarDecl *V, unsigned Frame);
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

  // ---- loops (LowerLoops.cpp) ----------------------------------------------

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
  /// The pointer the implicit `__begin` variable of range-based for loop R
  /// holds in its body: a loop variable stepping from the range's begin to
  /// its end, one element at a time.
  std::optional<NodeId> rangeBegin(const VarDecl *V, const CXXForRangeStmt *R,
                                   unsigned Frame);
  /// Can a loop body end the loop other than by its condition: a break of
  /// this loop, a return, a goto?
  static bool leavesEarly(const Stmt *S, bool InInner = false);
  /// The continue statements of a loop body (not those of inner loops).
  static void
  collectContinues(const Stmt *S,
                   llvm::SmallVectorImpl<const ContinueStmt *> &Out);

  // ---- parameters and calls (LowerCalls.cpp) -------------------------------

  /// A parameter of a function that no call of the chain reaches.
  std::nullopt_t noCaller(const ParmVarDecl *PV, unsigned Frame);
  /// Parameter PV of Frame's function: a kernel's launch value or uniform
  /// symbol, else the argument of the call that reached the frame.
  std::optional<NodeId> parameter(const ParmVarDecl *PV, unsigned Frame,
                                  bool Pointer);
  /// Argument Index of Call, or the value Assumptions::Arguments takes for
  /// it.
  const Expr *argument(const CallExpr *Call, unsigned Index);
  /// The argument of parameter PV in the call that reached Frame.
  const Expr *argumentOf(const ParmVarDecl *PV, unsigned Frame);
  /// Is Arg, the argument of a non-const reference parameter in the call
  /// that reached Frame, a local variable of the caller that no other
  /// argument of the call names (FunctionFacts outArgument)?
  bool soleLocalArgument(const Expr *Arg, unsigned Frame);
  /// What call Call, which takes the integer variable V of Frame by
  /// non-const reference, leaves in it: the value of its parameter where
  /// its body ends, lowered in a frame of its own.
  std::optional<NodeId> outValue(const VarDecl *V, const CallExpr *Call,
                                 unsigned Frame);
  /// outValue through a pointer parameter PV of the callee (frame New),
  /// which uses it only as `*PV`: the last value its body stores there
  /// (LowerStored.cpp's walk), or V's before the call when none.
  std::optional<NodeId> pointedOutValue(const VarDecl *V, const CallExpr *Call,
                                        unsigned Frame, const ParmVarDecl *PV,
                                        unsigned New);
  /// Is Def the function of Frame or of one of its callers?
  bool calledFrom(const FunctionDecl *Def, unsigned Frame);
  /// The value a call of a device function returns, lowered in a frame of
  /// its own whose parameters are the call's arguments.
  std::optional<NodeId> callValue(const CallExpr *Call, unsigned Frame,
                                  bool Pointer);
  /// The value returned by the statements Ss (the rest of a function body):
  /// `if (c) return a; ... return b;` is Select(c, a, b).
  std::optional<NodeId> returnValue(llvm::ArrayRef<const Stmt *> Ss,
                                    unsigned Frame, bool Pointer, IntType RT);
  /// The value returned by a switch whose cases return (Sw, then After):
  /// the case taken when its condition is a constant, else a Select over
  /// the cases, the default (or After) last.
  std::optional<NodeId> switchReturn(const SwitchStmt *Sw,
                                     llvm::ArrayRef<const Stmt *> After,
                                     unsigned Frame, bool Pointer, IntType RT);
  static bool hasReturn(const Stmt *S);
  static llvm::SmallVector<const Stmt *, 8> stmtsOf(const Stmt *S);
  static bool endsInReturn(const Stmt *S);
  /// The value of an if's condition when it is a constant (`if constexpr`).
  std::optional<bool> constantCondition(const IfStmt *If);
  /// A query of cooperative groups (thread_rank(), size(), ...), as the
  /// thread index expression CudaModels.h says it is.
  std::optional<NodeId> cooperativeGroups(const CallExpr *Call, unsigned Frame,
                                          IntType IT);
  /// Was the tile Obj names made by tiled_partition of a thread_block?
  bool fromBlock(const Expr *Obj, unsigned Frame);
  /// The group a thread_group variable Obj holds (CudaModels.h groupKind).
  std::optional<uint64_t> genericGroup(const Expr *Obj, unsigned Frame);

  // ---- members, lambdas and function objects (LowerObjects.cpp) ------------

  /// The member V.Fields (Path: ".x.y") read at Use: of a kernel parameter
  /// passed by value, a uniform value; of a device function's parameter
  /// passed by value, the same member of the call's argument (a variable
  /// of the caller); of a local, the field rule's definition; of
  /// __constant__ or __device__ data, a uniform value.
  std::optional<NodeId> member(const VarDecl *V,
                               llvm::ArrayRef<const FieldDecl *> Fields,
                               const std::string &Path, const Stmt *Use,
                               unsigned Frame, QualType T,
                               bool Pointer = false);
  /// The pointer a member holds: of `*this` in a function object's
  /// operator(), of a local or a parameter passed by value. Any other
  /// member is not a pointer into shared memory the analysis follows.
  std::optional<NodeId> memberPointer(const MemberExpr *ME, unsigned Frame);
  /// Is V a parameter or local of the function of Frame (rather than a
  /// variable of an enclosing function that a lambda captures)?
  bool ownedBy(const VarDecl *V, unsigned Frame);
  static bool isLambdaOperator(const FunctionDecl *F);
  /// The object a call of a member function (an operator() included) is
  /// made on, or null when it is made through a pointer.
  static const Expr *objectOf(const CallExpr *Call);
  static const Expr *stripObject(const Expr *E);
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

  // ---- dim3 values (LowerDim3.cpp) -----------------------------------------

  using Dim3Nodes = std::array<NodeId, 3>;
  /// The x, y and z of a dim3 expression (or of an integer made a dim3).
  std::optional<Dim3Nodes> dim3(const Expr *E, unsigned Frame);
  /// The dim3 an lvalue (a variable, or a member of one) holds at E.
  std::optional<Dim3Nodes> dim3Variable(const Expr *E, unsigned Frame);
  /// The shape a local dim3 holds at Use when straight-line statements of
  /// the block that declares it set it whole or field by field
  /// (`dim3 t; t.x = 16; t.y = 16;`).
  std::optional<Dim3Nodes> dim3ByFields(const DeclRefExpr *Use, unsigned Frame);

  // ---- values host code stores (LowerStored.cpp) ---------------------------

  /// A variable or an element of an array (Index, by dimension) read.
  struct Place {
    const VarDecl *V = nullptr;
    std::vector<int64_t> Index;
    std::string Name; ///< "block[0][1]"
    /// The object pointer V points to (`*threads`), V a parameter used
    /// only so (Lowering::outValue).
    bool Deref = false;
  };
  /// The expression whose value a place holds, and its frame; Zero for the
  /// zero a global without an initializer holds.
  struct Stored {
    const Expr *Value = nullptr;
    unsigned Frame = 0;
    bool Zero = false;
  };
  /// The place the lvalue LValue names: a local not owned by a lambda
  /// elsewhere, or a host global (LowerStored.cpp's followedGlobal), at
  /// constant indices. With CheckUses, false (with the reason) when a use
  /// of the variable may change it other than by assigning a place whole.
  bool place(const Expr *LValue, unsigned Frame, Place &Pl,
             bool CheckUses = true);
  /// The value host code last stored in the place LValue names before it
  /// is read: the walk back through the statements before it and the
  /// calls of the chain (see LowerStored.cpp).
  std::optional<Stored> stored(const Expr *LValue, unsigned Frame);
  /// stored() of an integer lvalue, as a node of its type.
  std::optional<NodeId> storedInteger(const Expr *LValue, unsigned Frame);
  /// A global's value where main starts: its initializer.
  std::optional<Stored> initialValue(const Place &Pl, unsigned Frame);
  enum class Scan { None, Found, Failed };
  /// Whether statement S of Frame may write the place: names the variable
  /// other than to read it, or (a global) calls a function that may.
  bool mayWrite(const Place &Pl, const Stmt *S, unsigned Frame);
  /// The last write of the place in the statements Ss, S, the switch Sw,
  /// the expression E, the call Call's body: Found (in Out), None, or
  /// Failed with the reason.
  Scan scanList(const Place &Pl, llvm::ArrayRef<const Stmt *> Ss,
                unsigned Frame, Stored &Out);
  Scan scanStmt(const Place &Pl, const Stmt *S, unsigned Frame, Stored &Out);
  Scan scanSwitch(const Place &Pl, const SwitchStmt *Sw, unsigned Frame,
                  Stored &Out);
  Scan scanExpr(const Place &Pl, const Expr *E, unsigned Frame, Stored &Out);
  Scan scanCall(const Place &Pl, const CallExpr *Call, unsigned Frame,
                Stored &Out);
  /// The function a function pointer expression names.
  std::optional<const FunctionDecl *> functionValue(const Expr *E,
                                                    unsigned Frame);

  // ---- floating-point host values (LowerFloat.cpp) -------------------------

  /// The value of floating-point host expression E, as C computes it, when
  /// it is a constant.
  std::optional<llvm::APFloat> floating(const Expr *E, unsigned Frame);
  std::optional<llvm::APFloat> floatArithmetic(const BinaryOperator *B,
                                               unsigned Frame);
  /// The value read from the floating-point lvalue E: a parameter's
  /// argument, a const global's initializer, what stored() finds.
  std::optional<llvm::APFloat> floatLoad(const Expr *E, unsigned Frame);
  /// Sub (floating point) converted to the integer type IT: truncated
  /// (Boolean: compared with zero); unknown out of IT's range.
  std::optional<NodeId> floatToInteger(const Expr *Sub, unsigned Frame,
                                       IntType IT, bool Boolean);
  /// A comparison of floating-point operands, as an integer node.
  std::optional<NodeId> floatComparison(const BinaryOperator *B, unsigned Frame,
                                        IntType IT);

  // ---- guards (LowerGuards.cpp) --------------------------------------------

  /// The conditions under which statement S of Frame runs, added to Out.
  void guards(const Stmt *S, unsigned Frame,
              std::vector<std::pair<NodeId, bool>> &Out);
  void addGuard(const Expr *Cond, bool Want, unsigned Frame,
                std::vector<std::pair<NodeId, bool>> &Out);
  /// The guard of a statement S in a case of switch Sw: the switch value
  /// is one of the case labels that lead to S (falling through the cases
  /// before it), or, when `default:` leads there, none of the others.
  void switchGuard(const SwitchStmt *Sw, const Stmt *S, unsigned Frame,
                   std::vector<std::pair<NodeId, bool>> &Out);
  static bool exits(const Stmt *S, bool LoopExitsToo);
  /// Does S end the thread (a call of a function that does not return:
  /// __trap(), abort(), a failed assert's __assertfail / __assert_fail)?
  static bool aborts(const Stmt *S);
  /// The condition C of `assert(C)` as S, an expression statement, spells
  /// it (`C ? (void)0 : __assert_fail(...)`): the thread goes on only where
  /// C holds.
  static const Expr *assertedCondition(const Stmt *S);
  static const Stmt *stripLabels(const Stmt *S);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_LOWERING_H
