//===-- ThreadEvaluator.cpp - The value of an expression for one thread ---===//
//
// The evaluator computes in 64-bit two's complement and wraps every result to
// the C type of its node. Values with uniform symbols stay linear where C's
// arithmetic keeps them linear; they are not wrapped (the analysis assumes an
// index expression with an unknown uniform part does not overflow, as the
// program itself must for its addresses to be right).
//
//===----------------------------------------------------------------------===//
#include "Evaluation.h"
#include "IntSemantics.h"
#include "warplint/Model/ThreadExpr.h"
#include "llvm/ADT/STLExtras.h"

namespace warplint::model {

using namespace detail;

class Evaluator {
public:
  Evaluator(const ExprPool &P, const EvalEnv &E)
      : P(P), Env(E), Memo(P.size()), Stamp(P.size(), 0) {
    if (Env.Budget)
      Env.Budget->Used += 1 + P.size() / 16;
  }

  /// The next thread of the same environment (see ThreadEvaluator).
  void nextThread(const uint64_t Tid[3]) {
    Env.Tid[0] = Tid[0];
    Env.Tid[1] = Tid[1];
    Env.Tid[2] = Tid[2];
    ++Epoch;
    if (Env.Budget)
      ++Env.Budget->Used;
  }

  /// A new environment: nothing memoised stays.
  void reset(const EvalEnv &E) {
    Env = E;
    ++Epoch;
    EnvEpoch = Epoch;
    if (Env.Budget)
      Env.Budget->Used += 1 + P.size() / 16;
  }

  std::optional<LinearValue> eval(NodeId N, unsigned Depth = 0) {
    // A value memoised for this thread, or one that no thread of this
    // environment computes differently.
    if (Stamp[N] == Epoch || (Stamp[N] >= EnvEpoch && P.laneIndependent(N)))
      return Memo[N];
    if (Depth > 256)
      return std::nullopt;
    if (Env.Budget && ++Env.Budget->Used > Env.Budget->Limit)
      return std::nullopt;
    std::optional<LinearValue> V = compute(N, Depth + 1);
    // An operation the evaluator cannot compute on values that are the same
    // in every thread gives a value the same in every thread: an opaque
    // symbol of its own.
    // (Not for constants the operation is undefined on, such as x / 0.)
    if (!V && Depth <= 256 && warpUniform(N) && readsUnknown(N, Depth))
      V = symbolValue(P.opaqueSymbol(N));
    // Wrap constants to the node's C type.
    if (V && V->isConstant())
      V->C = P[N].Type.wrap(V->C);
    Memo[N] = V;
    Stamp[N] = Epoch;
    return V;
  }

private:
  const ExprPool &P;
  EvalEnv Env;

  bool warpUniform(NodeId N) const { return isWarpUniform(P, N, Env.Block); }

  /// Does N fail for want of a value (an operand with symbols, a loop
  /// counter with no value) rather than on constants?
  bool readsUnknown(NodeId N, unsigned Depth) {
    const Node &X = P[N];
    if (X.Kind == Op::LoopVar || X.Kind == Op::LoopExit)
      return true;
    unsigned K = arity(X.Kind);
    for (NodeId O : {X.A, X.B, X.C}) {
      if (K-- == 0)
        break;
      // An operand that failed has failed for good (x / 0 inside).
      auto V = eval(O, Depth + 1);
      if (V && !V->isConstant())
        return true;
    }
    return false;
  }
  std::vector<std::optional<LinearValue>> Memo;
  /// The epoch in which Memo[N] was computed: it is valid in this epoch (this
  /// thread), and from EnvEpoch on for nodes that read no thread index.
  std::vector<uint64_t> Stamp;
  uint64_t Epoch = 1, EnvEpoch = 1;

  /// A / D, A % D, A >> c, A & (2^c - 1) where A has uniform symbols: when
  /// every symbol is non-negative with a positive coefficient that the
  /// divisor divides, and the lane's own part is non-negative, the uniform
  /// part passes through a division and vanishes from a remainder
  /// ((D*q*S + r) / D = q*S + r / D; C truncates toward zero, which is
  /// flooring for non-negative values).
  std::optional<LinearValue> divideUniform(const LinearValue &A, Op O,
                                           int64_t K) {
    int64_t D = 0;
    bool Rem = false;
    switch (O) {
    case Op::Div:
      D = K;
      break;
    case Op::Rem:
      D = K;
      Rem = true;
      break;
    case Op::Shr:
      if (K >= 0 && K < 62)
        D = int64_t(1) << K;
      break;
    case Op::And:
      if (K > 0 && (K & (K + 1)) == 0) {
        D = K + 1;
        Rem = true;
      }
      break;
    default:
      break;
    }
    if (D <= 0 || A.C < 0)
      return std::nullopt;
    for (auto [S, C] : A.Terms)
      if (C <= 0 || C % D != 0 || !P.symbolInfo(S).NonNegative)
        return std::nullopt;
    if (Rem)
      return constantValue(A.C % D);
    LinearValue R;
    R.C = A.C / D;
    for (auto [S, C] : A.Terms)
      R.Terms.push_back({S, C / D});
    return R;
  }

