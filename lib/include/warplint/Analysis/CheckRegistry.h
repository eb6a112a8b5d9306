//===-- CheckRegistry.h - The checks the analysis runs ----------*- C++ -*-===//
///
/// The Analysis part names no check. Each check of lib/Checks registers the
/// function that runs it, as clang-tidy modules do in addCheckFactories
/// (registerAllChecks, warplint/Checks/AllChecks.h), and the front ends pass
/// the registry to analyzeTranslationUnit, which runs the enabled ones in the
/// order of Checks.def.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_CHECKREGISTRY_H
#define WARPLINT_ANALYSIS_CHECKREGISTRY_H

#include "warplint/Core/Checks.h"
#include <cassert>
#include <vector>

namespace warplint {

class CheckContext;
struct BankAnalysisSettings;
struct Options;

class CheckRegistry {
public:
  /// Runs one check on a translation unit, reporting to the context.
  using RunFunction = void (*)(CheckContext &);
  /// Sets the bank analysis from the options (warplint-bank-conflict's).
  using BankSettingsFunction = void (*)(const Options &,
                                        BankAnalysisSettings &);

  CheckRegistry() : Runs(allChecks().size(), nullptr) {}

  /// Registers the function that runs check Id (a check of Checks.def).
  void add(CheckId Id, RunFunction Run) {
    assert(!Runs[static_cast<unsigned>(Id)] && "check registered twice");
    Runs[static_cast<unsigned>(Id)] = Run;
  }
  /// The function that runs check Id; nullptr when none is registered.
  RunFunction find(CheckId Id) const { return Runs[static_cast<unsigned>(Id)]; }

  /// The check whose options set the bank analysis registers how.
  void setBankSettings(BankSettingsFunction F) { BankSettings = F; }
  /// Sets S from Opts, as the registered check says (nothing when none).
  void bankSettings(const Options &Opts, BankAnalysisSettings &S) const {
    if (BankSettings)
      BankSettings(Opts, S);
  }

private:
  std::vector<RunFunction> Runs; ///< by CheckId
  BankSettingsFunction BankSettings = nullptr;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_CHECKREGISTRY_H
