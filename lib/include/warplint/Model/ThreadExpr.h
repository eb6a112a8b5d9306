//===-- ThreadExpr.h - Values computed by every thread of a block -*- C++
//-*-===//
///
/// The analysis turns a shared-memory address (and the conditions that guard
/// the access) into a small expression DAG over the thread index. This header
/// is that DAG and its evaluator; it knows nothing of Clang, so the bank model
/// and the evaluator are unit-tested without an AST. (lib/Model: ExprPool.cpp,
/// the DAG; ThreadEvaluator.cpp and WarpEvaluator.cpp, its evaluators, one
/// thread and a warp at a time.)
///
/// Leaves are constants, threadIdx.{x,y,z}, blockDim.{x,y,z} (known once a
/// block shape is chosen), uniform symbols (values that are the same in every
/// thread of the block but unknown: blockIdx, kernel parameters, the base
/// address of a shared array) and loop variables (the counter of a `for` loop
/// around the access).
///
/// Every node carries the C integer type of the expression it came from, and
/// evaluation wraps to that type as C does, so `(unsigned)x >> 1` and
/// `(int)x >> 1` differ where they should. A value is a LinearValue: a
/// constant plus an integer combination of uniform symbols. Operations that
/// are linear (+, -, * by a constant, << by a constant) keep symbols;
/// anything else on a value with symbols is "unknown" (std::nullopt), which
/// makes the analysis of that access say nothing.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_THREADEXPR_H
#define WARPLINT_MODEL_THREADEXPR_H

#include "warplint/Model/BlockSize.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint::model {

using NodeId = unsigned;

enum class Op : uint8_t {
  Const,
  ThreadIdx, ///< Index: 0, 1, 2 for x, y, z
  BlockDim,  ///< Index: 0, 1, 2
  Sym,       ///< Index: the symbol
  LoopVar,   ///< Index: the loop
  LoopExit,  ///< Index: the loop; its variable's value once the loop ends
  // Unary (A).
  Neg,
  Not,
  LNot,
  Cast,
  // Binary (A, B).
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  LT,
  GT,
  LE,
  GE,
  EQ,
  NE,
  LAnd,
  LOr,
  Min,
  Max,
  // Select (A ? B : C).
  Select,
};

/// How many operands (A, B, C) a node of kind O reads: 0 for leaves.
unsigned arity(Op O);

/// A C integer type: its width in bits (1..64) and signedness.
struct IntType {
  uint8_t Width = 64;
  bool Signed = true;
  static IntType i32() { return {32, true}; }
  static IntType u32() { return {32, false}; }
  static IntType i64() { return {64, true}; }
  /// Wraps V to this type: the low Width bits, sign- or zero-extended.
  int64_t wrap(int64_t V) const {
    if (Width >= 64)
      return V;
    uint64_t Mask = (uint64_t(1) << Width) - 1;
    uint64_t U = uint64_t(V) & Mask;
    if (Signed && (U >> (Width - 1)) & 1)
      U |= ~Mask;
    return int64_t(U);
  }
};

struct Node {
  Op Kind = Op::Const;
  IntType Type;
  int64_t Value = 0; ///< Const
  unsigned Index = 0;
  NodeId A = 0, B = 0, C = 0;
  /// Appends the operands this node reads (by its arity) to Work: the step
  /// of every walk over a pool.
  template <typename Vec> void appendOperands(Vec &Work) const {
    unsigned K = arity(Kind);
    if (K >= 1)
      Work.push_back(A);
    if (K >= 2)
      Work.push_back(B);
    if (K >= 3)
      Work.push_back(C);
  }
};

/// A value the same in every thread of a block, but unknown to the analysis.
struct Symbol {
  std::string Name;
  /// What the symbol is known to be a multiple of (the alignment of a shared
  /// array's base address, for one); 1 when nothing is known.
  uint64_t Multiple = 1;
  /// Never negative: blockIdx, gridDim, an address, an unsigned parameter,
  /// a count of iterations.
  bool NonNegative = false;
  /// The address of shared memory: a value whose 32 low bits are its
  /// shared-window address. A cast to 32 bits or more keeps what the bank
  /// model reads of it (shared memory is far smaller than 4 GiB), as
  /// `(uint32_t)__cvta_generic_to_shared(p)` does.
  bool SharedAddress = false;
};

