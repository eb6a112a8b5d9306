//===-- WarpLintMain.cpp - The warplint command-line tool -----------------===//
//
// warplint [options] FILE... [-- COMPILER_ARGS]
// warplint [options] -p BUILD_DIR [FILE...]
//
// A thin libTooling front end: it builds each file's compile command, parses
// it with clang (host side, errors made non-fatal; again device-side, per
// architecture, when code hides behind __CUDA_ARCH__), runs the core
// analysis, and writes every finding once, in text, JSON or SARIF.
//
// Exit status: 0 no findings (or none that --fail-on counts), 1 findings,
// 2 usage or input error.
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/ArchConditionals.h"
#include "warplint/Checks/AllChecks.h"
#include "warplint/Core/Baseline.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Config.h"
#include "warplint/Core/Options.h"
#include "warplint/Core/Version.h"
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/Launch.h"
#include "warplint/Output/Explain.h"
#include "warplint/Output/Output.h"
#include "warplint/Ptxas/PtxasReport.h"
#include "OccupancyCalculatorCommand.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;
using namespace warplint;

#ifndef WARPLINT_CLANG_RESOURCE_DIR
#define WARPLINT_CLANG_RESOURCE_DIR ""
#endif
#ifndef WARPLINT_CLANG_PATH
#define WARPLINT_CLANG_PATH ""
#endif

