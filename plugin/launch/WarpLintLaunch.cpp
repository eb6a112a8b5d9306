//===-- WarpLintLaunch.cpp - warplint as a compiler launcher --------------===//
//
// warplint-launch [LAUNCHER OPTIONS] COMPILER [COMPILER ARGS...]
//
// Runs the compiler command unchanged (same argv, working directory, standard
// input; its standard output and error passed through) and returns its exit
// status. Beside it, for each C++ or CUDA source of the command, it runs
// warplint on the same source with the same flags, and prints the findings
// on standard error after the compiler's own output. For the occupancy and
// register-spill checks it reads the ptxas report the command prints when it
// asks for one, or makes one with a separate device-only compile into a
// temporary directory (nvcc), or has warplint make one (--run-ptxas, clang).
//
// A failed analysis is one line and does not fail the build; findings fail
// it only when asked (--werror, WARPLINT_WERROR=1, or Werror: true in the
// source's .warplint.yaml), and so, then, does a warplint that cannot be run
// at all. The pure parts are in lib/Driver/Launch.cpp.
//
//===----------------------------------------------------------------------===//
#include "warplint/Core/Config.h"
#include "warplint/Core/Options.h"
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/Launch.h"
#include "warplint/Driver/ReportExchange.h"
#include "warplint/Output/Output.h"
#include "warplint/Ptxas/PtxasReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <climits>
#include <mutex>
#include <thread>

#ifndef _WIN32
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
extern char **environ;
#endif

using namespace llvm;
using namespace warplint;
using namespace warplint::launch;

namespace {

const char Help[] =
    R"(warplint-launch: run a compiler command and warplint on its sources

USAGE
  warplint-launch [LAUNCHER OPTIONS] COMPILER [COMPILER ARGS...]

  warplint-launch nvcc -arch=sm_90 -c k.cu -o k.o
  warplint-launch --werror clang++-22 -x cuda --cuda-gpu-arch=sm_80 -c k.cu -o k.o
  cmake -DCMAKE_CUDA_COMPILER_LAUNCHER=warplint-launch ...

The compiler runs with the command unchanged: the same arguments, working
directory and standard input; its standard output and error are passed
through, and its exit status is returned. It is started as a shell starts
it: a script without a '#!' line runs with /bin/sh. Beside it, warplint
analyses each C++ or CUDA source of the command with the same flags (nvcc's
translated to clang's), those named in nvcc's --options-file (-optf) and in
clang's or GCC's @FILE included; the findings follow the compiler's output
on standard error, in the FILE:LINE:COL: warning: ... format. A source read
from standard input ('-') is left to the compiler, with a note that it was
not analysed. A command that compiles no source (a link step, -E, -M,
--version, a CMake probe) only runs the compiler. When the compiler fails,
its status is returned and nothing of the analysis is printed.

The occupancy and register-spill checks need ptxas's register report. When
the command prints one (nvcc -Xptxas -v, --resource-usage, -res-usage;
clang -Xcuda-ptxas -v), it is read from the compiler's standard error, which
is still passed through unchanged. Otherwise nvcc compiles the device code a
second time, into a temporary directory, with -fatbin -Xptxas=-v; for clang,
warplint --run-ptxas makes the report where a CUDA toolkit is found.

LAUNCHER OPTIONS (before COMPILER; COMPILER is the first argument that does
not start with '-', or the one after '--')
  --werror          fail (exit status 1) when warplint reports findings and
                    the compiler succeeded; the object file is kept
  --warplint=PATH   the warplint to run (default: the one beside
                    warplint-launch, then warplint on PATH); one not beside
                    warplint-launch must answer --version as warplint
  --no-ptxas        do not make a ptxas report (a report the command prints
                    itself is still read)
  --verbose         say what was analysed or skipped, the compile flags
                    left out of the analysis, the commands run, and
                    warplint's own messages
  --help            this text
  --version         the version
  --OPTION[=VALUE]  any other option is passed to warplint as it is
                    (--checks=, --arch=, --check-option=, --config=, ...);
                    values must be joined with '='

Findings fail the build only when asked: --werror, WARPLINT_WERROR=1 in the
environment, or 'Werror: true' in the .warplint.yaml found upward from the
source (or in the file of a forwarded --config=FILE). An analysis that
cannot run prints one line, 'warplint-launch: analysis of FILE failed:
REASON'. When warplint itself cannot be run (not found, not executable, or
not warplint), a compile asked to fail on findings fails (status 1): its
findings could not be known. Otherwise (warplint crashing or rejecting an
option, the ptxas pass failing, a timeout) the line never fails the build,
with or without --werror.

ENVIRONMENT
  WARPLINT_WERROR=1           as --werror
  WARPLINT_LAUNCH_DISABLE=1   run only the compiler
  WARPLINT_LAUNCH_TIMEOUT=N   seconds the analysis may run on after the
                              compiler has finished (default 300); then it
                              is stopped and reported as failed
  A switch is on with 1, true, yes or on, off with 0, false, no, off or
  nothing (any case); N is a whole number from 1 up. Another value is a
  usage error (status 2), and the compiler does not run.

EXIT STATUS
  the compiler's; or 1 when findings fail the build or warplint cannot run
  where they would; 2 for a usage error of the launcher (an option or an
  environment value); 126 when the compiler cannot be started, 127 when it
  cannot be found
)";

