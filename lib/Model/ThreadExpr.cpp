//===-- ThreadExpr.cpp - Values computed by every thread of a block -------===//
//
// The evaluator computes in 64-bit two's complement and wraps every result to
// the C type of its node. Values with uniform symbols stay linear where C's
// arithmetic keeps them linear; they are not wrapped (the analysis assumes an
// index expression with an unknown uniform part does not overflow, as the
// program itself must for its addresses to be right).
//
//===----------------------------------------------------------------------===//
#include "warplint/Model/ThreadExpr.h"
#include "llvm/ADT/STLExtras.h"
#include <map>
#include <tuple>

namespace warplint::model {

template <typename T> static void appendRaw(std::string &Out, const T &V) {
  Out.append(reinterpret_cast<const char *>(&V), sizeof(V));
}

static void appendString(std::string &Out, llvm::StringRef S) {
  appendRaw(Out, uint64_t(S.size()));
  Out.append(S.data(), S.size());
}

void ExprPool::appendKey(std::string &Out) const {
  appendRaw(Out, uint64_t(Nodes.size()));
  for (const Node &N : Nodes) {
    appendRaw(Out, uint8_t(N.Kind));
    appendRaw(Out, N.Type.Width);
    appendRaw(Out, uint8_t(N.Type.Signed));
    appendRaw(Out, N.Value);
    appendRaw(Out, N.Index);
    appendRaw(Out, N.A);
    appendRaw(Out, N.B);
    appendRaw(Out, N.C);
  }
  appendRaw(Out, uint64_t(Symbols.size()));
  for (const Symbol &S : Symbols) {
    appendString(Out, S.Name);
    appendRaw(Out, S.Multiple);
    appendRaw(Out, uint8_t(S.NonNegative | S.SharedAddress << 1));
  }
  appendRaw(Out, uint64_t(Loops.size()));
  for (const Loop &L : Loops) {
    appendString(Out, L.Name);
    appendRaw(Out, L.Init);
    appendRaw(Out, L.Cond);
    appendRaw(Out, L.Next);
    appendRaw(Out, L.Step ? int64_t(*L.Step) : int64_t(-1));
    appendRaw(Out, L.IterationSym);
    appendRaw(Out, L.CountSym);
    appendRaw(Out, L.Group);
    appendRaw(Out,
              uint8_t(L.Complete | L.CondKnown << 1 | L.CondAfterBody << 2));
  }
}

NodeId ExprPool::add(const Node &N) {
  // Hash-consing keeps DAGs built from shared definitions small.
  for (NodeId I = Nodes.size(); I-- > 0 && Nodes.size() - I <= 64;) {
    const Node &O = Nodes[I];
    if (O.Kind == N.Kind && O.Type.Width == N.Type.Width &&
        O.Type.Signed == N.Type.Signed && O.Value == N.Value &&
        O.Index == N.Index && O.A == N.A && O.B == N.B && O.C == N.C)
      return I;
  }
  Nodes.push_back(N);
  return Nodes.size() - 1;
}

NodeId ExprPool::constant(int64_t V, IntType T) {
  Node N;
  N.Kind = Op::Const;
  N.Type = T;
  N.Value = T.wrap(V);
  return add(N);
}

/// A leaf that names one of several: a dimension, a symbol, a loop.
static Node indexedLeaf(Op O, unsigned Index, IntType T) {
  Node N;
  N.Kind = O;
  N.Type = T;
  N.Index = Index;
  return N;
}

NodeId ExprPool::threadIdx(unsigned Dim) {
  return add(indexedLeaf(Op::ThreadIdx, Dim, IntType::u32()));
}

NodeId ExprPool::blockDim(unsigned Dim) {
  return add(indexedLeaf(Op::BlockDim, Dim, IntType::u32()));
}

NodeId ExprPool::symbol(unsigned Sym, IntType T) {
  return add(indexedLeaf(Op::Sym, Sym, T));
}

NodeId ExprPool::loopVar(unsigned L, IntType T) {
  return add(indexedLeaf(Op::LoopVar, L, T));
}

NodeId ExprPool::loopExit(unsigned L, IntType T) {
  return add(indexedLeaf(Op::LoopExit, L, T));
}

/// An operation on up to three operands.
static Node operation(Op O, IntType T, NodeId A, NodeId B = 0, NodeId C = 0) {
  Node N;
  N.Kind = O;
  N.Type = T;
  N.A = A;
  N.B = B;
  N.C = C;
  return N;
}

NodeId ExprPool::unary(Op O, NodeId A, IntType T) {
  return add(operation(O, T, A));
}

NodeId ExprPool::binary(Op O, NodeId A, NodeId B, IntType T) {
  return add(operation(O, T, A, B));
}

NodeId ExprPool::select(NodeId Cond, NodeId A, NodeId B, IntType T) {
  return add(operation(Op::Select, T, Cond, A, B));
}

NodeId ExprPool::cast(NodeId A, IntType T) {
  const Node &S = Nodes[A];
  if (S.Type.Width == T.Width && S.Type.Signed == T.Signed)
    return A;
  if (S.Kind == Op::Const)
    return constant(S.Value, T);
  return unary(Op::Cast, A, T);
}

unsigned ExprPool::addSymbol(llvm::StringRef Name, uint64_t Multiple,
                             bool NonNegative, bool SharedAddress) {
  Symbols.push_back(
      {Name.str(), Multiple ? Multiple : 1, NonNegative, SharedAddress});
  return Symbols.size() - 1;
}

unsigned ExprPool::addLoop(llvm::StringRef Name) {
  Loop L;
  L.Name = Name.str();
  L.IterationSym = addSymbol("iterations of '" + Name.str() + "'");
  L.CountSym = addSymbol("iteration count of '" + Name.str() + "'", 1,
                         /*NonNegative=*/true);
  L.Group = unsigned(Loops.size());
  Loops.push_back(L);
  return Loops.size() - 1;
}

unsigned ExprPool::addLoopInGroup(llvm::StringRef Name, unsigned Leader) {
  unsigned L = addLoop(Name);
  Loops[L].Group = Loops[Leader].Group;
  return L;
}

unsigned arity(Op O) {
  switch (O) {
  case Op::Const:
  case Op::ThreadIdx:
  case Op::BlockDim:
  case Op::Sym:
  case Op::LoopVar:
  case Op::LoopExit:
    return 0;
  case Op::Neg:
  case Op::Not:
  case Op::LNot:
  case Op::Cast:
    return 1;
  case Op::Select:
    return 3;
  default:
    return 2;
  }
}

bool ExprPool::readsThreadIdx(NodeId Root) const {
  // Not cached: the lowering asks while it still builds the pool.
  return dimsRead(Root) != 0;
}

void ExprPool::loopsRead(NodeId Root,
                         llvm::SmallVectorImpl<unsigned> &Out) const {
  // Iterative, each loop's exit value expanded once: an exit value read in
  // a loop's own start or step does not recurse.
  std::vector<bool> MainSeen(Nodes.size());
  std::map<unsigned, std::vector<bool>> GroupSeen; // per exit value's group
  llvm::SmallVector<unsigned, 4> ExitGroups;
  llvm::SmallVector<std::pair<NodeId, unsigned>, 8> Inner; // (node, group)
  auto Visit = [&](NodeId Start, std::optional<unsigned> ViaGroup) {
    std::vector<bool> *Own = nullptr;
    if (ViaGroup) {
      Own = &GroupSeen[*ViaGroup];
      Own->resize(Nodes.size());
    }
    llvm::SmallVector<NodeId, 16> W{Start};
    while (!W.empty()) {
      NodeId N = W.pop_back_val();
      if (MainSeen[N] || (Own && (*Own)[N]))
        continue;
      (Own ? (*Own)[N] : MainSeen[N]) = true;
      const Node &X = Nodes[N];
      if (X.Kind == Op::LoopExit) {
        unsigned G = Loops[X.Index].Group;
        if (!llvm::is_contained(ExitGroups, G)) {
          ExitGroups.push_back(G);
          for (const Loop &L : Loops)
            if (L.Group == G)
              for (NodeId M : {L.Init, L.Cond, L.Next})
                Inner.push_back({M, G});
        }
      }
      if (X.Kind == Op::LoopVar) {
        // Through an exit value, the loops its loop reads, not that loop
        // itself: its iterations are run to the end, not enumerated
        // around the access.
        bool OwnLoop = ViaGroup && Loops[X.Index].Group == *ViaGroup;
        if (!OwnLoop && !llvm::is_contained(Out, X.Index))
          Out.push_back(X.Index);
        const Loop &L = Loops[X.Index];
        W.append({L.Init, L.Cond, L.Next});
        if (L.Step)
          W.push_back(*L.Step);
      }
      X.appendOperands(W);
    }
  };
  Visit(Root, std::nullopt);
  while (!Inner.empty()) {
    auto [N, G] = Inner.pop_back_val();
    Visit(N, G);
  }
}

unsigned ExprPool::threadDimsRead(NodeId Root) const {
  if (DimsRead.size() != Nodes.size())
    DimsRead.assign(Nodes.size(), -1);
  if (DimsRead[Root] < 0)
    DimsRead[Root] = int8_t(dimsRead(Root));
  return unsigned(DimsRead[Root]);
}

/// Calls F on each node Root reads, once, the definitions of the loops it
/// reads (their start, condition, next value and step) included.
template <typename Fn>
static void forEachReachable(const std::vector<Node> &Nodes,
                             const std::vector<Loop> &Loops, NodeId Root,
                             Fn F) {
  llvm::SmallVector<NodeId, 16> Work{Root};
  std::vector<bool> Seen(Nodes.size());
  std::vector<bool> SeenLoop(Loops.size());
  while (!Work.empty()) {
    NodeId N = Work.pop_back_val();
    if (Seen[N])
      continue;
    Seen[N] = true;
    const Node &X = Nodes[N];
    F(N, X);
    if ((X.Kind == Op::LoopVar || X.Kind == Op::LoopExit) &&
        !SeenLoop[X.Index]) {
      SeenLoop[X.Index] = true;
      const Loop &L = Loops[X.Index];
      Work.append({L.Init, L.Cond, L.Next});
      if (L.Step)
        Work.push_back(*L.Step);
    }
    X.appendOperands(Work);
  }
}
unsigned ExprPool::dimsRead(NodeId Root) const {
  unsigned Mask = 0;
  forEachReachable(Nodes, Loops, Root, [&](NodeId, const Node &X) {
    if (X.Kind == Op::ThreadIdx)
      Mask |= 1u << X.Index;
  });
  return Mask;
}

bool ExprPool::laneIndependent(NodeId N) const {
  if (LaneIndependent.size() != Nodes.size())
    LaneIndependent.assign(Nodes.size(), -1);
  if (LaneIndependent[N] < 0)
    LaneIndependent[N] = !readsThreadIdx(N);
  return LaneIndependent[N];
}

void ExprPool::selectsRead(NodeId Root,
                           llvm::SmallVectorImpl<NodeId> &Out) const {
  forEachReachable(Nodes, Loops, Root, [&](NodeId N, const Node &X) {
    if (X.Kind == Op::Select)
      Out.push_back(N);
  });
}

static const char *opText(Op O) {
  switch (O) {
  case Op::Neg:
    return "-";
  case Op::Not:
    return "~";
  case Op::LNot:
    return "!";
  case Op::Add:
    return "+";
  case Op::Sub:
    return "-";
  case Op::Mul:
    return "*";
  case Op::Div:
    return "/";
  case Op::Rem:
    return "%";
  case Op::Shl:
    return "<<";
  case Op::Shr:
    return ">>";
  case Op::And:
    return "&";
  case Op::Or:
    return "|";
  case Op::Xor:
    return "^";
  case Op::LT:
    return "<";
  case Op::GT:
    return ">";
  case Op::LE:
    return "<=";
  case Op::GE:
    return ">=";
  case Op::EQ:
    return "==";
  case Op::NE:
    return "!=";
  case Op::LAnd:
    return "&&";
  case Op::LOr:
    return "||";
  case Op::Min:
    return "min";
  case Op::Max:
    return "max";
  default:
    return "?";
  }
}

std::string ExprPool::str(NodeId N) const {
  const Node &X = Nodes[N];
  static const char *const Dim[] = {"x", "y", "z"};
  switch (X.Kind) {
  case Op::Const:
    return std::to_string(X.Value);
  case Op::ThreadIdx:
    return std::string("threadIdx.") + Dim[X.Index];
  case Op::BlockDim:
    return std::string("blockDim.") + Dim[X.Index];
  case Op::Sym:
    return Symbols[X.Index].Name;
  case Op::LoopVar:
    return Loops[X.Index].Name;
  case Op::LoopExit:
    return Loops[X.Index].Name + " after its loop";
  case Op::Cast:
    return std::string("(") + (X.Type.Signed ? "i" : "u") +
           std::to_string(X.Type.Width) + ")" + str(X.A);
  case Op::Neg:
  case Op::Not:
  case Op::LNot:
    return opText(X.Kind) + str(X.A);
  case Op::Min:
  case Op::Max:
    return std::string(opText(X.Kind)) + "(" + str(X.A) + ", " + str(X.B) + ")";
  case Op::Select:
    return "(" + str(X.A) + " ? " + str(X.B) + " : " + str(X.C) + ")";
  default:
    return "(" + str(X.A) + " " + opText(X.Kind) + " " + str(X.B) + ")";
  }
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

namespace {

LinearValue constantValue(int64_t V) {
  LinearValue L;
  L.C = V;
  return L;
}

LinearValue symbolValue(unsigned S, int64_t Coeff = 1) {
  LinearValue L;
  if (Coeff)
    L.Terms.push_back({S, Coeff});
  return L;
}

/// A + B * K; std::nullopt when a symbol's coefficient overflows (the
/// constant part wraps, as the 64-bit arithmetic it models does).
std::optional<LinearValue> addLinear(const LinearValue &A, const LinearValue &B,
                                     int64_t K) {
  LinearValue R;
  R.C = int64_t(uint64_t(A.C) + uint64_t(B.C) * uint64_t(K));
  size_t I = 0, J = 0;
  int64_t BK, C;
  while (I < A.Terms.size() || J < B.Terms.size()) {
    if (J == B.Terms.size() ||
        (I < A.Terms.size() && A.Terms[I].first < B.Terms[J].first)) {
      R.Terms.push_back(A.Terms[I++]);
    } else if (I == A.Terms.size() || B.Terms[J].first < A.Terms[I].first) {
      if (__builtin_mul_overflow(B.Terms[J].second, K, &BK))
        return std::nullopt;
      R.Terms.push_back({B.Terms[J].first, BK});
      ++J;
    } else {
      if (__builtin_mul_overflow(B.Terms[J].second, K, &BK) ||
          __builtin_add_overflow(A.Terms[I].second, BK, &C))
        return std::nullopt;
      if (C)
        R.Terms.push_back({A.Terms[I].first, C});
      ++I;
      ++J;
    }
  }
  return R;
}

/// A * K; std::nullopt when a symbol's coefficient overflows.
std::optional<LinearValue> scale(const LinearValue &A, int64_t K) {
  LinearValue R;
  R.C = int64_t(uint64_t(A.C) * uint64_t(K));
  if (K)
    for (auto [S, C] : A.Terms) {
      int64_t CK;
      if (__builtin_mul_overflow(C, K, &CK))
        return std::nullopt;
      R.Terms.push_back({S, CK});
    }
  return R;
}

/// Is N the same in every lane of a warp: it reads no threadIdx, or only
/// components that no warp of block shape B spans two values of
/// (threadIdx.y in a 32x8 block: `(2 + threadIdx.y) * C / 8`, each warp one
/// row). Its unknown value is then one value per warp. (The scalar and the
/// warp evaluator decide opaque symbols by it alike.)
bool isWarpUniform(const ExprPool &P, NodeId N, const Dim3 &B) {
  if (P.laneIndependent(N))
    return true;
  unsigned Uniform = (B.X == 1 ? 1u : 0u) |
                     (B.X % 32 == 0 || B.Y == 1 ? 2u : 0u) |
                     ((B.X * B.Y) % 32 == 0 || B.Z == 1 ? 4u : 0u);
  return (P.threadDimsRead(N) & ~Uniform) == 0;
}

} // namespace

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
                       int64_t(uint64_t(*Env.Iterations[L]) * uint64_t(S->C)));
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
      bool AV = A->C != 0;
      if (X.Kind == Op::LAnd && !AV)
        return constantValue(0);
      if (X.Kind == Op::LOr && AV)
        return constantValue(1);
      auto B = eval(X.B, Depth);
      if (!B || !B->isConstant())
        return std::nullopt;
      return constantValue(B->C != 0);
    }
    default:
      break;
    }

    auto A = eval(X.A, Depth);
    if (!A)
      return std::nullopt;
    IntType AT = P[X.A].Type;
    switch (X.Kind) {
    case Op::Cast:
      if (A->isConstant())
        return A;
      // Symbols survive a cast that keeps every bit, and a shared-memory
      // address one to 32 bits or more.
      if (X.Type.Width >= AT.Width)
        return A;
      if (X.Type.Width >= 32 &&
          llvm::all_of(A->Terms, [&](const std::pair<unsigned, int64_t> &T) {
            return P.symbolInfo(T.first).SharedAddress;
          }))
        return A;
      return std::nullopt;
    case Op::Neg:
      return scale(*A, -1);
    case Op::Not:
      if (!A->isConstant())
        return std::nullopt;
      return constantValue(~A->C);
    case Op::LNot:
      if (!A->isConstant())
        return std::nullopt;
      return constantValue(A->C == 0);
    default:
      break;
    }

    auto B = eval(X.B, Depth);
    if (!B)
      return std::nullopt;
    switch (X.Kind) {
    case Op::Add:
      return addLinear(*A, *B, 1);
    case Op::Sub:
      return addLinear(*A, *B, -1);
    case Op::Mul:
      if (B->isConstant())
        return scale(*A, B->C);
      if (A->isConstant())
        return scale(*B, A->C);
      return std::nullopt;
    case Op::Shl:
      if (!B->isConstant() || B->C < 0 || B->C >= X.Type.Width)
        return std::nullopt;
      return scale(*A, int64_t(uint64_t(1) << B->C));
    case Op::LT:
    case Op::GT:
    case Op::LE:
    case Op::GE:
    case Op::EQ:
    case Op::NE:
    case Op::Min:
    case Op::Max: {
      // Symbols that appear on both sides cancel out of a comparison.
      if (!A->sameSymbols(*B))
        return std::nullopt;
      bool Less, Equal = A->C == B->C;
      if (AT.Signed)
        Less = A->C < B->C;
      else
        Less = uint64_t(A->C) < uint64_t(B->C);
      switch (X.Kind) {
      case Op::LT:
        return constantValue(Less);
      case Op::GT:
        return constantValue(!Less && !Equal);
      case Op::LE:
        return constantValue(Less || Equal);
      case Op::GE:
        return constantValue(!Less);
      case Op::EQ:
        return constantValue(Equal);
      case Op::NE:
        return constantValue(!Equal);
      case Op::Min:
        return Less ? A : B;
      default:
        return Less ? B : A;
      }
    }
    default:
      break;
    }

    if (!A->isConstant() && B->isConstant())
      return divideUniform(*A, X.Kind, B->C);
    if (!A->isConstant() || !B->isConstant())
      return std::nullopt;
    int64_t L = A->C, R = B->C;
    bool Signed = X.Type.Signed;
    switch (X.Kind) {
    case Op::Div:
    case Op::Rem:
      if (R == 0)
        return std::nullopt;
      if (Signed) {
        if (L == INT64_MIN && R == -1)
          return std::nullopt;
        return constantValue(X.Kind == Op::Div ? L / R : L % R);
      }
      return constantValue(int64_t(X.Kind == Op::Div
                                       ? uint64_t(L) / uint64_t(R)
                                       : uint64_t(L) % uint64_t(R)));
    case Op::Shr:
      if (R < 0 || R >= X.Type.Width)
        return std::nullopt;
      if (Signed)
        return constantValue(L >> R);
      return constantValue(int64_t(uint64_t(L) >> R));
    case Op::And:
      return constantValue(L & R);
    case Op::Or:
      return constantValue(L | R);
    case Op::Xor:
      return constantValue(L ^ R);
    default:
      return std::nullopt;
    }
  }
};