namespace {

cl::OptionCategory Category("warplint options");

cl::list<std::string> Files(cl::Positional, cl::desc("FILE..."),
                            cl::cat(Category));
cl::opt<std::string> ChecksOpt(
    "checks",
    cl::desc("Comma-separated globs of checks to run, clang-tidy style; a\n"
             "leading '-' disables (default: Checks of .warplint.yaml, else\n"
             "warplint-*)"),
    cl::init("warplint-*"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the enabled checks and exit"),
                         cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::Prefix,
                       cl::desc("Files analysed in parallel (default: one per "
                                "core)"),
                       cl::init(0), cl::cat(Category));
cl::opt<std::string> FormatOpt("format",
                               cl::desc("Output format: text, json, sarif or "
                                        "github (GitHub Actions\nworkflow "
                                        "commands)"),
                               cl::init("text"), cl::cat(Category));
cl::opt<std::string> FailOnOpt(
    "fail-on",
    cl::desc("Exit with status 1 on any finding (warning), on error-level\n"
             "findings only (error), or never (never); usage and input errors\n"
             "are status 2 whatever this says (default: FailOn of\n"
             ".warplint.yaml, else warning)"),
    cl::value_desc("warning|error|never"), cl::cat(Category));
cl::opt<std::string> WarningsAsErrorsOpt(
    "warnings-as-errors",
    cl::desc("Globs of checks whose findings are errors, e.g.\n"
             "'warplint-block-size', in every output format (default:\n"
             "WarningsAsErrors of .warplint.yaml)"),
    cl::value_desc("globs"), cl::cat(Category));
cl::opt<std::string> ConfigOpt(
    "config",
    cl::desc("Use this configuration file for every input instead of the\n"
             "nearest .warplint.yaml above each file"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> NoConfig("no-config", cl::desc("Ignore .warplint.yaml files"),
                       cl::cat(Category));
cl::opt<std::string> BaselineOpt(
    "baseline",
    cl::desc("Report only the findings that are not in this baseline file\n"
             "(default: the Baseline of .warplint.yaml, if any)"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> NoBaseline("no-baseline",
                         cl::desc("Ignore the Baseline of .warplint.yaml"),
                         cl::cat(Category));
cl::opt<std::string> WriteBaselineOpt(
    "write-baseline",
    cl::desc("Write every finding (after NOLINT) to this baseline file and\n"
             "exit 0, printing no findings"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> OutputOpt("output",
                               cl::desc("Write the findings to this file "
                                        "instead of standard output"),
                               cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ArchOpt(
    "arch",
    cl::desc("GPU architectures the models assume, e.g. sm_80,sm_90, and\n"
             "that code under __CUDA_ARCH__ is parsed for (default: Archs\n"
             "of .warplint.yaml, else sm_80; for __CUDA_ARCH__ code, those\n"
             "of the compile command)"),
    cl::init("sm_80"), cl::cat(Category));
cl::opt<std::string> BuildPath("p",
                               cl::desc("Build directory with a "
                                        "compile_commands.json"),
                               cl::value_desc("build-dir"), cl::cat(Category));
cl::opt<std::string> CudaPath(
    "cuda-path",
    cl::desc("CUDA toolkit to parse with ('none': use warplint's own minimal\n"
             "CUDA prelude). Default: $CUDA_PATH, then /usr/local/cuda, then\n"
             "the prelude"),
    cl::cat(Category));
cl::list<std::string> CheckOptions(
    "check-option",
    cl::desc("Set a check option, e.g. warplint-block-size.LaunchBounds=false"),
    cl::value_desc("check.Option=value"), cl::cat(Category));
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("Append an argument to each compile "
                                         "command"),
                                cl::cat(Category));
cl::opt<std::string> BlockDimOpt(
    "block-dim",
    cl::desc("Block shape assumed for a kernel that no launch in its file\n"
             "gives one, X[,Y[,Z]] (default 32,1,1); the same as\n"
             "--check-option=warplint-bank-conflict.BlockDim=..."),
    cl::value_desc("X,Y,Z"), cl::cat(Category));
cl::list<std::string> PtxasReports(
    "ptxas-report",
    cl::desc("A ptxas resource report (the output of nvcc -Xptxas -v,\n"
             "nvcc --resource-usage or ptxas -v) for the occupancy and\n"
             "register-spill checks; repeatable; '-' reads standard input.\n"
             "A file with no ptxas line is a usage error; its damaged lines\n"
             "are printed. An --arch the reports lack is a note per file"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> PtxasReportPending(
    "ptxas-report-pending",
    cl::desc("The --ptxas-report files are still being written (by\n"
             "warplint-launch): start analysing, and wait for each file when\n"
             "the occupancy checks need it; an empty file is no report"),
    cl::Hidden, cl::cat(Category));
cl::opt<bool> RunPtxas(
    "run-ptxas",
    cl::desc("Compile each file's device code to PTX for each --arch and\n"
             "run 'ptxas -v' on it, for the occupancy and register-spill\n"
             "checks (needs a CUDA toolkit)"),
    cl::cat(Category));
cl::opt<bool> DumpSharedAccesses(
    "dump-shared-accesses",
    cl::desc("Print every shared-memory access and its bank-model result "
             "as JSON"),
    cl::Hidden, cl::cat(Category));
cl::opt<bool> Verbose("verbose",
                      cl::desc("Print clang's errors in full, the commands "
                               "run (host and\ndevice side), the nvcc flags "
                               "dropped, the configuration\nfile of each "
                               "input, and the files with kernels whose\n"
                               "occupancy checks had no ptxas report"),
                      cl::cat(Category));
cl::opt<bool> PrintPluginPath(
    "print-plugin-path",
    cl::desc("Print the path of the Clang plugin (for -fplugin=) and exit"),
    cl::cat(Category));
cl::opt<bool> PrintTidyModulePath(
    "print-tidy-module-path",
    cl::desc("Print the path of the clang-tidy module (for --load=) and exit"),
    cl::cat(Category));

const char Overview[] =
    "warplint: what the GPU will do to your CUDA kernels, before it runs them\n"
    "\n"
    "  warplint [options] FILE... [-- COMPILER_ARGS]\n"
    "  warplint [options] -p BUILD_DIR [FILE...]\n"
    "  warplint occupancy --arch=sm_90 --threads=256 --regs=72 --smem=49152\n"
    "\n"
    "COMPILER_ARGS may also be a whole nvcc or clang++ command line, as a\n"
    "build runs it: nvcc's flags are translated to clang's.\n\n"
    "Without -p and without '--', a compile_commands.json is looked for in\n"
    "the directories above the first file. With -p and no FILE, every CUDA\n"
    "file of the compilation database is analysed.\n"
    "\n"
    "  warplint explain FILE:LINE[:COL] [options] [-- COMPILER_ARGS]\n"
    "\n"
    "'explain' prints, for each shared-memory access at that place, the\n"
    "banks its worst warp hits: one column per bank, one row per wavefront\n"
    "(for ldmatrix and stmatrix, one phase per 8x8 matrix).\n"
    "\n"
    "'warplint occupancy' is an occupancy calculator (blocks and warps per\n"
    "SM, what limits them, what would change that) that also reads ptxas -v\n"
    "reports; 'warplint occupancy --help' lists its options.\n"
    "\n"
    "The host side of each CUDA file is parsed; a file whose device code\n"
    "the host side skips under __CUDA_ARCH__ (#if __CUDA_ARCH__ >= 800,\n"
    "...) is parsed device-side too, once per --arch (else per\n"
    "architecture of its compile command), for the shared-memory accesses\n"
    "only that side sees.\n"
    "\n"
    "Each file is analysed with the nearest .warplint.yaml in its directory\n"
    "or above (--config, --no-config); the command line overrides it.\n"
    "NOLINT comments silence findings as in clang-tidy.\n"
    "\n"
    "Exit status: 0 no findings, 1 findings (see --fail-on), 2 usage or\n"
    "input error.\n";

/// Collects clang's errors of one parse: their locations, to keep functions
/// that contain them out of the analysis, and their text, for --verbose.
class ErrorCollector : public DiagnosticConsumer {
public:
  std::vector<SourceLocation> Locs;
  std::string Text;
  unsigned Errors = 0;
  /// The first error, counted or not: why a parse gave no AST.
  std::string First;
  /// When set (a device-side parse), only the errors in code these skipped
  /// count: the rest is code the host-side parse saw and reported on.
  const ArchConditionals *OnlyIn = nullptr;

  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L < DiagnosticsEngine::Error)
      return;
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    std::string Line;
    raw_string_ostream OS(Line);
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(
          Info.getSourceManager().getExpansionLoc(Info.getLocation()));
      if (P.isValid())
        OS << P.getFilename() << ":" << P.getLine() << ":" << P.getColumn()
           << ": ";
    }
    OS << "error: " << Msg << "\n";
    if (First.empty())
      First = StringRef(Line).rtrim().str();
    if (OnlyIn && !(Info.hasSourceManager() &&
                    OnlyIn->skips(fileLocationOf(Info.getLocation(),
                                                 Info.getSourceManager()))))
      return;
    ++Errors;
    Locs.push_back(Info.getLocation());
    Text += Line;
  }
};

/// What one parse of a file gives.
struct ParseOutput {
  bool Parsed = false;
  std::vector<Finding> Findings;
  std::vector<SharedAccessInfo> Accesses; ///< explain and the dump
  unsigned UserFunctions = 0;
  unsigned FunctionsNotAnalysed = 0;
  /// __CUDA_ARCH__ conditionals and the ranges the preprocessor skipped.
  ArchConditionals Conditionals;
  /// The launches of each kernel this parse saw (host side).
  LaunchTable Launches;
  /// What the occupancy checks skipped for want of a report (host side).
  PtxasCoverage Coverage;
};

/// The device-side parse of a file for one architecture, when the host side
/// skipped code under __CUDA_ARCH__ (docs/design.md, "Code for the device
/// only").
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
  unsigned ClangErrors = 0;
  std::string ErrorText;
  std::string Fatal; ///< why the file could not be analysed at all
  std::string Crashed; ///< how its analysis crashed ("signal 11"), if it did
  std::string CommandLine;
  std::vector<DeviceParse> Device;
  Options Opts;                           ///< with this file's ptxas reports
  std::vector<std::string> PtxasErrors;   ///< --run-ptxas failures
  // What the command line and this file's .warplint.yaml say.
  std::string ConfigPath;       ///< the configuration file applied, if any
  std::string WarningsAsErrors; ///< globs
  FailOn Fail = FailOn::Warning;
  std::string BaselinePath; ///< "" for none
};

/// ptxas, for --run-ptxas.
std::string PtxasPath;

/// `warplint explain FILE:LINE[:COL]`, or the dump: what the analysis
/// reports of shared accesses instead of findings.
bool DescribeAccesses = false;

class AnalysisAction : public ASTFrontendAction {
public:
  /// HostLaunches: null for the host-side parse, which records its launches
  /// and reports unmatched NOLINT comments; for a device-side parse, those
  /// launches, which it may not see itself.
  AnalysisAction(const Options &Opts, ErrorCollector &Errors, ParseOutput &R,
                 const LaunchTable *HostLaunches)
      : Opts(Opts), Errors(Errors), R(R), HostLaunches(HostLaunches) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // A missing header is fatal to clang; for us it is one more error, and the
    // kernels that do not need the header are still worth analysing.
    CI.getDiagnostics().setFatalsAsError(true);
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    CI.getPreprocessor().addPPCallbacks(
        recordArchConditionals(CI.getPreprocessor(), R.Conditionals));
    struct Consumer : ASTConsumer {
      AnalysisAction &A;
      explicit Consumer(AnalysisAction &A) : A(A) {}
      void HandleTranslationUnit(ASTContext &Ctx) override {
        A.R.Parsed = true;
        if (!A.HostLaunches && A.R.Conditionals.MentionsCudaArch &&
            !A.R.Conditionals.SkipsDeviceDeclarations)
          noteSkippedDeviceCode(Ctx, A.R.Conditionals);
        LaunchExchange Launches;
        if (A.HostLaunches)
          Launches.Known = A.HostLaunches;
        else
          Launches.Seen = &A.R.Launches;
        if (DescribeAccesses)
          A.R.Accesses =
              describeSharedAccesses(Ctx, A.Opts, A.Errors.Locs, Launches);
        AnalysisResult AR = analyzeTranslationUnit(Ctx, builtinChecks(), A.Opts,
                                                   A.Errors.Locs, Launches);
        const SourceManager &SM = Ctx.getSourceManager();
        std::vector<NolintProblem> Unmatched = applyNolint(AR.Findings, SM);
        for (const AstFinding &F : AR.Findings)
          A.R.Findings.push_back(toFinding(F, SM));
        if (!A.HostLaunches)
          for (const NolintProblem &P : Unmatched)
            A.R.Findings.push_back(toFinding(P, SM));
        A.R.UserFunctions = AR.UserFunctions;
        A.R.FunctionsNotAnalysed = AR.UserFunctionsWithErrors;
        if (!A.HostLaunches)
          A.R.Coverage = AR.Coverage;
      }
    };
    return std::make_unique<Consumer>(*this);
  }

private:
  const Options &Opts;
  ErrorCollector &Errors;
  ParseOutput &R;
  const LaunchTable *HostLaunches;
};

class ActionFactory : public FrontendActionFactory {
public:
  ActionFactory(const Options &Opts, ErrorCollector &E, ParseOutput &R,
                const LaunchTable *HostLaunches)
      : Opts(Opts), E(E), R(R), HostLaunches(HostLaunches) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Opts, E, R, HostLaunches);
  }

private:
  const Options &Opts;
  ErrorCollector &E;
  ParseOutput &R;
  const LaunchTable *HostLaunches;
};

std::string executableDir(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&executableDir);
  return std::string(sys::path::parent_path(Exe));
}

/// The plugin and the tidy module sit in ../lib next to bin/warplint, in the
/// build tree and in an installation alike.
int printModulePath(const char *Argv0, StringRef Name) {
  SmallString<256> P(executableDir(Argv0));
  sys::path::append(P, "..", "lib", Name);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  if (!sys::fs::exists(P)) {
    errs() << "warplint: error: " << Name << " not found at " << P
           << " (built without it?)\n";
    return 2;
  }
  outs() << P << "\n";
  return 0;
}

std::string resourceDir(const char *Argv0) {
  // The directory clang-22 uses, found at configure time; else one relative
  // to an installation that ships it.
  if (sys::fs::is_directory(WARPLINT_CLANG_RESOURCE_DIR))
    return WARPLINT_CLANG_RESOURCE_DIR;
  SmallString<256> P(executableDir(Argv0));
  sys::path::append(P, "..", "lib", "clang", std::to_string(LLVM_VERSION_MAJOR));
  return std::string(P);
}

/// Runs Args (Args[0] the program) with standard error captured; the exit
/// status, or -1 when it could not run.
int runCapturing(const std::vector<std::string> &Args, std::string &Stderr) {
  SmallString<128> ErrFile;
  if (sys::fs::createTemporaryFile("warplint", "err", ErrFile))
    return -1;
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(""),
                                          StringRef(ErrFile)};
  std::string Msg;
  int RC = sys::ExecuteAndWait(Args[0], Argv, std::nullopt, Redirects,
                               /*SecondsToWait=*/300, 0, &Msg);
  if (auto Buf = MemoryBuffer::getFile(ErrFile))
    Stderr = (*Buf)->getBuffer().str();
  if (RC < 0 && Stderr.empty())
    Stderr = Msg;
  sys::fs::remove(ErrFile);
  return RC;
}

/// The ptxas report of the device code of one file for one architecture:
/// clang to PTX, then ptxas -v. Empty, with Error set, when either fails.
std::string ptxasReport(const std::vector<std::string> &Adjusted,
                        StringRef Ptxas, StringRef Arch, std::string &Error) {
  SmallString<128> Ptx;
  if (sys::fs::createTemporaryFile("warplint", "ptx", Ptx)) {
    Error = "cannot create a temporary file";
    return "";
  }
  std::vector<std::string> Command =
      deviceAssemblyCommand(Adjusted, WARPLINT_CLANG_PATH, Arch, Ptx);
  // The nvcc compatibility header is a virtual file of this process; clang,
  // run as a program, reads a copy on disk.
  SmallString<128> Compat;
  auto It = find(Command, nvccCompatPath());
  if (It != Command.end()) {
    int FD;
    if (sys::fs::createTemporaryFile("warplint-nvcc-compat", "h", FD, Compat)) {
      Error = "cannot create a temporary file";
      sys::fs::remove(Ptx);
      return "";
    }
    raw_fd_ostream(FD, /*shouldClose=*/true) << nvccCompatText();
    *It = std::string(Compat);
  }
  std::string Err;
  int RC = runCapturing(Command, Err);
  if (!Compat.empty())
    sys::fs::remove(Compat);
  if (RC != 0) {
    StringRef First = StringRef(Err).trim().split('\n').first;
    Error = "clang could not compile the device code for " + Arch.str() +
            (First.empty() ? "" : ": " + First.str());
    sys::fs::remove(Ptx);
    return "";
  }
  std::string Report;
  RC = runCapturing({Ptxas.str(), "-v", ("-arch=" + Arch).str(),
                     std::string(Ptx), "-o", "/dev/null"},
                    Report);
  sys::fs::remove(Ptx);
  if (RC != 0) {
    StringRef First = StringRef(Report).trim().split('\n').first;
    Error = "ptxas failed for " + Arch.str() +
            (First.empty() ? "" : ": " + First.str());
    return "";
  }
  return Report;
}

std::string joinCommand(const std::vector<std::string> &Args) {
  std::string S;
  for (const std::string &A : Args)
    S += (S.empty() ? "" : " ") + A;
  return S;
}

/// Folds the device-side parses into the host-side result, so that each
/// finding and access is reported once: from a device-side parse, the
/// bank-conflict findings and the accesses in code the host side skipped;
/// from the host side, all but the bank-conflict findings and accesses in
/// code that no device-side parse compiled (an #else for older GPUs, say).
/// Launch checks come from the host side alone: device-side parses run
/// the bank-conflict check only.
void mergeDeviceParses(FileResult &R) {
  auto NotForDevice = [&](const FileLocation &L) {
    bool Any = false;
    for (const DeviceParse &D : R.Device) {
      if (!D.Parsed)
        continue;
      if (!D.Conditionals.skips(L))
        return false;
      Any = true;
    }
    return Any;
  };
  StringRef BankConflict = checkInfo(CheckId::BankConflict).Name;
  llvm::erase_if(R.Findings, [&](const Finding &F) {
    return F.Check == BankConflict && NotForDevice(F.Loc);
  });
  llvm::erase_if(R.Accesses, [&](const SharedAccessInfo &I) {
    return NotForDevice(I.Loc);
  });
  bool Added = false;
  for (DeviceParse &D : R.Device) {
    for (Finding &F : D.Findings)
      if (F.Check == BankConflict && R.Conditionals.skips(F.Loc))
        R.Findings.push_back(std::move(F));
    // Several architectures may see the same access: list it once.
    for (SharedAccessInfo &I : D.Accesses) {
      if (!R.Conditionals.skips(I.Loc))
        continue;
      json::Value V = sharedAccessJson(I);
      if (llvm::any_of(R.Accesses, [&](const SharedAccessInfo &Seen) {
            return sharedAccessJson(Seen) == V;
          }))
        continue;
      R.Accesses.push_back(std::move(I));
      Added = true;
    }
  }
  if (Added)
    std::stable_sort(R.Accesses.begin(), R.Accesses.end(),
                     [](const SharedAccessInfo &A, const SharedAccessInfo &B) {
                       return A.Loc < B.Loc;
                     });
}

} // namespace

