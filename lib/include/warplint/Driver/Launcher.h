//===-- Launcher.h - What warplint-launch decides and runs ------*- C++ -*-===//
///
/// warplint-launch (plugin/launch/WarpLintLaunch.cpp) runs the compiler and,
/// beside it, one warplint per source. Here is everything between its
/// command line and its exit status but the compiler itself: its settings
/// from the environment, which compiler and which warplint it runs, whether
/// findings fail the build, the command warplint gets, the analysis of one
/// source (the nvcc report pass and warplint, as bounded children), how it
/// reads warplint's run (RunStatus.h), and the block it prints after the
/// compiler's output. docs/launcher.md describes the behaviour.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_LAUNCHER_H
#define WARPLINT_DRIVER_LAUNCHER_H

#include "warplint/Driver/LauncherCommand.h"
#include "warplint/Driver/Process.h"
#include "warplint/Driver/RunStatus.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <climits>
#include <cstdint>
#include <mutex>

namespace warplint::launcher {

/// The launcher's settings from the environment.
struct LauncherEnvironment {
  bool Werror = false;           ///< WARPLINT_WERROR
  bool Disabled = false;         ///< WARPLINT_LAUNCH_DISABLE
  unsigned TimeoutSeconds = 300; ///< WARPLINT_LAUNCH_TIMEOUT
};

/// Reads the WARPLINT_* variables through GetEnv (sys::Process::GetEnv): a
/// value that means nothing is an error, which the launcher takes as a
/// usage error, before anything runs.
llvm::Expected<LauncherEnvironment> readEnvironment(
    llvm::function_ref<std::optional<std::string>(llvm::StringRef)> GetEnv);

/// The compiler to start: a name with a '/' as it is when something is
/// there (a file that cannot be executed then fails to start, status 126,
/// as in a shell), another name from PATH; "" when none is found.
std::string findCompiler(llvm::StringRef Name);

/// The warplint to run.
struct WarplintLocation {
  std::string Path;    ///< empty when none was found
  std::string Missing; ///< then why, as the failure of every analysis
  /// The one installed beside warplint-launch; another (--warplint=PATH, or
  /// from PATH) is first asked for its --version.
  bool Beside = false;
};

/// --warplint=PATH (a name without '/' from PATH), else `warplint` in
/// LauncherDir (warplint-launch's own directory), else from PATH.
WarplintLocation findWarplint(const LauncherArgs &L,
                              llvm::StringRef LauncherDir);

/// Whether findings in one source fail the build, and why.
struct WerrorDecision {
  bool Werror = false;
  std::string Why; ///< "--werror", "WARPLINT_WERROR", "Werror: true in F"
  /// The configuration could not be read: the analysis fails with this.
  std::string Failure;
};

/// --werror, then WARPLINT_WERROR (EnvWerror), then `Werror: true` in the
/// configuration warplint reads for Source: a forwarded --config=FILE, else
/// the .warplint.yaml found upward from Source; none with a forwarded
/// --no-config.
WerrorDecision decideWerror(const LauncherArgs &L, bool EnvWerror,
                            llvm::StringRef Source);

/// Everything about the analysis of one source.
struct Job {
  SourceFile Src;
  unsigned Index = 0; ///< names its files in the temporary directory
  WerrorDecision Werror;
  std::string Failure; ///< the analysis failed: why (one line)
  /// The failure is that warplint could not be run at all (not found, not
  /// executable, not warplint): with a werror opt-in it fails the build.
  bool CannotRun = false;
  std::string PtxasFailure; ///< no register report: why (one line)
  int WarplintStatus = -1;
  std::string Findings;
  /// warplint's notes on what it could not check (an --arch the ptxas
  /// report lacks): printed with the findings.
  std::vector<std::string> Notices;
  std::vector<std::string> Notes; ///< for --verbose
};

/// What every job shares.
struct Context {
  LauncherArgs L;
  CompilePlan Plan;
  std::string PassCompiler; ///< the path of Plan.Command's compiler
  WarplintLocation Warplint;
  mutable std::once_flag WarplintChecked;
  mutable std::string NotWarplint; ///< why Warplint is not warplint
  std::string TempDir;
  std::vector<std::string> Archs; ///< for warplint's --arch
  std::vector<std::string> AnalysisArgs;
  std::string CompilerStderrFile; ///< when the command prints the report
  /// Where the report in the compiler's output is published (whole, by a
  /// rename) when the compiler ends; warplint waits for it.
  std::string CompilerReportFile;
  bool ClangRunPtxas = false;
  unsigned TimeoutSeconds = 300;
  /// When the analysis must end (process::nowMs()): set when the compiler
  /// has finished.
  std::atomic<int64_t> DeadlineMs{INT64_MAX};
  /// Set when the compiler has finished (successfully or not; when it
  /// failed the runs are aborted first): the nvcc report pass starts only
  /// then, so that it never takes the temporary space, memory or time the
  /// build's own compile needs.
  std::atomic<bool> CompilerDone{false};

