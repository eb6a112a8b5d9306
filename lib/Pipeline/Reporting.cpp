//===-- Reporting.cpp - What is reported, and what fails a run ------------===//
#include "warplint/Pipeline/Reporting.h"
#include "warplint/Core/Checks.h"
#include "warplint/Pipeline/FileAnalysis.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

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
    if (Found[I].Suppressed == Finding::Suppression::None)
      All.push_back(std::move(Found[I]));
  Found.clear();
  Origins.clear();
  return All;
}

std::vector<Finding>
FindingReport::takeNew(std::map<std::string, Baseline> &Baselines) {
  std::vector<Finding> New;
  for (size_t I : sortedUniqueOrder(Found)) {
    const Finding &F = Found[I];
    // A finding said by an earlier file (a header seen from several).
    if (!Seen.insert({F.Loc.File, F.Loc.Line, F.Loc.Column, F.Check, F.Message})
             .second)
      continue;
    const From &O = Origins[I];
    if (F.Suppressed != Finding::Suppression::None) {
      if (KeepSuppressed)
        Kept.push_back(std::move(Found[I]));
      continue;
    }
    if (!O.BaselinePath.empty()) {
      Found[I].ComparedToBaseline = true;
      unsigned &N = Baselined[O.BaselinePath];
      if (Baselines.at(O.BaselinePath).take(F)) {
        ++N;
        if (KeepSuppressed) {
          Found[I].Suppressed = Finding::Suppression::External;
          Found[I].Justification = "in the baseline " + O.BaselinePath;
          Kept.push_back(std::move(Found[I]));
        }
        continue;
      }
    }
    Failing |= failsRun(F.Level, O.Fail);
    New.push_back(std::move(Found[I]));
  }
  Found.clear();
  Origins.clear();
  return New;
}

FindingReport::Outcome
FindingReport::finish(std::map<std::string, Baseline> &Baselines) {
  Outcome Out;
  Out.Reported = takeNew(Baselines);
  Out.Suppressed = std::move(Kept);
  Kept.clear();
  Out.Failing = Failing;
  for (const auto &[Path, N] : Baselined) {
    std::string Line = std::to_string(N) + " finding" + (N == 1 ? "" : "s") +
                       " in the baseline " + Path + " not reported";
    if (unsigned Left = Baselines.at(Path).remaining())
      Line += "; " + std::to_string(Left) +
              " of its entries not found in "
              "this run";
    Out.BaselineNotes.push_back(Line);
  }
  return Out;
}

std::vector<HtmlReportFile>
htmlReportFiles(const std::vector<FileResult> &Results,
                const std::vector<Finding> &Reported,
                const std::map<std::string, std::string> &Problems) {
  std::map<std::string, HtmlReportFile> Files;
  auto At = [&](const std::string &Path) -> HtmlReportFile & {
    HtmlReportFile &F = Files[Path];
    F.Path = Path;
    return F;
  };
  for (const FileResult &R : Results) {
    SmallString<256> Abs(R.File);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, true);
    HtmlReportFile &F = At(std::string(Abs));
    if (auto It = Problems.find(R.File); It != Problems.end())
      F.Problem = It->second;
    for (const SharedAccessInfo &A : R.Accesses)
      At(A.Loc.File).Accesses.push_back(A);
    for (const LaunchInfo &L : R.LaunchInfos)
      At(L.Loc.File).Launches.push_back(L);
  }
  for (const Finding &X : Reported)
    At(X.Loc.File).Findings.push_back(X);
  std::vector<HtmlReportFile> Out;
  for (auto &[Path, F] : Files)
    Out.push_back(std::move(F));
  return Out;
}

} // namespace warplint
