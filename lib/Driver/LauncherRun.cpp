//===-- LauncherRun.cpp - warplint-launch's analysis of one source --------===//
//
// The children of one analysis, each bounded by the launcher's deadline: a
// warplint not beside the launcher answering --version, the nvcc report
// pass (on a thread of its own, beside warplint), and warplint itself.
//
//===----------------------------------------------------------------------===//
#include "warplint/Driver/Launcher.h"
#include "warplint/Driver/LauncherCommand.h"
#include "warplint/Driver/ReportCache.h"
#include "warplint/Driver/ReportExchange.h"
#include "warplint/Ptxas/CudaObject.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <map>
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

/// The two resource reports of one kernel (one from the build's object, one
/// from a cubin ptxas made again) are the same.
bool sameResources(const ptxas::Function &A, const ptxas::Function &B) {
  return A.Registers == B.Registers && A.Barriers == B.Barriers &&
         A.StackFrame == B.StackFrame && A.Smem == B.Smem &&
         A.CumulativeStack == B.CumulativeStack &&
         A.MaxThreads == B.MaxThreads && A.MaxRegisters == B.MaxRegisters;
}

/// How a run that did not end well went, for a note: "ptxas exited with
/// status 1: FIRST ERROR LINE".
std::string ranHow(StringRef What, const process::RunResult &R,
                   StringRef Stderr) {
  std::string S = What.str();
  if (R.Aborted)
    return S + " was stopped";
  if (!R.Started)
    return S + " did not start" + (R.Error.empty() ? "" : ": " + R.Error);
  if (R.TimedOut)
    return S + " timed out";
  if (R.killedBySignal())
    return S + " crashed (" + R.Error + ")";
  std::string First = passFailure(readFileOrEmpty(Stderr));
  return S + " exited with status " + std::to_string(R.Status) +
         (First.empty() ? "" : ": " + First);
}

/// The ptxas program of Step: as printed when it is a path, else the one
/// beside the compiler (where nvcc takes it from), else on PATH.
std::string ptxasProgram(const Context &C, const PtxasStep &Step) {
  if (sys::path::has_parent_path(Step.Program))
    return Step.Program;
  SmallString<256> Beside(sys::path::parent_path(C.PassCompiler));
  sys::path::append(Beside, Step.Program);
  if (sys::fs::can_execute(Beside))
    return std::string(Beside);
  if (auto P = sys::findProgramByName(Step.Program))
    return *P;
  return "";
}

/// Whether the ptxas report Text gives each of Kernels (read from an
/// object) the registers and stack frame the object records.
bool agreesWithObject(StringRef Text,
                      ArrayRef<const ptxas::Function *> Kernels) {
  auto Parsed = ptxas::parseReport(Text);
  if (!Parsed) {
    consumeError(Parsed.takeError());
    return false;
  }
  for (const ptxas::Function *K : Kernels) {
    const ptxas::Function *R = Parsed->find(K->Mangled, K->Arch);
    if (!R || R->Registers != K->Registers || R->StackFrame != K->StackFrame)
      return false;
  }
  return true;
}