using Clock = std::chrono::steady_clock;

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             Clock::now().time_since_epoch())
      .count();
}

/// Shared between the main thread, the analysis threads and the signal
/// handler.
std::atomic<bool> Abort{false};
std::atomic<int64_t> DeadlineMs{INT64_MAX};
std::atomic<int> CaughtSignal{0};

/// The processes running now, for the signal handler to pass a signal on.
constexpr unsigned MaxChildren = 1024;
std::atomic<int> Children[MaxChildren];

unsigned registerChild(int Pid) {
  unsigned Slot = MaxChildren;
  for (unsigned I = 0; I < MaxChildren && Slot == MaxChildren; ++I) {
    int Expected = 0;
    if (Children[I].compare_exchange_strong(Expected, Pid))
      Slot = I;
  }
#ifndef _WIN32
  // A signal that came before the process was registered: pass it on now.
  if (int Sig = CaughtSignal.load())
    ::kill(Pid, Sig);
#endif
  return Slot;
}

void unregisterChild(unsigned Slot) {
  if (Slot < MaxChildren)
    Children[Slot].store(0);
}

#ifndef _WIN32
/// SIGINT, SIGTERM, SIGHUP: pass the signal on to the compiler and the
/// analysis, and let the main thread finish as the compiler does (cleaning
/// up the temporary directory). A second signal kills the launcher at once.
extern "C" void onSignal(int Sig) {
  CaughtSignal.store(Sig);
  Abort.store(true);
  for (unsigned I = 0; I < MaxChildren; ++I)
    if (int Pid = Children[I].load())
      ::kill(Pid, Sig);
}

