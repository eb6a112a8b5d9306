//===-- BankConflicts.h - Every shared access, every launch shape -*- C++
//-*-===//
///
/// Runs the bank model on every shared-memory access of a translation unit,
/// for each block shape its kernel is launched with (through each chain of
/// calls that reaches a device function from a kernel). The check
/// warplint-bank-conflict reports from these results; `warplint explain` and
/// the tool's --dump-shared-accesses print them.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_BANKCONFLICTS_H
#define WARPLINT_ANALYSIS_BANKCONFLICTS_H

#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/SharedAccess.h"
#include <map>
#include <unordered_map>

namespace warplint {

/// One way an access runs: through a chain of calls from a kernel, in a
/// block of one shape.
struct AccessRun {
  model::Dim3 Block;
  bool Assumed = false; ///< no launch in the file gives the kernel's shape
  /// When Assumed: why the kernel's launches in the file give no shape
  /// (empty when it has none).
  std::string AssumedWhy;
  const clang::FunctionDecl *Kernel = nullptr;
  std::string Via; ///< "via 'reduce'" for device functions, else empty
  CallChain Chain;
  /// The values host code gives the kernel's parameters in this launch.
  std::vector<std::optional<int64_t>> Args;
  model::AccessResult Result;
  /// The shared variable the address starts from in this run (a device
  /// function may be called with different arrays).
  const clang::VarDecl *Array = nullptr;
  /// The lowering this run was analysed with (shared by the runs of one
  /// launch's argument values), kept for layoutHint() where the array has
  /// a conflict.
  std::shared_ptr<const LoweredAccess> Lowered;
};

struct AccessReport;

/// The result of each run of some accesses with a fix of their array
/// applied: by report and index in its Runs.
using FixedRuns =
    std::map<std::pair<const AccessReport *, size_t>, model::AccessResult>;

struct AccessReport {
  SharedAccess Access;
  const clang::VarDecl *Array = nullptr; ///< the shared variable, when known
  std::string Text;                      ///< the access as written
  std::vector<AccessRun> Runs;           ///< the runs that lowered
  std::string WhyUnknown;                ///< when no run could be lowered
  /// The pointer expressions followed from the shared variable to the
  /// access (see SharedAccessFinder::lower), in every run.
  std::vector<clang::SourceRange> Through;
};

/// What the bank analysis may spend and assume (the check
/// warplint-bank-conflict sets them from its options, CheckRegistry).
struct BankAnalysisSettings {
  /// The block shape assumed for a kernel that no launch in the file gives
  /// one (warplint-bank-conflict.BlockDim).
  model::Dim3 DefaultBlock{32, 1, 1};
  /// The analysis's bounds, in evaluation steps (model::WorkBudget): per
  /// access and block shape, and per file (MaxSteps and MaxFileSteps).
  /// Past one, an access is Unknown with the reason "skipped: too complex:
  /// ...".
  uint64_t MaxSteps = model::WorkBudget::DefaultLimit;
  uint64_t MaxFileSteps = 500'000'000;
  /// The option names the reasons give for each bound.
  std::string MaxStepsOption, MaxFileStepsOption;
  /// Past this many of the file's steps, run() hands no more settled
  /// reports to its ReportSink (0: half of MaxFileSteps).
  uint64_t StreamSteps = 0;
};

class BankConflictRuns;
class BoundedWork;

class BankConflictAnalysis {
public:
  BankConflictAnalysis(TUIndex &Index, ValueEngine &Values,
                       LaunchExchange Launches, BankAnalysisSettings Settings);
  ~BankConflictAnalysis();

  /// Where run() is given one: called with the reports of a function as
  /// soon as nothing later can change them or add to their arrays' (every
  /// array they name has all its uses in that function, and none of their
  /// runs waits for the second pass): reports()[Begin, End), in source
  /// order, with paddingFix() and layoutHint() answering for their arrays.
  /// They are dropped when it returns, so that the memory of a file does
  /// not grow with its accesses; reports() then holds the others only.
  /// Only while the file has spent at most half of MaxFileSteps
  /// (Settings.StreamSteps): the fixes searched for their notes spend
  /// steps too, which a file near its bound keeps for the runs of its
  /// accesses first.
  using ReportSink = llvm::function_ref<void(size_t Begin, size_t End)>;

  /// Finds every shared access of user code and analyses it in each of its
  /// runs (once).
  void run(ReportSink Sink = nullptr);

  /// Every shared access of user code, with its runs.
  const std::vector<AccessReport> &reports() const { return Reports; }

  /// The kernels analysed with the shapes of some of their launches, with
  /// why another launch gave none (LaunchShapes::partial).
  const std::vector<std::pair<const clang::FunctionDecl *, std::string>> &
  partialLaunches() const {
    return Partial;
  }

