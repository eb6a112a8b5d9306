//===-- BankText.cpp - The bank model in words ----------------------------===//
//
// How warplint prints what the bank model found (BankModel.h): a degree
// ("1.5"), a block shape ("32x8"), a set of lanes ("lanes 0, 2, ..., 30")
// and the cause of the worst warp's conflict.
//
//===----------------------------------------------------------------------===//
#include "BankWords.h"
#include "warplint/Model/BankModel.h"
#include "llvm/ADT/STLExtras.h"

namespace warplint::model {

using namespace detail;

std::string formatDegree(unsigned Wavefronts, unsigned Phases) {
  if (!Phases)
    return "0";
  if (Wavefronts % Phases == 0)
    return std::to_string(Wavefronts / Phases);
  // Phases is 2 or 4: at most two decimals.
  unsigned Hundredths = Wavefronts * 100 / Phases;
  std::string S = std::to_string(Hundredths / 100) + ".";
  unsigned Frac = Hundredths % 100;
  if (Frac % 10 == 0)
    S += std::to_string(Frac / 10);
  else
    S += (Frac < 10 ? "0" : "") + std::to_string(Frac);
  return S;
}

std::string shapeText(const Dim3 &D) {
  std::string S = std::to_string(D.X) + "x" + std::to_string(D.Y);
  if (D.Z != 1)
    S += "x" + std::to_string(D.Z);
  return S;
}

std::string formatLanes(llvm::ArrayRef<unsigned> Lanes) {
  size_t N = Lanes.size();
  if (N == 0)
    return "no lanes";
  if (N == 1)
    return "lane " + std::to_string(Lanes[0]);
  if (N == 2)
    return "lanes " + std::to_string(Lanes[0]) + " and " +
           std::to_string(Lanes[1]);
  bool AP = true;
  int64_t D = int64_t(Lanes[1]) - Lanes[0];
  for (size_t I = 2; I < N; ++I)
    AP &= int64_t(Lanes[I]) - Lanes[I - 1] == D;
  if (AP && D == 1)
    return "lanes " + std::to_string(Lanes[0]) + ".." +
           std::to_string(Lanes[N - 1]);
  std::string S = "lanes ";
  if (N <= 4) {
    for (size_t I = 0; I < N; ++I)
      S += (I == 0       ? ""
            : I + 1 == N ? " and "
                         : ", ") +
           std::to_string(Lanes[I]);
    return S;
  }
  if (AP)
    return S + std::to_string(Lanes[0]) + ", " + std::to_string(Lanes[1]) +
           ", ..., " + std::to_string(Lanes[N - 1]);
  return S + std::to_string(Lanes[0]) + ", " + std::to_string(Lanes[1]) + ", " +
         std::to_string(Lanes[2]) + " and " + std::to_string(N - 3) + " more";
}

std::string describeConflict(const AccessResult &R, unsigned Bytes) {
  unsigned Phases = phasesFor(Bytes);
  unsigned PerPhase = 32 / Phases;
  unsigned Ph = R.Banks.WorstPhase, Bank = R.Banks.WorstBank;
  llvm::SmallVector<unsigned, 32> Lanes;
  for (unsigned L = Ph * PerPhase; L < (Ph + 1) * PerPhase; ++L) {
    if (!R.Lanes[L])
      continue;
    auto [First, Last] = wordSpan(*R.Lanes[L], Bytes);
    for (int64_t W = First; W <= Last; ++W)
      if (bankOf(W) == Bank) {
        Lanes.push_back(L);
        break;
      }
  }
  std::string S = formatLanes(Lanes) + " hit bank " + std::to_string(Bank);
  // A constant stride between the lanes of the warp names the cause.
  std::optional<int64_t> Stride;
  std::optional<std::pair<unsigned, int64_t>> Prev;
  bool AP = true;
  for (unsigned L = 0; L < 32 && AP; ++L) {
    if (!R.Lanes[L])
      continue;
    if (Prev) {
      int64_t DL = int64_t(L) - Prev->first;
      int64_t DA = *R.Lanes[L] - Prev->second;
      if (DA % DL != 0 || (Stride && *Stride != DA / DL))
        AP = false;
      else
        Stride = DA / DL;
    }
    Prev = {L, *R.Lanes[L]};
  }
  if (AP && Stride && *Stride != 0) {
    int64_t A = *Stride < 0 ? -*Stride : *Stride;
    if (A % BankBytes == 0)
      S += " with a stride of " + std::to_string(A / BankBytes) +
           (A == BankBytes ? " word" : " words");
    else
      S += " with a stride of " + std::to_string(A) + " bytes";
  } else {
    S += " in " + std::to_string(R.Banks.WorstWords) + " different words";
  }
  return S;
}

std::string cycleValuesText(const AccessResult &R) {
  auto Words = [](std::pair<unsigned, unsigned> D) -> std::string {
    if (!D.second)
      return "no thread executes it";
    if (D.first <= D.second)
      return "conflict-free";
    return formatDegree(D.first, D.second) + "-way";
  };
  auto Same = [](std::pair<unsigned, unsigned> X,
                 std::pair<unsigned, unsigned> Y) {
    return uint64_t(X.first) * Y.second == uint64_t(Y.first) * X.second &&
           (X.second == 0) == (Y.second == 0);
  };
  std::string Out;
  const auto &V = R.ByCycleValue;
  for (size_t I = 0; I < V.size();) {
    size_t J = I + 1;
    while (J < V.size() && Same(V[J].second, V[I].second))
      ++J;
    Out += (I ? ", " : "") + Words(V[I].second) + " at " +
           std::to_string(V[I].first);
    if (J - I == 2)
      Out += " and " + std::to_string(V[J - 1].first);
    else if (J - I > 2)
      Out += ", ..., " + std::to_string(V[J - 1].first) + " (" +
             std::to_string(J - I) + " values)";
    I = J;
  }
  return "'" + R.CycleLoop + "' stops at a bound known only at run time; " +
         "the degree is the worst over the values it takes, in order: " + Out;
}

} // namespace warplint::model