void installSignalHandlers() {
  for (int Sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction Old;
    if (sigaction(Sig, nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN)
      continue; // nohup and the like: stay ignored
    struct sigaction Act = {};
    Act.sa_handler = onSignal;
    sigemptyset(&Act.sa_mask);
    Act.sa_flags = SA_RESETHAND;
    sigaction(Sig, &Act, nullptr);
  }
}
#endif

std::string readFile(StringRef Path) {
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

/// The command as a POSIX shell would take it back, for --verbose.
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

/// Starts Program with Args (argv[0] as given) as execvp and the shells do:
/// a file the system cannot execute (ENOEXEC) that is not binary, a script
/// without a "#!" line, is run by /bin/sh with Program as $0. Env: the
/// environment, or the launcher's. Redirects: standard input, output and
/// error, each inherited (std::nullopt), the null device ("") or a file. On
/// failure the Pid is InvalidPid and Error says why.
sys::ProcessInfo spawnProcess(StringRef Program, ArrayRef<std::string> Args,
                              std::optional<ArrayRef<StringRef>> Env,
                              ArrayRef<std::optional<StringRef>> Redirects,
                              std::string &Error) {
  sys::ProcessInfo PI;
  PI.Pid = sys::ProcessInfo::InvalidPid;
#ifndef _WIN32
  std::string Path = Program.str();
  std::vector<std::string> EnvStrings;
  std::vector<char *> Envp;
  if (Env) {
    EnvStrings.assign(Env->begin(), Env->end());
    for (std::string &E : EnvStrings)
      Envp.push_back(E.data());
    Envp.push_back(nullptr);
  }
  std::vector<std::string> ArgStrings(Args.begin(), Args.end());
  auto Argv = [&](bool ViaShell) {
    std::vector<char *> V;
    if (ViaShell) {
      V.push_back(const_cast<char *>("/bin/sh"));
      V.push_back(Path.data());
    } else if (!ArgStrings.empty()) {
      V.push_back(ArgStrings.front().data());
    }
    for (size_t I = 1; I < ArgStrings.size(); ++I)
      V.push_back(ArgStrings[I].data());
    V.push_back(nullptr);
    return V;
  };
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  std::string Files[3];
  for (size_t Fd = 0; Fd < 3 && Fd < Redirects.size(); ++Fd) {
    if (!Redirects[Fd])
      continue;
    Files[Fd] = Redirects[Fd]->empty() ? "/dev/null" : Redirects[Fd]->str();
    posix_spawn_file_actions_addopen(
        &Actions, int(Fd), Files[Fd].c_str(),
        Fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0666);
  }
  char **EnvPtr = Env ? Envp.data() : environ;
  pid_t Pid = 0;
  std::vector<char *> Direct = Argv(false);
  int Err =
      posix_spawn(&Pid, Path.c_str(), &Actions, nullptr, Direct.data(), EnvPtr);
  if (Err == ENOEXEC) {
    std::string Head;
    if (auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false))
      Head = (*Buf)->getBuffer().take_front(80).str();
    if (runsAsShellScript(Head)) {
      std::vector<char *> ViaShell = Argv(true);
      Err = posix_spawn(&Pid, "/bin/sh", &Actions, nullptr, ViaShell.data(),
                        EnvPtr);
    }
  }
  posix_spawn_file_actions_destroy(&Actions);
  if (Err) {
    Error = sys::StrError(Err);
    return PI;
  }
  PI.Pid = Pid;
  PI.Process = Pid;
#else
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  bool Failed = false;
  PI = sys::ExecuteNoWait(Program, Argv, Env, Redirects, 0, &Error, &Failed);
  if (Failed)
    PI.Pid = sys::ProcessInfo::InvalidPid;
#endif
  return PI;
}

/// How a child process ended.
struct ChildResult {
  bool Started = false;
  bool TimedOut = false;
  bool Aborted = false;
  int Status = -1; ///< exit status; -2: killed by a signal (Error says which)
  std::string Error;
};

/// Stops a child: SIGTERM, up to two seconds to exit, then SIGKILL.
void stopChild(const sys::ProcessInfo &PI) {
#ifndef _WIN32
  ::kill(PI.Pid, SIGTERM);
  for (int I = 0; I < 200; ++I) {
    if (sys::Wait(PI, 0).Pid == PI.Pid)
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(PI.Pid, SIGKILL);
  sys::Wait(PI, std::nullopt);
#else
  sys::Wait(PI, 1);
#endif
}

/// Runs an analysis process (warplint, the ptxas pass) to its end, or until
/// the deadline passes or the launcher aborts.
ChildResult runBounded(StringRef Program, ArrayRef<std::string> Args,
                       std::optional<ArrayRef<StringRef>> Env,
                       ArrayRef<std::optional<StringRef>> Redirects,
                       const std::atomic<bool> *Stop = nullptr) {
  ChildResult R;
  if (Abort.load()) {
    R.Aborted = true;
    return R;
  }
  sys::ProcessInfo PI = spawnProcess(Program, Args, Env, Redirects, R.Error);
  if (PI.Pid == sys::ProcessInfo::InvalidPid)
    return R;
  R.Started = true;
  unsigned Slot = registerChild(PI.Pid);
  while (true) {
    std::string Err;
    sys::ProcessInfo W = sys::Wait(PI, 0, &Err);
    if (W.Pid == PI.Pid) {
      R.Status = W.ReturnCode;
      R.Error = Err;
      break;
    }
    if (Abort.load() || (Stop && Stop->load()) ||
        nowMs() > DeadlineMs.load()) {
      R.Aborted = Abort.load() || (Stop && Stop->load());
      R.TimedOut = !R.Aborted;
      stopChild(PI);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  unregisterChild(Slot);
  return R;
}

/// The environment with TMPDIR replaced, so that nvcc's own intermediate
/// files of the report pass land in the launcher's temporary directory.
std::vector<std::string> environmentWithTmpdir(StringRef Dir) {
  std::vector<std::string> Env;
#ifndef _WIN32
  for (char **E = environ; E && *E; ++E)
    if (!StringRef(*E).starts_with("TMPDIR="))
      Env.push_back(*E);
#endif
  Env.push_back(("TMPDIR=" + Dir).str());
  return Env;
}

/// Everything about the analysis of one source.
struct Job {
  SourceFile Src;
  unsigned Index = 0;
  bool Werror = false;
  std::string WerrorWhy;
  std::string Failure;      ///< the analysis failed: why (one line)
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
  std::string PassCompiler;    ///< the path of Plan.Command's compiler
  std::string Warplint;        ///< its path; empty when not found
  std::string WarplintMissing; ///< why it was not found
  /// Whether Warplint is the one installed beside warplint-launch; another
  /// (--warplint=PATH, or from PATH) is first asked for its --version.
  bool WarplintBeside = false;
  mutable std::once_flag WarplintChecked;
  mutable std::string NotWarplint; ///< why Warplint is not warplint
  bool EnvWerror = false;          ///< WARPLINT_WERROR is on
  std::string TempDir;
  std::vector<std::string> Archs; ///< for warplint's --arch
  std::vector<std::string> AnalysisArgs;
  std::string CompilerStderrFile; ///< when the command prints the report
  /// Where the report in the compiler's output is published (whole, by a
  /// rename) when the compiler ends; warplint waits for it.
  std::string CompilerReportFile;
  bool ClangRunPtxas = false;
  unsigned TimeoutSeconds = 300;
};

std::string tempPath(const Context &C, const Job &J, StringRef Suffix) {
  SmallString<256> P(C.TempDir);
  sys::path::append(P, std::to_string(J.Index) + "." + Suffix.str());
  return std::string(P);
}

/// True when Text holds a ptxas report with at least one function.
bool hasReport(StringRef Text) {
  auto R = ptxas::parseReport(Text);
  if (!R) {
    consumeError(R.takeError());
    return false;
  }
  return !R->Functions.empty();
}

/// The first line of the ptxas pass's standard error that says what went
/// wrong (not one of ptxas's info lines).
std::string passFailure(StringRef Stderr) {
  for (StringRef L : split(Stderr, '\n')) {
    L = L.trim();
    if (!L.empty() && !L.starts_with("ptxas info") &&
        !L.starts_with("ptxas         "))
      return L.str();
  }
  return firstLine(Stderr);
}

/// Why Warplint is not warplint, or "": its --version must exit 0 with
/// "warplint " at the start of its first line. A program that is not
/// warplint would be taken at its word: /bin/false's status 1 read as
/// findings, /bin/true's 0 as none, whatever it prints as findings.
std::string checkWarplint(const Context &C) {
  SmallString<256> Out(C.TempDir);
  sys::path::append(Out, "warplint-version.txt");
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef("")};
  std::vector<std::string> Cmd{C.Warplint, "--version"};
  ChildResult R = runBounded(C.Warplint, Cmd, std::nullopt, Redirects);
  if (R.Aborted)
    return ""; // the analysis stops anyway
  if (!R.Started)
    return "cannot run warplint '" + C.Warplint + "': " + R.Error;
  std::string Says =
      "'" + C.Warplint + "' is not warplint: '" + C.Warplint + " --version' ";
  if (R.TimedOut)
    return Says + "timed out";
  if (R.Status == -2)
    return Says + "crashed (" + R.Error + ")";
  if (R.Status != 0)
    return Says + "exited with status " + std::to_string(R.Status);
  std::string First = firstLine(readFile(Out));
  if (!StringRef(First).starts_with("warplint "))
    return Says + (First.empty() ? std::string("printed nothing")
                                 : "printed '" + First + "'");
  return "";
}

void analyse(const Context &C, Job &J) {
  if (!J.Failure.empty() || !J.Src.Skip.empty())
    return;
  if (C.Warplint.empty()) {
    J.Failure = C.WarplintMissing;
    J.CannotRun = true;
    return;
  }
  if (!C.WarplintBeside) {
    std::call_once(C.WarplintChecked,
                   [&C] { C.NotWarplint = checkWarplint(C); });
    if (!C.NotWarplint.empty()) {
      J.Failure = C.NotWarplint;
      J.CannotRun = true;
      return;
    }
  }
  const std::string &Src = J.Src.Path;
  bool UserGivesPtxas =
      C.L.forwards("ptxas-report") || C.L.forwards("run-ptxas");
  // The report, when there is one to get, is still being made while warplint
  // starts: by the compiler (published by main() when it ends) or by the
  // nvcc report pass below (published by its thread). warplint parses
  // meanwhile and waits for the file when the occupancy checks need it.
  std::string Report;
  bool RunPtxas = false;
  std::thread Pass;
  // Set when warplint has ended: it no longer needs the report.
  std::atomic<bool> StopPass{false};
  std::vector<std::string> PassNotes;
  std::string PassFailure, PassTimeout;
  if (!C.CompilerReportFile.empty()) {
    Report = C.CompilerReportFile;
  } else if (UserGivesPtxas || C.L.NoPtxas || !J.Src.Cuda ||
             !wantsPtxasReport(C.L)) {
    // nothing to make
  } else if (C.Plan.Kind == CompilerKind::Nvcc) {
    Report = tempPath(C, J, "report.txt");
    Pass = std::thread([&C, &J, &Src, Report, &PassNotes, &PassFailure,
                        &PassTimeout, &StopPass] {
      std::string Out = tempPath(C, J, "fatbin");
      std::string Err = tempPath(C, J, "ptxas.txt");
      std::string StdOut = tempPath(C, J, "pass.out");
      SmallString<256> Tmp(C.TempDir);
      sys::path::append(Tmp, std::to_string(J.Index) + ".tmp");
      if (sys::fs::create_directory(Tmp))
        Tmp = C.TempDir;
      std::vector<std::string> Cmd =
          nvccReportCommand(C.Plan.Command, Src, Out);
      PassNotes.push_back("ptxas pass: " + quoteCommand(Cmd));
      std::vector<std::string> Env = environmentWithTmpdir(Tmp);
      std::vector<StringRef> EnvRefs(Env.begin(), Env.end());
      std::optional<StringRef> Redirects[] = {
          StringRef(""), StringRef(StdOut), StringRef(Err)};
      ChildResult R = runBounded(C.PassCompiler, Cmd,
                                 ArrayRef<StringRef>(EnvRefs), Redirects,
                                 &StopPass);
      std::string Text = readFile(Err);
      bool Good = false;
      if (R.Aborted)
        ;
      else if (!R.Started)
        PassFailure = "cannot run " + Cmd.front() +
                      (R.Error.empty() ? "" : ": " + R.Error);
      else if (R.TimedOut)
        PassTimeout = "timed out (" + std::to_string(C.TimeoutSeconds) +
                      " s after the compiler finished) in the ptxas pass";
      else if (R.Status != 0)
        PassFailure = passFailure(Text);
      else if (hasReport(Text))
        Good = true;
      else
        PassNotes.push_back("the ptxas pass reported no kernel");
      publishPtxasReport(Report, Good ? StringRef(Text) : StringRef());
    });
  } else if (C.ClangRunPtxas) {
    RunPtxas = true;
  }
  // Whatever happens below, the pass ends before this job does.
  auto JoinPass = [&] {
    if (!Pass.joinable())
      return;
    Pass.join();
    J.Notes.insert(J.Notes.begin(), PassNotes.begin(), PassNotes.end());
    if (!PassFailure.empty())
      J.PtxasFailure = PassFailure;
    if (!PassTimeout.empty() && J.Failure.empty())
      J.Failure = PassTimeout;
  };

  std::vector<std::string> Cmd{C.Warplint};
  if (!C.L.forwards("format"))
    Cmd.push_back("--format=text");
  if (!C.Archs.empty() && !C.L.forwards("arch"))
    Cmd.push_back("--arch=" + join(C.Archs, ","));
  if (!Report.empty()) {
    Cmd.push_back("--ptxas-report=" + Report);
    Cmd.push_back("--ptxas-report-pending");
  }
  if (RunPtxas) {
    Cmd.push_back("--run-ptxas");
    if (!C.Plan.CudaPath.empty() && !C.L.forwards("cuda-path"))
      Cmd.push_back("--cuda-path=" + C.Plan.CudaPath);
  }
  Cmd.insert(Cmd.end(), C.L.Forwarded.begin(), C.L.Forwarded.end());
  Cmd.push_back(Src);
  Cmd.push_back("--");
  Cmd.insert(Cmd.end(), C.AnalysisArgs.begin(), C.AnalysisArgs.end());
  J.Notes.push_back("analysis: " + quoteCommand(Cmd));

  std::string Out = tempPath(C, J, "warplint.out");
  std::string Err = tempPath(C, J, "warplint.err");
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Err)};
  ChildResult R = runBounded(C.Warplint, Cmd, std::nullopt, Redirects);
  StopPass.store(true);
  JoinPass();
  if (R.Aborted || !J.Failure.empty())
    return;
  std::string ErrText = readFile(Err);
  std::string Said;
  for (StringRef L : split(StringRef(ErrText).rtrim(), '\n')) {
    if (L.starts_with("warplint: note: "))
      J.Notices.push_back(L.str());
    else
      Said += L.str() + "\n";
  }
  if (!StringRef(Said).trim().empty())
    J.Notes.push_back("warplint said:\n" + StringRef(Said).rtrim().str());
  if (!R.Started) {
    // Not CannotRun: warplint was found (and answered --version), so this
    // is about this run, such as a command line too long (E2BIG).
    J.Failure = "cannot run warplint '" + C.Warplint + "': " + R.Error;
    return;
  }
  if (R.TimedOut) {
    J.Failure = "timed out (" + std::to_string(C.TimeoutSeconds) +
                " s after the compiler finished)";
    return;
  }
  if (R.Status == 0 || R.Status == 1) {
    J.WarplintStatus = R.Status;
    J.Findings = readFile(Out);
    // warplint's --run-ptxas reports a failed device compile on one line
    // and goes on without the report.
    for (StringRef L : split(ErrText, '\n'))
      if (L.consume_front("warplint: --run-ptxas: ")) {
        L.consume_front(Src + ": ");
        J.PtxasFailure = L.split("; the occupancy checks skip it").first.str();
      }
    return;
  }
  std::string First = firstLine(ErrText);
  StringRef Reason = First;
  Reason.consume_front("warplint: ");
  Reason.consume_front("error: ");
  if (R.Status == -2)
    J.Failure = "warplint crashed (" + R.Error + ")" +
                (Reason.empty() ? "" : ": " + Reason.str());
  else if (!Reason.empty())
    J.Failure = Reason.str();
  else
    J.Failure = "warplint exited with status " + std::to_string(R.Status);
}

/// The exit status of the launcher for a compiler that ended with
/// WaitStatus (POSIX). A compiler stopped by SIGINT, SIGTERM, SIGHUP,
/// SIGPIPE or SIGKILL stops the launcher the same way, so that make and
/// ninja see an interrupted build; a compiler that crashed gives 128 + the
/// signal, as a shell does, without the launcher dumping core itself.
int finishAs(int WaitStatus) {
#ifndef _WIN32
  if (WIFSIGNALED(WaitStatus)) {
    int Sig = WTERMSIG(WaitStatus);
    if (Sig == SIGINT || Sig == SIGTERM || Sig == SIGHUP || Sig == SIGPIPE ||
        Sig == SIGKILL) {
      ::signal(Sig, SIG_DFL);
      ::raise(Sig);
    }
    return 128 + Sig;
  }
  return WEXITSTATUS(WaitStatus);
#else
  return WaitStatus;
#endif
}

/// Starts the compiler: the command exactly as given, standard error to
/// StderrFile when given.
sys::ProcessInfo startCompiler(StringRef Path, ArrayRef<std::string> Command,
                               StringRef StderrFile, std::string &Error) {
  std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                          StringRef(StderrFile)};
  ArrayRef<std::optional<StringRef>> R;
  if (!StderrFile.empty())
    R = Redirects;
  return spawnProcess(Path, Command, std::nullopt, R, Error);
}

