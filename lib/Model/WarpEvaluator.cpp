//===-- WarpEvaluator.cpp - The values of an expression for a whole warp --===//
//
// WarpEvaluator (ThreadExpr.h): the nodes that read the thread index are
// computed for the 32 lanes of a warp in one pass over plain integers, where
// the scalar evaluator (ThreadEvaluator.cpp) would go node by node for each
// lane. It gives up wherever it could not give the scalar evaluator's
// answer.
//
//===----------------------------------------------------------------------===//
#include "Evaluation.h"
#include "IntSemantics.h"
#include "PoolWalk.h"
#include "warplint/Model/ThreadExpr.h"
#include "llvm/ADT/STLExtras.h"

namespace warplint::model {

using namespace detail;

/// What WarpEvaluator computes. Each lane-dependent node is one slot: a
/// value per lane (its constant part and whether it is known) and the
/// uniform symbols, which must be the same in every lane. Lane-independent
/// operands are computed once per environment by the scalar evaluator.
/// Every operation follows Evaluator::compute exactly; where compute could
/// give what this cannot represent (symbols that differ between lanes, an
/// opaque symbol for a failed warp-uniform node, a division of a uniform
/// part), run() gives up and the caller uses the scalar evaluator.
class WarpEvaluatorImpl {
public:
  WarpEvaluatorImpl(const ExprPool &P, llvm::ArrayRef<NodeId> Roots,
                    const Dim3 &Block)
      : P(P), Block(Block), Slot(P.size(), -1) {
    // The lane-dependent nodes the roots read, and their lane-independent
    // operands.
    // A loop counter that differs between threads reads its loop's start
    // and step, which the pool need not have built before it.
    walkPool(P, Roots, [&](NodeId N, const Node &X, WalkStack &Work) {
      if (P.laneIndependent(N)) {
        Leaves.push_back(N);
        return WalkNext::Skip;
      }
      if (X.Kind == Op::LoopExit)
        Supported = false; // run to its end in each thread
      if (X.Kind == Op::LoopVar)
        readsOf(N, Work);
      Nodes.push_back(N);
      return WalkNext::Operands;
    });
    if (!Supported)
      return;
    Supported = orderNodes();
    for (NodeId N : Leaves) {
      Slot[N] = int(Vals.size());
      Vals.emplace_back();
      Vals.back().Uniform = true;
    }
    for (NodeId N : Nodes) {
      Slot[N] = int(Vals.size());
      Vals.emplace_back();
    }
  }

  bool supported() const { return Supported; }

  void reset(const EvalEnv &E) {
    Env = E;
    if (!Scalar)
      Scalar.emplace(P, Env);
    else
      Scalar->reset(Env);
    UniformsDone = false;
  }

  bool run(llvm::ArrayRef<std::array<uint64_t, 3>> Tids) {
    if (!Supported || Tids.size() > 32)
      return false;
    Lanes = unsigned(Tids.size());
    if (!UniformsDone) {
      uint64_t Zero[3] = {0, 0, 0};
      Scalar->setThread(Zero);
      for (NodeId N : Leaves)
        Vals[Slot[N]].U = Scalar->eval(N);
      UniformsDone = true;
    }
    if (Env.Budget) {
      Env.Budget->Used += uint64_t(Nodes.size()) * Lanes;
      if (Env.Budget->spent())
        return false;
    }
    for (NodeId N : Nodes)
      if (!compute(N, Tids))
        return false;
    return true;
  }

  bool known(NodeId N, unsigned L) const { return knownIn(Vals[Slot[N]], L); }
  int64_t constant(NodeId N, unsigned L) const {
    const Val &V = Vals[Slot[N]];
    return !V.Uniform ? V.C[L] : V.U ? V.U->C : 0;
  }
  const Terms &terms(NodeId N) const { return termsOf(Vals[Slot[N]]); }

private:
  struct Val {
    bool Uniform = false;
    std::optional<LinearValue> U; ///< Uniform: the value in every lane
    std::array<int64_t, 32> C{};  ///< else: per lane, the constant part
    uint32_t Valid = 0;           ///< the lanes whose value is known
    Terms T;                      ///< the symbols, the same in every lane
  };

  const ExprPool &P;
  Dim3 Block;
  EvalEnv Env;
  std::optional<ThreadEvaluator> Scalar;
  std::vector<int> Slot;
  std::vector<NodeId> Nodes, Leaves;
  std::vector<Val> Vals;
  unsigned Lanes = 0;
  bool Supported = true;
  bool UniformsDone = false;
  static inline const Terms NoTerms;

  bool warpUniform(NodeId N) const { return isWarpUniform(P, N, Block); }