std::optional<LinearValue> evaluate(const ExprPool &P, NodeId N,
                                    const EvalEnv &Env) {
  Evaluator E(P, Env);
  return E.eval(N);
}

//===----------------------------------------------------------------------===//
// The lanes of a warp at once
//===----------------------------------------------------------------------===//

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
  using Terms = llvm::SmallVector<std::pair<unsigned, int64_t>, 2>;

  WarpEvaluatorImpl(const ExprPool &P, llvm::ArrayRef<NodeId> Roots,
                    const Dim3 &Block)
      : P(P), Block(Block), Slot(P.size(), -1) {
    // The lane-dependent nodes the roots read, and their lane-independent
    // operands.
    llvm::SmallVector<NodeId, 32> Work(Roots.begin(), Roots.end());
    while (!Work.empty()) {
      NodeId N = Work.pop_back_val();
      if (Slot[N] != -1)
        continue;
      Slot[N] = -2;
      if (P.laneIndependent(N)) {
        Leaves.push_back(N);
        continue;
      }
      const Node &X = P[N];
      if (X.Kind == Op::LoopVar || X.Kind == Op::LoopExit)
        Supported = false; // a loop whose values differ between threads
      Nodes.push_back(N);
      X.appendOperands(Work);
    }
    // Operands before the nodes that read them: a pool only ever refers to
    // nodes built before.
    llvm::sort(Nodes);
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

  bool known(NodeId N, unsigned L) const {
    const Val &V = Vals[Slot[N]];
    return V.Uniform ? V.U.has_value() : (V.Valid >> L & 1);
  }
  int64_t constant(NodeId N, unsigned L) const {
    const Val &V = Vals[Slot[N]];
    return !V.Uniform ? V.C[L] : V.U ? V.U->C : 0;
  }
  const Terms &terms(NodeId N) const {
    const Val &V = Vals[Slot[N]];
    return !V.Uniform ? V.T : V.U ? V.U->Terms : NoTerms;
  }

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

  /// T * K; std::nullopt when a coefficient overflows (scale()).
  static std::optional<Terms> scaled(const Terms &T, int64_t K) {
    Terms R;
    if (K)
      for (auto [S, C] : T) {
        int64_t CK;
        if (__builtin_mul_overflow(C, K, &CK))
          return std::nullopt;
        R.push_back({S, CK});
      }
    return R;
  }

  /// Computes node N for every lane; false to give up.
  bool compute(NodeId N, llvm::ArrayRef<std::array<uint64_t, 3>> Tids) {
    const Node &X = P[N];
    Val &R = Vals[Slot[N]];
    R.Valid = 0;
    R.T.clear();
    const Val *A = arity(X.Kind) >= 1 ? &Vals[Slot[X.A]] : nullptr;
    const Val *B = arity(X.Kind) >= 2 ? &Vals[Slot[X.B]] : nullptr;
    auto Known = [&](const Val *V, unsigned L) {
      return V->Uniform ? V->U.has_value() : (V->Valid >> L & 1) != 0;
    };
    auto Cst = [&](const Val *V, unsigned L) {
      return V->Uniform ? V->U->C : V->C[L];
    };
    // (A value known in no lane has no symbols.)
    auto TermsOf = [&](const Val *V) -> const Terms & {
      return !V->Uniform ? V->T : V->U ? V->U->Terms : NoTerms;
    };
    // Sets lane L's value with symbols T, which must be those of the other
    // lanes: false when they differ.
    bool HaveT = false;
    auto Set = [&](unsigned L, int64_t C, const Terms &T) {
      if (!HaveT) {
        R.T = T;
        HaveT = true;
      } else if (R.T != T) {
        return false;
      }
      R.C[L] = C;
      R.Valid |= 1u << L;
      return true;
    };
    // The same, where every lane has the symbols R.T, set once.
    auto SetC = [&](unsigned L, int64_t C) {
      R.C[L] = C;
      R.Valid |= 1u << L;
    };
    // Lanes where both A and B (or A alone) are known.
    uint32_t All = Lanes == 32 ? ~0u : (1u << Lanes) - 1;
    auto Mask = [&](const Val *V) -> uint32_t {
      return V->Uniform ? (V->U ? All : 0u) : V->Valid;
    };

    switch (X.Kind) {
    case Op::ThreadIdx:
      for (unsigned L = 0; L < Lanes; ++L)
        SetC(L, int64_t(Tids[L][X.Index]));
      break;
    case Op::Select: {
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
        if (Known(A, L) && TermsOf(A).empty())
          First = Cst(A, L) != 0;
        else if (Chosen)
          First = *Chosen;
        else
          continue;
        const Val *V = Arm[First ? 0 : 1];
        if (Known(V, L) && !Set(L, Cst(V, L), TermsOf(V)))
          return false;
      }
      break;
    }
    case Op::LAnd:
    case Op::LOr:
      for (unsigned L = 0; L < Lanes; ++L) {
        if (!Known(A, L) || !TermsOf(A).empty())
          continue;
        bool AV = Cst(A, L) != 0;
        if (X.Kind == Op::LAnd && !AV) {
          SetC(L, 0);
          continue;
        }
        if (X.Kind == Op::LOr && AV) {
          SetC(L, 1);
          continue;
        }
        if (!Known(B, L) || !TermsOf(B).empty())
          continue;
        SetC(L, Cst(B, L) != 0);
      }
      break;
    case Op::Cast: {
      const Terms &TA = TermsOf(A);
      IntType AT = P[X.A].Type;
      bool Keeps =
          TA.empty() || X.Type.Width >= AT.Width ||
          (X.Type.Width >= 32 &&
           llvm::all_of(TA, [&](const std::pair<unsigned, int64_t> &T) {
             return P.symbolInfo(T.first).SharedAddress;
           }));
      if (Keeps) {
        R.T = TA;
        uint32_t M = Mask(A);
        for (unsigned L = 0; L < Lanes; ++L)
          if (M >> L & 1)
            SetC(L, Cst(A, L));
      }
      break;
    }
    case Op::Neg: {
      std::optional<Terms> T = scaled(TermsOf(A), -1);
      if (!T)
        break; // unknown in every lane, as scale() makes it
      R.T = std::move(*T);
      uint32_t M = Mask(A);
      for (unsigned L = 0; L < Lanes; ++L)
        if (M >> L & 1)
          SetC(L, int64_t(uint64_t(Cst(A, L)) * uint64_t(-1)));
      break;
    }
    case Op::Not:
    case Op::LNot:
      if (TermsOf(A).empty()) {
        uint32_t M = Mask(A);
        for (unsigned L = 0; L < Lanes; ++L)
          if (M >> L & 1)
            SetC(L, X.Kind == Op::Not ? ~Cst(A, L) : Cst(A, L) == 0);
      }
      break;
    case Op::Add:
    case Op::Sub: {
      int64_t K = X.Kind == Op::Add ? 1 : -1;
      if (!TermsOf(A).empty() || !TermsOf(B).empty()) {
        LinearValue TA, TB;
        TA.Terms = TermsOf(A);
        TB.Terms = TermsOf(B);
        std::optional<LinearValue> T = addLinear(TA, TB, K);
        if (!T)
          break; // unknown in every lane, as addLinear() makes it
        R.T = std::move(T->Terms);
      }
      uint32_t M = Mask(A) & Mask(B);
      for (unsigned L = 0; L < Lanes; ++L)
        if (M >> L & 1)
          SetC(L, int64_t(uint64_t(Cst(A, L)) +
                          uint64_t(Cst(B, L)) * uint64_t(K)));
      break;
    }
    case Op::Mul:
    case Op::Shl:
      if (TermsOf(A).empty() && TermsOf(B).empty()) {
        // Constants in every lane: the common case, without symbols.
        uint32_t M = Mask(A) & Mask(B);
        for (unsigned L = 0; L < Lanes; ++L) {
          if (!(M >> L & 1))
            continue;
          int64_t BC = Cst(B, L);
          if (X.Kind == Op::Shl) {
            if (BC < 0 || BC >= X.Type.Width)
              continue;
            BC = int64_t(uint64_t(1) << BC);
          }
          SetC(L, int64_t(uint64_t(Cst(A, L)) * uint64_t(BC)));
        }
        break;
      }
      for (unsigned L = 0; L < Lanes; ++L) {
        if (!Known(A, L) || !Known(B, L))
          continue;
        const Val *S = A, *F = B; // scaled, factor
        if (X.Kind == Op::Shl) {
          if (!TermsOf(B).empty() || Cst(B, L) < 0 || Cst(B, L) >= X.Type.Width)
            continue;
        } else if (!TermsOf(B).empty()) {
          if (!TermsOf(A).empty())
            continue;
          std::swap(S, F);
        }
        int64_t K =
            X.Kind == Op::Shl ? int64_t(uint64_t(1) << Cst(B, L)) : Cst(F, L);
        std::optional<Terms> T = scaled(TermsOf(S), K);
        if (!T)
          continue; // this lane's value is unknown, as scale() makes it
        if (!Set(L, int64_t(uint64_t(Cst(S, L)) * uint64_t(K)), *T))
          return false;
      }
      break;
    case Op::LT:
    case Op::GT:
    case Op::LE:
    case Op::GE:
    case Op::EQ:
    case Op::NE:
    case Op::Min:
    case Op::Max: {
      if (TermsOf(A) != TermsOf(B))
        break;
      bool Signed = P[X.A].Type.Signed;
      if (X.Kind == Op::Min || X.Kind == Op::Max)
        R.T = TermsOf(A);
      uint32_t M = Mask(A) & Mask(B);
      for (unsigned L = 0; L < Lanes; ++L) {
        if (!(M >> L & 1))
          continue;
        int64_t AC = Cst(A, L), BC = Cst(B, L);
        bool Less = Signed ? AC < BC : uint64_t(AC) < uint64_t(BC);
        bool Equal = AC == BC;
        switch (X.Kind) {
        case Op::LT:
          SetC(L, Less);
          break;
        case Op::GT:
          SetC(L, !Less && !Equal);
          break;
        case Op::LE:
          SetC(L, Less || Equal);
          break;
        case Op::GE:
          SetC(L, !Less);
          break;
        case Op::EQ:
          SetC(L, Equal);
          break;
        case Op::NE:
          SetC(L, !Equal);
          break;
        case Op::Min:
          SetC(L, Less ? AC : BC);
          break;
        default:
          SetC(L, Less ? BC : AC);
          break;
        }
      }
      break;
    }
    case Op::Div:
    case Op::Rem:
    case Op::Shr:
    case Op::And:
    case Op::Or:
    case Op::Xor: {
      // A uniform part divided (Evaluator::divideUniform) is not computed
      // here.
      if (!TermsOf(A).empty() && TermsOf(B).empty() && X.Kind != Op::Or &&
          X.Kind != Op::Xor)
        return false;
      if (!TermsOf(A).empty() || !TermsOf(B).empty())
        break;
      bool Signed = X.Type.Signed;
      uint32_t M = Mask(A) & Mask(B);
      for (unsigned L = 0; L < Lanes; ++L) {
        if (!(M >> L & 1))
          continue;
        int64_t LV = Cst(A, L), RV = Cst(B, L);
        switch (X.Kind) {
        case Op::Div:
        case Op::Rem:
          if (RV == 0 || (Signed && LV == INT64_MIN && RV == -1))
            break;
          if (Signed)
            SetC(L, X.Kind == Op::Div ? LV / RV : LV % RV);
          else
            SetC(L, int64_t(X.Kind == Op::Div ? uint64_t(LV) / uint64_t(RV)
                                              : uint64_t(LV) % uint64_t(RV)));
          break;
        case Op::Shr:
          if (RV < 0 || RV >= X.Type.Width)
            break;
          SetC(L, Signed ? LV >> RV : int64_t(uint64_t(LV) >> RV));
          break;
        case Op::And:
          SetC(L, LV & RV);
          break;
        case Op::Or:
          SetC(L, LV | RV);
          break;
        default:
          SetC(L, LV ^ RV);
          break;
        }
      }
      break;
    }
    default:
      return false; // leaves are lane-independent; loops are not supported
    }
    // A lane whose value is not known, in a node the scalar evaluator may
    // turn into an opaque symbol: give up.
    if (R.Valid != All && warpUniform(N))
      return false;
    // Constants wrap to the node's type.
    if (R.T.empty())
      for (unsigned L = 0; L < Lanes; ++L)
        if (R.Valid >> L & 1)
          R.C[L] = X.Type.wrap(R.C[L]);
    return true;
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