/// Waits for the compiler; the POSIX wait status (llvm::sys::Wait reports a
/// signal as -2 without saying which, and the launcher must end as the
/// compiler did).
int waitCompiler(const sys::ProcessInfo &PI) {
#ifndef _WIN32
  int Status = 0;
  while (::waitpid(PI.Pid, &Status, 0) < 0) {
    if (errno != EINTR)
      return 255 << 8;
  }
  return Status;
#else
  return sys::Wait(PI, std::nullopt).ReturnCode;
#endif
}

bool compilerSucceeded(int WaitStatus) {
#ifndef _WIN32
  return WIFEXITED(WaitStatus) && WEXITSTATUS(WaitStatus) == 0;
#else
  return WaitStatus == 0;
#endif
}

/// The compiler to start: a name with a '/' as it is when something is
/// there (a file that cannot be executed then fails to start, status 126,
/// as in a shell), another name from PATH; "" when none is found.
std::string findCompiler(StringRef Name) {
  if (Name.contains('/') || Name.contains('\\'))
    return sys::fs::exists(Name) ? Name.str() : "";
  if (auto P = sys::findProgramByName(Name))
    return *P;
  return "";
}

/// The warplint to run, or "" with Why set.
std::string findWarplint(const LauncherArgs &L, const char *Argv0,
                         std::string &Why, bool &Beside) {
  Beside = false;
  if (L.Warplint) {
    StringRef W = *L.Warplint;
    if (!W.contains('/') && !W.contains('\\')) {
      if (auto Found = sys::findProgramByName(W))
        return *Found;
      Why = "cannot run warplint '" + W.str() +
            "' (--warplint): not found on PATH";
      return "";
    }
    if (sys::fs::can_execute(W) && !sys::fs::is_directory(W))
      return W.str();
    Why = "cannot run warplint '" + W.str() + "' (--warplint): " +
          (!sys::fs::exists(W)        ? "no such file"
           : sys::fs::is_directory(W) ? "a directory"
                                      : "not executable");
    return "";
  }
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&findWarplint);
  SmallString<256> Sibling(sys::path::parent_path(Exe));
  sys::path::append(Sibling, "warplint");
  if (sys::fs::can_execute(Sibling)) {
    Beside = true;
    return std::string(Sibling);
  }
  if (auto P = sys::findProgramByName("warplint"))
    return *P;
  Why = "warplint not found beside warplint-launch (" +
        sys::path::parent_path(Exe).str() +
        ") nor on PATH; use --warplint=PATH";
  return "";
}

