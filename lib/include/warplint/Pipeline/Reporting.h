//===-- Reporting.h - What is reported, and what fails a run ----*- C++ -*-===//
///
/// The reporting policy, one for every front end, applied in this order to
/// the findings the analysis kept after NOLINT:
///  1. severity: a warning of a check that WarningsAsErrors matches is an
///     error;
///  2. de-duplication: a finding said twice (a header seen from several
///     files, a kernel reached twice) is reported once;
///  3. baseline: a finding the file's baseline holds is not reported;
///  4. fail-on: the findings left at or above the file's FailOn level fail
///     the run (the tool's exit status; with Werror, the plugin's compile).
/// A report that keeps suppressed findings (SARIF's) keeps those NOLINT
/// silenced (Finding::Suppressed set by the analysis) and those a baseline
/// holds aside, in Outcome::Suppressed: never reported, never failing.
/// The tool applies it here to findings at file positions; the plugin to
/// one translation unit's at clang's locations (CompilerReporting.h).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_REPORTING_H
#define WARPLINT_PIPELINE_REPORTING_H

#include "warplint/Core/Baseline.h"
#include "warplint/Core/Config.h"
#include "warplint/Core/Finding.h"
#include "warplint/Output/HtmlReport.h"
#include "warplint/Pipeline/Settings.h"
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace warplint {

/// The severity a finding of Check found at Level is reported with.
Severity reportedSeverity(Severity Level, llvm::StringRef Check,
                          llvm::StringRef WarningsAsErrors);

/// Whether a finding reported at Level fails the run under Fail.
bool failsRun(Severity Level, FailOn Fail);

/// The findings of a run over one or more files, each under its own
/// settings.
class FindingReport {
public:
  /// F, found in a file with settings S (its severity decided here).
  void add(Finding F, const FileSettings &S);

  /// Keep the findings a baseline holds (as Suppression::External, the
  /// baseline's path their justification) and those added suppressed,
  /// for Outcome::Suppressed; else both are dropped.
  void keepSuppressed(bool Keep) { KeepSuppressed = Keep; }

  /// Every finding once, in order: what a baseline being written holds.
  std::vector<Finding> takeAll();

  struct Outcome {
    std::vector<Finding> Reported; ///< in order, once each
    /// With keepSuppressed: the findings kept though suppressed, once each.
    std::vector<Finding> Suppressed;
    bool Failing = false;
    /// One line for each baseline that held findings of this run ("N
    /// findings in the baseline B not reported; M of its entries not
    /// found in this run").
    std::vector<std::string> BaselineNotes;
  };
  /// Steps 2 to 4, with the baselines the settings read: the findings
  /// added since the last call, but for those reported before (takeNew).
  Outcome finish(std::map<std::string, Baseline> &Baselines);

  /// Steps 2 to 4 for the findings added since the last call, as each file
  /// of a run finishes: those not reported before, in order. Failing and
  /// the baselines' notes wait for finish().
  std::vector<Finding> takeNew(std::map<std::string, Baseline> &Baselines);

private:
  using Key =
      std::tuple<std::string, unsigned, unsigned, std::string, std::string>;
  std::set<Key> Seen; ///< the findings reported or baselined so far
  std::map<std::string, unsigned> Baselined; ///< by baseline
  bool Failing = false;
  bool KeepSuppressed = false;
  std::vector<Finding> Kept; ///< suppressed, with KeepSuppressed
  std::vector<Finding> Found;
  struct From {
    std::string BaselinePath;
    FailOn Fail;
  };
  std::vector<From> Origins;
};

struct FileResult;

/// The HTML report's files (HtmlReport.h): every file analysed, and every
/// other file (a header) a reported finding, an access or a launch is in,
/// each with those of its own; Problems: what went wrong with each analysed
/// file (describeProblems), by its path.
std::vector<HtmlReportFile>
htmlReportFiles(const std::vector<FileResult> &Results,
                const std::vector<Finding> &Reported,
                const std::map<std::string, std::string> &Problems = {});

} // namespace warplint

#endif // WARPLINT_PIPELINE_REPORTING_H