static int usageError(const Twine &Msg) {
  errs() << "warplint: error: " << Msg << "\n";
  return 2;
}

int main(int argc, const char **argv) {
  if (argc > 1 && StringRef(argv[1]) == "occupancy")
    return runOccupancyCalculatorCommand(argc - 1, argv + 1);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "warplint " << warplintVersion() << " (LLVM " << LLVM_VERSION_STRING
       << ")\n";
  });

  // warplint explain FILE:LINE[:COL] ...: FILE becomes the one input.
  std::vector<const char *> ExplainArgv;
  std::string ExplainFile;
  unsigned ExplainLine = 0, ExplainCol = 0;
  if (argc > 1 && StringRef(argv[1]) == "explain") {
    if (argc > 2 && (StringRef(argv[2]) == "--help" ||
                     StringRef(argv[2]) == "-help" ||
                     StringRef(argv[2]) == "-h")) {
      outs() << "usage: warplint explain FILE:LINE[:COL] [options] "
                "[-- COMPILER_ARGS]\n\n"
                "Prints, for each shared-memory access at that place, the "
                "banks its worst\nwarp hits in each block shape: one column "
                "per bank, one row per wavefront\n(for ldmatrix and "
                "stmatrix, one phase per 8x8 matrix), or why the access\n"
                "has no degree. The options are warplint's (warplint "
                "--help).\n";
      return 0;
    }
    if (argc < 3 || StringRef(argv[2]).starts_with("-"))
      return usageError("usage: warplint explain FILE:LINE[:COL] [options] "
                        "[-- COMPILER_ARGS]");
    StringRef Spec = argv[2];
    auto [Rest, Last] = Spec.rsplit(':');
    unsigned A = 0, B = 0;
    if (Rest.empty() || Last.getAsInteger(10, A) || A == 0)
      return usageError("'" + Spec + "' is not FILE:LINE[:COL]");
    auto [File, Mid] = Rest.rsplit(':');
    if (!File.empty() && !Mid.getAsInteger(10, B) && B != 0) {
      ExplainFile = File.str();
      ExplainLine = B;
      ExplainCol = A;
    } else {
      ExplainFile = Rest.str();
      ExplainLine = A;
    }
    ExplainArgv.push_back(argv[0]);
    ExplainArgv.push_back(ExplainFile.c_str());
    for (int I = 3; I < argc; ++I)
      ExplainArgv.push_back(argv[I]);
    argc = int(ExplainArgv.size());
    argv = ExplainArgv.data();
    DescribeAccesses = true;
  }

  // Everything after "--" is the compile command for FILE... It may start
  // with the compiler, as a build prints it: nvcc's flags are translated
  // (as in a compilation database), another compiler's name is dropped.
  std::vector<std::string> TranslatedTail;
  std::vector<const char *> TranslatedArgv;
  std::vector<std::string> DashDashDropped;
  for (int I = 1; I + 1 < argc; ++I) {
    if (StringRef(argv[I]) != "--")
      continue;
    StringRef Compiler = argv[I + 1];
    StringRef Ext = sys::path::extension(Compiler);
    if (Compiler.starts_with("-") || (!Ext.empty() && Ext != ".exe"))
      break; // an option or an input file, not a compiler
    std::vector<std::string> Command(argv + I + 1, argv + argc);
    launch::CompilerKind Kind = launch::compilerKind(Compiler);
    if (Kind == launch::CompilerKind::Nvcc)
      TranslatedTail = translateNvccCommand(Command, &DashDashDropped);
    else if (Kind == launch::CompilerKind::Clang)
      TranslatedTail = Command;
    else
      break;
    TranslatedArgv.assign(argv, argv + I + 1);
    for (size_t J = 1; J < TranslatedTail.size(); ++J)
      TranslatedArgv.push_back(TranslatedTail[J].c_str());
    argc = int(TranslatedArgv.size());
    argv = TranslatedArgv.data();
    break;
  }
  std::string DBError;
  std::unique_ptr<CompilationDatabase> FixedDB =
      FixedCompilationDatabase::loadFromCommandLine(argc, argv, DBError);

  std::string ParseErrors;
  raw_string_ostream ParseErrOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(argc, argv, Overview, &ParseErrOS)) {
    // One line: cl's own "Try: 'PATH --help'" becomes our hint. A bad option
    // value is reported by cl on stderr itself, leaving ParseErrors empty.
    StringRef First = StringRef(ParseErrors).split('\n').first.trim();
    First.consume_front("warplint: ");
    First = First.split(".  Try:").first.rtrim('.');
    if (First.empty()) {
      errs() << "warplint: run 'warplint --help' for the options\n";
      return 2;
    }
    return usageError(First.substr(0, 1).lower() + First.substr(1) +
                      "; run 'warplint --help' for the options");
  }

  if (PrintPluginPath)
    return printModulePath(argv[0], "warplint-plugin.so");
  if (PrintTidyModulePath)
    return printModulePath(argv[0], "warplint-tidy.so");

  Options Opts;
  if (auto F = CheckFilter::parse(ChecksOpt))
    Opts.Checks = *F;
  else
    return usageError(toString(F.takeError()));
  if (auto A = parseArchList(ArchOpt)) {
    Opts.Archs = *A;
    Opts.ArchsGiven = ArchOpt.getNumOccurrences() > 0;
  }
  else
    return usageError(toString(A.takeError()));
  for (const std::string &KV : CheckOptions)
    if (Error E = Opts.setCheckOption(KV))
      return usageError(toString(std::move(E)));
  if (!BlockDimOpt.empty())
    if (Error E = Opts.setCheckOption("warplint-bank-conflict.BlockDim=" +
                                      BlockDimOpt)) {
      consumeError(std::move(E));
      return usageError("--block-dim='" + BlockDimOpt +
                        "' is not a block shape X[,Y[,Z]] of at most 1024 "
                        "threads");
    }
  DescribeAccesses |= DumpSharedAccesses;
  if (PtxasReportPending && !PtxasReports.empty())
    Opts.Pending = std::make_shared<PendingPtxasReports>(
        std::vector<std::string>(PtxasReports.begin(), PtxasReports.end()));
  for (const std::string &F : PtxasReports) {
    if (PtxasReportPending)
      break;
    if (Error E = Opts.addPtxasReportFile(F))
      return usageError(toString(std::move(E)));
    ptxas::ReportProblems P =
        ptxas::reportProblems(F, Opts.PtxasReports.back().second);
    if (P.Unusable)
      return usageError(P.Lines.front());
    for (const std::string &L : P.Lines)
      errs() << "warplint: " << L << "\n";
    if (P.Errors)
      errs() << "warplint: " << F << ": " << P.Errors << " error"
             << (P.Errors == 1 ? "" : "s")
             << " in the ptxas report; its other entries are used\n";
  }

  OutputFormat Format;
  if (FormatOpt == "text")
    Format = OutputFormat::Text;
  else if (FormatOpt == "json")
    Format = OutputFormat::Json;
  else if (FormatOpt == "sarif")
    Format = OutputFormat::Sarif;
  else if (FormatOpt == "github")
    Format = OutputFormat::Github;
  else
    return usageError("unknown --format '" + FormatOpt +
                      "'; use text, json, sarif or github");

  std::optional<FailOn> FailOnGiven;
  if (FailOnOpt.getNumOccurrences()) {
    FailOnGiven = parseFailOn(FailOnOpt);
    if (!FailOnGiven)
      return usageError("unknown --fail-on '" + FailOnOpt +
                        "'; use warning, error or never");
  }
  if (WarningsAsErrorsOpt.getNumOccurrences())
    if (auto F = CheckFilter::parse(WarningsAsErrorsOpt); !F)
      return usageError("--warnings-as-errors: " + toString(F.takeError()));
  if (NoConfig && ConfigOpt.getNumOccurrences())
    return usageError("use either --config or --no-config, not both");
  if (!BaselineOpt.empty() && (NoBaseline || !WriteBaselineOpt.empty()))
    return usageError(Twine("use either --baseline or ") +
                      (NoBaseline ? "--no-baseline" : "--write-baseline") +
                      ", not both");

  if (!Opts.Checks.any())
    return usageError("--checks='" + ChecksOpt + "' enables no check; see "
                      "--list-checks");

  // .warplint.yaml: the one --config names, or the nearest above each file
  // (read once per directory). What the command line sets wins.
  CommandLineSet Given;
  Given.Checks = ChecksOpt.getNumOccurrences() > 0;
  Given.Archs = ArchOpt.getNumOccurrences() > 0;
  for (const std::string &KV : CheckOptions)
    Given.CheckOptionKeys.push_back(StringRef(KV).split('=').first.str());
  if (!BlockDimOpt.empty())
    Given.CheckOptionKeys.push_back("warplint-bank-conflict.BlockDim");
  std::optional<FileConfig> Forced;
  if (!ConfigOpt.empty()) {
    auto C = readConfigFile(ConfigOpt);
    if (!C)
      return usageError(toString(C.takeError()));
    Forced = std::move(*C);
  }
  StringMap<std::optional<FileConfig>> ConfigByDir;
  auto ConfigFor = [&](StringRef File) -> Expected<const FileConfig *> {
    if (NoConfig)
      return nullptr;
    if (Forced)
      return &*Forced;
    SmallString<256> Dir(File);
    sys::fs::make_absolute(Dir);
    sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (!sys::fs::is_directory(Dir))
      sys::path::remove_filename(Dir);
    auto It = ConfigByDir.find(Dir);
    if (It == ConfigByDir.end()) {
      auto C = findConfigFor(File);
      if (!C)
        return C.takeError();
      It = ConfigByDir.try_emplace(Dir, std::move(*C)).first;
    }
    return It->second ? &*It->second : nullptr;
  };

  if (ListChecks) {
    // The configuration of the first file, or of the current directory.
    SmallString<256> Here;
    if (!Files.empty())
      Here = Files.front();
    else
      sys::fs::current_path(Here);
    auto C = ConfigFor(Here);
    if (!C)
      return usageError(toString(C.takeError()));
    Options Listed = Opts;
    if (*C)
      if (Error E = applyConfig(**C, Listed, Given))
        return usageError(toString(std::move(E)));
    outs() << "Enabled checks:\n";
    for (const CheckInfo &Info : allChecks())
      if (Listed.Checks.isEnabled(Info.Id))
        outs() << "    " << Info.Name << "\n";
    outs() << "\n";
    return 0;
  }

  // The compilation database.
  std::unique_ptr<CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    if (FixedDB)
      return usageError("use either -p or '-- COMPILER_ARGS', not both");
    std::string Err;
    DB = CompilationDatabase::loadFromDirectory(BuildPath, Err);
    if (!DB) {
      // Err has one line per database kind tried; say the one that matters.
      SmallString<256> Json(BuildPath);
      sys::path::append(Json, "compile_commands.json");
      StringRef Last = StringRef(Err).trim();
      Last = Last.substr(Last.rfind('\n') + 1);
      std::string Why = !sys::fs::exists(BuildPath) ? "no such directory"
                        : !sys::fs::is_directory(BuildPath) ? "not a directory"
                        : !sys::fs::exists(Json)
                            ? "no compile_commands.json there"
                            : Last.str();
      return usageError("no compilation database in '" + BuildPath +
                        "': " + Why);
    }
    if (Files.empty())
      for (const std::string &F : DB->getAllFiles())
        if (StringRef(F).ends_with(".cu"))
          Files.push_back(F);
    if (Files.empty())
      return usageError("the compilation database in '" + BuildPath +
                        "' has no .cu file");
  } else if (FixedDB) {
    DB = std::move(FixedDB);
  } else if (!Files.empty()) {
    std::string Err;
    SmallString<256> Abs(Files.front());
    sys::fs::make_absolute(Abs);
    DB = CompilationDatabase::autoDetectFromSource(Abs, Err);
    if (!DB)
      DB = std::make_unique<FixedCompilationDatabase>(
          ".", std::vector<std::string>());
  }
  if (Files.empty())
    return usageError("no input files; run 'warplint --help' for the usage");

  ParseSetup Setup;
  std::string CudaErr;
  Setup.Toolkit = findCudaToolkit(CudaPath, &CudaErr);
  if (!CudaErr.empty())
    return usageError(CudaErr);
  Setup.ResourceDir = resourceDir(argv[0]);
  if (RunPtxas) {
    if (Setup.Toolkit) {
      SmallString<256> P(Setup.Toolkit->Path);
      sys::path::append(P, "bin", "ptxas");
      if (sys::fs::can_execute(P))
        PtxasPath = std::string(P);
    }
    if (PtxasPath.empty())
      if (auto P = sys::findProgramByName("ptxas"))
        PtxasPath = *P;
    if (PtxasPath.empty() || !Setup.Toolkit)
      return usageError("--run-ptxas needs a CUDA toolkit with ptxas "
                        "(--cuda-path, $CUDA_PATH or /usr/local/cuda)");
    if (StringRef(WARPLINT_CLANG_PATH).empty() ||
        !sys::fs::can_execute(WARPLINT_CLANG_PATH))
      return usageError("--run-ptxas needs clang++ " +
                        Twine(LLVM_VERSION_MAJOR) + ", not found at '" +
                        WARPLINT_CLANG_PATH + "'");
  }
  if (Verbose && !DashDashDropped.empty())
    errs() << "warplint: nvcc options after '--' left out of the parse: "
           << join(DashDashDropped, " ") << "\n";
  if (Verbose)
    errs() << "warplint: "
           << (Setup.Toolkit ? "CUDA toolkit " + Setup.Toolkit->Path +
                                   (Setup.Toolkit->Version.empty()
                                        ? ""
                                        : " (CUDA " + Setup.Toolkit->Version +
                                              ")")
                             : std::string("no CUDA toolkit: using the "
                                           "built-in CUDA prelude"))
           << "\n";

  // Each file's settings, before any thread starts.
  std::vector<FileResult> Results(Files.size());
  std::map<std::string, Baseline> Baselines;
  for (size_t I = 0; I < Files.size(); ++I) {
    FileResult &R = Results[I];
    R.File = Files[I];
    R.Opts = Opts;
    auto C = ConfigFor(R.File);
    if (!C)
      return usageError(toString(C.takeError()));
    const FileConfig *Config = *C;
    if (Config) {
      R.ConfigPath = Config->Path;
      if (Error E = applyConfig(*Config, R.Opts, Given))
        return usageError(Config->Path + ": " + toString(std::move(E)));
    }
    if (WarningsAsErrorsOpt.getNumOccurrences())
      R.WarningsAsErrors = WarningsAsErrorsOpt;
    else if (Config && Config->WarningsAsErrors)
      R.WarningsAsErrors = *Config->WarningsAsErrors;
    R.Fail = FailOnGiven                     ? *FailOnGiven
             : Config && Config->FailOnLevel ? *Config->FailOnLevel
                                             : FailOn::Warning;
    // Writing a baseline reports nothing, so no baseline is read for it.
    if (!BaselineOpt.empty())
      R.BaselinePath = BaselineOpt;
    else if (Config && Config->Baseline && !NoBaseline &&
             WriteBaselineOpt.empty())
      R.BaselinePath = *Config->Baseline;
    if (!R.BaselinePath.empty()) {
      SmallString<256> Abs(R.BaselinePath);
      sys::fs::make_absolute(Abs);
      sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      R.BaselinePath = std::string(Abs);
      if (!Baselines.count(R.BaselinePath)) {
        auto B = Baseline::read(R.BaselinePath);
        if (!B)
          return usageError(toString(B.takeError()) +
                            (BaselineOpt.empty() && Config && Config->Baseline
                                 ? " (Baseline of " + Config->Path + ")"
                                 : std::string()));
        Baselines.emplace(R.BaselinePath, std::move(*B));
      }
    }
  }

  auto AnalyseOne = [&](size_t I) {
    FileResult &R = Results[I];
    if (!sys::fs::exists(R.File)) {
      R.Fatal = "no such file";
      return;
    }
    if (sys::fs::is_directory(R.File)) {
      R.Fatal = "is a directory";
      return;
    }
    // A working directory of this file's own: ClangTool moves to the compile
    // command's directory, and the process-wide one would move under the
    // files analysed on other threads (a relative FILE then vanishes).
    IntrusiveRefCntPtr<vfs::FileSystem> FS(vfs::createPhysicalFileSystem());
    auto MakeTool = [&] {
      auto Tool = std::make_unique<ClangTool>(
          *DB, ArrayRef<std::string>(R.File),
          std::make_shared<PCHContainerOperations>(), FS);
      for (const auto &[Path, Text] : preludeFiles())
        Tool->mapVirtualFile(Path, Text);
      Tool->clearArgumentsAdjusters();
      Tool->appendArgumentsAdjuster(getClangStripOutputAdjuster());
      Tool->appendArgumentsAdjuster(getClangStripDependencyFileAdjuster());
      Tool->setPrintErrorMessage(false);
      return Tool;
    };
    // The host-side command clang parses the file with.
    auto HostCommand = [&](const CommandLineArguments &Args, StringRef File,
                           std::vector<std::string> *Dropped) {
      std::vector<std::string> In = Args;
      if (!In.empty() && isNvccCommand(In.front()))
        In = translateNvccCommand(In, Dropped);
      // Before a "--" that ends the options, as adjustCommand does.
      In.insert(find(In, "--"), ExtraArgs.begin(), ExtraArgs.end());
      return adjustCommand(In, File, Setup);
    };
    std::vector<std::string> CommandArchs;
    bool HostOnly = false;
    std::unique_ptr<ClangTool> Tool = MakeTool();
    Tool->appendArgumentsAdjuster(
        [&](const CommandLineArguments &Args, StringRef File) {
          std::vector<std::string> Dropped;
          std::vector<std::string> Out = HostCommand(Args, File, &Dropped);
          if (RunPtxas) {
            // clang runs in this process's directory: give it the command's.
            std::vector<std::string> ForPtxas = Out;
            if (auto Cwd = FS->getCurrentWorkingDirectory())
              ForPtxas.insert(find(ForPtxas, "--"),
                              "-working-directory=" + *Cwd);
            for (const std::string &Arch : R.Opts.Archs) {
              std::string Err;
              std::string Rep = ptxasReport(ForPtxas, PtxasPath, Arch, Err);
              if (Err.empty())
                R.Opts.PtxasReports.push_back({"ptxas -v (" + Arch + ")", Rep});
              else
                R.PtxasErrors.push_back(Err);
            }
          }
          HostOnly = any_of(Out, [](StringRef A) {
            return A == "--cuda-host-only" || A == "--offload-host-only";
          });
          CommandArchs = gpuArchitectures(Out);
          Out.insert(find(Out, "--"), "-fsyntax-only");
          R.CommandLine = joinCommand(Out);
          if (!Dropped.empty())
            R.CommandLine += "\n  (nvcc flags dropped: " +
                             joinCommand(Dropped) + ")";
          return Out;
        });
    ErrorCollector Errors;
    Tool->setDiagnosticConsumer(&Errors);
    ActionFactory Factory(R.Opts, Errors, R, /*HostLaunches=*/nullptr);
    Tool->run(&Factory);
    R.ClangErrors = Errors.Errors;
    R.ErrorText = Errors.Text;
    if (!R.Parsed) {
      R.Fatal = Errors.First.empty() ? "clang could not build a compile command"
                                     : Errors.First;
      return;
    }
    if (R.ClangErrors && R.UserFunctions == R.FunctionsNotAnalysed) {
      R.Fatal = std::to_string(R.ClangErrors) + " clang error" +
                (R.ClangErrors == 1 ? "" : "s") +
                " and no function free of errors to analyse";
      return;
    }

    // Code under __CUDA_ARCH__ is empty on the host side: parse the file
    // again device-side, once per architecture, when it has some.
    bool BankConflicts = R.Opts.Checks.isEnabled(CheckId::BankConflict);
    if (!HostOnly || !R.Conditionals.MentionsCudaArch ||
        !R.Conditionals.skipsDeviceCode() ||
        !(BankConflicts || DescribeAccesses))
      return;
    // The architectures asked for, else those the compile command builds.
    std::vector<std::string> Archs;
    for (std::string A : R.Opts.ArchsGiven || CommandArchs.empty()
                             ? R.Opts.Archs
                             : CommandArchs) {
      // --arch names the SM alone; the command may add a feature suffix
      // (sm_90a), which defines macros of its own.
      for (StringRef C : CommandArchs)
        if (C.size() == A.size() + 1 && C.starts_with(A) && isAlpha(C.back()))
          A = C.str();
      if (!is_contained(Archs, A))
        Archs.push_back(A);
    }
    Options DeviceOpts = R.Opts;
    DeviceOpts.Checks = cantFail(
        CheckFilter::parse(BankConflicts ? "-*,warplint-bank-conflict" : "-*"));
    R.Device.resize(Archs.size());
    for (size_t I = 0; I < Archs.size(); ++I) {
      DeviceParse &D = R.Device[I];
      D.Arch = Archs[I];
      std::unique_ptr<ClangTool> DeviceTool = MakeTool();
      DeviceTool->appendArgumentsAdjuster(
          [&](const CommandLineArguments &Args, StringRef File) {
            std::vector<std::string> Out =
                deviceParseCommand(HostCommand(Args, File, nullptr), D.Arch,
                                   Setup.Toolkit ? Setup.Toolkit->Version : "");
            Out.insert(find(Out, "--"), "-fsyntax-only");
            D.CommandLine = joinCommand(Out);
            return Out;
          });
      ErrorCollector DeviceErrors;
      DeviceErrors.OnlyIn = &R.Conditionals;
      DeviceTool->setDiagnosticConsumer(&DeviceErrors);
      ActionFactory DeviceFactory(DeviceOpts, DeviceErrors, D, &R.Launches);
      DeviceTool->run(&DeviceFactory);
      D.ClangErrors = DeviceErrors.Errors;
      D.ErrorText = DeviceErrors.Text;
      if (!D.Parsed)
        D.Failure = DeviceErrors.First.empty()
                        ? "clang could not build a compile command"
                        : DeviceErrors.First;
    }
    mergeDeviceParses(R);
  };

  // Each file on a thread of its own with a large stack, as clang's driver
  // runs its parser (deeply nested code parses), under crash recovery: a
  // crash in clang or in warplint loses that file's results only, and is
  // reported.
  auto AnalyseSafely = [&](size_t I) {
    std::string Crash;
    if (runContained([&] { AnalyseOne(I); }, Crash))
      return;
    FileResult &R = Results[I];
    // The crashed analysis may have left R half-written: abandon it (never
    // destroyed) for a fresh result that keeps the file's settings.
    FileResult Fresh;
    Fresh.File = R.File;
    Fresh.Opts = R.Opts;
    Fresh.ConfigPath = R.ConfigPath;
    Fresh.WarningsAsErrors = R.WarningsAsErrors;
    Fresh.Fail = R.Fail;
    Fresh.BaselinePath = R.BaselinePath;
    Fresh.Crashed = Crash;
    new (&R) FileResult(std::move(Fresh));
  };
  unsigned Threads = Jobs ? Jobs.getValue() : 0;
  if (Files.size() == 1 || Threads == 1) {
    for (size_t I = 0; I < Files.size(); ++I)
      AnalyseSafely(I);
  } else {
    DefaultThreadPool Pool(hardware_concurrency(Threads));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] { AnalyseSafely(I); });
    Pool.wait();
  }

  // Report.
  bool InputError = false;
  // Every finding, with the file result it came from (its settings).
  std::vector<std::pair<Finding, size_t>> Found;
  for (FileResult &R : Results) {
    for (const std::string &E : R.PtxasErrors)
      errs() << "warplint: --run-ptxas: " << R.File << ": " << E
             << "; the occupancy checks skip it\n";
    if (Verbose && !R.CommandLine.empty())
      errs() << "warplint: " << R.File << ": " << R.CommandLine << "\n";
    if (Verbose)
      for (const DeviceParse &D : R.Device)
        errs() << "warplint: " << R.File << " (device side, " << D.Arch
               << "): " << D.CommandLine << "\n";
    if (Verbose)
      errs() << "warplint: " << R.File << ": "
             << (R.ConfigPath.empty()
                     ? std::string(NoConfig ? "configuration files ignored"
                                            : "no configuration file")
                     : "configuration " + R.ConfigPath)
             << "\n";
    if (!R.Crashed.empty()) {
      InputError = true;
      errs() << "warplint: error: analysing " << R.File << " crashed ("
             << R.Crashed << "); the other files' results stand\n";
      continue;
    }
    if (!R.Fatal.empty()) {
      InputError = true;
      errs() << "warplint: error: cannot analyse " << R.File << ": "
             << R.Fatal << "\n";
      if (Verbose)
        errs() << R.ErrorText;
      continue;
    }
    if (R.ClangErrors) {
      errs() << "warplint: " << R.ClangErrors << " clang error"
             << (R.ClangErrors == 1 ? "" : "s") << " in " << R.File << ", "
             << R.FunctionsNotAnalysed << " function"
             << (R.FunctionsNotAnalysed == 1 ? "" : "s") << " not analysed"
             << (Verbose ? "" : " (--verbose shows them)") << "\n";
      if (Verbose)
        errs() << R.ErrorText;
    }
    // A failed --run-ptxas has said which architecture lacks a report; no
    // report at all is the documented way to run without these checks, said
    // with --verbose only.
    const PtxasCoverage &Cov = R.Coverage;
    if (!Cov.empty() && R.PtxasErrors.empty() && (!Cov.NoReport || Verbose)) {
      errs() << "warplint: note: " << R.File << ": " << Cov.message() << ": ";
      if (Cov.NoReport)
        errs() << "pass --ptxas-report=FILE (the output of nvcc -Xptxas -v) "
                  "or --run-ptxas\n";
      else
        errs() << "give a report of a build for "
               << join(Cov.MissingArchs, ", ")
               << " (nvcc -Xptxas -v), use --run-ptxas, or leave "
               << (Cov.MissingArchs.size() == 1 ? "it" : "them")
               << " out of --arch\n";
    }
    for (const DeviceParse &D : R.Device) {
      // Not an input error: the host side was analysed.
      if (!D.Failure.empty()) {
        errs() << "warplint: " << R.File << ": the device-side parse for "
               << D.Arch << " failed, so code compiled for the device only "
               << "is not analysed: " << D.Failure << "\n";
        continue;
      }
      if (!D.ClangErrors)
        continue;
      errs() << "warplint: " << D.ClangErrors << " clang error"
             << (D.ClangErrors == 1 ? "" : "s") << " in " << R.File
             << " (device side, " << D.Arch << "), " << D.FunctionsNotAnalysed
             << " function" << (D.FunctionsNotAnalysed == 1 ? "" : "s")
             << " not analysed" << (Verbose ? "" : " (--verbose shows them)")
             << "\n";
      if (Verbose)
        errs() << D.ErrorText;
    }
    for (Finding &F : R.Findings) {
      if (!R.WarningsAsErrors.empty() && F.Level == Severity::Warning &&
          matchesGlobList(R.WarningsAsErrors, F.Check))
        F.Level = Severity::Error;
      Found.push_back({std::move(F), size_t(&R - Results.data())});
    }
  }
  // As sortAndDeduplicate, keeping where each finding came from.
  std::stable_sort(
      Found.begin(), Found.end(), [](const auto &A, const auto &B) {
        return std::tie(A.first.Loc, A.first.Check, A.first.Message) <
               std::tie(B.first.Loc, B.first.Check, B.first.Message);
      });
  Found.erase(std::unique(Found.begin(), Found.end(),
                          [](const auto &A, const auto &B) {
                            return A.first.sameAs(B.first);
                          }),
              Found.end());

  if (!ExplainFile.empty()) {
    SmallString<256> Want(ExplainFile);
    sys::fs::make_absolute(Want);
    sys::path::remove_dots(Want, /*remove_dot_dot=*/true);
    std::vector<const SharedAccessInfo *> Here;
    for (const FileResult &R : Results)
      for (const SharedAccessInfo &I : R.Accesses)
        if (I.Loc.File == Want && I.Loc.Line == ExplainLine &&
            (!ExplainCol || I.Loc.Column <= ExplainCol))
          Here.push_back(&I);
    // With a column, the access that starts closest before it.
    if (ExplainCol && !Here.empty()) {
      unsigned Best = 0;
      for (const SharedAccessInfo *I : Here)
        Best = std::max(Best, I->Loc.Column);
      llvm::erase_if(Here, [&](const SharedAccessInfo *I) {
        return I->Loc.Column != Best;
      });
    }
    if (InputError)
      return 2;
    if (Here.empty()) {
      errs() << "warplint: error: no shared-memory access at " << ExplainFile
             << ":" << ExplainLine;
      if (ExplainCol)
        errs() << ":" << ExplainCol;
      errs() << "\n";
      return 2;
    }
    bool Color = sys::Process::StandardOutHasColors();
    for (size_t I = 0; I < Here.size(); ++I) {
      if (I)
        outs() << "\n";
      writeExplanation(outs(), *Here[I], Color);
    }
    return 0;
  }
  if (DumpSharedAccesses) {
    json::Array A;
    for (const FileResult &R : Results)
      for (const SharedAccessInfo &I : R.Accesses)
        A.push_back(sharedAccessJson(I));
    outs() << formatv("{0:2}", json::Value(json::Object{
                                   {"accesses", std::move(A)}}))
           << "\n";
    return InputError ? 2 : 0;
  }

  if (!WriteBaselineOpt.empty()) {
    std::vector<Finding> All;
    for (auto &[F, From] : Found)
      All.push_back(std::move(F));
    if (Error E = writeBaseline(All, WriteBaselineOpt))
      return usageError(toString(std::move(E)));
    errs() << "warplint: wrote " << All.size() << " finding"
           << (All.size() == 1 ? "" : "s") << " to the baseline "
           << WriteBaselineOpt << "\n";
    return InputError ? 2 : 0;
  }

  // Findings in a baseline are not reported; the exit status counts the
  // rest at or above each file's --fail-on level.
  std::vector<Finding> All;
  bool Failing = false;
  std::map<std::string, unsigned> Baselined;
  for (auto &[F, From] : Found) {
    const FileResult &R = Results[From];
    if (!R.BaselinePath.empty()) {
      unsigned &N = Baselined[R.BaselinePath];
      if (Baselines.at(R.BaselinePath).take(F)) {
        ++N;
        continue;
      }
    }
    Failing |= R.Fail == FailOn::Warning ||
               (R.Fail == FailOn::Error && F.Level == Severity::Error);
    All.push_back(std::move(F));
  }
  for (const auto &[Path, N] : Baselined) {
    unsigned Left = Baselines.at(Path).remaining();
    errs() << "warplint: " << N << " finding" << (N == 1 ? "" : "s")
           << " in the baseline " << Path << " not reported";
    if (Left)
      errs() << "; " << Left << " of its entries not found in this run";
    errs() << "\n";
  }

  std::unique_ptr<ToolOutputFile> OutFile;
  raw_ostream *OS = &outs();
  if (!OutputOpt.empty()) {
    std::error_code EC;
    OutFile = std::make_unique<ToolOutputFile>(OutputOpt, EC,
                                               sys::fs::OF_TextWithCRLF);
    if (EC)
      return usageError("cannot write '" + OutputOpt + "': " + EC.message());
    OS = &OutFile->os();
  }
  switch (Format) {
  case OutputFormat::Text:
    writeText(*OS, All,
              !OutFile && sys::Process::StandardOutHasColors());
    break;
  case OutputFormat::Json:
    writeJson(*OS, All);
    break;
  case OutputFormat::Sarif: {
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    writeSarif(*OS, All, Cwd);
    break;
  }
  case OutputFormat::Github: {
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    writeGithub(*OS, All, Cwd);
    break;
  }
  }
  OS->flush();
  if (OutFile)
    OutFile->keep();

  if (InputError)
    return 2;
  return Failing ? 1 : 0;
}
