//===-- LaunchShapes.h - The block shapes kernels are launched with -*- C++
//-*-===//
///
/// What host code fixes of each kernel launch: the block shape, and the
/// values it gives the kernel's integer parameters. A launch in a host
/// function is evaluated through each chain of calls (up to MaxHostDepth
/// deep, MaxBindings bindings of each function's parameters; the limit is
/// named when reached) that reaches that function in the file, its
/// parameters bound to the
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
#include <memory>
#include <set>

namespace clang {
class ASTNameGenerator;
}

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
  /// Project: the calls of other translation units (ProjectIndex.h), for a
  /// host function no call in this file reaches.
  LaunchShapes(const TUIndex &Index, ValueEngine &Values,
               const ProjectIndex *Project = nullptr);
  ~LaunchShapes();

  /// Finds the shapes of every launch of the file.
  void run();

  /// The shapes of Kernel's launches: those another parse of the file saw
  /// (Known), else this parse's, else Default (Assumed set, and *Why, when
  /// given, says why no launch of this parse gave one: empty when there is
  /// none).
  std::vector<LaunchShape> of(const clang::FunctionDecl *Kernel,
                              const LaunchTable *Known,
                              const model::Dim3 &Default, bool &Assumed,
                              std::string *Why = nullptr) const;

  /// How many host calls deep the callers of a launch's function are
  /// followed, and how many bindings of one function's parameters.
  static constexpr unsigned MaxHostDepth = 8;
  static constexpr size_t MaxBindings = 64;
  /// How many questions one launch's shapes may ask (each binding, arm and
  /// iteration tried is one).
  static constexpr size_t MaxTries = 512;

  /// The kernels some launch gave a shape while another gave none, with
  /// why (its shapes are those of the launches that gave one).
  std::vector<std::pair<const clang::FunctionDecl *, std::string>>
  partial() const;

  /// This parse's shapes, for another parse (LaunchExchange::Seen).
  void exportTo(LaunchTable &Seen) const;
  /// The host functions run() met with no caller in this file and integer
  /// parameters, and the kernels no launch of this file gives a shape, by
  /// linkage name (LaunchExchange::Wanted).
  const std::set<std::string> &wanted() const { return Wanted; }

  /// The calls of this file's host code to functions defined in another
  /// translation unit, once per chain of calls that reaches the caller in
  /// this file (LaunchExchange::Outgoing); those that fix no integer
  /// argument are left out. Launches of kernels another translation unit
  /// defines are among them, once per shape, with the block.
  void callsOut(std::vector<ProjectCall> &Out);

private:
  const TUIndex &Index;
  ValueEngine &Values;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<LaunchShape>>
      KernelLaunches;
  const ProjectIndex *Project;
  std::set<std::string> Wanted;
  std::unique_ptr<clang::ASTNameGenerator> Names;

  /// F's linkage name, the same in every translation unit of the build;
  /// empty for a function with internal linkage.
  std::string linkName(const clang::FunctionDecl *F);
  /// The assumptions H is asked under when no call in this file reaches
  /// it: one per call of the project index, else H alone.
  std::vector<Assumptions> uncalled(const clang::FunctionDecl *H);
  size_t TriesLeft = MaxTries; ///< for the launch being evaluated
  /// Why a kernel's launches gave it no shape (the first launch's reason).
  llvm::DenseMap<const clang::FunctionDecl *, std::string> WhyNone;
  /// callersOf's answers, with the limit each reached (empty: none).
  std::map<std::pair<const clang::FunctionDecl *, unsigned>,
           std::pair<std::vector<Assumptions>, std::string>>
      CallerMemo;

  /// The assumptions host function H is asked under: one per chain of
  /// calls (up to Depth deep) that reaches it in this file, each argument
  /// an element of the constant array it reads one at a time; H alone
  /// when no call reaches it. A chain cut at Depth names the limit in its
  /// CallChain::NoCaller; bindings dropped past MaxBindings name it in
  /// Limit (when empty).
  std::vector<Assumptions> callersOf(const clang::FunctionDecl *H,
                                     unsigned Depth, std::string &Limit);
  /// The launch's shapes under A: each combination of the alternatives of
  /// the choices the question meets (ValueTrace::Undecided: `?:` and
  /// if/else whose condition is not known, host loops around the launch;
  /// at most MaxChoices of them). Why no shape, when none is found and Why
  /// is empty.
  /// For a launch through a pointer, each shape comes with the kernel the
  /// pointer holds under the same choices (ValueEngine::function), or null
  /// when the host values do not fix it (each kernel it may hold).
  void shapesUnder(
      const LaunchSite &S, Assumptions A,
      std::vector<std::pair<LaunchShape, const clang::FunctionDecl *>> &Out,
      std::string &Why);
  /// The shapes of launch S through every chain of calls that reaches it,
  /// each with the kernel a pointer holds (as shapesUnder); Why: why one
  /// gave none, and the limits reached.
  std::vector<std::pair<LaunchShape, const clang::FunctionDecl *>>
  shapesOf(const LaunchSite &S, std::string &Why);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_LAUNCHSHAPES_H
