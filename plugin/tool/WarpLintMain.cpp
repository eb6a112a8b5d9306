//===-- WarpLintMain.cpp - The warplint command-line tool -----------------===//
//
// warplint [options] FILE... [-- COMPILER_ARGS]
// warplint [options] -p BUILD_DIR [FILE...]
//
// A thin front end over the pipeline in lib/Pipeline: it reads the command
// line (ToolOptions.cpp), asks Settings what applies to each file, runs
// analyseFiles, and reports what FindingReport keeps, in text, JSON, SARIF
// or GitHub's format; `warplint explain` prints the banks of an access
// instead, `warplint occupancy` is the occupancy calculator, `warplint
// compdb` writes a compilation database for clangd (CompdbCommand.cpp).
//
// Exit status: 0 no findings (or none that --fail-on counts), 1 findings,
// 2 usage or input error.
//
//===----------------------------------------------------------------------===//
#include "BuildPaths.h"
#include "CompdbCommand.h"
#include "LspCommand.h"
#include "OccupancyCalculatorCommand.h"
#include "RunOutput.h"
#include "ToolOptions.h"
#include "warplint/Core/Baseline.h"
#include "warplint/Core/Version.h"
#include "warplint/Driver/Toolchain.h"
#include "warplint/Pipeline/FileAnalysis.h"
#include "warplint/Pipeline/Inputs.h"
#include "warplint/Pipeline/PreludeCache.h"
#include "warplint/Pipeline/ProjectCache.h"
#include "warplint/Pipeline/Reporting.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cstdlib>

using namespace clang::tooling;
using namespace llvm;
using namespace warplint;
using namespace warplint::tool;

/// --status-file: how the run went, for warplint-launch, which reads it
/// instead of these messages: the error that stopped it, or Done.
static void writeStatusFile(StringRef StoppedBy, RunStatus Done = {}) {
  Done.StoppedBy = StoppedBy.str();
  if (!StatusFile.empty()) // without it, the launcher reads these messages
    consumeError(writeRunStatus(StatusFile, Done));
}

static int usageError(const Twine &Msg) {
  errs() << "warplint: error: " << Msg << "\n";
  writeStatusFile(Msg.str());
  return 2;
}

/// --update-baseline: this run's findings go into the baseline, with the
/// files it analysed as its own (Baseline.h, updateBaseline).
static int addToBaseline(std::vector<Finding> All, ArrayRef<FileResult> Results,
                         bool InputError) {
  std::vector<std::string> Own;
  for (const FileResult &R : Results)
    Own.push_back(R.File);
  Expected<unsigned> Total = updateBaseline(All, Own, UpdateBaselineOpt);
  if (!Total)
    return usageError(toString(Total.takeError()));
  errs() << "warplint: added " << All.size() << " finding"
         << (All.size() == 1 ? "" : "s") << " to the baseline "
         << UpdateBaselineOpt << " (" << *Total << " in all)\n";
  writeStatusFile("", runStatus(Results, {}));
  return InputError ? 2 : 0;
}

/// At exit, whatever the path out of main: output that could not be written
/// (a full disk, >/dev/full) is warplint's own failure, status 2, with the
/// reason, never status 1 (findings) nor raw_fd_ostream's "LLVM ERROR: IO
/// failure on output stream" naming no file. Standard error that cannot be
/// written cannot say so; its status is 2 all the same.
static void checkOutputAtExit() {
  outs().flush();
  bool Failed = false;
  if (outs().has_error()) {
    std::string Msg =
        "cannot write standard output: " + outs().error().message();
    outs().clear_error();
    errs() << "warplint: error: " << Msg << "\n";
    writeStatusFile(Msg);
    Failed = true;
  }
  if (errs().has_error()) {
    errs().clear_error();
    writeStatusFile("cannot write standard error");
    Failed = true;
  }
  if (Failed)
    std::_Exit(2);
}

/// Says that the findings could not be written to OS (the file Path, or
/// standard output when empty) and returns 2, or returns -1 when they were.
static int findingsWriteError(raw_fd_ostream &OS, StringRef Path) {
  OS.flush();
  if (!OS.has_error())
    return -1;
  std::string Why = OS.error().message();
  OS.clear_error();
  return usageError(
      "cannot write " +
      (Path.empty() ? std::string("standard output") : "'" + Path.str() + "'") +
      ": " + Why);
}

/// The narrowest explain draws in: a map of 8 banks and its labels.
static constexpr unsigned MinExplainWidth = 50;