/// Whether findings in Src fail the build, and why.
void decideWerror(const LauncherArgs &L, bool EnvWerror, Job &J) {
  if (L.Werror) {
    J.Werror = true;
    J.WerrorWhy = "--werror";
  } else if (EnvWerror) {
    J.Werror = true;
    J.WerrorWhy = "WARPLINT_WERROR";
  }
  // With a forwarded --no-config warplint reads no configuration: neither
  // does the launcher.
  if (L.forwards("no-config"))
    return;
  // A configuration named with a forwarded --config= replaces the one found
  // upward from the source, as it does for warplint.
  auto Find = [&]() -> Expected<std::optional<FileConfig>> {
    std::optional<std::string> Named = L.forwardedValue("config");
    if (!Named)
      return findConfigFor(J.Src.Path);
    auto Read = readConfigFile(*Named);
    if (!Read)
      return Read.takeError();
    return std::optional<FileConfig>(std::move(*Read));
  };
  Expected<std::optional<FileConfig>> Config = Find();
  if (!Config) {
    J.Failure = firstLine(toString(Config.takeError()));
    return;
  }
  if (*Config && (*Config)->Werror.value_or(false) && !J.Werror) {
    J.Werror = true;
    J.WerrorWhy = "Werror: true in " + (*Config)->Path;
  }
}

} // namespace

