//===-- OccupancySweep.cpp - Occupancy curves of one launch ---------------===//
#include "warplint/Model/OccupancySweep.h"
#include <algorithm>

using namespace llvm;

namespace warplint::model {

StringRef sweepAxisName(SweepAxis Axis) {
  switch (Axis) {
  case SweepAxis::Threads:
    return "threads";
  case SweepAxis::Regs:
    return "regs";
  case SweepAxis::Smem:
    return "smem";
  }
  return "unknown";
}

StringRef sweepAxisTitle(SweepAxis Axis) {
  switch (Axis) {
  case SweepAxis::Threads:
    return "threads per block";
  case SweepAxis::Regs:
    return "registers per thread";
  case SweepAxis::Smem:
    return "shared memory per block";
  }
  return "";
}

std::optional<SweepAxis> parseSweepAxis(StringRef Name) {
  for (SweepAxis A : {SweepAxis::Threads, SweepAxis::Regs, SweepAxis::Smem})
    if (Name == sweepAxisName(A))
      return A;
  return std::nullopt;
}

uint64_t sweepValue(const OccupancyInput &In, SweepAxis Axis) {
  switch (Axis) {
  case SweepAxis::Threads:
    return In.Threads;
  case SweepAxis::Regs:
    return In.Regs;
  case SweepAxis::Smem:
    return In.Smem;
  }
  return 0;
}

OccupancyInput withSweepValue(OccupancyInput In, SweepAxis Axis,
                              uint64_t Value) {
  switch (Axis) {
  case SweepAxis::Threads:
    In.Threads = Value;
    break;
  case SweepAxis::Regs:
    In.Regs = Value;
    break;
  case SweepAxis::Smem:
    In.Smem = Value;
    break;
  }
  return In;
}

SweepRange sweepRange(const SmArch &A, SweepAxis Axis) {
  switch (Axis) {
  case SweepAxis::Threads:
    return {SmArch::WarpSize, SmArch::WarpSize, SmArch::MaxThreadsPerBlock};
  case SweepAxis::Regs:
    // ptxas allocates at most 255 registers per thread (occupancySteps
    // searches the same range).
    return {1, 1, std::min(255u, A.MaxRegsPerThread)};
  case SweepAxis::Smem: {
    uint64_t Max = A.maxSmemPerBlock();
    return {0, A.SmemAllocUnit, Max - Max % A.SmemAllocUnit};
  }
  }
  return {};
}

std::vector<SweepPoint>
sweepOccupancy(const SmArch &A, const OccupancyInput &In, SweepAxis Axis) {
  SweepRange R = sweepRange(A, Axis);
  uint64_t Own = sweepValue(In, Axis);
  bool OwnInRange = Own >= R.First && Own <= R.Last;
  std::vector<SweepPoint> Points;
  Points.reserve((R.Last - R.First) / R.Step + 2);
  auto Add = [&](uint64_t V) {
    SweepPoint P;
    P.Value = V;
    P.Current = V == Own;
    P.Result = computeOccupancy(A, withSweepValue(In, Axis, V));
    Points.push_back(std::move(P));
  };
  for (uint64_t V = R.First; V <= R.Last; V += R.Step) {
    // The launch's own value between two steps goes between them.
    if (OwnInRange && Own < V && Own > V - R.Step)
      Add(Own);
    Add(V);
  }
  return Points;
}

} // namespace warplint::model