static const char ExplainHelp[] =
    "usage: warplint explain FILE:LINE[:COL] [options] [-- COMPILER_ARGS]\n\n"
    "Prints, for each shared-memory access at that place, the banks its "
    "worst\nwarp hits in each block shape: one column per bank, one row per "
    "wavefront\n(for ldmatrix and stmatrix, one phase per 8x8 matrix), or "
    "why the access\nhas no degree; with a conflict whose fix warplint "
    "knows (a padding or a\nswizzle of the array), the fix and the same "
    "warp's banks after it. Its\nlines fit --width=N columns (default: the "
    "terminal's, else $COLUMNS,\nelse 80; at least 50): the map shows 32, 16 "
    "or 8 banks a row. The\noptions are warplint's (warplint --help).\n";

static int printModulePath(const char *Argv0, StringRef Name) {
  auto P = installedModulePath(Argv0, Name);
  if (!P)
    return usageError(toString(P.takeError()));
  outs() << *P << "\n";
  return 0;
}

/// The columns explain's lines may take: --width, else the terminal's,
/// else $COLUMNS, else 80.
static unsigned explainWidth() {
  if (ExplainWidth)
    return ExplainWidth;
  if (unsigned Columns = sys::Process::StandardOutColumns())
    return std::max(Columns, MinExplainWidth);
  unsigned Columns = 0;
  if (std::optional<std::string> Env = sys::Process::GetEnv("COLUMNS"))
    if (!StringRef(*Env).trim().getAsInteger(10, Columns) && Columns)
      return std::max(Columns, MinExplainWidth);
  return 80;
}

/// --color=always|never|auto (and LLVM's own spellings true|false) as
/// LLVM's --color option reads them: always and never become true and
/// false, auto leaves the choice to the terminal. Up to "--" only.
static std::optional<int> normaliseColorArgs(std::vector<const char *> &Argv) {
  for (auto It = Argv.begin() + 1; It != Argv.end();) {
    StringRef A = *It;
    if (A == "--")
      break;
    StringRef V = A;
    if ((V.consume_front("--color=") || V.consume_front("-color=")) &&
        !is_contained({"always", "never", "auto", "true", "false", "1", "0"},
                      V))
      return usageError("--color must be always, never or auto, not '" + V +
                        "'");
    if (A == "--color=always" || A == "-color=always")
      *It = "--color=true";
    else if (A == "--color=never" || A == "-color=never")
      *It = "--color=false";
    else if (A == "--color=auto" || A == "-color=auto") {
      It = Argv.erase(It);
      continue;
    }
    ++It;
  }
  return std::nullopt;
}

/// Whether output to a stream that is (IsTerminal) or is not a terminal is
/// coloured: --color decides when given, else NO_COLOR (any value) turns
/// colour off, else a terminal gets it.
static bool useColor(bool IsTerminal) {
  auto &Opts = cl::getRegisteredOptions();
  if (auto It = Opts.find("color"); It != Opts.end()) {
    auto *O = static_cast<cl::opt<cl::boolOrDefault> *>(It->second);
    if (O->getValue() == cl::BOU_TRUE)
      return true;
    if (O->getValue() == cl::BOU_FALSE)
      return false;
  }
  if (std::optional<std::string> No = sys::Process::GetEnv("NO_COLOR");
      No && !No->empty())
    return false;
  return IsTerminal;
}

/// `warplint explain`: the banks of the accesses at the place asked about.
static int explain(const ExplainTarget &T,
                   const std::vector<FileResult> &Results, bool InputError) {
  std::vector<const SharedAccessInfo *> All;
  for (const FileResult &R : Results)
    for (const SharedAccessInfo &I : R.Accesses)
      All.push_back(&I);
  std::vector<const SharedAccessInfo *> Here = accessesAt(T, All);
  if (InputError)
    return 2;
  if (Here.empty()) {
    errs() << "warplint: error: no shared-memory access at " << T.File << ":"
           << T.Line;
    if (T.Column)
      errs() << ":" << T.Column;
    errs() << "\n";
    return 2;
  }
  bool Color = useColor(sys::Process::StandardOutHasColors());
  unsigned Width = explainWidth();
  for (size_t I = 0; I < Here.size(); ++I) {
    if (I)
      outs() << "\n";
    writeExplanation(outs(), *Here[I], Color, Width);
  }
  return 0;
}

