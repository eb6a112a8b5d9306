//===-- FileAnalysis.h - Parse and analyse files, as the tool does -*- C++
//-*-===//
///
/// The tool's run over its files: each file's compile command (from a
/// compilation database, nvcc's translated), a host-side parse with clang's
/// errors made non-fatal, and, when the host side skips code under
/// __CUDA_ARCH__, a device-side parse per architecture whose results are
/// merged in (docs/design.md, "Code for the device only"); with a ptxas,
/// the file's own ptxas report first. Files run in parallel, each on a
/// thread with a large stack under crash recovery: a crash loses that file
/// only. Uses clang's libTooling: the tool links it, the plugin does not.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_FILEANALYSIS_H
#define WARPLINT_PIPELINE_FILEANALYSIS_H

#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/ArchConditionals.h"
#include "warplint/Core/Finding.h"
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/RunStatus.h"
#include "warplint/Output/Explain.h"
#include "warplint/Pipeline/Settings.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace warplint {

class PreambleStore;
class PreludeCache;
class ProjectCache;

/// What one parse of a file gives.
struct ParseOutput {
  bool Parsed = false;
  /// The parse read the CUDA headers from warplint's PCH (PreludeCache),
  /// which holds system headers only.
  bool PreludePch = false;
  std::vector<Finding> Findings;
  std::vector<SharedAccessInfo> Accesses; ///< explain and the dump
  /// With RunSetup::DescribeLaunches (host side): each launch
  /// warplint-occupancy looked at.
  std::vector<LaunchInfo> LaunchInfos;
  unsigned UserFunctions = 0;
  unsigned FunctionsNotAnalysed = 0;
  /// __CUDA_ARCH__ conditionals and the ranges the preprocessor skipped.
  ArchConditionals Conditionals;
  /// The launches of each kernel this parse saw (host side).
  LaunchTable Launches;
  /// What the occupancy checks skipped for want of a report (host side).
  PtxasCoverage Coverage;
  /// The accesses a bound on the analysis's work left
  /// (SkippedAccesses::message, empty when none), and the option to raise.
  std::string Skipped, SkippedOption;
  /// With RunSetup::IndexProject (host side): the calls of functions other
  /// files define, and this file's functions whose callers another file
  /// would tell (LaunchExchange).
  std::vector<ProjectCall> Outgoing;
  std::set<std::string> Wanted;
  /// With RunSetup::IndexProject: the files the parse read, as absolute
  /// paths (what the project cache checks an entry against).
  std::vector<std::string> Read;
  /// AccessCoverage::summary() (empty when no access), and its notes as
  /// "FILE:LINE:COL: text", for --verbose.
  std::string AccessSummary;
  std::vector<std::string> AccessNotes;
  /// The shared-memory accesses the bank-conflict analysis looked at, and
  /// of them those left unknown (AccessCoverage's Total and Unknown).
  unsigned AccessesAnalysed = 0, AccessesUnknown = 0;
  /// For --verbose: the PCH the CUDA headers came from (RunSetup::Prelude),
  /// or why none was used.
  std::string PreludeNote;
};

/// The device-side parse of a file for one architecture, when the host side
/// skipped code under __CUDA_ARCH__.
struct DeviceParse : ParseOutput {
  std::string Arch;
  std::string CommandLine;
  unsigned ClangErrors = 0; ///< in code the host-side parse skipped
  std::string ErrorText;
  std::string Failure; ///< why the parse gave no AST
};

/// A file's analysis: its host-side parse, and the device-side ones merged
/// into it.
struct FileResult : ParseOutput {
  std::string File;
  FileSettings Settings; ///< with this file's own ptxas reports added
  unsigned ClangErrors = 0;
  std::string ErrorText;
  std::string Fatal;   ///< why the file could not be analysed at all
  std::string Crashed; ///< how its analysis crashed ("signal 11"), if it did
  std::string CommandLine;
  std::vector<DeviceParse> Device;
  /// The architectures whose device-side preprocessing chose the device
  /// code the host side's did (sameDeviceCode): not parsed again; with the
  /// conditionals of that preprocessing.
  std::vector<std::pair<std::string, ArchConditionals>> SameDeviceCode;
  std::vector<std::string> PtxasErrors; ///< --run-ptxas failures
  /// The lines whose nvcc spelling of a launch, `<< <` and `>> >`, clang
  /// was given closed up (Driver/LaunchSpelling.h).
  std::vector<unsigned> ClosedLaunchLines;
};

