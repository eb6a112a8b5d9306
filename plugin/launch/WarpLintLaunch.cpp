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
// at all. This is its main: what it decides and the analysis of a source
// are lib/Driver/Launcher.cpp's, the processes lib/Driver/Process.cpp's.
//
//===----------------------------------------------------------------------===//
#include "warplint/Core/Version.h"
#include "warplint/Driver/Launcher.h"
#include "warplint/Driver/ReportExchange.h"
#include "warplint/Driver/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <thread>

using namespace llvm;
using namespace warplint;
using namespace warplint::launcher;

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

The occupancy and register-spill checks need each kernel's registers. When
the command prints ptxas's report (nvcc -Xptxas -v, --resource-usage,
-res-usage; clang -Xcuda-ptxas -v), it is read from the compiler's standard
error, which is still passed through unchanged. Otherwise they are read
from the object the compile wrote (its cubins record them), with no second
compile. A kernel with a stack frame, while the spill check is on, gets its
spills from ptxas run alone on the PTX the object holds, with the options
nvcc gave ptxas (nvcc -dryrun); its report is kept in warplint's cache
(ptxas/ beside prelude/) for the same PTX and options. Only where that cannot be done (no PTX in
the object, ptxas giving other resources than the build's) or the object
is not found or not readable does nvcc compile the device code a second
time, after the build's compile, with -fatbin -Xptxas=-v; for clang, warplint --run-ptxas makes the report
where a CUDA toolkit is found. Both write only in the launcher's temporary
directory ($TMPDIR/warplint-launch-*), removed when it ends. warplint keeps
the CUDA headers precompiled in its cache (warplint --help, --pch-cache),
so that each source costs the parse of its own text.

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
  WARPLINT_UPDATE_BASELINE=1  with --baseline=FILE: add the compile's
                              findings to FILE instead of reporting them
                              (warplint --update-baseline), for a build that
                              writes its own baseline
  A switch is on with 1, true, yes or on, off with 0, false, no, off or
  nothing (any case); N is a whole number from 1 up. Another value is a
  usage error (status 2), and the compiler does not run.

EXIT STATUS
  the compiler's; or 1 when findings fail the build or warplint cannot run
  where they would; 2 for a usage error of the launcher (an option or an
  environment value); 126 when the compiler cannot be started, 127 when it
  cannot be found. SIGINT, SIGTERM or SIGHUP end the launcher by that
  signal, after stopping the compiler and the analysis, even when the
  compiler had already finished.
)";

/// At exit: the launcher's own lines that could not be written (standard
/// error on a full disk, 2>/dev/full) are lost, and that is all: the status
/// stays the compiler's. Left set, the error would make raw_fd_ostream end
/// the process with "LLVM ERROR: IO failure on output stream" and status 1,
/// failing a compile that succeeded. Only --help and --version write on
/// standard output; what they cannot write is a failure of their own.
void forgetOutputErrors() {
  outs().flush();
  if (outs().has_error()) {
    std::error_code EC = outs().error();
    outs().clear_error();
    errs() << "warplint-launch: error: cannot write standard output: "
           << EC.message() << "\n";
    errs().clear_error();
    std::_Exit(2);
  }
  errs().clear_error();
}

int usageError(Error E) {
  errs() << "warplint-launch: error: " << toString(std::move(E))
         << "; run 'warplint-launch --help'\n";
  return 2;
}

/// Starts the compiler: the command exactly as given, standard error to
/// StderrFile when given. Returns false, having said why, when it cannot.
bool startCompiler(StringRef Path, ArrayRef<std::string> Command,
                   StringRef StderrFile, sys::ProcessInfo &PI) {
  std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                          StringRef(StderrFile)};
  ArrayRef<std::optional<StringRef>> R;
  if (!StderrFile.empty())
    R = Redirects;
  std::string Error;
  PI = process::spawn(Path, Command, std::nullopt, R, Error);
  if (PI.Pid != sys::ProcessInfo::InvalidPid)
    return true;
  errs() << "warplint-launch: error: cannot run '" << Command.front()
         << "': " << Error << "\n";
  return false;
}

} // namespace

