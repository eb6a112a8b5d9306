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

} // namespace warplint::model