/// A variable carried around a loop (a `for` counter, or any local the loop
/// body changes), whose value the expression reads. The variables one
/// source loop carries form a group: they start together and step together,
/// and the group's condition decides when they stop.
struct Loop {
  std::string Name; ///< the variable's name, for messages
  NodeId Init = 0;  ///< its value on entry to the loop
  NodeId Cond = 0;  ///< reads LoopVar(this); the loop runs while != 0
  /// The counter's next value, in terms of LoopVar(this).
  NodeId Next = 0;
  /// When Next is `counter + Step` (or `counter - Step`, with a negated
  /// Step): the counter is Init + k * Step in iteration k.
  std::optional<NodeId> Step;
  unsigned IterationSym = 0; ///< the symbol k*Step, for induction loops
  /// The symbol k itself (never negative), for a Step that is a constant
  /// once the block shape is known: the counter is then Init + Step * k.
  unsigned CountSym = 0;
  bool Complete = false; ///< Init, Cond and Next were all set
  /// The first loop of this one's group (itself when it is the first).
  unsigned Group = 0;
  /// Cond could be followed; without it only the induction form (Step) is.
  bool CondKnown = true;
  /// A do-while: the body runs once before Cond is first tested, and Cond
  /// (written in terms of this iteration's values) decides the next one.
  bool CondAfterBody = false;
};

/// The expression DAG of one access. A node equal to one of the 64 built
/// just before it is not built again (definitions the lowering follows twice
/// stay shared). Binary operators expect operands of the node's own type, as
/// C's usual arithmetic conversions make them (shifts: the left operand's).
class ExprPool {
public:
  NodeId constant(int64_t V, IntType T);
  NodeId threadIdx(unsigned Dim);
  NodeId blockDim(unsigned Dim);
  NodeId symbol(unsigned Sym, IntType T);
  NodeId loopVar(unsigned Loop, IntType T);
  /// The value loop variable Loop holds after its loop ends: the evaluator
  /// runs the loop's group from Init until Cond fails (for the thread it
  /// evaluates, so a trip count may depend on the thread).
  NodeId loopExit(unsigned Loop, IntType T);
  NodeId unary(Op O, NodeId A, IntType T);
  NodeId binary(Op O, NodeId A, NodeId B, IntType T);
  NodeId select(NodeId Cond, NodeId A, NodeId B, IntType T);
  NodeId cast(NodeId A, IntType T);
  /// A copy of this pool in which symbol S is the constant V (every Sym
  /// node of S becomes a Const of its type): the parametric analysis
  /// (BankModel.h, ParametricDegree) evaluates an access for one value of
  /// a run-time value this way. Node ids stay the same.
  ExprPool withSymbolValue(unsigned S, int64_t V) const;

  unsigned addSymbol(llvm::StringRef Name, uint64_t Multiple = 1,
                     bool NonNegative = false, bool SharedAddress = false);
  unsigned addLoop(llvm::StringRef Name);
  /// A loop in the group of loop Leader (see Loop::Group).
  unsigned addLoopInGroup(llvm::StringRef Name, unsigned Leader);