/// Spills without a second compile: the report of the kernels of Read (the
/// object's) that have a stack frame, from ptxas run alone (--entry: those
/// kernels only) on the PTX the object holds, with the options the build's
/// nvcc gave ptxas (`nvcc -dryrun` says them). Trusted only when the cubin it
/// makes gives each of those kernels the very resources the object's does;
/// "" otherwise, with Notes saying why.
std::string spillsFromPtx(const Context &C, const Job &J, StringRef Object,
                          const ptxas::Report &Read,
                          const std::atomic<bool> &Stop,
                          std::vector<std::string> &Notes) {
  auto Fail = [&](const std::string &Why) {
    Notes.push_back("spills not from the object's PTX (" + Why +
                    "): a ptxas pass");
    return std::string();
  };
  std::map<std::string, std::vector<const ptxas::Function *>> Framed;
  for (const ptxas::Function &F : Read.Functions)
    if (F.IsKernel && F.StackFrame.value_or(0) > 0)
      Framed[F.Arch].push_back(&F);
  auto Entries = ptxas::readObjectEntries(Object);
  if (!Entries)
    return Fail(toString(Entries.takeError()));
  PtxasReportCache Cache(PtxasReportCache::defaultDir());

  // What ptxas was asked in the build.
  std::vector<std::string> DryRun(C.Plan.Command.begin(), C.Plan.Command.end());
  DryRun.push_back("-dryrun");
  std::string DryErr = C.tempPath(J, "dryrun.txt");
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(""),
                                          StringRef(DryErr)};
  process::RunResult R = process::runBounded(
      C.PassCompiler, DryRun, std::nullopt, Redirects, C.limits(&Stop));
  if (R.Aborted || !R.Started || R.TimedOut || R.Status != 0)
    return Fail(ranHow("nvcc -dryrun", R, DryErr));
  std::vector<PtxasStep> Steps = ptxasSteps(readFileOrEmpty(DryErr));

  std::string Text;
  for (const auto &[Arch, Kernels] : Framed) {
    const PtxasStep *Step = nullptr;
    for (const PtxasStep &S : Steps)
      if (S.Arch == Arch) {
        if (Step)
          return Fail("nvcc runs ptxas twice for " + Arch);
        Step = &S;
      }
    if (!Step)
      return Fail("nvcc -dryrun shows no ptxas run for " + Arch);
    const ptxas::FatbinEntry *Ptx = nullptr;
    for (const ptxas::FatbinEntry &E : *Entries)
      if (E.EntryKind == ptxas::FatbinEntry::Ptx &&
          "sm_" + std::to_string(E.Sm) == Arch) {
        if (Ptx)
          return Fail("the object holds two PTX entries for " + Arch);
        Ptx = &E;
      }
    if (!Ptx)
      return Fail("the object holds no PTX for " + Arch);
    // The cubin was compiled from the PTX of Step's virtual architecture,
    // which the object may not hold (-gencode arch=compute_80,code=sm_90).
    if (Step->Virtual != "compute_" + std::to_string(Ptx->Sm))
      return Fail(
          "the object's PTX for " + Arch + " is not the " +
          (Step->Virtual.empty() ? std::string("unknown") : Step->Virtual) +
          " PTX ptxas compiled it from");
    auto Source = Ptx->contents();
    if (!Source)
      return Fail(toString(Source.takeError()));
    std::string Program = ptxasProgram(C, *Step);
    if (Program.empty())
      return Fail("no " + Step->Program + " beside " + C.PassCompiler);
    std::string Names;
    for (const ptxas::Function *K : Kernels)
      Names += (Names.empty() ? "" : ",") + K->Mangled;
    std::vector<std::string> Options(Step->Args.begin(), Step->Args.end());
    Options.insert(Options.end(), {"-v", "--entry=" + Names});
    std::string Key = PtxasReportCache::key(Program, Options, *Source);
    if (std::optional<std::string> Kept = Cache.get(Key)) {
      if (agreesWithObject(*Kept, Kernels)) {
        Notes.push_back(
            "spills for " + Arch +
            " from warplint's cache of ptxas reports: " + Cache.path(Key));
        Text += *Kept;
        continue;
      }
      Notes.push_back("the cached ptxas report " + Cache.path(Key) +
                      " does not give the object's resources: not used");
    }
    std::string PtxFile = C.tempPath(J, Arch + ".ptx");
    std::string CubinFile = C.tempPath(J, Arch + ".cubin");
    std::string Err = C.tempPath(J, Arch + ".ptxas.txt");
    {
      std::error_code EC;
      raw_fd_ostream OS(PtxFile, EC, sys::fs::OF_None);
      if (EC)
        return Fail("cannot write " + PtxFile);
      OS << *Source;
    }
    std::vector<std::string> Cmd{Program};
    Cmd.insert(Cmd.end(), Options.begin(), Options.end());
    Cmd.insert(Cmd.end(), {PtxFile, "-o", CubinFile});
    Notes.push_back("ptxas alone, on the object's PTX: " + quoteCommand(Cmd));
    std::optional<StringRef> PtxasRedirects[] = {StringRef(""), StringRef(""),
                                                 StringRef(Err)};
    R = process::runBounded(Program, Cmd, std::nullopt, PtxasRedirects,
                            C.limits(&Stop));
    if (R.Aborted || !R.Started || R.TimedOut || R.Status != 0)
      return Fail(ranHow("ptxas", R, Err));
    auto Cubin = MemoryBuffer::getFile(CubinFile, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
    if (!Cubin)
      return Fail("the cubin ptxas made cannot be read");
    ptxas::Report Again;
    if (Error E = ptxas::readCubin((*Cubin)->getBuffer(), Again, Arch))
      return Fail("the cubin ptxas made cannot be read: " +
                  toString(std::move(E)));
    for (const ptxas::Function *K : Kernels) {
      const ptxas::Function *Mine = Again.find(K->Mangled, Arch);
      if (!Mine || !sameResources(*K, *Mine))
        return Fail("ptxas alone gives " + K->Mangled +
                    " other resources than the build did");
    }
    std::string Report = readFileOrEmpty(Err);
    if (!hasReport(Report))
      return Fail("ptxas printed no report");
    if (!agreesWithObject(Report, Kernels))
      return Fail("ptxas alone reports other resources than the build's");
    Cache.put(Key, Report);
    Text += Report;
  }
  return Text;
}

