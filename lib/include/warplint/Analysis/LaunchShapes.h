//===-- LaunchShapes.h - The block shapes kernels are launched with -*- C++
//-*-===//
///
/// What host code fixes of each kernel launch: the block shape, and the
/// values it gives the kernel's integer parameters. A launch in a host
/// function is evaluated through each chain of calls (up to three deep)
/// that reaches that function in the file, its parameters bound to the
/// arguments (an argument read from a constant array taken element by
/// element); with what the branches around the launch fix of the
/// variables they test (`case 512:`); and, for a `?:` whose condition is
/// not known, with each arm. Every combination that gives a valid shape
/// is a way the kernel may run.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LAUNCHSHAPES_H
#define WARPLINT_ANALYSIS_LAUNCHSHAPES_H

#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEngine.h"

namespace warplint {

/// The block shape of launch S under A, when the code fixes it.
std::optional<model::Dim3> launchBlock(ValueEngine &Values, const LaunchSite &S,
                                       const Assumptions &A,
                                       ValueTrace *Trace = nullptr);

/// cudaLaunchKernelEx: the expression that last set the field Name of the
/// launch's cudaLaunchConfig_t before the launch, when one does.
const clang::Expr *launchConfigField(ValueEngine &Values, const LaunchSite &S,
                                     llvm::StringRef Name);

/// The key of a kernel in a LaunchTable: the same in every parse of a file.
std::string kernelKey(const clang::FunctionDecl *Kernel);

class LaunchShapes {
public:
  LaunchShapes(const TUIndex &Index, ValueEngine &Values)
      : Index(Index), Values(Values) {}

  /// Finds the shapes of every launch of the file.
  void run();

  /// The shapes of Kernel's launches: those another parse of the file saw
  /// (Known), else this parse's, else Default (Assumed set).
  std::vector<LaunchShape> of(const clang::FunctionDecl *Kernel,
                              const LaunchTable *Known,
                              const model::Dim3 &Default, bool &Assumed) const;

  /// This parse's shapes, for another parse (LaunchExchange::Seen).
  void exportTo(LaunchTable &Seen) const;

private:
  const TUIndex &Index;
  ValueEngine &Values;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<LaunchShape>>
      KernelLaunches;

  /// The assumptions host function H is asked under: one per chain of
  /// calls (up to Depth deep) that reaches it in this file, each argument
  /// an element of the constant array it reads one at a time; H alone
  /// when no call reaches it.
  std::vector<Assumptions> callersOf(const clang::FunctionDecl *H,
                                     unsigned Depth);
  /// The launch's shapes under A: each combination of the arms of the
  /// `?:` whose condition is not known (at most MaxChoices of them).
  void shapesUnder(const LaunchSite &S, Assumptions A,
                   std::vector<LaunchShape> &Out);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_LAUNCHSHAPES_H
