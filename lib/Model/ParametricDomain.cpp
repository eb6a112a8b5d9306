//===-- ParametricDomain.cpp - What else a run-time value decides ---------===//
//
// The degree as a function of a run-time value d (ParametricDegree.cpp) is
// exact where d only moves the lanes' addresses. The code may read d in two
// more ways that it follows:
//
// - a uniform condition (`if (d % 32 != 0) return;`, `if (d > 0)`): it reads
//   no thread index, so for each value of d either the whole block executes
//   the access or no thread does;
// - the bound of a uniform loop (`for (x = 0; x < d; ++x) ... Kj[tx*d + x]`):
//   its counter starts from a constant and steps by a constant, the same in
//   every thread, and no other loop, condition or exit value reads it. Each
//   iteration then moves every lane's address by the same amount; where
//   that is whole words (the probe checks it), every iteration has the same
//   degree, and the loop only decides whether the access runs at all: its
//   condition for its first value.
//
// usesOf() finds these and says why not where d is read in another way;
// domainShape() proves that each such condition, as a function of d, is
// periodic, with a period that is a power of two, outside a finite set of
// values (the breaks): it follows comparisons of values affine in d and
// remainders and masks of them, and gives up on anything else.
//
//===----------------------------------------------------------------------===//
#include "AccessAnalysis.h"
#include "Evaluation.h"
#include "PoolWalk.h"
#include "llvm/ADT/STLExtras.h"
#include <map>