  /// Whether V is known in lane L, its constant part there, and its
  /// symbols (a value known in no lane has none).
  static bool knownIn(const Val &V, unsigned L) {
    return V.Uniform ? V.U.has_value() : (V.Valid >> L & 1) != 0;
  }
  static int64_t constantIn(const Val &V, unsigned L) {
    return V.Uniform ? V.U->C : V.C[L];
  }
  /// V's constant part in each lane: its own lanes, or a uniform value's
  /// constant repeated in Buf (the lanes where V is unknown hold anything).
  const int64_t *lanesOf(const Val &V, std::array<int64_t, 32> &Buf) const {
    if (!V.Uniform)
      return V.C.data();
    std::fill_n(Buf.begin(), Lanes, V.U ? V.U->C : 0);
    return Buf.data();
  }
  static const Terms &termsOf(const Val &V) {
    return !V.Uniform ? V.T : V.U ? V.U->Terms : NoTerms;
  }
  /// The lanes of this run.
  uint32_t allLanes() const { return Lanes == 32 ? ~0u : (1u << Lanes) - 1; }
  /// The lanes where V is known.
  uint32_t knownLanes(const Val &V) const {
    return V.Uniform ? (V.U ? allLanes() : 0u) : V.Valid;
  }

  /// The value of the node being computed, set lane by lane.
  struct NodeOut {
    Val &R;
    bool HaveT = false;
    /// Sets lane L's value with symbols T, which must be those of the other
    /// lanes: false when they differ.
    bool set(unsigned L, int64_t C, const Terms &T) {
      if (!HaveT) {
        R.T = T;
        HaveT = true;
      } else if (R.T != T) {
        return false;
      }
      setC(L, C);
      return true;
    }
    /// The same, where every lane has the symbols R.T, set once.
    void setC(unsigned L, int64_t C) {
      R.C[L] = C;
      R.Valid |= 1u << L;
    }
  };

  /// What lane-dependent node N reads: its operands, or a counter's start
  /// and step.
  void readsOf(NodeId N, WalkStack &Out) const {
    const Node &X = P[N];
    if (X.Kind == Op::LoopVar) {
      const Loop &Lp = P.loop(X.Index);
      Out.push_back(Lp.Init);
      if (Lp.Step)
        Out.push_back(*Lp.Step);
      return;
    }
    X.appendOperands(Out);
  }

  /// Orders Nodes so that each comes after the lane-dependent nodes it
  /// reads (depth first, post order); false on a cycle.
  bool orderNodes() {
    std::vector<char> State(P.size(), 0); // 1: a node to order, 2: on the
                                          // path, 3: ordered
    for (NodeId N : Nodes)
      State[N] = 1;
    std::vector<NodeId> Ordered;
    Ordered.reserve(Nodes.size());
    llvm::SmallVector<std::pair<NodeId, bool>, 32> Stack;
    WalkStack Reads;
    for (NodeId Root : Nodes) {
      if (State[Root] != 1)
        continue;
      Stack.push_back({Root, false});
      while (!Stack.empty()) {
        auto [N, Expanded] = Stack.pop_back_val();
        if (Expanded) {
          State[N] = 3;
          Ordered.push_back(N);
          continue;
        }
        if (State[N] == 3)
          continue;
        if (State[N] == 2)
          return false;
        State[N] = 2;
        Stack.push_back({N, true});
        Reads.clear();
        readsOf(N, Reads);
        for (NodeId R : Reads) {
          if (State[R] == 2)
            return false;
          if (State[R] == 1)
            Stack.push_back({R, false});
        }
      }
    }
    Nodes = std::move(Ordered);
    return true;
  }

  /// A loop counter for every lane, as Evaluator::loopValue gives it: the
  /// value of an enumerated loop, iteration k of a loop whose start
  /// differs between threads (start + k * step), or an induction loop's
  /// start plus its iteration symbol; false to give up.
  bool computeLoopVar(const Node &X, NodeOut &Out) {
    unsigned Index = X.Index;
    const Loop &Lp = P.loop(Index);
    if (Index < Env.LoopValues.size() && Env.LoopValues[Index]) {
      for (unsigned L = 0; L < Lanes; ++L)
        Out.setC(L, *Env.LoopValues[Index]);
      return true;
    }
    bool Iteration = Index < Env.Iterations.size() && Env.Iterations[Index];
    bool Induction = Index < Env.Induction.size() && Env.Induction[Index];
    if (!Iteration && !Induction)
      return true; // unknown in every lane
    const Val &I = Vals[Slot[Lp.Init]];
    const Val *S = Lp.Step ? &Vals[Slot[*Lp.Step]] : nullptr;
    for (unsigned L = 0; L < Lanes; ++L) {
      if (!knownIn(I, L))
        continue;
      bool ConstantStep = S && knownIn(*S, L) && termsOf(*S).empty();
      if (Iteration) {
        if (!ConstantStep)
          continue;
        int64_t Add = wrapMul(*Env.Iterations[Index], constantIn(*S, L));
        if (!Out.set(L, wrapAddMul(constantIn(I, L), 1, Add), termsOf(I)))
          return false;
        continue;
      }
      LinearValue Start;
      Start.C = constantIn(I, L);
      Start.Terms.assign(termsOf(I).begin(), termsOf(I).end());
      std::optional<LinearValue> V =
          ConstantStep && constantIn(*S, L)
              ? addLinear(Start, symbolValue(Lp.CountSym), constantIn(*S, L))
              : addLinear(Start, symbolValue(Lp.IterationSym), 1);
      if (V && !Out.set(L, V->C, V->Terms))
        return false;
    }
    return true;
  }

