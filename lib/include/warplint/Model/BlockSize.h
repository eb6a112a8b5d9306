//===-- BlockSize.h - Launch-configuration limits of a thread block -*- C++
//-*-===//
///
/// The pure model behind warplint-block-size: given a block shape (and the
/// kernel's __launch_bounds__ maximum, when it has one), what the hardware does
/// with it. Depends on nothing but the standard library, so it is unit-tested
/// without an AST.
///
/// The limits are those of every compute capability from 5.0 to 12.1 (CUDA C++
/// Programming Guide, "Technical Specifications per Compute Capability"):
/// at most 1024 threads per block, blockDim.x and .y at most 1024, .z at most
/// 64; a warp is 32 threads. See docs/checks/warplint-block-size.md.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_BLOCKSIZE_H
#define WARPLINT_MODEL_BLOCKSIZE_H

#include <cstdint>
#include <optional>
#include <string>

namespace warplint::model {

constexpr uint64_t WarpSize = 32;
constexpr uint64_t MaxThreadsPerBlock = 1024;
constexpr uint64_t MaxBlockDim[3] = {1024, 1024, 64};

struct Dim3 {
  uint64_t X = 1, Y = 1, Z = 1;
  uint64_t operator[](unsigned I) const { return I == 0 ? X : I == 1 ? Y : Z; }
  /// Saturates instead of wrapping, so that huge shapes stay "too large".
  uint64_t threads() const;
  std::string str() const; ///< "32x8x1"
  bool operator==(const Dim3 &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
};

/// How a block of Threads threads fills warps.
struct WarpUse {
  uint64_t Warps = 0;
  uint64_t IdleLanes = 0;
  double idlePercent() const; ///< share of the allocated lanes left idle
};
WarpUse warpUse(uint64_t Threads);

enum class BlockProblem {
  None,
  ZeroDim,           ///< Dim: which dimension is 0
  DimTooLarge,       ///< Dim: which dimension is above its limit
  TooManyThreads,    ///< more than 1024 threads
  AboveLaunchBounds, ///< more threads than the kernel's __launch_bounds__
  NotWarpMultiple,   ///< a partial warp: lanes idle (a warning, not an error)
};

struct BlockVerdict {
  BlockProblem Problem = BlockProblem::None;
  unsigned Dim = 0;   ///< for ZeroDim and DimTooLarge: 0=x, 1=y, 2=z
  uint64_t Limit = 0; ///< the limit that was crossed
  bool isError() const {
    return Problem != BlockProblem::None &&
           Problem != BlockProblem::NotWarpMultiple;
  }
};

/// The most important problem of launching a block of shape D: errors (the
/// launch cannot succeed) before the partial-warp warning.
BlockVerdict checkBlock(const Dim3 &D,
                        std::optional<uint64_t> LaunchBoundsMax = std::nullopt);

/// "%.1f" of a percentage, e.g. 21.9.
std::string formatPercent(double P);

} // namespace warplint::model

#endif // WARPLINT_MODEL_BLOCKSIZE_H