namespace warplint::model::detail {

namespace {

constexpr unsigned MaxDomainPeriod = 128;

int64_t floorDiv(int64_t A, int64_t B) { // B > 0
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

/// Does a node reachable from Roots (through the definitions of the loops
/// they read) have kind K and index Index: read symbol S (Op::Sym), the
/// value loop L has after its loop (Op::LoopExit)?
bool readsNode(const ExprPool &P, llvm::ArrayRef<NodeId> Roots, Op K,
               unsigned Index) {
  bool Found = false;
  walkPool(P, Roots, [&](NodeId, const Node &X, WalkStack &Work) {
    if (X.Kind == K && X.Index == Index) {
      Found = true;
      return WalkNext::Stop;
    }
    if (X.Kind == Op::LoopVar || X.Kind == Op::LoopExit)
      pushLoopDefinition(P, X.Index, Work);
    return WalkNext::Operands;
  });
  return Found;
}

bool readsSymbol(const ExprPool &P, llvm::ArrayRef<NodeId> Roots, unsigned S) {
  return readsNode(P, Roots, Op::Sym, S);
}

/// Do Roots read symbol S themselves (not through a loop they read)?
bool readsSymbolHere(const ExprPool &P, llvm::ArrayRef<NodeId> Roots,
                     unsigned S) {
  bool Found = false;
  walkPool(P, Roots, [&](NodeId, const Node &X, WalkStack &) {
    Found |= X.Kind == Op::Sym && X.Index == S;
    return Found ? WalkNext::Stop : WalkNext::Operands;
  });
  return Found;
}

/// Loop L's first value, when it is a uniform loop that symbol S bounds
/// (see the file comment): alone in its group, a plain for-loop whose
/// start and step are constants, whose next value and step read neither S
/// nor any other loop, whose condition reads no other loop, none of them
/// reading the thread index; no other loop reads it.
std::optional<int64_t> boundLoopStart(const ExprPool &P, unsigned L, unsigned S,
                                      const Dim3 &Block) {
  const Loop &Lp = P.loop(L);
  if (!Lp.Complete || !Lp.CondKnown || Lp.CondAfterBody || !Lp.Step ||
      P.groupMembers(Lp.Group).size() != 1)
    return std::nullopt;
  for (NodeId N : {Lp.Init, Lp.Cond, Lp.Next, *Lp.Step}) {
    llvm::SmallVector<unsigned, 4> Deps;
    P.loopsRead(N, Deps);
    if (P.readsThreadIdx(N) ||
        llvm::any_of(Deps, [&](unsigned D) { return D != L; }))
      return std::nullopt;
    if (N != Lp.Cond && readsSymbolHere(P, {N}, S))
      return std::nullopt;
  }
  for (unsigned M = 0; M < P.numLoops(); ++M) {
    if (M == L)
      continue;
    const Loop &O = P.loop(M);
    llvm::SmallVector<unsigned, 4> Deps;
    for (NodeId N : {O.Init, O.Cond, O.Next})
      P.loopsRead(N, Deps);
    if (O.Step)
      P.loopsRead(*O.Step, Deps);
    if (llvm::is_contained(Deps, L))
      return std::nullopt;
  }
  EvalEnv Env;
  Env.Block = Block;
  auto Init = evaluate(P, Lp.Init, Env);
  auto Step = evaluate(P, *Lp.Step, Env);
  if (!Init || !Init->isConstant() || !Step || !Step->isConstant() ||
      Step->C == 0)
    return std::nullopt;
  return Init->C;
}

/// A condition's value as a function of d: affine (A + B * d), or
/// periodic with period Period outside the breaks found so far.
struct Shape {
  bool Affine = false;
  int64_t A = 0, B = 0;
  unsigned Period = 1;
  bool constant() const { return Affine && B == 0; }
};

class ShapeFinder {
public:
  ShapeFinder(const ExprPool &P, unsigned S, const EvalEnv &Env,
              std::vector<int64_t> &Breaks)
      : P(P), S(S), Env(Env), Breaks(Breaks) {}

  std::optional<Shape> shape(NodeId N) {
    auto [It, New] = Memo.try_emplace(N);
    if (New)
      It->second = compute(N);
    return It->second;
  }
  /// Its truth: an affine value is true but where it is 0.
  Shape truth(const Shape &X) {
    if (!X.Affine || X.constant())
      return Shape{false, 0, 0, X.Period};
    crossing(X.A, X.B);
    return Shape{false, 0, 0, 1};
  }

private:
  const ExprPool &P;
  unsigned S;
  const EvalEnv &Env;
  std::vector<int64_t> &Breaks;
  std::map<NodeId, std::optional<Shape>> Memo;

  /// The values of d around the one where A + B * d changes sign.
  void crossing(int64_t A, int64_t B) {
    if (B == 0)
      return;
    if (B < 0) {
      A = -A;
      B = -B;
    }
    int64_t T = floorDiv(-A, B);
    for (int64_t K = -1; K <= 2; ++K)
      Breaks.push_back(T + K);
  }
  /// A periodic shape: an affine one only where it is constant.
  std::optional<Shape> periodic(const Shape &X) {
    if (X.Affine && !X.constant())
      return std::nullopt;
    return Shape{false, 0, 0, X.Period};
  }
  std::optional<Shape> fail(NodeId) { return std::nullopt; }

  std::optional<Shape> compute(NodeId N) {
    if (auto V = evaluate(P, N, Env)) {
      if (V->isConstant())
        return Shape{true, V->C, 0, 1};
      if (V->Terms.size() == 1 && V->Terms[0].first == S)
        return Shape{true, V->C, V->Terms[0].second, 1};
      // Another unknown value; an opaque one (the value of a node the
      // evaluator does not compute, d % 32) is followed through the node.
      if (llvm::any_of(V->Terms, [&](const auto &T) {
            return T.first < P.numSymbols() && T.first != S;
          }))
        return fail(N);
    }
    const Node &X = P[N];
    unsigned K = arity(X.Kind);
    if (K == 0 || X.Kind == Op::Min || X.Kind == Op::Max || X.Kind == Op::Div)
      return fail(N);
    std::optional<Shape> L = shape(X.A);
    std::optional<Shape> R = K >= 2 ? shape(X.B) : Shape{true, 0, 0, 1};
    std::optional<Shape> C = K >= 3 ? shape(X.C) : Shape{true, 0, 0, 1};
    if (!L || !R || !C)
      return std::nullopt;
    unsigned Period = std::max({L->Period, R->Period, C->Period});
    if (comparesOperands(X.Kind)) { // not min or max (above)
      if (L->Affine && R->Affine) {
        // Where the difference changes sign, and where an unsigned
        // operand wraps.
        crossing(L->A - R->A, L->B - R->B);
        crossing(L->A, L->B);
        crossing(R->A, R->B);
        return Shape{false, 0, 0, 1};
      }
      if (!periodic(*L) || !periodic(*R))
        return fail(N);
      return Shape{false, 0, 0, Period};
    }
    switch (X.Kind) {
    case Op::Rem:
    case Op::And: {
      if (X.Kind == Op::And && L->constant() && !R->constant())
        std::swap(L, R);
      if (!R->constant() || R->A <= 0)
        return fail(N);
      if (!L->Affine)
        return Shape{false, 0, 0, L->Period};
      // (A + B d) % m repeats every m values of d on each side of its
      // sign change; (A + B d) & c every power of two above c.
      uint64_t M = uint64_t(R->A);
      if (X.Kind == Op::Rem) {
        if (M & (M - 1))
          return fail(N);
        crossing(L->A, L->B);
      } else {
        M = llvm::bit_ceil(M + 1);
      }
      if (M > MaxDomainPeriod)
        return fail(N);
      return Shape{false, 0, 0, unsigned(M)};
    }
    case Op::LAnd:
    case Op::LOr:
    case Op::LNot:
      truth(*L);
      if (K >= 2)
        truth(*R);
      return Shape{false, 0, 0, Period};
    case Op::Select: {
      Shape T = truth(*L);
      if (!periodic(*R) || !periodic(*C))
        return fail(N);
      return Shape{false, 0, 0, std::max({T.Period, R->Period, C->Period})};
    }
    default:
      // Arithmetic on periodic values stays periodic; on a value affine
      // in d it is affine (the evaluator computes it) or not followed.
      if (!periodic(*L) || !periodic(*R))
        return fail(N);
      return Shape{false, 0, 0, Period};
    }
  }
};

} // namespace

std::string usesOf(const AccessSpec &A, unsigned S, const Dim3 &Block,
                   UniformUses &U) {
  const ExprPool &P = *A.Pool;
  std::string Name = "'" + P.symbolInfo(S).Name + "'";
  llvm::SmallVector<NodeId, 4> Roots{A.Address};
  for (const auto &G : A.Guards)
    Roots.push_back(G.first);
  // The loops whose definitions read S: uniform loops it bounds only.
  llvm::SmallVector<unsigned, 4> Loops;
  for (NodeId R : Roots)
    P.loopsRead(R, Loops);
  for (unsigned L : Loops) {
    if (llvm::any_of(U.Loops, [&](auto &B) { return B.first == L; }))
      continue;
    WalkStack Defs;
    pushLoopDefinition(P, L, Defs);
    if (!readsSymbol(P, Defs, S))
      continue;
    std::optional<int64_t> First = boundLoopStart(P, L, S, Block);
    if (!First || readsNode(P, Roots, Op::LoopExit, L))
      return Name + " also decides the values of the loop counter '" +
             P.loop(L).Name + "'";
    U.Loops.push_back({L, *First});
  }
  auto Bound = [&](unsigned L) {
    return llvm::any_of(U.Loops, [&](auto &B) { return B.first == L; });
  };
  // The guards that read S: uniform conditions, and the conditions of the
  // loops it bounds.
  for (const auto &G : A.Guards) {
    if (!readsSymbol(P, {G.first}, S))
      continue;
    if (P.readsThreadIdx(G.first))
      return Name + " also decides which threads execute the access";
    llvm::SmallVector<unsigned, 4> Deps;
    P.loopsRead(G.first, Deps);
    for (unsigned L : Deps)
      if (!Bound(L) || G.first != P.loop(L).Cond || !G.second)
        return Name + " also decides which iterations of the loop '" +
               P.loop(L).Name + "' execute the access";
    U.Conditions.push_back(G);
  }
  for (const auto &[L, First] : U.Loops)
    if (!llvm::is_contained(U.Conditions, std::make_pair(P.loop(L).Cond, true)))
      U.Conditions.push_back({P.loop(L).Cond, true});
  llvm::SmallVector<NodeId, 4> Selects;
  for (NodeId R : Roots)
    P.selectsRead(R, Selects);
  for (NodeId Sel : Selects)
    if (readsSymbol(P, {P[Sel].A}, S))
      return Name + " also decides a branch of the address";
  if (!readsSymbol(P, {A.Address}, S))
    return Name + " is not read by the address itself";
  return "";
}

std::optional<DomainShape> domainShape(const AccessSpec &A, unsigned S,
                                       const Dim3 &Block, const UniformUses &U,
                                       unsigned Iterations, std::string &Why) {
  const ExprPool &P = *A.Pool;
  DomainShape D;
  auto Failed = [&](NodeId N) {
    Why = "whether the access runs depends on '" + P.symbolInfo(S).Name +
          "' through '" + P.str(N) + "', which the analysis does not follow";
    return std::nullopt;
  };
  // The conditions with every bound loop at its first value, then (for
  // Iterations > 1) at its next ones: which of its first iterations run.
  for (unsigned K = 0; K < Iterations; ++K) {
    std::vector<std::optional<int64_t>> Values(P.numLoops());
    EvalEnv Env;
    Env.Block = Block;
    for (const auto &[L, First] : U.Loops) {
      auto Step = evaluate(P, *P.loop(L).Step, Env);
      if (!Step || !Step->isConstant())
        return Failed(P.loop(L).Cond);
      Values[L] = First + int64_t(K) * Step->C;
    }
    Env.LoopValues = Values;
    ShapeFinder F(P, S, Env, D.Breaks);
    for (const auto &G : U.Conditions) {
      // At the later iterations, only the loops' own conditions.
      if (K > 0 && llvm::none_of(U.Loops, [&](const auto &B) {
            return P.loop(B.first).Cond == G.first;
          }))
        continue;
      std::optional<Shape> X = F.shape(G.first);
      if (!X)
        return Failed(G.first);
      // An affine condition is true but where it is 0.
      D.Period = std::max(D.Period, F.truth(*X).Period);
      if (K == 0)
        D.Conditions.push_back((G.second ? "" : "!") + P.str(G.first));
    }
  }
  llvm::sort(D.Breaks);
  D.Breaks.erase(std::unique(D.Breaks.begin(), D.Breaks.end()), D.Breaks.end());
  return D;
}

} // namespace warplint::model::detail