  const Node &operator[](NodeId N) const { return Nodes[N]; }
  /// Symbol S; symbols from numSymbols() on stand for the value of node
  /// S - numSymbols() (opaqueSymbol), of which nothing is known.
  const Symbol &symbolInfo(unsigned S) const {
    static const Symbol Opaque{"an opaque uniform value"};
    // The value of an unsigned node is never negative.
    static const Symbol OpaqueUnsigned{"an opaque uniform value", 1, true};
    if (S < Symbols.size())
      return Symbols[S];
    NodeId N = S - Symbols.size();
    return N < Nodes.size() && !Nodes[N].Type.Signed ? OpaqueUnsigned : Opaque;
  }
  /// The symbol for the value of node N, the same in every thread but not
  /// computable (blockIdx.x % n): an operation on uniform values only.
  unsigned opaqueSymbol(NodeId N) const { return Symbols.size() + N; }
  /// True when N reads neither threadIdx nor a loop that does: its value
  /// is the same in every thread of a block. Cached for the pool as it is
  /// when first asked (the evaluator asks once the pool is complete).
  bool laneIndependent(NodeId N) const;
  /// The loops of group G (see Loop::Group), in order.
  llvm::SmallVector<unsigned, 2> groupMembers(unsigned G) const {
    llvm::SmallVector<unsigned, 2> Out;
    for (unsigned L = 0; L < Loops.size(); ++L)
      if (Loops[L].Group == G)
        Out.push_back(L);
    return Out;
  }
  /// A loop to change (appendKey's kept hash is dropped: change it through
  /// this reference before the key is next asked for).
  Loop &loop(unsigned L) {
    KeyHash.reset();
    return Loops[L];
  }
  const Loop &loop(unsigned L) const { return Loops[L]; }
  size_t size() const { return Nodes.size(); }
  size_t numLoops() const { return Loops.size(); }
  size_t numSymbols() const { return Symbols.size(); }

  /// True when N reads threadIdx (directly, or through a loop it reads).
  bool readsThreadIdx(NodeId N) const;
  /// The components of threadIdx N reads (bit 0: x, 1: y, 2: z), directly
  /// or through a loop it reads. Cached like laneIndependent().
  unsigned threadDimsRead(NodeId N) const;
  /// The Select nodes reachable from N (through loops it reads too).
  void selectsRead(NodeId N, llvm::SmallVectorImpl<NodeId> &Out) const;
  /// The loops N reads, directly or through other loops' expressions.
  void loopsRead(NodeId N, llvm::SmallVectorImpl<unsigned> &Out) const;
  /// A readable form, for tests and --verbose.
  std::string str(NodeId N) const;
  /// Appends every node, symbol and loop of the pool to Out: two pools
  /// with the same key are the same pool, and every evaluation gives the
  /// same answer in both (the analysis memoises on it). Appended as a
  /// 128-bit hash of the whole, computed once until the pool changes.
  void appendKey(std::string &Out) const;

private:
  std::vector<Node> Nodes;
  std::vector<Symbol> Symbols;
  std::vector<Loop> Loops;
  mutable std::vector<int8_t> LaneIndependent; ///< -1 unknown, 0, 1
  mutable std::vector<int8_t> DimsRead;        ///< -1 unknown, else a mask
  /// appendKey's hash and the length of what it hashed, until a change.
  mutable std::optional<std::pair<std::array<uint64_t, 2>, uint64_t>> KeyHash;
  NodeId add(const Node &N);
  /// What appendKey hashes.
  void appendWhole(llvm::SmallVectorImpl<char> &Out) const;
  unsigned dimsRead(NodeId N) const; ///< threadDimsRead(), not cached
};

/// A constant plus a combination of uniform symbols.
struct LinearValue {
  int64_t C = 0;
  llvm::SmallVector<std::pair<unsigned, int64_t>, 2>
      Terms; ///< sorted by symbol
  bool isConstant() const { return Terms.empty(); }
  bool sameSymbols(const LinearValue &O) const { return Terms == O.Terms; }
};

/// A bound on the work of an analysis, in evaluation steps: one per node
/// the evaluator computes, one per 16 nodes of the pool each time it
/// starts (its memo) or a ThreadEvaluator changes environment, and one per
/// thread a ThreadEvaluator moves to. Deterministic, so that a bound gives the
/// same answer on every machine. Once Used passes Limit every evaluation fails
/// at once.
struct WorkBudget {
  /// The bound analyzeAccess applies to an access given no budget, and the
  /// tool's default per access (BankAnalysisSettings::MaxSteps): about a
  /// second of work.
  static constexpr uint64_t DefaultLimit = 50'000'000;
  uint64_t Limit = UINT64_MAX;
  uint64_t Used = 0;
  bool spent() const { return Used > Limit; }
};