int main(int argc, const char **argv) {
  std::vector<std::string> Args(argv + 1, argv + argc);
  auto Parsed = parseLauncherArgs(Args);
  if (!Parsed) {
    errs() << "warplint-launch: error: " << toString(Parsed.takeError())
           << "; run 'warplint-launch --help'\n";
    return 2;
  }
  Context C;
  C.L = std::move(*Parsed);
  if (C.L.Help) {
    outs() << Help;
    return 0;
  }
  if (C.L.Version) {
    outs() << "warplint-launch " << warplintVersion() << " (LLVM "
           << LLVM_VERSION_STRING << ")\n";
    return 0;
  }

  // The environment's settings are the launcher's options too: a value that
  // means nothing is a usage error, before anything runs.
  auto UsageError = [](Error E) {
    errs() << "warplint-launch: error: " << toString(std::move(E))
           << "; run 'warplint-launch --help'\n";
    return 2;
  };
  Expected<bool> EnvWerror = parseEnvSwitch(
      "WARPLINT_WERROR", sys::Process::GetEnv("WARPLINT_WERROR"));
  if (!EnvWerror)
    return UsageError(EnvWerror.takeError());
  C.EnvWerror = *EnvWerror;
  Expected<bool> Disabled =
      parseEnvSwitch("WARPLINT_LAUNCH_DISABLE",
                     sys::Process::GetEnv("WARPLINT_LAUNCH_DISABLE"));
  if (!Disabled)
    return UsageError(Disabled.takeError());
  Expected<unsigned> Timeout =
      parseEnvSeconds("WARPLINT_LAUNCH_TIMEOUT",
                      sys::Process::GetEnv("WARPLINT_LAUNCH_TIMEOUT"), 300);
  if (!Timeout)
    return UsageError(Timeout.takeError());
  C.TimeoutSeconds = *Timeout;

  std::string CompilerPath = findCompiler(C.L.Compiler.front());
  if (CompilerPath.empty()) {
    errs() << "warplint-launch: error: compiler '" << C.L.Compiler.front()
           << "' not found\n";
    return 127;
  }
#ifndef _WIN32
  installSignalHandlers();
#endif

  std::vector<std::string> Notes; // --verbose
  auto Note = [&](const Twine &T) { Notes.push_back(T.str()); };
  auto PrintNotes = [&] {
    if (C.L.Verbose)
      for (const std::string &N : Notes)
        errs() << "warplint-launch: " << N << "\n";
  };

  C.Plan = planCompile(C.L.Compiler);
  std::string RunOnly = C.Plan.RunOnly;
  if (RunOnly.empty() && *Disabled)
    RunOnly = "WARPLINT_LAUNCH_DISABLE is set";
  SmallString<128> TempDir;
  if (RunOnly.empty() &&
      sys::fs::createUniqueDirectory("warplint-launch", TempDir))
    RunOnly = "cannot create a temporary directory";
  if (!RunOnly.empty()) {
    Note("running the compiler only: " + RunOnly);
    std::string Error;
    sys::ProcessInfo PI = startCompiler(CompilerPath, C.L.Compiler, "", Error);
    if (PI.Pid == sys::ProcessInfo::InvalidPid) {
      errs() << "warplint-launch: error: cannot run '" << C.L.Compiler.front()
             << "': " << Error << "\n";
      return 126;
    }
    unsigned Slot = registerChild(PI.Pid);
    int Status = waitCompiler(PI);
    unregisterChild(Slot);
    PrintNotes();
    return finishAs(Status);
  }
  C.TempDir = std::string(TempDir);

  // What to analyse, and how.
  C.Warplint = findWarplint(C.L, argv[0], C.WarplintMissing, C.WarplintBeside);
  C.PassCompiler = C.Plan.Command.front() == C.L.Compiler.front()
                       ? CompilerPath
                       : findCompiler(C.Plan.Command.front());
  std::vector<std::string> Dropped;
  C.AnalysisArgs = analysisArgs(C.Plan, &Dropped);
  if (!Dropped.empty())
    Note("flags left out of the analysis: " + join(Dropped, " "));
  for (const std::string &A : C.Plan.Archs) {
    if (auto Known = parseArchList(A))
      C.Archs.push_back(Known->front());
    else {
      consumeError(Known.takeError());
      C.Plan.UnresolvedArchs.push_back(A);
    }
  }
  if (!C.Plan.UnresolvedArchs.empty())
    Note("GPU architectures not passed to warplint: " +
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
    SmallString<256> Ptxas;
    if (TK) {
      Ptxas = TK->Path;
      sys::path::append(Ptxas, "bin", "ptxas");
    }
    C.ClangRunPtxas =
        TK && (sys::fs::can_execute(Ptxas) || sys::findProgramByName("ptxas"));
    if (!C.ClangRunPtxas)
      Note("no CUDA toolkit with ptxas: no register report");
  }

  std::vector<Job> Jobs;
  for (const SourceFile &S : C.Plan.Sources) {
    Job J;
    J.Src = S;
    J.Index = Jobs.size();
    if (S.Skip.empty())
      decideWerror(C.L, C.EnvWerror, J);
    Jobs.push_back(std::move(J));
  }

  std::vector<std::thread> Threads;
  auto StartAnalysis = [&] {
    for (Job &J : Jobs)
      Threads.emplace_back([&C, &J] { analyse(C, J); });
  };

  // The compiler first: it is the build. Then the analysis beside it; when
  // it reads the compiler's report, it waits for that at the end.
  std::string Error;
  sys::ProcessInfo PI =
      startCompiler(CompilerPath, C.L.Compiler, C.CompilerStderrFile, Error);
  if (PI.Pid == sys::ProcessInfo::InvalidPid) {
    errs() << "warplint-launch: error: cannot run '" << C.L.Compiler.front()
           << "': " << Error << "\n";
    sys::fs::remove_directories(C.TempDir);
    return 126;
  }
  unsigned Slot = registerChild(PI.Pid);
  StartAnalysis();
  int Status = waitCompiler(PI);
  unregisterChild(Slot);
  DeadlineMs.store(nowMs() + int64_t(C.TimeoutSeconds) * 1000);
  bool Succeeded = compilerSucceeded(Status);
  if (!Succeeded) {
    Abort.store(true);
    Note("analysis skipped: the compiler failed");
  }
  if (CompilerReport) {
    std::string Text = readFile(C.CompilerStderrFile);
    errs() << Text; // byte for byte, as the compiler wrote it
    bool Good = Succeeded && hasReport(Text);
    if (Succeeded && !Good)
      Note("no ptxas report in the compiler's output");
    publishPtxasReport(C.CompilerReportFile,
                       Good ? StringRef(Text) : StringRef());
  }
  for (std::thread &T : Threads)
    T.join();
  sys::fs::remove_directories(C.TempDir);

  if (!Succeeded || CaughtSignal.load()) {
    PrintNotes();
    return finishAs(Status);
  }

  // One block after the compiler's output: per source, the notes, the
  // findings, then what went wrong.
  PrintNotes();
  std::vector<const Job *> Failing;
  for (const Job &J : Jobs) {
    if (C.L.Verbose && J.Src.Skip.empty()) {
      errs() << "warplint-launch: " << J.Src.Path << ": "
             << (J.Werror ? "findings fail the build (" + J.WerrorWhy + ")"
                          : std::string("findings do not fail the build"))
             << "\n";
      for (const std::string &N : J.Notes)
        errs() << "warplint-launch: " << J.Src.Path << ": " << N << "\n";
    }
    errs() << J.Findings;
    if (J.Failure.empty() && J.Src.Skip.empty())
      for (const std::string &N : J.Notices)
        errs() << N << "\n";
    if (!J.Src.Skip.empty())
      errs() << "warplint-launch: analysis of " << J.Src.Path
             << " skipped: " << J.Src.Skip << "\n";
    else if (!J.Failure.empty())
      errs() << "warplint-launch: analysis of " << J.Src.Path
             << " failed: " << J.Failure << "\n";
    else if (!J.PtxasFailure.empty())
      errs() << "warplint-launch: analysis of " << J.Src.Path
             << " failed: no ptxas report: " << J.PtxasFailure
             << "; the other checks ran\n";
    if (J.Werror && (J.WarplintStatus == 1 || J.CannotRun))
      Failing.push_back(&J);
  }
  for (const Job *J : Failing)
    errs() << "warplint-launch: error: "
           << (J->CannotRun ? "warplint could not run on " + J->Src.Path +
                                  ", which fails"
                            : "warplint findings in " + J->Src.Path + " fail")
           << " the build (" << J->WerrorWhy << ")\n";
  errs().flush();
  return Failing.empty() ? finishAs(Status) : 1;
}