  /// Computes node N for every lane; false to give up.
  bool compute(NodeId N, llvm::ArrayRef<std::array<uint64_t, 3>> Tids) {
    const Node &X = P[N];
    Val &R = Vals[Slot[N]];
    R.Valid = 0;
    R.T.clear();
    NodeOut Out{R};
    switch (X.Kind) {
    case Op::ThreadIdx:
      for (unsigned L = 0; L < Lanes; ++L)
        Out.setC(L, int64_t(Tids[L][X.Index]));
      break;
    case Op::Select:
      if (!computeSelect(N, X, Out))
        return false;
      break;
    case Op::LAnd:
    case Op::LOr:
      computeLogical(X, Out);
      break;
    case Op::LoopVar:
      if (!computeLoopVar(X, Out))
        return false;
      break;
    default:
      if (arity(X.Kind) == 0)
        return false; // leaves are lane-independent, or computed above
      if (arity(X.Kind) == 1)
        computeUnary(X, Out);
      else if (!computeBinary(X, Out))
        return false;
      break;
    }
    // A lane whose value is not known, in a node the scalar evaluator may
    // turn into an opaque symbol: give up.
    if (R.Valid != allLanes() && warpUniform(N))
      return false;
    // Constants wrap to the node's type.
    if (R.T.empty())
      for (unsigned L = 0; L < Lanes; ++L)
        if (R.Valid >> L & 1)
          R.C[L] = X.Type.wrap(R.C[L]);
    return true;
  }

  /// `A ? B : C` (select N) for every lane; false to give up.
  bool computeSelect(NodeId N, const Node &X, NodeOut &Out) {
    const Val &A = Vals[Slot[X.A]];
    const Val *Arm[2] = {&Vals[Slot[X.B]], &Vals[Slot[X.C]]};
    std::optional<bool> Chosen;
    for (const auto &[S, First] : Env.Choices)
      if (S == N) {
        Chosen = First;
        break;
      }
    for (unsigned L = 0; L < Lanes; ++L) {
      // A condition not known, or not a constant: the arm being tried.
      bool First;
      if (knownIn(A, L) && termsOf(A).empty())
        First = constantIn(A, L) != 0;
      else if (Chosen)
        First = *Chosen;
      else
        continue;
      const Val &V = *Arm[First ? 0 : 1];
      if (knownIn(V, L) && !Out.set(L, constantIn(V, L), termsOf(V)))
        return false;
    }
    return true;
  }

  /// `A && B` or `A || B` for every lane.
  void computeLogical(const Node &X, NodeOut &Out) {
    const Val &A = Vals[Slot[X.A]], &B = Vals[Slot[X.B]];
    bool OperandsSigned = P[X.A].Type.Signed;
    for (unsigned L = 0; L < Lanes; ++L) {
      if (!knownIn(A, L) || !termsOf(A).empty())
        continue;
      if (std::optional<int64_t> V = shortCircuit(X.Kind, constantIn(A, L))) {
        Out.setC(L, *V);
        continue;
      }
      if (!knownIn(B, L) || !termsOf(B).empty())
        continue;
      Out.setC(L, *applyBinary(X.Kind, constantIn(A, L), constantIn(B, L),
                               X.Type, OperandsSigned));
    }
  }

  /// A cast or a unary operator (-, ~, !) for every lane.
  LLVM_ATTRIBUTE_ALWAYS_INLINE void computeUnary(const Node &X, NodeOut &Out) {
    const Val &A = Vals[Slot[X.A]];
    const Terms &TA = termsOf(A);
    if (!TA.empty()) {
      // Symbols: a cast that keeps them, or a negation; else the value is
      // unknown in every lane, as the scalar evaluator makes it.
      std::optional<Terms> T;
      if (X.Kind == Op::Cast && castKeepsSymbols(P, X.Type, P[X.A].Type, TA))
        T = TA;
      else if (X.Kind == Op::Neg)
        T = scaleTerms(TA, -1);
      if (!T)
        return;
      Out.R.T = std::move(*T);
    }
    uint32_t M = knownLanes(A);
    std::array<int64_t, 32> BufA;
    const int64_t *CA = lanesOf(A, BufA);
    dispatchUnary(X.Kind, [&](auto K) {
      for (unsigned L = 0; L < Lanes; ++L)
        if (M >> L & 1)
          Out.setC(L, unaryOp<decltype(K)::value>(CA[L]));
    });
  }