  /// The smallest padding of V's innermost dimension (in elements, up to 4)
  /// that makes every access of V conflict-free in every run and keeps the
  /// other accesses' results, when that is certain; 0 otherwise.
  /// After: where given, the result of each run of each access of V with
  /// that padding, by report and run (for explain's map after the fix).
  /// Searched once per array: the check's note and the description of the
  /// accesses (explain, the dump, the report) read the same answer.
  unsigned paddingFix(const clang::VarDecl *V, FixedRuns *After = nullptr);

  /// For a shared array whose accesses the analysis knows in every run
  /// (reached through pointers and shared-window addresses too, where no
  /// fix-it can be certain): the relayouts that make every access of V
  /// conflict-free, tried on each access's exact addresses. Empty when
  /// none is certain. E.g. "with each row padded by 16 bytes (72 elements
  /// instead of 64), or with the 16-byte chunks of each row XOR-swizzled
  /// (...)".
  /// After: where given, each run's result with the first relayout named.
  /// Searched once per array, as paddingFix.
  std::string layoutHint(const clang::VarDecl *V, FixedRuns *After = nullptr);

  /// The number of elements of V's innermost array dimension (0 when V is
  /// not an array of constant size).
  uint64_t innerExtent(const clang::VarDecl *V) const;

  const BankAnalysisSettings Settings;

private:
  /// The function bodies whose facts (ValueEngine::forgetFacts) stay
  /// between two functions analysed.
  static constexpr size_t KeptFacts = 16;
  TUIndex &Index;
  ValueEngine &Values;
  LaunchExchange Launches;
  SharedAccessFinder Finder;
  std::unique_ptr<BoundedWork> Work;
  std::vector<AccessReport> Reports;
  std::vector<std::pair<const clang::FunctionDecl *, std::string>> Partial;
  /// The reports that name V as their array, their root or a run's array,
  /// in the order of Reports: paddingFix and layoutHint read these only.
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<unsigned, 4>>
      ReportsOf;
  llvm::ArrayRef<unsigned> reportsOf(const clang::VarDecl *V) const;
  class Pass;
  /// paddingFix's and layoutHint's answers, by array.
  std::map<const clang::VarDecl *, std::pair<unsigned, FixedRuns>> Paddings;
  std::map<const clang::VarDecl *, std::pair<std::string, FixedRuns>> Layouts;
  unsigned searchPadding(const clang::VarDecl *V, FixedRuns &After);
  /// What the kept lowerings of Mine say of padding each row of RowBytes
  /// by PadBytes (relaid out, not lowered again): a conflict in some run;
  /// every run conflict-free, each certain because the lowering knows its
  /// subscripts lie within their bounds (LoweredAccess::InBounds), with
  /// each run's result in Fixed; or unsure (lower again with the padding).
  enum class PaddingVerdict { LeavesConflict, ConflictFree, Unsure };
  /// L subscripts every dimension of its array (LoweredAccess::InBounds)
  /// and some thread that runs it in a block of shape Block may have a
  /// subscript outside its dimension (or the analysis cannot tell).
  bool mayLeaveBounds(const LoweredAccess &L, const model::Dim3 &Block);
  PaddingVerdict paddingOnKept(llvm::ArrayRef<const AccessReport *> Mine,
                               int64_t RowBytes, int64_t PadBytes,
                               FixedRuns &Fixed);
  std::string searchLayout(const clang::VarDecl *V, FixedRuns &After);
  /// Whether every use of V reads or writes one of its elements in F
  /// (SharedAccessFinder::elementsOnlyIn), asked once per array for the
  /// function being analysed (OnlyInF, cleared for each).
  bool onlyIn(const clang::VarDecl *V, const clang::FunctionDecl *F);
  llvm::DenseMap<const clang::VarDecl *, bool> OnlyInF;
  /// After F's accesses are reported (Reports from First on): drops the
  /// lowerings of the arrays finishReports() would drop, already known to
  /// have no conflict (all their accesses are F's, none waits in Later),
  /// so that a file's memory does not hold every array's lowerings to its
  /// end.
  void dropSettled(size_t First, const clang::FunctionDecl *F,
                   llvm::ArrayRef<std::pair<unsigned, unsigned>> Later);
  /// After run()'s passes: the reports from First on in source order, the
  /// lowerings kept only for arrays with a conflict (for layoutHint),
  /// ReportsOf.
  void finishReports(size_t First = 0);
  /// After F's accesses are reported (Reports from First on), with Sink:
  /// hands the reports of F that nothing later changes to Sink and drops
  /// them (ReportSink), moving the others to the front of F's, where the
  /// indices of Later and NextWhy follow them.
  void streamSettled(size_t First, const clang::FunctionDecl *F,
                     std::vector<std::pair<unsigned, unsigned>> &Later,
                     llvm::DenseMap<unsigned, std::string> &NextWhy,
                     ReportSink Sink);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_BANKCONFLICTS_H
