//===-- LauncherRun.cpp - warplint-launch's analysis of one source --------===//
//
// The children of one analysis, each bounded by the launcher's deadline: a
// warplint not beside the launcher answering --version, the nvcc report
// pass (on a thread of its own, beside warplint), and warplint itself.
//
//===----------------------------------------------------------------------===//
#include "warplint/Driver/Launcher.h"
#include "warplint/Driver/ReportExchange.h"
#include "warplint/Ptxas/CudaObject.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <thread>

using namespace llvm;
using warplint::process::RunResult;

namespace warplint::launcher {

namespace {

/// Why C's warplint is not warplint, or "": its --version must exit 0 with
/// "warplint " at the start of its first line. A program that is not
/// warplint would be taken at its word: /bin/false's status 1 read as
/// findings, /bin/true's 0 as none, whatever it prints as findings.
std::string checkWarplint(const Context &C) {
  const std::string &W = C.Warplint.Path;
  SmallString<256> Out(C.TempDir);
  sys::path::append(Out, "warplint-version.txt");
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef("")};
  std::vector<std::string> Cmd{W, "--version"};
  RunResult R =
      process::runBounded(W, Cmd, std::nullopt, Redirects, C.limits());
  if (R.Aborted)
    return ""; // the analysis stops anyway
  if (!R.Started)
    return "cannot run warplint '" + W + "': " + R.Error;
  std::string Says = "'" + W + "' is not warplint: '" + W + " --version' ";
  if (R.TimedOut)
    return Says + "timed out";
  if (R.killedBySignal())
    return Says + "crashed (" + R.Error + ")";
  if (R.Status != 0)
    return Says + "exited with status " + std::to_string(R.Status);
  std::string First = firstLine(readFileOrEmpty(Out));
  if (!StringRef(First).starts_with("warplint "))
    return Says + (First.empty() ? std::string("printed nothing")
                                 : "printed '" + First + "'");
  return "";
}

/// The nvcc report pass of one source, beside its warplint: compiles the
/// device code again with -Xptxas=-v and publishes the report to Report
/// (empty when there is none) for the warplint that waits for it. Stops
/// when StopPass is set: warplint no longer needs the report.
struct ReportPass {
  std::vector<std::string> Notes;
  std::string Failure, Timeout;
  std::atomic<bool> Stop{false};

  /// Publishes the object the compile wrote, when it tells the checks all
  /// they need: the registers, stack frames and shared memory of every
  /// kernel, and no stack frame whose spills (which objects do not record)
  /// warplint-register-spill would ask about. True when it did.
  bool fromObject(const Context &C, const Job &J, const std::string &Report) {
    if (C.Plan.Sources.size() != 1)
      return false;
    std::string Obj = compiledObject(C.Plan.Command, J.Src.Path);
    if (Obj.empty())
      return false;
    auto Bytes = MemoryBuffer::getFile(Obj, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
    if (!Bytes) {
      Notes.push_back("the object " + Obj + " could not be read (" +
                      Bytes.getError().message() + "): a ptxas pass instead");
      return false;
    }
    auto Read = ptxas::readObject((*Bytes)->getBuffer());
    if (!Read) {
      Notes.push_back("the object " + Obj + " has no kernel resources (" +
                      toString(Read.takeError()) + "): a ptxas pass instead");
      return false;
    }
    bool Framed = llvm::any_of(Read->Functions, [](const ptxas::Function &F) {
      return F.IsKernel && F.StackFrame.value_or(0) > 0;
    });
    if (Framed && wantsSpills(C.L, J.Src.Path)) {
      Notes.push_back("the object " + Obj +
                      " has a kernel with a stack frame, whose spills only "
                      "ptxas says: a ptxas pass");
      return false;
    }
    Notes.push_back("registers read from the object " + Obj +
                    ": no ptxas pass");
    publishPtxasReport(Report, (*Bytes)->getBuffer());
    return true;
  }

  void run(const Context &C, const Job &J, const std::string &Report) {
    std::string Out = C.tempPath(J, "fatbin");
    std::string Err = C.tempPath(J, "ptxas.txt");
    std::string StdOut = C.tempPath(J, "pass.out");
    std::vector<std::string> Cmd =
        nvccReportCommand(C.Plan.Command, J.Src.Path, Out);
    // After the build's compile, never beside it: two nvccs at once in one
    // TMPDIR took the space the build's own needed, and failed the build.
    // Its intermediate files go to the job's directory in the launcher's.
    RunResult R;
    if (!C.waitForCompiler(&Stop)) {
      R.Aborted = true;
    } else if (fromObject(C, J, Report)) {
      return;
    } else {
      Notes.push_back("ptxas pass: " + quoteCommand(Cmd));
      std::vector<std::string> Env =
          process::environmentWithTmpdir(C.jobTempDir(J));
      std::vector<StringRef> EnvRefs(Env.begin(), Env.end());
      std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(StdOut),
                                              StringRef(Err)};
      R = process::runBounded(C.PassCompiler, Cmd, ArrayRef<StringRef>(EnvRefs),
                              Redirects, C.limits(&Stop));
    }
    std::string Text = readFileOrEmpty(Err);
    bool Good = false;
    if (R.Aborted)
      ;
    else if (!R.Started)
      Failure =
          "cannot run " + Cmd.front() + (R.Error.empty() ? "" : ": " + R.Error);
    else if (R.TimedOut)
      Timeout = "timed out (" + std::to_string(C.TimeoutSeconds) +
                " s after the compiler finished) in the ptxas pass";
    else if (R.Status != 0)
      Failure = passFailure(Text);
    else if (hasReport(Text))
      Good = true;
    else
      Notes.push_back("the ptxas pass reported no kernel");
    publishPtxasReport(Report, Good ? StringRef(Text) : StringRef());
  }
};

} // namespace

