//===-- BoundedWork.h - The bank analysis's work, bounded (private) -*- C++
//-*-===//
///
/// What the bank analysis spends, in evaluation steps (model::WorkBudget):
/// each lowering and each run within a bound per access and block shape
/// and a bound per file; and the answers already computed, memoised by a
/// hash of the pool, the access and the shape.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_BOUNDEDWORK_H
#define WARPLINT_ANALYSIS_BOUNDEDWORK_H

#include "warplint/Analysis/BankConflicts.h"
#include <string>
#include <unordered_map>

namespace warplint {

class BoundedWork {
public:
  explicit BoundedWork(const BankAnalysisSettings &Settings)
      : Settings(Settings) {}

  /// analyzeAccess within the bounds: the findings' runs (Finding) and the
  /// relayouts tried for notes and fix-its (which give up quietly). With
  /// Cap, a first pass's share: a run that needs more than Cap steps
  /// (while more is left) sets *Deferred and is analysed again after every
  /// other access has had its share, so that one heavy access cannot take
  /// the budget of all those after it.
  model::AccessResult analyze(model::AccessSpec Spec, const model::Dim3 &Block,
                              uint64_t Cap = 0, bool *Deferred = nullptr);
  /// SharedAccessFinder::lower within the same bounds (Trace.Why says which
  /// one stopped it).
  std::optional<LoweredAccess> lower(SharedAccessFinder &Finder,
                                     const SharedAccess &A,
                                     const Assumptions &As, ValueTrace &Trace);

  /// The steps the file has spent so far.
  uint64_t fileSteps() const { return FileSteps; }

private:
  const BankAnalysisSettings &Settings;
  uint64_t FileSteps = 0;
  /// analyze()'s answers by access and shape (a 128-bit hash of the whole
  /// pool, access and shape, and its length); not those cut short by a
  /// bound, which depend on what was left of it.
  std::unordered_map<std::string, model::AccessResult> Answers;
  /// "skipped: too complex: ..." naming the bound that stopped an access.
  std::string tooComplex(bool FileBound) const;
  /// The memo's key of Spec over Block; empty when it has none.
  static std::string keyOf(const model::AccessSpec &Spec,
                           const model::Dim3 &Block);
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_BOUNDEDWORK_H