int main(int argc, const char **argv) {
  // Both streams exist before the handler is registered, so that it runs
  // before they are destroyed.
  outs();
  errs();
  std::atexit(forgetOutputErrors);
  std::vector<std::string> Args(argv + 1, argv + argc);
  auto Parsed = parseLauncherArgs(Args);
  if (!Parsed)
    return usageError(Parsed.takeError());
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
  Expected<LauncherEnvironment> Env = readEnvironment(sys::Process::GetEnv);
  if (!Env)
    return usageError(Env.takeError());

  std::string CompilerPath = findCompiler(C.L.Compiler.front());
  if (CompilerPath.empty()) {
    errs() << "warplint-launch: error: compiler '" << C.L.Compiler.front()
           << "' not found\n";
    return 127;
  }
  process::installSignalForwarding();

  std::vector<std::string> Notes; // --verbose
  auto PrintNotes = [&] {
    if (C.L.Verbose)
      for (const std::string &N : Notes)
        errs() << "warplint-launch: " << N << "\n";
  };

  C.Plan = planCompile(C.L.Compiler);
  std::string RunOnly = C.Plan.RunOnly;
  if (RunOnly.empty() && Env->Disabled)
    RunOnly = "WARPLINT_LAUNCH_DISABLE is set";
  SmallString<128> TempDir;
  if (RunOnly.empty() &&
      sys::fs::createUniqueDirectory("warplint-launch", TempDir))
    RunOnly = "cannot create a temporary directory";
  sys::ProcessInfo PI;
  if (!RunOnly.empty()) {
    Notes.push_back("running the compiler only: " + RunOnly);
    if (!startCompiler(CompilerPath, C.L.Compiler, "", PI))
      return 126;
    unsigned Slot = process::registerChild(PI.Pid);
    int Status = process::waitStatus(PI);
    process::unregisterChild(Slot);
    PrintNotes();
    return process::finishAfterSignal(Status);
  }
  C.TempDir = std::string(TempDir);

  // What to analyse, and how.
  std::vector<Job> Jobs =
      prepareAnalysis(C, *Env, CompilerPath, executableDir(argv[0]), Notes);

  // The compiler first: it is the build. Then the analysis beside it; when
  // it reads the compiler's report, it waits for that at the end.
  if (!startCompiler(CompilerPath, C.L.Compiler, C.CompilerStderrFile, PI)) {
    sys::fs::remove_directories(C.TempDir);
    return 126;
  }
  unsigned Slot = process::registerChild(PI.Pid);
  std::vector<std::thread> Threads;
  for (Job &J : Jobs)
    Threads.emplace_back([&C, &J] { analyse(C, J); });
  int Status = process::waitStatus(PI);
  process::unregisterChild(Slot);
  C.DeadlineMs.store(process::nowMs() + int64_t(C.TimeoutSeconds) * 1000);
  bool Succeeded = process::exitedWithZero(Status);
  if (!Succeeded) {
    process::abortRuns();
    Notes.push_back("analysis skipped: the compiler failed");
  }
  C.CompilerDone.store(true); // the report pass may start
  if (!C.CompilerReportFile.empty()) {
    std::string Text = readFileOrEmpty(C.CompilerStderrFile);
    errs() << Text; // byte for byte, as the compiler wrote it
    bool Good = Succeeded && hasReport(Text);
    if (Succeeded && !Good)
      Notes.push_back("no ptxas report in the compiler's output");
    publishPtxasReport(C.CompilerReportFile,
                       Good ? StringRef(Text) : StringRef());
  }
  for (std::thread &T : Threads)
    T.join();
  sys::fs::remove_directories(C.TempDir);

  PrintNotes();
  // A signal ends the launcher by it, even when the compiler was done: the
  // analysis it stopped says nothing, and --werror cannot pass.
  if (!Succeeded || process::caughtSignal())
    return process::finishAfterSignal(Status);
  // One block after the compiler's output: per source, the notes, the
  // findings, then what went wrong.
  bool Fail = printOutcome(errs(), C, Jobs);
  errs().flush();
  if (process::caughtSignal())
    return process::finishAfterSignal(Status);
  return Fail ? 1 : process::finishAs(Status);
}