/// The nvcc report pass of one source, beside its warplint: compiles the
/// device code again with -Xptxas=-v and publishes the report to Report
/// (empty when there is none) for the warplint that waits for it. Stops
/// when StopPass is set: warplint no longer needs the report.
struct ReportPass {
  std::vector<std::string> Notes;
  std::string Failure, Timeout;
  std::atomic<bool> Stop{false};
  bool SpillsPublished = false;

  /// Publishes the object the compile wrote, when it tells the checks all
  /// they need: the registers, stack frames and shared memory of every
  /// kernel, and for the kernels with a stack frame, whose spills objects do
  /// not record (when warplint-register-spill would ask), ptxas's report
  /// made from the object's PTX, published to Spills. True when it did.
  bool fromObject(const Context &C, const Job &J, const std::string &Report,
                  const std::string &Spills) {
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
                      "ptxas says");
      std::string Text =
          spillsFromPtx(C, J, (*Bytes)->getBuffer(), *Read, Stop, Notes);
      if (Text.empty())
        return false;
      publishPtxasReport(Spills, Text);
      SpillsPublished = true;
      Notes.push_back("registers read from the object " + Obj +
                      ", spills from ptxas alone: no nvcc pass");
    } else {
      Notes.push_back("registers read from the object " + Obj +
                      ": no ptxas pass");
    }
    publishPtxasReport(Report, (*Bytes)->getBuffer());
    return true;
  }

  /// Makes the report (and the spills' report, which is empty unless
  /// fromObject makes it) for the warplint that waits for both.
  void run(const Context &C, const Job &J, const std::string &Report,
           const std::string &Spills) {
    runPass(C, J, Report, Spills);
    if (!SpillsPublished)
      publishPtxasReport(Spills, "");
  }

  void runPass(const Context &C, const Job &J, const std::string &Report,
               const std::string &Spills) {
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
    } else if (fromObject(C, J, Report, Spills)) {
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
  std::string Report, Spills;
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
    Spills = C.tempPath(J, "spills.txt");
    PassThread = std::thread(
        [&C, &J, &Pass, Report, Spills] { Pass.run(C, J, Report, Spills); });
  } else if (C.ClangRunPtxas) {
    RunPtxas = true;
  }

  std::vector<std::string> Cmd =
      warplintCommand(C, J, Report, RunPtxas, Spills);
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