/// --list-checks: the checks the configuration of the first file (or of
/// the current directory) enables.
static int listChecks(Settings &S) {
  SmallString<256> Here;
  if (!Files.empty())
    Here = Files.front();
  else
    sys::fs::current_path(Here);
  auto FS = S.forFile(Here);
  if (!FS)
    return usageError(toString(FS.takeError()));
  for (const std::string &W : FS->ConfigWarnings)
    errs() << "warplint: warning: " << W << "\n";
  outs() << "Enabled checks:\n";
  for (const CheckInfo &Info : allChecks())
    if (FS->Opts.Checks.isEnabled(Info.Id))
      outs() << "    " << Info.Name << "\n";
  outs() << "\n";
  return 0;
}

/// The toolkit, ptxas and clang a run uses, from the options; a usage
/// error's status when one is missing.
static std::optional<int>
setUp(const char *Argv0, RunSetup &Setup,
      const std::vector<std::string> &DashDashDropped) {
  std::string CudaErr;
  Setup.Parse.Toolkit = findCudaToolkit(CudaPath, &CudaErr);
  if (!CudaErr.empty())
    return usageError(CudaErr);
  Setup.Parse.ResourceDir =
      clangResourceDir(Argv0, WARPLINT_CLANG_RESOURCE_DIR);
  if (RunPtxas) {
    Setup.PtxasPath = findPtxas(Setup.Parse.Toolkit);
    if (Setup.PtxasPath.empty() || !Setup.Parse.Toolkit)
      return usageError("--run-ptxas needs a CUDA toolkit with ptxas "
                        "(--cuda-path, $CUDA_PATH or /usr/local/cuda)");
    if (StringRef(WARPLINT_CLANG_PATH).empty() ||
        !sys::fs::can_execute(WARPLINT_CLANG_PATH))
      return usageError("--run-ptxas needs clang++ " +
                        Twine(LLVM_VERSION_MAJOR) + ", not found at '" +
                        WARPLINT_CLANG_PATH + "'");
    Setup.ClangPath = WARPLINT_CLANG_PATH;
  }
  Setup.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  Setup.Jobs = Jobs;
  if (PchCacheDir != "none") {
    std::string Dir =
        PchCacheDir.empty() ? PreludeCache::defaultDir() : PchCacheDir;
    if (!Dir.empty())
      Setup.Prelude = std::make_shared<PreludeCache>(Dir);
  }
  if (Verbose && !DashDashDropped.empty())
    errs() << "warplint: nvcc options after '--' left out of the parse: "
           << join(DashDashDropped, " ") << "\n";
  if (Verbose) {
    const auto &T = Setup.Parse.Toolkit;
    errs() << "warplint: "
           << (!T ? std::string("no CUDA toolkit: using the built-in CUDA "
                                "prelude")
                  : "CUDA toolkit " + T->Path +
                        (T->Version.empty() ? ""
                                            : " (CUDA " + T->Version + ")"))
           << "\n";
  }
  return std::nullopt;
}

/// --output, opened before the analysis (its findings are written as each
/// file finishes), or none for standard output; a usage error's status
/// when it cannot be opened.
static std::optional<int> openOutput(std::unique_ptr<ToolOutputFile> &Out) {
  if (OutputOpt.empty())
    return std::nullopt;
  std::error_code EC;
  Out =
      std::make_unique<ToolOutputFile>(OutputOpt, EC, sys::fs::OF_TextWithCRLF);
  if (EC)
    return usageError("cannot write '" + OutputOpt + "': " + EC.message());
  return std::nullopt;
}

/// The findings written to --output (OutFile) or standard output: the exit
/// status when that failed, else -1.
static int closeOutput(std::unique_ptr<ToolOutputFile> &OutFile) {
  if (!OutFile)
    return findingsWriteError(outs(), "");
  // ToolOutputFile removes what it does not keep: a regular file only (the
  // output may be a device, a FIFO), and only when half-written.
  bool Regular = sys::fs::is_regular_file(OutputOpt);
  OutFile->keep();
  int Status = findingsWriteError(OutFile->os(), OutputOpt);
  if (Status >= 0 && Regular)
    sys::fs::remove(OutputOpt);
  return Status;
}

