//===-- ParametricDegree.cpp - The degree as a function of a run-time value
//===//
//
// An address such as `Kj[tx * d + x]`, with d a kernel parameter, is known
// except for d; for one thread it is a_l + c_l * d bytes, a_l and c_l
// integers the evaluator computes (it keeps a uniform symbol only through
// +, -, * and << by constants, so a lane's address it gives with d
// symbolic is exactly affine in d). parametricDegree() proves the rest:
//
// - d decides nothing else: no guard, no loop and no branch condition the
//   access reads reads d, so every value of d runs the same warps, lanes,
//   loop values and branches;
// - periodicity: adding Period to d moves lane l by Period * c_l bytes. With
//   Period * (c_l - c_k) a multiple of 128 bytes for any two lanes of a
//   warp, and Period * c_l a multiple of 4, every lane keeps its bank and
//   its offset in its word and the warp's words move together: every pair
//   of lanes with the same coefficient keeps sharing a word or not. Two
//   lanes of different coefficients share a word only where |a_i - a_j +
//   d (c_i - c_j)| < 4: a few values of d, which the probe collects
//   (Exceptional).
//
// So the degree for every value of d is that of one representative of each
// residue of d modulo Period taken past every exceptional value, and that
// of each exceptional value; each of these is an ordinary analysis of the
// access with d that constant (ExprPool::withSymbolValue).
//
//===----------------------------------------------------------------------===//
#include "AccessAnalysis.h"
#include "PoolWalk.h"
#include "warplint/Model/BankModel.h"
#include "llvm/ADT/STLExtras.h"
#include <numeric>

