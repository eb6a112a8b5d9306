//===-- BlockSize.cpp - Launch-configuration limits of a thread block -----===//
#include "warplint/Model/BlockSize.h"
#include <cstdio>

namespace warplint::model {

uint64_t Dim3::threads() const {
  unsigned __int128 T = (unsigned __int128)X * Y * Z;
  return T > UINT64_MAX ? UINT64_MAX : (uint64_t)T;
}

std::string Dim3::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

WarpUse warpUse(uint64_t Threads) {
  WarpUse U;
  U.Warps = Threads / WarpSize + (Threads % WarpSize ? 1 : 0);
  U.IdleLanes = U.Warps * WarpSize - Threads;
  return U;
}

double WarpUse::idlePercent() const {
  return Warps ? 100.0 * (double)IdleLanes / (double)(Warps * WarpSize) : 0.0;
}

BlockVerdict checkBlock(const Dim3 &D,
                        std::optional<uint64_t> LaunchBoundsMax) {
  BlockVerdict V;
  for (unsigned I = 0; I < 3; ++I)
    if (D[I] == 0) {
      V.Problem = BlockProblem::ZeroDim;
      V.Dim = I;
      return V;
    }
  for (unsigned I = 0; I < 3; ++I)
    if (D[I] > MaxBlockDim[I]) {
      V.Problem = BlockProblem::DimTooLarge;
      V.Dim = I;
      V.Limit = MaxBlockDim[I];
      return V;
    }
  uint64_t T = D.threads();
  if (T > MaxThreadsPerBlock) {
    V.Problem = BlockProblem::TooManyThreads;
    V.Limit = MaxThreadsPerBlock;
    return V;
  }
  if (LaunchBoundsMax && *LaunchBoundsMax > 0 && T > *LaunchBoundsMax) {
    V.Problem = BlockProblem::AboveLaunchBounds;
    V.Limit = *LaunchBoundsMax;
    return V;
  }
  if (T % WarpSize != 0)
    V.Problem = BlockProblem::NotWarpMultiple;
  return V;
}

std::string formatPercent(double P) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.1f", P);
  return Buf;
}

} // namespace warplint::model