  /// The bounds of the analysis's children: the deadline, Stop, and a
  /// process group of their own, so that nothing they start outlives them;
  /// killed with the launcher even when it is killed by SIGKILL.
  process::Limits limits(const std::atomic<bool> *Stop = nullptr) const {
    process::Limits L{&DeadlineMs, Stop};
    L.Group = true;
    L.DieWithParent = true;
    return L;
  }
  /// Waits until the compiler has finished; false when the analysis is no
  /// longer wanted (the compiler failed, a signal came, Stop was set).
  bool waitForCompiler(const std::atomic<bool> *Stop = nullptr) const;
  /// The path of the job's file Suffix in the temporary directory.
  std::string tempPath(const Job &J, llvm::StringRef Suffix) const;
  /// The job's own temporary directory (TMPDIR of its children), created
  /// in the launcher's; the launcher's itself when it cannot be.
  std::string jobTempDir(const Job &J) const;
};

/// Sets up C for the analysis of C.Plan (C.L, C.Plan and C.TempDir set):
/// warplint, the compiler of the report pass, the analysis arguments, the
/// architectures, where the ptxas report comes from; and returns one job per
/// source. Notes gets what --verbose says.
std::vector<Job> prepareAnalysis(Context &C, const LauncherEnvironment &Env,
                                 llvm::StringRef CompilerPath,
                                 llvm::StringRef LauncherDir,
                                 std::vector<std::string> &Notes);

/// The command warplint runs with for J: `warplint --format=text
/// [--arch=ARCHS] [[--ptxas-report=Spills] --ptxas-report=Report
/// --ptxas-report-pending | --run-ptxas [--cuda-path=P]] [FORWARDED...]
/// SOURCE -- ARGS`, options the user forwarded replacing the launcher's.
/// Spills: the report of the kernels with a stack frame the report pass
/// may make beside the object it publishes as Report.
std::vector<std::string> warplintCommand(const Context &C, const Job &J,
                                         llvm::StringRef Report, bool RunPtxas,
                                         llvm::StringRef Spills = "");

/// The analysis of one source, on the calling thread: asks a warplint not
/// beside the launcher for its --version (once), runs the nvcc report pass
/// beside warplint when one is needed, then warplint, bounded by C's
/// deadline, and fills J.
void analyse(const Context &C, Job &J);

/// What J makes of warplint's run: R, what warplint wrote on standard
/// output (Findings) and error (Stderr), and the status it wrote, or why
/// there is none (a warplint that crashed). Stderr is only passed on: its
/// notes with the findings, the rest with --verbose; without a status, its
/// first line is the failure.
void takeWarplintRun(const Context &C, Job &J, const process::RunResult &R,
                     llvm::StringRef Findings, llvm::StringRef Stderr,
                     llvm::Expected<RunStatus> Status);

/// The bytes of the file at Path; "" when it cannot be read.
std::string readFileOrEmpty(llvm::StringRef Path);

/// The first line of Text that is not blank, trimmed.
std::string firstLine(llvm::StringRef Text);

/// The first line of the report pass's standard error that says what went
/// wrong (not one of ptxas's info lines).
std::string passFailure(llvm::StringRef Stderr);

/// The command as a POSIX shell would take it back, for --verbose.
std::string quoteCommand(llvm::ArrayRef<std::string> Args);

/// True when Text holds a ptxas report with at least one function.
bool hasReport(llvm::StringRef Text);

/// Prints, after the compiler's output, per source: with --verbose the
/// notes, then the findings and warplint's notices, then what went wrong;
/// last the lines of the sources whose findings fail the build. Returns
/// true when any does.
bool printOutcome(llvm::raw_ostream &OS, const Context &C,
                  llvm::ArrayRef<Job> Jobs);

} // namespace warplint::launcher

#endif // WARPLINT_DRIVER_LAUNCHER_H