namespace warplint::model::detail {

namespace {

constexpr unsigned MaxPeriod = 128;
constexpr size_t MaxExceptional = 512;
constexpr int64_t MaxValue = int64_t(1) << 20;

uint64_t absU(int64_t V) { return V < 0 ? 0 - uint64_t(V) : uint64_t(V); }

int64_t floorDiv(int64_t A, int64_t B) { // B > 0
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

/// Does a node reachable from Roots (through the definitions of the loops
/// they read) read symbol S?
bool readsSymbol(const ExprPool &P, llvm::ArrayRef<NodeId> Roots, unsigned S) {
  bool Found = false;
  walkPool(P, Roots, [&](NodeId, const Node &X, WalkStack &Work) {
    if (X.Kind == Op::Sym && X.Index == S) {
      Found = true;
      return WalkNext::Stop;
    }
    if (X.Kind == Op::LoopVar || X.Kind == Op::LoopExit)
      pushLoopDefinition(P, X.Index, Work);
    return WalkNext::Operands;
  });
  return Found;
}

/// Why S decides more than the address: the guards, the loops or the
/// branches the access reads read it; empty when it does not.
std::string readElsewhere(const AccessSpec &A, unsigned S) {
  const ExprPool &P = *A.Pool;
  std::string Name = "'" + P.symbolInfo(S).Name + "'";
  llvm::SmallVector<NodeId, 4> Guards;
  for (const auto &G : A.Guards)
    Guards.push_back(G.first);
  if (readsSymbol(P, Guards, S))
    return Name + " also decides which threads execute the access";
  llvm::SmallVector<NodeId, 4> Roots{A.Address};
  Roots.append(Guards.begin(), Guards.end());
  llvm::SmallVector<unsigned, 4> Loops;
  for (NodeId R : Roots)
    P.loopsRead(R, Loops);
  for (unsigned L : Loops) {
    WalkStack Defs;
    pushLoopDefinition(P, L, Defs);
    if (readsSymbol(P, Defs, S))
      return Name + " also decides the values of the loop counter '" +
             P.loop(L).Name + "'";
  }
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

using Degree = std::pair<unsigned, unsigned>; // wavefronts, phases

/// Degrees compared as fractions; (0, 0), no thread runs it, as 0.
bool less(const Degree &X, const Degree &Y) {
  uint64_t XP = X.second ? X.second : 1, YP = Y.second ? Y.second : 1;
  return uint64_t(X.first) * YP < uint64_t(Y.first) * XP;
}
bool same(const Degree &X, const Degree &Y) {
  return !less(X, Y) && !less(Y, X);
}

std::string degreeWords(const Degree &D) {
  if (!D.second)
    return "no thread executes it";
  if (D.first <= D.second)
    return "conflict-free";
  return formatDegree(D.first, D.second) + "-way";
}

/// "when 'd' is odd", "when 'd' is a multiple of 32": the residues of the
/// 2-adic valuations Lo..Hi (Hi = log2(Period) meaning "at least").
std::string valuationWords(const std::string &Name, unsigned Lo, unsigned Hi,
                           unsigned LogPeriod, unsigned MinNu) {
  auto Pow = [](unsigned E) { return std::to_string(uint64_t(1) << E); };
  if (Lo == MinNu && Hi == LogPeriod)
    return "for every value of " + Name;
  if (Hi == LogPeriod)
    return "when " + Name + " is a multiple of " + Pow(Lo);
  if (Lo == Hi)
    return Lo == 0 ? "when " + Name + " is odd"
                   : "when " + Name + " is " + Pow(Lo) + " times an odd number";
  if (Lo == 0)
    return "when " + Name + " is not a multiple of " + Pow(Hi + 1);
  return "when " + Name + " is a multiple of " + Pow(Lo) + " but not of " +
         Pow(Hi + 1);
}

/// The text of D (see ParametricDegree::Text).
std::string describe(const ParametricDegree &D) {
  std::string Name = "'" + D.Name + "'";
  unsigned LogP = 0;
  while ((1u << LogP) < D.Period)
    ++LogP;
  auto Nu = [&](unsigned R) {
    return R == 0 ? LogP : unsigned(llvm::countr_zero(R));
  };
  // Does the degree depend only on the power of two that divides d?
  std::vector<std::optional<Degree>> ByNu(LogP + 1);
  bool ByValuation = true;
  unsigned MinNu = LogP;
  for (unsigned R = 0; R < D.Period; ++R) {
    if (!D.Classes[R])
      continue;
    unsigned N = Nu(R);
    MinNu = std::min(MinNu, N);
    if (ByNu[N] && !same(*ByNu[N], *D.Classes[R]))
      ByValuation = false;
    ByNu[N] = D.Classes[R];
  }
  // (degree, words) per group, the worst first.
  std::vector<std::pair<Degree, std::string>> Groups;
  if (ByValuation) {
    for (int Hi = int(LogP); Hi >= 0;) {
      if (!ByNu[Hi]) {
        --Hi;
        continue;
      }
      int Lo = Hi;
      while (Lo > 0 && ByNu[Lo - 1] && same(*ByNu[Lo - 1], *ByNu[Hi]))
        --Lo;
      Groups.push_back({*ByNu[Hi], valuationWords(Name, unsigned(Lo),
                                                  unsigned(Hi), LogP, MinNu)});
      Hi = Lo - 1;
    }
  } else {
    std::vector<std::pair<Degree, std::vector<unsigned>>> ByDegree;
    for (unsigned R = 0; R < D.Period; ++R) {
      if (!D.Classes[R])
        continue;
      auto It = llvm::find_if(ByDegree, [&](const auto &G) {
        return same(G.first, *D.Classes[R]);
      });
      if (It == ByDegree.end())
        ByDegree.push_back({*D.Classes[R], {R}});
      else
        It->second.push_back(R);
    }
    for (const auto &[Deg, Rs] : ByDegree) {
      std::string W =
          "when " + Name + " % " + std::to_string(D.Period) + " is ";
      for (size_t I = 0; I < Rs.size() && I < 8; ++I)
        W += (I == 0               ? ""
              : I + 1 == Rs.size() ? " or "
                                   : ", ") +
             std::to_string(Rs[I]);
      if (Rs.size() > 8)
        W += ", ... (" + std::to_string(Rs.size()) + " residues)";
      Groups.push_back({Deg, W});
    }
  }
  std::stable_sort(
      Groups.begin(), Groups.end(),
      [](const auto &X, const auto &Y) { return less(Y.first, X.first); });
  std::string Out;
  if (D.Multiple > 1)
    Out = "(" + Name + " is a multiple of " + std::to_string(D.Multiple) + ") ";
  for (size_t I = 0; I < Groups.size(); ++I)
    Out +=
        (I ? "; " : "") + degreeWords(Groups[I].first) + " " + Groups[I].second;
  for (size_t I = 0; I < D.Exceptions.size() && I < 4; ++I) {
    const auto &[V, W, P] = D.Exceptions[I];
    Out += (I ? ", " : "; except ") + Name + " = " + std::to_string(V) + ": " +
           degreeWords({W, P});
  }
  if (D.Exceptions.size() > 4)
    Out += " and " + std::to_string(D.Exceptions.size() - 4) + " other values";
  return Out;
}

} // namespace

std::optional<unsigned>
onlyDifference(llvm::ArrayRef<std::pair<unsigned, int64_t>> X,
               llvm::ArrayRef<std::pair<unsigned, int64_t>> Y) {
  std::optional<unsigned> Found;
  size_t I = 0, J = 0;
  while (I < X.size() || J < Y.size()) {
    unsigned S;
    int64_t CX = 0, CY = 0;
    if (J == Y.size() || (I < X.size() && X[I].first < Y[J].first)) {
      S = X[I].first;
      CX = X[I++].second;
    } else if (I == X.size() || Y[J].first < X[I].first) {
      S = Y[J].first;
      CY = Y[J++].second;
    } else {
      S = X[I].first;
      CX = X[I++].second;
      CY = Y[J++].second;
    }
    if (CX == CY)
      continue;
    if (Found)
      return std::nullopt;
    Found = S;
  }
  return Found;
}

void AccessAnalysis::noteProbeCoeff(
    unsigned Lane, llvm::ArrayRef<std::pair<unsigned, int64_t>> Terms) {
  ProbeCoeff[Lane] = 0;
  for (auto [S, C] : Terms) {
    // The value of a node the evaluator cannot compute: it may read the
    // probed symbol in a way that is not affine.
    if (S >= P.numSymbols())
      ProbeFailed = true;
    if (S == *ProbeSym)
      ProbeCoeff[Lane] = C;
  }
}

void AccessAnalysis::probeWarp(const LaneAddresses &Lanes) {
  std::optional<int64_t> First;
  for (unsigned L = 0; L < 32; ++L) {
    if (!Lanes[L])
      continue;
    int64_t C = ProbeCoeff[L];
    CoeffGcd = std::gcd(CoeffGcd, absU(C));
    if (!First)
      First = C;
    else
      DiffGcd = std::gcd(DiffGcd, absU(C - *First));
  }
  if (A.Budget)
    A.Budget->Used += 32;
  for (unsigned I = 0; I < 32; ++I)
    for (unsigned J = I + 1; J < 32 && Lanes[I]; ++J) {
      if (!Lanes[J] || ProbeCoeff[I] == ProbeCoeff[J])
        continue;
      int64_t DA = *Lanes[I] - *Lanes[J], DC = ProbeCoeff[I] - ProbeCoeff[J];
      if (absU(DA) > (uint64_t(1) << 40) || absU(DC) > (uint64_t(1) << 20)) {
        ProbeFailed = true;
        return;
      }
      if (DC < 0) {
        DA = -DA;
        DC = -DC;
      }
      // The same word needs |DA + v * DC| <= 3.
      int64_t Lo = -floorDiv(3 + DA, DC), Hi = floorDiv(3 - DA, DC);
      for (int64_t V = Lo; V <= Hi; ++V)
        Exceptional.push_back(V);
    }
  if (Exceptional.size() > 8 * MaxExceptional) {
    llvm::sort(Exceptional);
    Exceptional.erase(std::unique(Exceptional.begin(), Exceptional.end()),
                      Exceptional.end());
    if (Exceptional.size() > MaxExceptional)
      ProbeFailed = true;
  }
}

std::optional<ParametricDegree> parametricDegree(const AccessSpec &A,
                                                 const Dim3 &Block, unsigned S,
                                                 std::string &Why) {
  const ExprPool &P = *A.Pool;
  const Symbol &Info = P.symbolInfo(S);
  if (S >= P.numSymbols() || Info.SharedAddress)
    return std::nullopt;
  if (Why = readElsewhere(A, S); !Why.empty())
    return std::nullopt;
  AccessAnalysis Probe(A, Block);
  Probe.ProbeSym = S;
  AccessResult First = Probe.run();
  if (First.State != AccessResult::Ok) {
    Why = First.Why;
    return std::nullopt;
  }
  std::vector<int64_t> &E = Probe.Exceptional;
  llvm::sort(E);
  E.erase(std::unique(E.begin(), E.end()), E.end());
  if (Probe.ProbeFailed || E.size() > MaxExceptional) {
    Why = "the address reads '" + Info.Name +
          "' through a value the analysis cannot compute, or too many of its "
          "values are exceptions";
    return std::nullopt;
  }
  ParametricDegree D;
  D.Name = Info.Name;
  D.Multiple = Info.Multiple ? Info.Multiple : 1;
  D.NonNegative = Info.NonNegative;
  // The period: every lane keeps its bank and its offset in its word.
  D.Period = 1;
  while (D.Period < MaxPeriod &&
         ((D.Period * Probe.DiffGcd) % 128 || (D.Period * Probe.CoeffGcd) % 4))
    D.Period *= 2;
  auto InDomain = [&](int64_t V) {
    return absU(V) % D.Multiple == 0 && (!D.NonNegative || V >= 0);
  };
  // The degree for one value.
  auto DegreeAt = [&](int64_t V) -> std::optional<Degree> {
    ExprPool Q = P.withSymbolValue(S, V);
    AccessSpec B = A;
    B.Pool = &Q;
    AccessResult R = analyzeOnce(B, Block, nullptr);
    if (R.State == AccessResult::NeverRuns)
      return Degree{0, 0};
    if (R.State == AccessResult::Ok)
      return Degree{R.Wavefronts, R.Phases};
    Why = "for '" + Info.Name + "' = " + std::to_string(V) + ": " + R.Why;
    return std::nullopt;
  };
  int64_t Base = E.empty() ? 0 : std::max<int64_t>(0, E.back() + 1);
  Base = (Base + D.Period - 1) / D.Period * D.Period;
  uint64_t G = std::gcd(D.Multiple, uint64_t(D.Period));
  D.Classes.assign(D.Period, std::nullopt);
  std::optional<Degree> Min, Max;
  auto Note = [&](const Degree &X) {
    if (!Min || less(X, *Min))
      Min = X;
    if (!Max || less(*Max, X))
      Max = X;
  };
  for (unsigned R = 0; R < D.Period; ++R) {
    if (R % G)
      continue; // no multiple of Multiple has this residue
    int64_t V = Base + R;
    while (V % int64_t(D.Multiple) && V < MaxValue)
      V += D.Period;
    if (V >= MaxValue) {
      Why = "its values would be too large to try";
      return std::nullopt;
    }
    std::optional<Degree> X = DegreeAt(V);
    if (!X)
      return std::nullopt;
    D.Classes[R] = *X;
    Note(*X);
  }
  for (int64_t V : E) {
    if (!InDomain(V))
      continue;
    std::optional<Degree> X = DegreeAt(V);
    if (!X)
      return std::nullopt;
    unsigned R = unsigned(((V % D.Period) + D.Period) % D.Period);
    if (!D.Classes[R] || !same(*D.Classes[R], *X))
      D.Exceptions.push_back({V, X->first, X->second});
    Note(*X);
  }
  if (!Min)
    return std::nullopt;
  D.Min = *Min;
  D.Max = *Max;
  D.Text = describe(D);
  return D;
}

} // namespace warplint::model::detail