/// --format=html: the page of every file (it needs them all: written once
/// the run is over) to --output or standard output; the exit status when
/// that fails, else -1.
static int writeHtml(const std::vector<Finding> &All,
                     const std::vector<FileResult> &Results,
                     const std::map<std::string, std::string> &Problems) {
  std::unique_ptr<ToolOutputFile> OutFile;
  if (std::optional<int> Status = openOutput(OutFile))
    return *Status;
  raw_fd_ostream &OS = OutFile ? OutFile->os() : outs();
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  HtmlReportOptions O;
  O.BaseDir = std::string(Cwd);
  O.Generator =
      ("warplint " + warplintVersion() + " (LLVM " + LLVM_VERSION_STRING + ")")
          .str();
  writeHtmlReport(OS, htmlReportFiles(Results, All, Problems), O);
  return closeOutput(OutFile);
}

/// Analyses Results: with --project-index, with the calls it lists; with
/// -p, as one program (analyseProject); else each file alone. An exit
/// status when it cannot.
static std::optional<int> analyse(const CompilationDatabase &DB,
                                  std::vector<FileResult> &Results,
                                  RunSetup &Setup, ProjectIndex &Index) {
  if (!WriteProjectIndex.empty() && BuildPath.empty())
    return usageError("--write-project-index needs -p: the calls between "
                      "files come from a compilation database");
  if (!ProjectIndexPath.empty() && !WriteProjectIndex.empty())
    return usageError("--project-index and --write-project-index cannot be "
                      "given together");
  if (!ProjectIndexPath.empty()) {
    Expected<ProjectIndex> Read = ProjectIndex::read(ProjectIndexPath);
    if (!Read)
      return usageError(toString(Read.takeError()));
    Index = std::move(*Read);
    Setup.Project = &Index;
    analyseFiles(DB, Results, Setup);
    return std::nullopt;
  }
  if (BuildPath.empty()) {
    analyseFiles(DB, Results, Setup);
    return std::nullopt;
  }
  ProjectCache Cache;
  if (ProjectCacheDir != "none") {
    SmallString<256> Dir(ProjectCacheDir);
    if (Dir.empty()) {
      Dir = BuildPath;
      sys::path::append(Dir, ".warplint-cache");
    }
    std::string Problem;
    Cache = ProjectCache::open(Dir, Problem);
    // The default place is a convenience: said only with --verbose.
    if (!Problem.empty() && (Verbose || !ProjectCacheDir.empty()))
      errs() << "warplint: warning: no project cache: " << Problem << "\n";
  }
  ProjectRun Run = analyseProject(DB, Results, Setup, Index, Cache,
                                  /*WholeIndex=*/!WriteProjectIndex.empty());
  auto Plural = [](size_t N, StringRef One) {
    return std::to_string(N) + " " + One.str() + (N == 1 ? "" : "s");
  };
  if (Verbose && (Index.size() || Run.OtherFiles || Run.Again))
    errs() << "warplint: the build as one program: "
           << Plural(Index.size(), "call") << " into other files; "
           << Plural(Run.OtherFiles, "other file")
           << " of the database read for their calls; "
           << Plural(Run.Again, "file") << " analysed again with them\n";
  if (Verbose && Cache.enabled())
    errs() << "warplint: project cache " << Cache.directory() << ": "
           << Cache.Hits << (Cache.Hits == 1 ? " entry" : " entries")
           << " read, " << Cache.Stores
           << (Cache.Stores == 1 ? " entry" : " entries") << " written\n";
  if (Run.RoundsLeft)
    errs() << "warplint: note: the calls between the build's files were "
              "followed through "
           << MaxProjectRounds
           << " files; values that cross more files on their way to a "
              "launch are left unknown\n";
  if (!WriteProjectIndex.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(WriteProjectIndex, EC, sys::fs::OF_Text);
    if (!EC) {
      OS << Index.toJSON();
      OS.close();
      EC = OS.error();
    }
    if (EC)
      return usageError("cannot write '" + WriteProjectIndex +
                        "': " + EC.message());
  }
  return std::nullopt;
}

/// The subcommands with options of their own, read before the tool's
/// cl::opt options: their exit status, or none for the tool's command line.
static std::optional<int> runSubcommand(int argc, const char **argv) {
  StringRef Name = argc > 1 ? argv[1] : "";
  if (Name == "occupancy")
    return runOccupancyCalculatorCommand(argc - 1, argv + 1);
  if (Name == "lsp")
    return runLspCommand(argc - 1, argv + 1, argv[0]);
  if (Name == "compdb")
    return runCompdbCommand(argc - 1, argv + 1);
  return std::nullopt;
}