  /// A binary operator (not && or ||) for every lane; false to give up.
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool computeBinary(const Node &X, NodeOut &Out) {
    const Val &A = Vals[Slot[X.A]], &B = Vals[Slot[X.B]];
    const Terms &TA = termsOf(A), &TB = termsOf(B);
    bool OperandsSigned = P[X.A].Type.Signed;
    // The lanes where both operands are known.
    uint32_t M = knownLanes(A) & knownLanes(B);
    if (TA.empty() && TB.empty()) {
      // Constants in every lane, the common case: C's rules lane by lane,
      // the operator chosen once for the warp.
      std::array<int64_t, 32> BufA, BufB;
      const int64_t *CA = lanesOf(A, BufA), *CB = lanesOf(B, BufB);
      dispatchBinary(X.Kind, [&](auto K) {
        for (unsigned L = 0; L < Lanes; ++L)
          if (M >> L & 1)
            if (std::optional<int64_t> V = binaryOp<decltype(K)::value>(
                    CA[L], CB[L], X.Type, OperandsSigned))
              Out.setC(L, *V);
      });
      return true;
    }
    // Symbols on one side or both: what stays linear (Evaluator::
    // computeBinary).
    if (comparesOperands(X.Kind)) {
      // Symbols that appear on both sides cancel out of a comparison.
      if (TA != TB)
        return true;
      if (X.Kind == Op::Min || X.Kind == Op::Max)
        Out.R.T = TA;
      for (unsigned L = 0; L < Lanes; ++L)
        if (M >> L & 1)
          Out.setC(L, *applyBinary(X.Kind, constantIn(A, L), constantIn(B, L),
                                   X.Type, OperandsSigned));
      return true;
    }
    switch (X.Kind) {
    case Op::Add:
    case Op::Sub: {
      int64_t K = X.Kind == Op::Add ? 1 : -1;
      LinearValue SA, SB;
      SA.Terms = TA;
      SB.Terms = TB;
      std::optional<LinearValue> T = addLinear(SA, SB, K);
      if (!T)
        return true; // unknown in every lane, as addLinear() makes it
      Out.R.T = std::move(T->Terms);
      for (unsigned L = 0; L < Lanes; ++L)
        if (M >> L & 1)
          Out.setC(L, wrapAddMul(constantIn(A, L), constantIn(B, L), K));
      return true;
    }
    case Op::Mul:
    case Op::Shl:
      for (unsigned L = 0; L < Lanes; ++L) {
        if (!(M >> L & 1))
          continue;
        auto F = linearFactor(X.Kind, TA.empty(), constantIn(A, L), TB.empty(),
                              constantIn(B, L), X.Type);
        if (!F)
          continue;                      // this lane's value is unknown
        const Val &S = F->first ? B : A; // the operand scaled
        std::optional<Terms> T = scaleTerms(termsOf(S), F->second);
        if (!T)
          continue; // this lane's value is unknown, as scale() makes it
        if (!Out.set(L, wrapMul(constantIn(S, L), F->second), *T))
          return false;
      }
      return true;
    default:
      // Div, Rem, Shr, And, Or, Xor: a uniform part divided
      // (Evaluator::divideUniform) is not computed here; anything else
      // with symbols is unknown in every lane.
      return !(!TA.empty() && TB.empty() && dividesUniformPart(X.Kind));
    }
  }
};

WarpEvaluator::WarpEvaluator(const ExprPool &P, llvm::ArrayRef<NodeId> Roots,
                             const Dim3 &Block)
    : Impl(std::make_unique<WarpEvaluatorImpl>(P, Roots, Block)) {}
WarpEvaluator::~WarpEvaluator() = default;
bool WarpEvaluator::supported() const { return Impl->supported(); }
void WarpEvaluator::reset(const EvalEnv &Env) { Impl->reset(Env); }
bool WarpEvaluator::run(llvm::ArrayRef<std::array<uint64_t, 3>> Tids) {
  return Impl->run(Tids);
}
bool WarpEvaluator::known(NodeId Root, unsigned Lane) const {
  return Impl->known(Root, Lane);
}
int64_t WarpEvaluator::constant(NodeId Root, unsigned Lane) const {
  return Impl->constant(Root, Lane);
}
llvm::ArrayRef<std::pair<unsigned, int64_t>>
WarpEvaluator::terms(NodeId Root) const {
  return Impl->terms(Root);
}

} // namespace warplint::model
