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
#include <map>
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

using ClassList = std::vector<std::optional<Degree>>;

/// The degree per residue class of a value of period Period, the worst
/// first: "32-way when 'd' is a multiple of 32; ...; conflict-free when
/// 'd' is odd", groups joined by Sep.
std::string classesText(const std::string &Name, unsigned Period,
                        const ClassList &Classes, const char *Sep) {
  unsigned LogP = 0;
  while ((1u << LogP) < Period)
    ++LogP;
  auto Nu = [&](unsigned R) {
    return R == 0 ? LogP : unsigned(llvm::countr_zero(R));
  };
  // Does the degree depend only on the power of two that divides d?
  std::vector<std::optional<Degree>> ByNu(LogP + 1);
  bool ByValuation = true;
  unsigned MinNu = LogP;
  for (unsigned R = 0; R < Period; ++R) {
    if (!Classes[R])
      continue;
    unsigned N = Nu(R);
    MinNu = std::min(MinNu, N);
    if (ByNu[N] && !same(*ByNu[N], *Classes[R]))
      ByValuation = false;
    ByNu[N] = Classes[R];
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
    for (unsigned R = 0; R < Period; ++R) {
      if (!Classes[R])
        continue;
      auto It = llvm::find_if(
          ByDegree, [&](const auto &G) { return same(G.first, *Classes[R]); });
      if (It == ByDegree.end())
        ByDegree.push_back({*Classes[R], {R}});
      else
        It->second.push_back(R);
    }
    for (const auto &[Deg, Rs] : ByDegree) {
      std::string W = "when " + Name + " % " + std::to_string(Period) + " is ";
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
  for (size_t I = 0; I < Groups.size(); ++I)
    Out +=
        (I ? Sep : "") + degreeWords(Groups[I].first) + " " + Groups[I].second;
  return Out;
}

/// The text of D (see ParametricDegree::Text).
std::string describe(const ParametricDegree &D) {
  std::string Name = "'" + D.Name + "'";
  std::string Out;
  if (D.Multiple > 1)
    Out = "(" + Name + " is a multiple of " + std::to_string(D.Multiple) + ") ";
  Out += classesText(Name, D.Period, D.Classes, "; ");
  if (D.Below) {
    std::string Less = Name + " < " + std::to_string(*D.Below);
    std::optional<Degree> One;
    bool Uniform = true;
    for (const auto &C : D.BelowClasses)
      if (C) {
        Uniform &= !One || same(*One, *C);
        One = C;
      }
    if (One && Uniform)
      Out += "; " + degreeWords(*One) + " when " + Less;
    else if (One)
      Out += "; when " + Less + ": " +
             classesText(Name, D.Period, D.BelowClasses, ", ");
  }
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

namespace {

/// The degree of an access for each value of a run-time value, computed
/// one value at a time; the classes of D from representatives.
class ValueDegrees {
public:
  ValueDegrees(const AccessSpec &A, const Dim3 &Block, unsigned S,
               ParametricDegree &D, std::string &Why)
      : A(A), Block(Block), S(S), D(D), Why(Why) {}

  bool inDomain(int64_t V) const {
    return absU(V) % D.Multiple == 0 && (!D.NonNegative || V >= 0);
  }

  /// The degree for V (memoised); std::nullopt, with Why, where the
  /// analysis of that value fails.
  std::optional<Degree> at(int64_t V) {
    if (auto It = Memo.find(V); It != Memo.end())
      return It->second;
    ExprPool Q = A.Pool->withSymbolValue(S, V);
    AccessSpec B = A;
    B.Pool = &Q;
    AccessResult R = analyzeOnce(B, Block, nullptr);
    std::optional<Degree> X;
    if (R.State == AccessResult::NeverRuns)
      X = Degree{0, 0};
    else if (R.State == AccessResult::Ok)
      X = Degree{R.Wavefronts, R.Phases};
    else
      Why = "for '" + D.Name + "' = " + std::to_string(V) + ": " + R.Why;
    Memo[V] = X;
    return X;
  }

  /// Per residue modulo D.Period, the degree of the first value of that
  /// residue (and a multiple of D.Multiple) from From on, going up (Dir
  /// 1) or down (Dir -1); false, with Why, where one fails.
  bool classes(int64_t From, int Dir, ClassList &Out) {
    uint64_t G = std::gcd(D.Multiple, uint64_t(D.Period));
    Out.assign(D.Period, std::nullopt);
    for (unsigned K = 0; K < D.Period; ++K) {
      int64_t V = From + Dir * int64_t(K);
      unsigned R = residue(V);
      if (R % G)
        continue; // no multiple of Multiple has this residue
      while (V % int64_t(D.Multiple) && absU(V) < uint64_t(MaxValue))
        V += Dir * int64_t(D.Period);
      if (absU(V) >= uint64_t(MaxValue)) {
        Why = "its values would be too large to try";
        return false;
      }
      std::optional<Degree> X = at(V);
      if (!X)
        return false;
      Out[R] = *X;
    }
    return true;
  }

  unsigned residue(int64_t V) const {
    return unsigned(((V % D.Period) + D.Period) % D.Period);
  }

private:
  const AccessSpec &A;
  const Dim3 &Block;
  unsigned S;
  ParametricDegree &D;
  std::string &Why;
  std::map<int64_t, std::optional<Degree>> Memo;
};

/// D's classes, where no condition on the value decides whether the
/// access runs: every value but the exceptions E has its residue's degree.
bool periodicClasses(ValueDegrees &VD, ParametricDegree &D,
                     llvm::ArrayRef<int64_t> E) {
  int64_t Base = E.empty() ? 0 : std::max<int64_t>(0, E.back() + 1);
  Base = (Base + D.Period - 1) / D.Period * D.Period;
  if (!VD.classes(Base, 1, D.Classes))
    return false;
  for (int64_t V : E) {
    if (!VD.inDomain(V))
      continue;
    std::optional<Degree> X = VD.at(V);
    if (!X)
      return false;
    const auto &C = D.Classes[VD.residue(V)];
    if (!C || !same(*C, *X))
      D.Exceptions.push_back({V, X->first, X->second});
  }
  return true;
}

/// D's classes where conditions on the value (Dom) decide whether the
/// access runs: both the banks (but at the exceptions E) and the
/// conditions (but between their breaks) repeat with D.Period, so the
/// values above every break and exception take their residue's degree,
/// those below every one theirs (BelowClasses), and those between are
/// tried one by one.
bool domainClasses(ValueDegrees &VD, ParametricDegree &D,
                   llvm::ArrayRef<int64_t> E, const DomainShape &Dom,
                   std::string &Why) {
  constexpr int64_t MaxMiddle = 1024;
  llvm::SmallVector<int64_t, 8> Ends(E.begin(), E.end());
  Ends.append(Dom.Breaks.begin(), Dom.Breaks.end());
  int64_t Down = Ends.empty() ? 0 : *llvm::min_element(Ends);
  int64_t Up = Ends.empty() ? 0 : *llvm::max_element(Ends) + 1;
  if (D.NonNegative) {
    Down = std::max<int64_t>(Down, 0);
    Up = std::max(Up, Down);
  }
  if (Up - Down > MaxMiddle || absU(Down) > uint64_t(MaxValue) ||
      absU(Up) > uint64_t(MaxValue)) {
    Why = "the values of '" + D.Name +
          "' its conditions single out are too "
          "many to try";
    return false;
  }
  if (!VD.classes(Up, 1, D.Classes))
    return false;
  ClassList BelowC;
  if (!D.NonNegative && !VD.classes(Down - 1, -1, BelowC))
    return false;
  auto Same = [](const std::optional<Degree> &C, const Degree &X) {
    return C && same(*C, X);
  };
  // The middle: the upper classes as far down as they hold, then the
  // lower ones as far up; what is left between is exceptions.
  int64_t Lo = Down, Hi = Up;
  for (; Hi > Down; --Hi) {
    if (!VD.inDomain(Hi - 1))
      continue;
    std::optional<Degree> X = VD.at(Hi - 1);
    if (!X)
      return false;
    if (!Same(D.Classes[VD.residue(Hi - 1)], *X))
      break;
  }
  for (; !D.NonNegative && Lo < Hi; ++Lo) {
    if (!VD.inDomain(Lo))
      continue;
    std::optional<Degree> X = VD.at(Lo);
    if (!X)
      return false;
    if (!Same(BelowC[VD.residue(Lo)], *X))
      break;
  }
  for (int64_t V = Lo; V < Hi; ++V) {
    if (!VD.inDomain(V))
      continue;
    std::optional<Degree> X = VD.at(V);
    if (!X)
      return false;
    if (!Same(D.Classes[VD.residue(V)], *X))
      D.Exceptions.push_back({V, X->first, X->second});
  }
  bool Differ = false;
  for (unsigned R = 0; R < D.Period && !D.NonNegative; ++R)
    Differ |= BelowC[R].has_value() != D.Classes[R].has_value() ||
              (BelowC[R] && !same(*BelowC[R], *D.Classes[R]));
  if (Differ) {
    D.Below = Lo;
    D.BelowClasses = std::move(BelowC);
  }
  D.Conditions = Dom.Conditions;
  return true;
}

} // namespace

std::optional<ParametricDegree> parametricDegree(const AccessSpec &A,
                                                 const Dim3 &Block, unsigned S,
                                                 std::string &Why) {
  const ExprPool &P = *A.Pool;
  const Symbol &Info = P.symbolInfo(S);
  if (S >= P.numSymbols() || Info.SharedAddress)
    return std::nullopt;
  UniformUses Uses;
  if (Why = usesOf(A, S, Block, Uses); !Why.empty())
    return std::nullopt;
  AccessAnalysis Probe(A, Block);
  Probe.ProbeSym = S;
  for (const auto &[L, First] : Uses.Loops)
    Probe.BoundLoops.push_back(L);
  AccessResult First = Probe.run();
  if (First.State != AccessResult::Ok) {
    Why = First.Why;
    return std::nullopt;
  }
  // A bound loop that moves the lanes by part of a word: its iterations
  // may differ, with a period of at most 4 iterations (4 bytes); where
  // the conditions let its first 4 iterations run or not alike, the
  // degree is the worst of those that run, which each value's analysis
  // gives.
  std::optional<DomainShape> Dom;
  if (!Uses.Conditions.empty())
    if (Dom = domainShape(A, S, Block, Uses, Probe.BoundUnaligned ? 4 : 1, Why);
        !Dom)
      return std::nullopt;
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
  ValueDegrees VD(A, Block, S, D, Why);
  if (Dom) {
    D.Period = std::max(D.Period, Dom->Period);
    if (!domainClasses(VD, D, E, *Dom, Why))
      return std::nullopt;
  } else if (!periodicClasses(VD, D, E)) {
    return std::nullopt;
  }
  // The least and greatest degree over the values for which it runs.
  std::optional<Degree> Min, Max;
  auto Note = [&](const std::optional<Degree> &X) {
    if (!X)
      return;
    if (!X->second) {
      D.NeverForSome = true;
      return;
    }
    if (!Min || less(*X, *Min))
      Min = X;
    if (!Max || less(*Max, *X))
      Max = X;
  };
  for (const auto &C : D.Classes)
    Note(C);
  for (const auto &C : D.BelowClasses)
    Note(C);
  for (const auto &[V, W, Ph] : D.Exceptions)
    Note(Degree{W, Ph});
  if (!Min && !D.NeverForSome)
    return std::nullopt;
  D.Min = Min.value_or(Degree{0, 0});
  D.Max = Max.value_or(Degree{0, 0});
  D.Text = describe(D);
  return D;
}

} // namespace warplint::model::detail
