//===-- Reporting.cpp - What is reported, and what fails a run ------------===//
#include "warplint/Pipeline/Reporting.h"
#include "warplint/Core/Checks.h"

namespace warplint {

Severity reportedSeverity(Severity Level, llvm::StringRef Check,
                          llvm::StringRef WarningsAsErrors) {
  if (Level == Severity::Warning && !WarningsAsErrors.empty() &&
      matchesGlobList(WarningsAsErrors, Check))
    return Severity::Error;
  return Level;
}

bool failsRun(Severity Level, FailOn Fail) {
  return Fail == FailOn::Warning ||
         (Fail == FailOn::Error && Level == Severity::Error);
}

void FindingReport::add(Finding F, const FileSettings &S) {
  F.Level = reportedSeverity(F.Level, F.Check, S.WarningsAsErrors);
  Found.push_back(std::move(F));
  Origins.push_back({S.BaselinePath, S.Fail});
}

std::vector<Finding> FindingReport::takeAll() {
  std::vector<Finding> All;
  for (size_t I : sortedUniqueOrder(Found))
    All.push_back(std::move(Found[I]));
  Found.clear();
  Origins.clear();
  return All;
}

FindingReport::Outcome
FindingReport::finish(std::map<std::string, Baseline> &Baselines) {
  Outcome Out;
  std::map<std::string, unsigned> Baselined;
  for (size_t I : sortedUniqueOrder(Found)) {
    const From &O = Origins[I];
    if (!O.BaselinePath.empty()) {
      unsigned &N = Baselined[O.BaselinePath];
      if (Baselines.at(O.BaselinePath).take(Found[I])) {
        ++N;
        continue;
      }
    }
    Out.Failing |= failsRun(Found[I].Level, O.Fail);
    Out.Reported.push_back(std::move(Found[I]));
  }
  for (const auto &[Path, N] : Baselined) {
    std::string Line = std::to_string(N) + " finding" + (N == 1 ? "" : "s") +
                       " in the baseline " + Path + " not reported";
    if (unsigned Left = Baselines.at(Path).remaining())
      Line += "; " + std::to_string(Left) +
              " of its entries not found in "
              "this run";
    Out.BaselineNotes.push_back(Line);
  }
  Found.clear();
  Origins.clear();
  return Out;
}

} // namespace warplint
