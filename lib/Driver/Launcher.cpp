//===-- Launcher.cpp - What warplint-launch decides -----------------------===//
//
// The decisions of warplint-launch: its settings from the environment,
// which compiler and which warplint, whether findings fail the build, what
// warplint is run with and what its run means, and what is printed at the
// end. Running the analysis is LauncherRun.cpp's.
//
//===----------------------------------------------------------------------===//
#include "warplint/Driver/Launcher.h"
#include "warplint/Core/Config.h"
#include "warplint/Core/Options.h"
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/Toolchain.h"
#include "warplint/Ptxas/PtxasReport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <thread>

using namespace llvm;

namespace warplint::launcher {

Expected<LauncherEnvironment>
readEnvironment(function_ref<std::optional<std::string>(StringRef)> GetEnv) {
  LauncherEnvironment E;
  Expected<bool> Werror =
      parseEnvSwitch("WARPLINT_WERROR", GetEnv("WARPLINT_WERROR"));
  if (!Werror)
    return Werror.takeError();
  E.Werror = *Werror;
  Expected<bool> Disabled = parseEnvSwitch("WARPLINT_LAUNCH_DISABLE",
                                           GetEnv("WARPLINT_LAUNCH_DISABLE"));
  if (!Disabled)
    return Disabled.takeError();
  E.Disabled = *Disabled;
  // Read by warplint, which the launcher runs: checked here so that a bad
  // value is the launcher's usage error, as the others are.
  Expected<bool> Update = parseEnvSwitch("WARPLINT_UPDATE_BASELINE",
                                         GetEnv("WARPLINT_UPDATE_BASELINE"));
  if (!Update)
    return Update.takeError();
  Expected<unsigned> Timeout = parseEnvSeconds(
      "WARPLINT_LAUNCH_TIMEOUT", GetEnv("WARPLINT_LAUNCH_TIMEOUT"), 300);
  if (!Timeout)
    return Timeout.takeError();
  E.TimeoutSeconds = *Timeout;
  return E;
}

std::string findCompiler(StringRef Name) {
  if (Name.contains('/') || Name.contains('\\'))
    return sys::fs::exists(Name) ? Name.str() : "";
  if (auto P = sys::findProgramByName(Name))
    return *P;
  return "";
}

WarplintLocation findWarplint(const LauncherArgs &L, StringRef LauncherDir) {
  WarplintLocation W;
  if (L.Warplint) {
    StringRef Named = *L.Warplint;
    if (!Named.contains('/') && !Named.contains('\\')) {
      if (auto Found = sys::findProgramByName(Named))
        W.Path = *Found;
      else
        W.Missing = "cannot run warplint '" + Named.str() +
                    "' (--warplint): not found on PATH";
      return W;
    }
    if (sys::fs::can_execute(Named) && !sys::fs::is_directory(Named)) {
      W.Path = Named.str();
      return W;
    }
    W.Missing = "cannot run warplint '" + Named.str() + "' (--warplint): " +
                (!sys::fs::exists(Named)        ? "no such file"
                 : sys::fs::is_directory(Named) ? "a directory"
                                                : "not executable");
    return W;
  }
  SmallString<256> Sibling(LauncherDir);
  sys::path::append(Sibling, "warplint");
  if (sys::fs::can_execute(Sibling)) {
    W.Path = std::string(Sibling);
    W.Beside = true;
  } else if (auto P = sys::findProgramByName("warplint")) {
    W.Path = *P;
  } else {
    W.Missing = "warplint not found beside warplint-launch (" +
                LauncherDir.str() + ") nor on PATH; use --warplint=PATH";
  }
  return W;
}

WerrorDecision decideWerror(const LauncherArgs &L, bool EnvWerror,
                            StringRef Source) {
  WerrorDecision D;
  if (L.Werror) {
    D.Werror = true;
    D.Why = "--werror";
  } else if (EnvWerror) {
    D.Werror = true;
    D.Why = "WARPLINT_WERROR";
  }
  // With a forwarded --no-config warplint reads no configuration: neither
  // does the launcher.
  if (L.forwards("no-config"))
    return D;
  // A configuration named with a forwarded --config= replaces the one found
  // upward from the source, as it does for warplint.
  auto Find = [&]() -> Expected<std::optional<FileConfig>> {
    std::optional<std::string> Named = L.forwardedValue("config");
    if (!Named)
      return findConfigFor(Source);
    auto Read = readConfigFile(*Named);
    if (!Read)
      return Read.takeError();
    return std::optional<FileConfig>(std::move(*Read));
  };
  Expected<std::optional<FileConfig>> Config = Find();
  if (!Config) {
    D.Failure = firstLine(toString(Config.takeError()));
    return D;
  }
  if (*Config && (*Config)->Werror.value_or(false) && !D.Werror) {
    D.Werror = true;
    D.Why = "Werror: true in " + (*Config)->Path;
  }
  return D;
}

std::string Context::tempPath(const Job &J, StringRef Suffix) const {
  SmallString<256> P(TempDir);
  sys::path::append(P, std::to_string(J.Index) + "." + Suffix.str());
  return std::string(P);
}

std::string Context::jobTempDir(const Job &J) const {
  std::string Dir = tempPath(J, "tmp");
  std::error_code EC = sys::fs::create_directory(Dir);
  return EC ? TempDir : Dir;
}

bool Context::waitForCompiler(const std::atomic<bool> *Stop) const {
  while (!CompilerDone.load()) {
    if (process::runsAborted() || (Stop && Stop->load()))
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return !process::runsAborted() && !(Stop && Stop->load());
}

std::vector<Job> prepareAnalysis(Context &C, const LauncherEnvironment &Env,
                                 StringRef CompilerPath, StringRef LauncherDir,
                                 std::vector<std::string> &Notes) {
  C.TimeoutSeconds = Env.TimeoutSeconds;
  C.Warplint = findWarplint(C.L, LauncherDir);
  C.PassCompiler = C.Plan.Command.front() == C.L.Compiler.front()
                       ? CompilerPath.str()
                       : findCompiler(C.Plan.Command.front());
  std::vector<std::string> Dropped;
  C.AnalysisArgs = analysisArgs(C.Plan, &Dropped);
  if (!Dropped.empty())
    Notes.push_back("flags left out of the analysis: " + join(Dropped, " "));
  for (const std::string &A : C.Plan.Archs) {
    if (auto Known = parseArchList(A))
      C.Archs.push_back(Known->front());
    else {
      consumeError(Known.takeError());
      C.Plan.UnresolvedArchs.push_back(A);
    }
  }
  if (!C.Plan.UnresolvedArchs.empty())
    Notes.push_back("GPU architectures not passed to warplint: " +
                    join(C.Plan.UnresolvedArchs, ", "));
  bool CompilerReport =
      C.Plan.PrintsPtxasReport && C.Plan.Kind != CompilerKind::Other &&
      !C.L.forwards("ptxas-report") && !C.L.forwards("run-ptxas");
  if (CompilerReport) {
    SmallString<256> P(C.TempDir);
    sys::path::append(P, "compiler.err");
    C.CompilerStderrFile = std::string(P);
    P = C.TempDir;
    sys::path::append(P, "compiler.report.txt");
    C.CompilerReportFile = std::string(P);
  }
  if (C.Plan.Kind == CompilerKind::Clang && !C.L.NoPtxas && !CompilerReport) {
    std::optional<CudaToolkit> TK = findCudaToolkit(C.Plan.CudaPath);
    C.ClangRunPtxas = TK && !findPtxas(TK).empty();
    if (!C.ClangRunPtxas)
      Notes.push_back("no CUDA toolkit with ptxas: no register report");
  }

  std::vector<Job> Jobs;
  for (const SourceFile &S : C.Plan.Sources) {
    Job J;
    J.Src = S;
    J.Index = Jobs.size();
    if (S.Skip.empty()) {
      J.Werror = decideWerror(C.L, Env.Werror, S.Path);
      J.Failure = J.Werror.Failure;
    }
    Jobs.push_back(std::move(J));
  }
  return Jobs;
}

std::vector<std::string> warplintCommand(const Context &C, const Job &J,
                                         StringRef Report, bool RunPtxas,
                                         StringRef Spills) {
  std::vector<std::string> Cmd{C.Warplint.Path};
  if (!C.L.forwards("format"))
    Cmd.push_back("--format=text");
  // The findings go to the launcher's standard error: coloured when that is
  // a terminal, as the compiler's are (NO_COLOR and a forwarded --color
  // decide otherwise).
  std::optional<std::string> NoColor = sys::Process::GetEnv("NO_COLOR");
  if (!C.L.forwards("color") && (!NoColor || NoColor->empty()) &&
      sys::Process::StandardErrHasColors())
    Cmd.push_back("--color=always");
  // Findings that fail the build are errors, as the plugin's are with
  // -Werror.
  if (J.Werror.Werror && !C.L.forwards("warnings-as-errors"))
    Cmd.push_back("--warnings-as-errors=*");
  if (!C.Archs.empty() && !C.L.forwards("arch"))
    Cmd.push_back("--arch=" + join(C.Archs, ","));
  // The spills' report first: of two reports of one kernel the first is
  // taken.
  if (!Spills.empty())
    Cmd.push_back("--ptxas-report=" + Spills.str());
  if (!Report.empty()) {
    Cmd.push_back("--ptxas-report=" + Report.str());
    Cmd.push_back("--ptxas-report-pending");
  }
  if (RunPtxas) {
    Cmd.push_back("--run-ptxas");
    if (!C.Plan.CudaPath.empty() && !C.L.forwards("cuda-path"))
      Cmd.push_back("--cuda-path=" + C.Plan.CudaPath);
  }
  Cmd.insert(Cmd.end(), C.L.Forwarded.begin(), C.L.Forwarded.end());
  Cmd.push_back(J.Src.Path);
  Cmd.push_back("--");
  Cmd.insert(Cmd.end(), C.AnalysisArgs.begin(), C.AnalysisArgs.end());
  return Cmd;
}

void takeWarplintRun(const Context &C, Job &J, const process::RunResult &R,
                     StringRef Findings, StringRef Stderr,
                     Expected<RunStatus> Status) {
  std::string Said;
  for (StringRef L : split(Stderr.rtrim(), '\n')) {
    if (L.starts_with("warplint: note: "))
      J.Notices.push_back(L.str());
    else
      Said += L.str() + "\n";
  }
  if (!StringRef(Said).trim().empty())
    J.Notes.push_back("warplint said:\n" + StringRef(Said).rtrim().str());
  std::optional<RunStatus> S;
  if (Status)
    S = std::move(*Status);
  else
    consumeError(Status.takeError());
  if (!R.Started) {
    // Not CannotRun: warplint was found (and answered --version), so this
    // is about this run, such as a command line too long (E2BIG).
    J.Failure = "cannot run warplint '" + C.Warplint.Path + "': " + R.Error;
    return;
  }
  if (R.TimedOut) {
    J.Failure = "timed out (" + std::to_string(C.TimeoutSeconds) +
                " s after the compiler finished)";
    return;
  }
  if (R.Status == 0 || R.Status == 1) {
    J.WarplintStatus = R.Status;
    J.Findings = Findings.str();
    // A --run-ptxas that failed: warplint went on without the report.
    if (const FileStatus *F = S ? S->file(J.Src.Path) : nullptr)
      if (!F->PtxasErrors.empty())
        J.PtxasFailure = F->PtxasErrors.back();
    return;
  }
  // What warplint's status says went wrong; from a warplint that crashed or
  // wrote none, the first thing it said.
  std::string Reason;
  if (S && !R.killedBySignal())
    Reason = S->failure();
  if (Reason.empty()) {
    std::string FirstLine = firstLine(Stderr);
    StringRef First = FirstLine;
    First.consume_front("warplint: ");
    First.consume_front("error: ");
    Reason = First.str();
  }
  if (R.killedBySignal())
    J.Failure = "warplint crashed (" + R.Error + ")" +
                (Reason.empty() ? "" : ": " + Reason);
  else if (!Reason.empty())
    J.Failure = Reason;
  else
    J.Failure = "warplint exited with status " + std::to_string(R.Status);
}

std::string readFileOrEmpty(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

std::string firstLine(StringRef Text) {
  for (StringRef L : split(Text, '\n')) {
    L = L.trim();
    if (!L.empty())
      return L.str();
  }
  return "";
}

std::string passFailure(StringRef Stderr) {
  for (StringRef L : split(Stderr, '\n')) {
    L = L.trim();
    if (!L.empty() && !L.starts_with("ptxas info") &&
        !L.starts_with("ptxas         "))
      return L.str();
  }
  return firstLine(Stderr);
}

std::string quoteCommand(ArrayRef<std::string> Args) {
  std::string S;
  for (StringRef A : Args) {
    if (!S.empty())
      S += ' ';
    bool Plain = !A.empty() && all_of(A, [](char Ch) {
      return isAlnum(Ch) || StringRef("_@%+=:,./-").contains(Ch);
    });
    if (Plain) {
      S += A;
      continue;
    }
    S += '\'';
    for (char Ch : A)
      S += Ch == '\'' ? std::string("'\\''") : std::string(1, Ch);
    S += '\'';
  }
  return S;
}

bool hasReport(StringRef Text) {
  auto R = ptxas::parseReport(Text);
  if (!R) {
    consumeError(R.takeError());
    return false;
  }
  return !R->Functions.empty();
}

bool printOutcome(raw_ostream &OS, const Context &C, ArrayRef<Job> Jobs) {
  std::vector<const Job *> Failing;
  for (const Job &J : Jobs) {
    if (C.L.Verbose && J.Src.Skip.empty()) {
      OS << "warplint-launch: " << J.Src.Path << ": "
         << (J.Werror.Werror ? "findings fail the build (" + J.Werror.Why + ")"
                             : std::string("findings do not fail the build"))
         << "\n";
      for (const std::string &N : J.Notes)
        OS << "warplint-launch: " << J.Src.Path << ": " << N << "\n";
    }
    OS << J.Findings;
    if (J.Failure.empty() && J.Src.Skip.empty())
      for (const std::string &N : J.Notices)
        OS << N << "\n";
    if (!J.Src.Skip.empty())
      OS << "warplint-launch: analysis of " << J.Src.Path
         << " skipped: " << J.Src.Skip << "\n";
    else if (!J.Failure.empty())
      OS << "warplint-launch: analysis of " << J.Src.Path
         << " failed: " << J.Failure << "\n";
    else if (!J.PtxasFailure.empty())
      OS << "warplint-launch: analysis of " << J.Src.Path
         << " failed: no ptxas report: " << J.PtxasFailure
         << "; the other checks ran\n";
    if (J.Werror.Werror && (J.WarplintStatus == 1 || J.CannotRun))
      Failing.push_back(&J);
  }
  for (const Job *J : Failing)
    OS << "warplint-launch: error: "
       << (J->CannotRun
               ? "warplint could not run on " + J->Src.Path + ", which fails"
               : "warplint findings in " + J->Src.Path + " fail")
       << " the build (" << J->Werror.Why << ")\n";
  return !Failing.empty();
}

} // namespace warplint::launcher