void analyse(const Context &C, Job &J) {
  if (!J.Failure.empty() || !J.Src.Skip.empty())
    return;
  if (C.Warplint.Path.empty()) {
    J.Failure = C.Warplint.Missing;
    J.CannotRun = true;
    return;
  }
  if (!C.Warplint.Beside) {
    std::call_once(C.WarplintChecked,
                   [&C] { C.NotWarplint = checkWarplint(C); });
    if (!C.NotWarplint.empty()) {
      J.Failure = C.NotWarplint;
      J.CannotRun = true;
      return;
    }
  }
  bool UserGivesPtxas =
      C.L.forwards("ptxas-report") || C.L.forwards("run-ptxas");
  // The report, when there is one to get, is still being made while warplint
  // starts: by the compiler (published by main() when it ends) or by the
  // nvcc report pass below (published by its thread). warplint parses
  // meanwhile and waits for the file when the occupancy checks need it.
  std::string Report;
  bool RunPtxas = false;
  std::thread PassThread;
  ReportPass Pass;
  if (!C.CompilerReportFile.empty()) {
    Report = C.CompilerReportFile;
  } else if (UserGivesPtxas || C.L.NoPtxas || !J.Src.Cuda ||
             !wantsPtxasReport(C.L, J.Src.Path)) {
    // nothing to make
  } else if (C.Plan.Kind == CompilerKind::Nvcc) {
    Report = C.tempPath(J, "report.txt");
    PassThread =
        std::thread([&C, &J, &Pass, Report] { Pass.run(C, J, Report); });
  } else if (C.ClangRunPtxas) {
    RunPtxas = true;
  }

  std::vector<std::string> Cmd = warplintCommand(C, J, Report, RunPtxas);
  J.Notes.push_back("analysis: " + quoteCommand(Cmd));
  // How the run went comes back in a file of its own; the command shown is
  // the one to run by hand.
  std::string Status = C.tempPath(J, "status.json");
  Cmd.insert(Cmd.begin() + 1, "--status-file=" + Status);
  std::string Out = C.tempPath(J, "warplint.out");
  std::string Err = C.tempPath(J, "warplint.err");
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Err)};
  // warplint's own temporary files (--run-ptxas: the PTX, clang's) go to
  // the job's directory too, removed with the launcher's whatever ends them.
  std::vector<std::string> Env =
      process::environmentWithTmpdir(C.jobTempDir(J));
  std::vector<StringRef> EnvRefs(Env.begin(), Env.end());
  RunResult R =
      process::runBounded(C.Warplint.Path, Cmd, ArrayRef<StringRef>(EnvRefs),
                          Redirects, C.limits());
  // Whatever happened, the pass ends before this job does.
  Pass.Stop.store(true);
  if (PassThread.joinable()) {
    PassThread.join();
    J.Notes.insert(J.Notes.begin(), Pass.Notes.begin(), Pass.Notes.end());
    if (!Pass.Failure.empty())
      J.PtxasFailure = Pass.Failure;
    if (!Pass.Timeout.empty() && J.Failure.empty())
      J.Failure = Pass.Timeout;
  }
  if (R.Aborted || !J.Failure.empty())
    return;
  takeWarplintRun(C, J, R, readFileOrEmpty(Out), readFileOrEmpty(Err),
                  readRunStatus(Status));
}

} // namespace warplint::launcher