/// What is the same for every file of a run.
struct RunSetup {
  ParseSetup Parse;
  std::vector<std::string> ExtraArgs; ///< added to each compile command
  /// ptxas and the clang that compiles device code to PTX for it: when
  /// both are set, each file gets its own ptxas report (--run-ptxas).
  std::string PtxasPath;
  std::string ClangPath;
  /// Describe the shared accesses (explain, --dump-shared-accesses) too.
  bool DescribeAccesses = false;
  /// Describe the launches too (ParseOutput::LaunchInfos).
  bool DescribeLaunches = false;
  /// Keep the findings NOLINT silences, marked Suppression::InSource (the
  /// SARIF format's; FindingReport::keepSuppressed).
  bool KeepSuppressed = false;
  /// Collect each file's calls into other files (ParseOutput::Outgoing).
  bool IndexProject = false;
  /// The calls other files make (analyseProject).
  const ProjectIndex *Project = nullptr;
  unsigned Jobs = 0; ///< files in parallel; 0: one per core
  /// Text that stands for a file's contents on disk, by absolute path: the
  /// unsaved buffers of an editor (`warplint lsp`). A file given here need
  /// not exist on disk.
  std::map<std::string, std::string> Overlay;
  /// Precompiled preambles kept from one run to the next (the language
  /// server's; Preambles.h), or none: each parse reads every header.
  std::shared_ptr<PreambleStore> Preambles;
  /// Called with each file of analyseFiles as its
  /// analysis ends, one call at a time (never two at once), from the
  /// thread that analysed it: the tool's progress lines and the findings
  /// it prints as each file finishes.
  std::function<void(const FileResult &)> OnFileDone;
  /// The CUDA headers every parse starts with, precompiled on disk
  /// (PreludeCache.h), or none: each parse reads them.
  std::shared_ptr<PreludeCache> Prelude;
};

/// Analyses each of Files (File and Settings set) with its command in DB.
void analyseFiles(const clang::tooling::CompilationDatabase &DB,
                  std::vector<FileResult> &Files, const RunSetup &Setup);

/// The build as one program (docs/design.md, "The build as one program"):
/// analyses Files as analyseFiles does, collecting each one's calls into
/// other translation units; when a file has a host function that no call
/// in it reaches and whose parameters its launches depend on, the other
/// files of DB are read for their calls too (host side only, no check run)
/// and each file a call of the index reaches is analysed again with it, in
/// rounds until no file is given new calls (at most MaxProjectRounds).
/// Index: the calls collected (for --write-project-index).
struct ProjectRun {
  size_t OtherFiles = 0; ///< files of DB read for their calls alone
  size_t Again = 0;      ///< files of Files analysed again with the index
  unsigned Rounds = 0;   ///< rounds of analyses with the index
  /// MaxProjectRounds ended the rounds while calls still changed.
  bool RoundsLeft = false;
};
/// Rounds of analyses with the index: a value crosses one file per round.
inline constexpr unsigned MaxProjectRounds = 4;
/// WholeIndex: read every file of DB for its calls, even when no file of
/// Files wants them (to write the index). Cache: what earlier runs
/// collected (ProjectCache.h); with it each file of Files is analysed once
/// when the files it depends on are unchanged.
ProjectRun analyseProject(const clang::tooling::CompilationDatabase &DB,
                          std::vector<FileResult> &Files, const RunSetup &Setup,
                          ProjectIndex &Index, ProjectCache &Cache,
                          bool WholeIndex = false);

/// Says on OS what went wrong with R (a crash, a file that could not be
/// analysed, clang's errors, checks skipped for want of a ptxas report, a
/// failed device-side parse) and, with Verbose, how it was parsed. True
/// when R could not be analysed: an input error.
bool describeProblems(llvm::raw_ostream &OS, const FileResult &R, bool Verbose,
                      bool ConfigIgnored);

/// How a run that was not stopped went, for warplint-launch (--status-file):
/// each file's result and the number of findings Reported at each level.
RunStatus runStatus(llvm::ArrayRef<FileResult> Results,
                    llvm::ArrayRef<Finding> Reported);

} // namespace warplint

#endif // WARPLINT_PIPELINE_FILEANALYSIS_H