// warplint explain FILE:LINE[:COL] ...: the target taken out of Argv, FILE
// in place of "explain" as the one input. FILE:LINE[:COL] comes first, or
// after options (explain --width=80 FILE:LINE, explain -p build FILE:LINE),
// before any "--": the first word that is one, else the first that is no
// option. An exit status for explain --help and for a usage error.
static std::optional<int>
takeExplainTarget(std::vector<const char *> &Argv,
                  std::optional<ExplainTarget> &Explain) {
  if (Argv.size() < 2 || StringRef(Argv[1]) != "explain")
    return std::nullopt;
  StringRef A2 = Argv.size() > 2 ? Argv[2] : "";
  if (A2 == "--help" || A2 == "-help" || A2 == "-h") {
    outs() << ExplainHelp;
    return 0;
  }
  size_t At = 0;
  for (size_t I = 2; I < Argv.size() && StringRef(Argv[I]) != "--"; ++I) {
    if (StringRef(Argv[I]).starts_with("-"))
      continue;
    At = At ? At : I;
    auto Maybe = parseExplainTarget(Argv[I]);
    if (Maybe) {
      At = I;
      break;
    }
    consumeError(Maybe.takeError());
  }
  if (!At)
    return usageError("usage: warplint explain FILE:LINE[:COL] [options] "
                      "[-- COMPILER_ARGS]");
  auto T = parseExplainTarget(Argv[At]);
  if (!T)
    return usageError(toString(T.takeError()));
  Explain = std::move(*T);
  Argv.erase(Argv.begin() + At);
  Argv[1] = Explain->File.c_str();
  return std::nullopt;
}

