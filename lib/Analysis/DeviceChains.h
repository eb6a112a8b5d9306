//===-- DeviceChains.h - Chains of calls from kernels (private) -*- C++ -*-===//
///
/// The chains of calls through which a device function runs: from each
/// kernel of the file that reaches it, a few deep (the device side's
/// CallChain, whose first function is the kernel).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DEVICECHAINS_H
#define WARPLINT_ANALYSIS_DEVICECHAINS_H

#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEngine.h"

namespace warplint {

class DeviceChains {
public:
  explicit DeviceChains(TUIndex &Index);

  /// One way F runs: a chain of calls from Kernel (null when none reaches
  /// F: the chain is F alone, with the reason in Chain.NoCaller).
  struct Context {
    CallChain Chain;
    const clang::FunctionDecl *Kernel = nullptr;
  };
  /// The chains of up to MaxDepth calls from a kernel to F (at most
  /// MaxChains), depth first over the callers; F alone for a kernel.
  std::vector<Context> to(const clang::FunctionDecl *F) const;

  // FIXME: fixed bounds; a device function reached only through a longer
  // chain, or from another translation unit, is analysed without its
  // caller's arguments (the reason says so). MaxExplored bounds the partial
  // chains the search looks at, whatever the depth: device code where every
  // helper calls several others has many.
  static constexpr unsigned MaxDepth = 12, MaxChains = 8, MaxExplored = 4096;

private:
  TUIndex &Index;
  /// TUIndex::DeviceCalls by callee (its canonical declaration), in order.
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<TUIndex::DeviceCall, 2>>
      CallersOf;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_DEVICECHAINS_H