  /// The value loop variable X.Index holds once its loop ends, for this
  /// thread: the group runs from Init while Cond holds, up to 4096 steps.
  std::optional<LinearValue> loopExit(const Node &X) {
    unsigned G = P.loop(X.Index).Group;
    const Loop &Head = P.loop(G);
    if (!Head.CondKnown)
      return std::nullopt;
    llvm::SmallVector<unsigned, 2> Ms = P.groupMembers(G);
    std::vector<std::optional<int64_t>> Values(Env.LoopValues.begin(),
                                               Env.LoopValues.end());
    std::vector<char> Ind(Env.Induction.begin(), Env.Induction.end());
    std::vector<std::optional<int64_t>> Its(Env.Iterations.begin(),
                                            Env.Iterations.end());
    Values.resize(P.numLoops());
    Ind.resize(P.numLoops());
    Its.resize(P.numLoops());
    for (unsigned M : Ms) {
      Ind[M] = 0;
      Its[M].reset();
    }
    EvalEnv E = Env;
    E.LoopValues = Values;
    E.Induction = Ind;
    E.Iterations = Its;
    auto Constant = [](const std::optional<LinearValue> &V) {
      return V && V->isConstant();
    };
    llvm::SmallVector<int64_t, 4> V;
    {
      Evaluator Ev(P, E);
      for (unsigned M : Ms) {
        auto I = Ev.eval(P.loop(M).Init);
        if (!Constant(I))
          return std::nullopt;
        V.push_back(I->C);
      }
    }
    size_t Me = llvm::find(Ms, X.Index) - Ms.begin();
    for (unsigned Step = 0; Step < 4096; ++Step) {
      for (size_t K = 0; K < Ms.size(); ++K)
        Values[Ms[K]] = V[K];
      Evaluator Ev(P, E);
      if (!Head.CondAfterBody) {
        auto C = Ev.eval(Head.Cond);
        if (!Constant(C))
          return std::nullopt;
        if (!C->C)
          return constantValue(V[Me]);
      }
      llvm::SmallVector<int64_t, 4> Next;
      for (unsigned M : Ms) {
        auto N = Ev.eval(P.loop(M).Next);
        if (!Constant(N))
          return std::nullopt;
        Next.push_back(N->C);
      }
      if (Head.CondAfterBody) {
        auto C = Ev.eval(Head.Cond);
        if (!Constant(C))
          return std::nullopt;
        if (!C->C)
          return constantValue(Next[Me]);
      }
      V = Next;
    }
    return std::nullopt;
  }

  std::optional<LinearValue> loopValue(const Node &X, unsigned Depth) {
    unsigned L = X.Index;
    if (L < Env.LoopValues.size() && Env.LoopValues[L])
      return constantValue(*Env.LoopValues[L]);
    if (L < Env.Iterations.size() && Env.Iterations[L]) {
      // Iteration k of a loop whose start depends on the thread: this
      // thread's Init + k * Step.
      const Loop &Lp = P.loop(L);
      if (!Lp.Step)
        return std::nullopt;
      auto Init = eval(Lp.Init, Depth);
      auto S = eval(*Lp.Step, Depth);
      if (!Init || !S || !S->isConstant())
        return std::nullopt;
      return addLinear(*Init, constantValue(1),
                       wrapMul(*Env.Iterations[L], S->C));
    }
    if (L < Env.Induction.size() && Env.Induction[L]) {
      const Loop &Lp = P.loop(L);
      auto Init = eval(Lp.Init, Depth);
      if (!Init)
        return std::nullopt;
      // Induction: Init + k * Step. A step that is a constant here
      // (blockDim.y * 32 * 8) multiplies the count k, whose sign is known;
      // a symbolic one (blockDim.x * gridDim.x) makes k*Step a symbol of
      // its own.
      if (Lp.Step)
        if (auto S = eval(*Lp.Step, Depth); S && S->isConstant() && S->C)
          return addLinear(*Init, symbolValue(Lp.CountSym), S->C);
      return addLinear(*Init, symbolValue(Lp.IterationSym), 1);
    }
    return std::nullopt;
  }