/// What the evaluator knows when it evaluates for one thread.
struct EvalEnv {
  /// Charged for every step, when set (see WorkBudget).
  WorkBudget *Budget = nullptr;
  Dim3 Block;
  uint64_t Tid[3] = {0, 0, 0};
  /// Per loop: its value, when the loop is being enumerated; else the loop
  /// is an induction loop (counter = Init + symbol) or unknown.
  llvm::ArrayRef<std::optional<int64_t>> LoopValues;
  /// Per loop: non-zero when it is treated as an induction loop.
  llvm::ArrayRef<char> Induction;
  /// Per loop: the iteration k being enumerated, for an induction loop whose
  /// start differs between threads (`for (i = tid * 4; i < tid * 4 + 32;
  /// i += 4)`): its value is Init + k * Step for the thread evaluated.
  llvm::ArrayRef<std::optional<int64_t>> Iterations;
  /// Select nodes whose condition is uniform but unknown: the arm taken
  /// (true: the first), when the analysis is trying each.
  llvm::ArrayRef<std::pair<NodeId, bool>> Choices;
  /// Per loop: the value its variable has after the loop, when the
  /// analysis is trying each value it may have (a variable that cycles in a
  /// loop whose trip count is not known); else the loop is run to its end.
  llvm::ArrayRef<std::optional<int64_t>> ExitValues;
};

/// Evaluates N for one thread; std::nullopt when the value is unknown.
std::optional<LinearValue> evaluate(const ExprPool &P, NodeId N,
                                    const EvalEnv &Env);

class Evaluator;

/// evaluate() for many threads of one environment, one after another: what
/// a thread computes is memoised for the next evaluations of that thread
/// (its guards and address share their nodes), and the values of nodes that
/// read no thread index (ExprPool::laneIndependent) for every thread until
/// the environment changes. Each result equals evaluate()'s for the same
/// thread and environment. The environment's arrays must outlive it.
class ThreadEvaluator {
public:
  ThreadEvaluator(const ExprPool &P, const EvalEnv &Env);
  ~ThreadEvaluator();
  /// Starts over in another environment (loop values, choices...).
  void reset(const EvalEnv &Env);
  /// The thread the next evaluations are for.
  void setThread(const uint64_t Tid[3]);
  std::optional<LinearValue> eval(NodeId N);

private:
  std::unique_ptr<Evaluator> Impl;
};

class WarpEvaluatorImpl;

/// The values of a few roots (an address and its guards) for every lane of
/// a warp at once, for one environment: each node that reads the thread
/// index is computed for the 32 lanes in one pass over plain integers, each
/// lane-independent one once per environment. Where it gives a value it is
/// evaluate()'s; where it cannot be sure of that (a loop whose values
/// differ between threads, symbols that differ between lanes, a value the
/// scalar evaluator would make an opaque symbol of), run() returns false and
/// the caller evaluates the lanes with ThreadEvaluator.
class WarpEvaluator {
public:
  WarpEvaluator(const ExprPool &P, llvm::ArrayRef<NodeId> Roots,
                const Dim3 &Block);
  ~WarpEvaluator();
  /// False when the roots read a loop variable that depends on the thread:
  /// run() then always returns false.
  bool supported() const;
  /// Starts over in another environment (Env.Block must be the Block
  /// given above; Env.Tid is not read).
  void reset(const EvalEnv &Env);
  /// Computes the roots for the threads Tids (at most 32), lane L being
  /// Tids[L]. Charges Env.Budget one step per node and lane.
  bool run(llvm::ArrayRef<std::array<uint64_t, 3>> Tids);
  /// After run(): whether Root's value in lane Lane is known, its constant
  /// part, and its symbols (the same in every lane).
  bool known(NodeId Root, unsigned Lane) const;
  int64_t constant(NodeId Root, unsigned Lane) const;
  llvm::ArrayRef<std::pair<unsigned, int64_t>> terms(NodeId Root) const;

private:
  std::unique_ptr<WarpEvaluatorImpl> Impl;
};

} // namespace warplint::model

#endif // WARPLINT_MODEL_THREADEXPR_H