int main(int argc, const char **argv) {
  // Both streams exist before the handler is registered, so that it runs
  // before they are destroyed.
  outs();
  errs();
  std::atexit(checkOutputAtExit);
  if (std::optional<int> Status = runSubcommand(argc, argv))
    return *Status;
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "warplint " << warplintVersion() << " (LLVM " << LLVM_VERSION_STRING
       << ")\n";
  });

  // warplint explain FILE:LINE[:COL] ...: FILE becomes the one input.
  std::vector<const char *> Argv(argv, argv + argc);
  std::optional<ExplainTarget> Explain;
  if (std::optional<int> Status = takeExplainTarget(Argv, Explain))
    return *Status;
  if (std::optional<int> Status = normaliseColorArgs(Argv))
    return *Status;
  // What follows "--" may be a whole nvcc or clang++ command.
  std::vector<std::string> Translated, DashDashDropped;
  translateCompilerAfterDashDash(Argv, Translated, &DashDashDropped);
  argc = int(Argv.size());
  std::string DBError;
  std::unique_ptr<CompilationDatabase> FixedDB =
      FixedCompilationDatabase::loadFromCommandLine(argc, Argv.data(), DBError);

  std::string ParseErrors;
  raw_string_ostream ParseErrOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(argc, Argv.data(), Overview, &ParseErrOS)) {
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
  if (ExplainWidth.getNumOccurrences() && !Explain)
    return usageError("--width is an option of warplint explain");
  if (ExplainWidth.getNumOccurrences() && ExplainWidth < MinExplainWidth)
    return usageError("--width=" + Twine(ExplainWidth) +
                      ": explain needs at least " + Twine(MinExplainWidth) +
                      " columns");
  if (PrintPluginPath)
    return printModulePath(argv[0], "warplint-plugin.so");
  if (PrintTidyModulePath)
    return printModulePath(argv[0], "warplint-tidy.so");

  Options Base;
  auto Args = arguments(Base);
  if (!Args)
    return usageError(toString(Args.takeError()));
  auto Format = outputFormat();
  if (!Format)
    return usageError(toString(Format.takeError()));
  auto S = Settings::create(*Args, std::move(Base));
  if (!S)
    return usageError(toString(S.takeError()));
  if (!S->base().Checks.any())
    return usageError("--checks='" + ChecksOpt +
                      "' enables no check; see "
                      "--list-checks" +
                      didYouMean(ChecksOpt));

  if (ListChecks)
    return listChecks(*S);

  std::vector<std::string> Inputs(Files.begin(), Files.end());
  auto DB = chooseCompilationDatabase(BuildPath, std::move(FixedDB), Inputs);
  if (!DB)
    return usageError(toString(DB.takeError()));

  RunSetup Setup;
  if (std::optional<int> Status = setUp(argv[0], Setup, DashDashDropped))
    return *Status;
  bool Html = *Format == OutputFormat::Html;
  Setup.DescribeAccesses = Explain || DumpSharedAccesses || Html;
  Setup.DescribeLaunches = Html;
  // SARIF keeps what NOLINT and the baselines suppress, as known results.
  Setup.KeepSuppressed = *Format == OutputFormat::Sarif;

  // Each file's settings, before any thread starts.
  std::vector<FileResult> Results(Inputs.size());
  for (size_t I = 0; I < Inputs.size(); ++I) {
    Results[I].File = Inputs[I];
    auto FS = S->forFile(Inputs[I]);
    if (!FS)
      return usageError(toString(FS.takeError()));
    for (const std::string &W : FS->ConfigWarnings)
      errs() << "warplint: warning: " << W << "\n";
    Results[I].Settings = std::move(*FS);
  }
  // The findings as each file finishes (not for explain, the dump and
  // --write-baseline, which need them all).
  // --format=html needs every file's findings and accesses: written at the
  // end too.
  bool Findings = !Explain && !DumpSharedAccesses && WriteBaselineOpt.empty() &&
                  UpdateBaselineOpt.empty() && !Html;
  std::unique_ptr<ToolOutputFile> OutFile;
  if (Findings)
    if (std::optional<int> Status = openOutput(OutFile))
      return *Status;
  RunOutput::Config Say;
  Say.Format = *Format;
  Say.DocsBase = docsBase(argv[0]);
  Say.Progress = Inputs.size() > 1 && !NoProgress &&
                 (Progress || sys::Process::StandardErrIsDisplayed());
  Say.Stream = Findings && BuildPath.empty();
  Say.TextSummary = Inputs.size() > 1 || Summary;
  Say.Color = !OutFile && useColor(sys::Process::StandardOutHasColors());
  Say.Verbose = Verbose;
  Say.NoConfig = NoConfig;
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  Say.BaseDir = Cwd.str().str();
  RunOutput Run(Results, S->baselines(), OutFile ? OutFile->os() : outs(), Say);
  Setup.OnFileDone = [&](const FileResult &R) { Run.fileDone(R); };
  ProjectIndex Index;
  if (std::optional<int> Status = analyse(**DB, Results, Setup, Index))
    return *Status;
  if (Findings) {
    Run.finish();
    if (int Status = closeOutput(OutFile); Status >= 0)
      return Status;
    writeStatusFile("", runStatus(Results, Run.reported()));
    if (Run.inputError())
      return 2;
    return Run.failing() ? 1 : 0;
  }

  bool InputError = false;
  FindingReport Report;
  std::map<std::string, std::string> Problems;
  for (FileResult &R : Results) {
    if (Html) {
      std::string Text;
      raw_string_ostream PS(Text);
      describeProblems(PS, R, /*Verbose=*/false, NoConfig);
      if (!Text.empty())
        Problems[R.File] = StringRef(Text).trim().str();
    }
    InputError |= describeProblems(errs(), R, Verbose, NoConfig);
    if (R.Crashed.empty() && R.Fatal.empty())
      for (Finding &F : R.Findings)
        Report.add(std::move(F), R.Settings);
  }

  if (Explain)
    return explain(*Explain, Results, InputError);
  if (DumpSharedAccesses) {
    json::Array A;
    for (const FileResult &R : Results)
      for (const SharedAccessInfo &I : R.Accesses)
        A.push_back(sharedAccessJson(I));
    outs() << formatv("{0:2}",
                      json::Value(json::Object{{"accesses", std::move(A)}}))
           << "\n";
    return InputError ? 2 : 0;
  }
  if (!UpdateBaselineOpt.empty())
    return addToBaseline(Report.takeAll(), Results, InputError);
  if (!WriteBaselineOpt.empty()) {
    std::vector<Finding> All = Report.takeAll();
    if (Error E = writeBaseline(All, WriteBaselineOpt))
      return usageError(toString(std::move(E)));
    errs() << "warplint: wrote " << All.size() << " finding"
           << (All.size() == 1 ? "" : "s") << " to the baseline "
           << WriteBaselineOpt << "\n";
    return InputError ? 2 : 0;
  }

  // --format=html: one page of every file, written at the end.
  FindingReport::Outcome Out = Report.finish(S->baselines());
  for (const std::string &Line : Out.BaselineNotes)
    errs() << "warplint: " << Line << "\n";
  if (int Status = writeHtml(Out.Reported, Results, Problems); Status >= 0)
    return Status;
  writeStatusFile("", runStatus(Results, Out.Reported));
  if (InputError)
    return 2;
  return Out.Failing ? 1 : 0;
}