  /// Node N's value, before the wrap to its type (eval()).
  std::optional<LinearValue> compute(NodeId N, unsigned Depth) {
    const Node &X = P[N];
    switch (X.Kind) {
    case Op::Const:
      return constantValue(X.Value);
    case Op::ThreadIdx:
      return constantValue(int64_t(Env.Tid[X.Index]));
    case Op::BlockDim:
      return constantValue(int64_t(Env.Block[X.Index]));
    case Op::Sym:
      return symbolValue(X.Index);
    case Op::LoopVar:
      return loopValue(X, Depth);
    case Op::LoopExit:
      if (X.Index < Env.ExitValues.size() && Env.ExitValues[X.Index])
        return constantValue(*Env.ExitValues[X.Index]);
      return loopExit(X);
    case Op::Select: {
      auto C = eval(X.A, Depth);
      if (!C || !C->isConstant()) {
        // A uniform condition the analysis cannot compute: the arm the
        // caller is trying, if any.
        for (const auto &[S, Arm] : Env.Choices)
          if (S == N)
            return eval(Arm ? X.B : X.C, Depth);
        return std::nullopt;
      }
      return eval(C->C ? X.B : X.C, Depth);
    }
    case Op::LAnd:
    case Op::LOr: {
      auto A = eval(X.A, Depth);
      if (!A || !A->isConstant())
        return std::nullopt;
      if (std::optional<int64_t> V = shortCircuit(X.Kind, A->C))
        return constantValue(*V);
      auto B = eval(X.B, Depth);
      if (!B || !B->isConstant())
        return std::nullopt;
      return constantValue(
          *applyBinary(X.Kind, A->C, B->C, X.Type, P[X.A].Type.Signed));
    }
    default:
      break;
    }

    auto A = eval(X.A, Depth);
    if (!A)
      return std::nullopt;
    switch (X.Kind) {
    case Op::Cast:
    case Op::Neg:
    case Op::Not:
    case Op::LNot:
      return computeUnary(X, *A);
    default:
      break;
    }
    auto B = eval(X.B, Depth);
    if (!B)
      return std::nullopt;
    return computeBinary(X, *A, *B);
  }

  /// A cast or a unary operator (-, ~, !) on A.
  std::optional<LinearValue> computeUnary(const Node &X, const LinearValue &A) {
    if (A.isConstant())
      return constantValue(applyUnary(X.Kind, A.C));
    switch (X.Kind) {
    case Op::Cast:
      if (castKeepsSymbols(P, X.Type, P[X.A].Type, A.Terms))
        return A;
      return std::nullopt;
    case Op::Neg:
      return scale(A, -1);
    default:
      return std::nullopt;
    }
  }

  /// A binary operator (not && or ||) on A and B.
  std::optional<LinearValue> computeBinary(const Node &X, const LinearValue &A,
                                           const LinearValue &B) {
    bool OperandsSigned = P[X.A].Type.Signed;
    if (A.isConstant() && B.isConstant()) {
      if (std::optional<int64_t> V =
              applyBinary(X.Kind, A.C, B.C, X.Type, OperandsSigned))
        return constantValue(*V);
      return std::nullopt;
    }
    // Symbols on one side or both: what stays linear.
    if (comparesOperands(X.Kind)) {
      // Symbols that appear on both sides cancel out of a comparison.
      if (!A.sameSymbols(B))
        return std::nullopt;
      int64_t V = *applyBinary(X.Kind, A.C, B.C, X.Type, OperandsSigned);
      if (X.Kind != Op::Min && X.Kind != Op::Max)
        return constantValue(V);
      LinearValue R = A; // min and max keep the symbols
      R.C = V;
      return R;
    }
    switch (X.Kind) {
    case Op::Add:
      return addLinear(A, B, 1);
    case Op::Sub:
      return addLinear(A, B, -1);
    case Op::Mul:
    case Op::Shl:
      if (auto F = linearFactor(X.Kind, A.isConstant(), A.C, B.isConstant(),
                                B.C, X.Type))
        return scale(F->first ? B : A, F->second);
      return std::nullopt;
    default:
      // Div, Rem, Shr, And, Or, Xor.
      if (B.isConstant())
        return divideUniform(A, X.Kind, B.C);
      return std::nullopt;
    }
  }
};

std::optional<LinearValue> evaluate(const ExprPool &P, NodeId N,
                                    const EvalEnv &Env) {
  Evaluator E(P, Env);
  return E.eval(N);
}

ThreadEvaluator::ThreadEvaluator(const ExprPool &P, const EvalEnv &Env)
    : Impl(std::make_unique<Evaluator>(P, Env)) {}
ThreadEvaluator::~ThreadEvaluator() = default;
void ThreadEvaluator::reset(const EvalEnv &Env) { Impl->reset(Env); }
void ThreadEvaluator::setThread(const uint64_t Tid[3]) {
  Impl->nextThread(Tid);
}
std::optional<LinearValue> ThreadEvaluator::eval(NodeId N) {
  return Impl->eval(N);
}

} // namespace warplint::model
