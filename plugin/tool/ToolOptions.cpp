//===-- ToolOptions.cpp - The warplint command line -----------------------===//
//
// The options of `warplint`, declared in ToolOptions.h; WarpLintMain.cpp
// turns them into the pipeline's Arguments and runs it.
//
//===----------------------------------------------------------------------===//
#include "ToolOptions.h"
#include "warplint/Driver/LauncherCommand.h"
#include "warplint/Driver/ReportExchange.h"
#include "warplint/Ptxas/CudaObject.h"
#include "warplint/Ptxas/PtxasReport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace warplint::tool {

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
cl::opt<bool> Progress(
    "progress",
    cl::desc("Over several files, say '[n/N] FILE' on standard error as\n"
             "each file's analysis ends (default: when standard error is a\n"
             "terminal)"),
    cl::cat(Category));
cl::opt<bool> NoProgress("no-progress",
                         cl::desc("Never say the files' progress"),
                         cl::cat(Category));
cl::opt<bool> Summary(
    "summary",
    cl::desc("End the text output with the run's summary line ('N warnings\n"
             "and M errors in K of N files; J accesses analysed, U\n"
             "unknown') even for one file (default: over several files)"),
    cl::cat(Category));
cl::opt<unsigned> ExplainWidth(
    "width",
    cl::desc("warplint explain: the columns its lines may take (default:\n"
             "the terminal's, else $COLUMNS, else 80); the bank map shows\n"
             "32, 16 or 8 banks a row, as many as fit"),
    cl::init(0), cl::cat(Category));
cl::opt<std::string> FormatOpt(
    "format",
    cl::desc("Output format: text, json, sarif, github (GitHub Actions\n"
             "workflow commands) or html (one self-contained page with\n"
             "every kernel, launch and shared access: bank maps and\n"
             "occupancy charts; use with --output=FILE)"),
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
cl::opt<std::string> UpdateBaselineOpt(
    "update-baseline",
    cl::desc("Add this run's findings (after NOLINT) to this baseline file,\n"
             "made if missing, and exit 0, printing no findings: the\n"
             "entries of the files analysed become this run's, other\n"
             "files' (headers) keep the larger count; locked while\n"
             "rewritten, for the compiles of a parallel build. With\n"
             "WARPLINT_UPDATE_BASELINE=1 in the environment, --baseline=FILE\n"
             "means --update-baseline=FILE (so warplint-launch, given\n"
             "--baseline by warplint_enable, writes the build's baseline)"),
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
cl::opt<std::string> ProjectIndexPath(
    "project-index",
    cl::desc("Read the calls between the build's files from this index\n"
             "(written by --write-project-index), instead of collecting\n"
             "them from -p's compilation database"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> WriteProjectIndex(
    "write-project-index",
    cl::desc("With -p: write the calls between the build's files to this\n"
             "file, for --project-index (every file of the database is\n"
             "read for its calls)"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ProjectCacheDir(
    "project-cache",
    cl::desc("With -p: keep each file's calls between the build's files in\n"
             "this directory, so that a later run parses only what changed\n"
             "(default: BUILD-DIR/.warplint-cache; 'none': no cache)"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> PchCacheDir(
    "pch-cache",
    cl::desc("Keep the CUDA headers every parse starts with precompiled in\n"
             "this directory, one PCH per set of compile flags, so that a\n"
             "file parses only its own text (default: $WARPLINT_CACHE_DIR,\n"
             "else $XDG_CACHE_HOME/warplint, else ~/.cache/warplint, with\n"
             "/prelude after it; 'none': parse the headers every time)"),
    cl::value_desc("dir"), cl::cat(Category));
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
cl::list<std::string> ObjectFiles(
    "object",
    cl::desc("A CUDA object nvcc or clang built (a host object, a static\n"
             "library, a fatbinary or a cubin): the occupancy and\n"
             "register-spill checks read its kernels' registers, stack\n"
             "frame, shared memory and barriers as from a ptxas report, for\n"
             "each architecture it holds a cubin for; it does not record\n"
             "spills. Repeatable. An object the reader cannot read is a\n"
             "usage error"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> PtxasReportPending(
    "ptxas-report-pending",
    cl::desc("The --ptxas-report files are still being written (by\n"
             "warplint-launch): start analysing, and wait for each file when\n"
             "the occupancy checks need it; an empty file is no report"),
    cl::Hidden, cl::cat(Category));
cl::opt<std::string>
    StatusFile("status-file",
               cl::desc("Write how the run went to this file, as JSON (for\n"
                        "warplint-launch)"),
               cl::value_desc("file"), cl::ReallyHidden, cl::cat(Category));
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
                               "input, the files with kernels whose\n"
                               "occupancy checks had no ptxas report, and per "
                               "file how\nmany shared-memory accesses got a "
                               "degree, only for the\nassumed block, or none "
                               "(with a note for each)"),
                      cl::cat(Category));
cl::opt<bool> PrintPluginPath(
    "print-plugin-path",
    cl::desc("Print the path of the Clang plugin (for -fplugin=) and exit"),
    cl::cat(Category));
cl::opt<bool> PrintTidyModulePath(
    "print-tidy-module-path",
    cl::desc("Print the path of the clang-tidy module (for --load=) and exit"),
    cl::cat(Category));

extern const char Overview[];
const char Overview[] =
    "warplint: what the GPU will do to your CUDA kernels, before it runs them\n"
    "\n"
    "  warplint [options] FILE... [-- COMPILER_ARGS]\n"
    "  warplint [options] -p BUILD_DIR [FILE...]\n"
    "  warplint occupancy --arch=sm_90 --threads=256 --regs=72 --smem=49152\n"
    "  warplint compdb -p BUILD_DIR [-o FILE]\n"
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
    "  warplint lsp [options]\n"
    "\n"
    "'warplint lsp' is a language server for editors, beside clangd: the\n"
    "findings as you type, quick fixes, bank maps on hover, the degree of\n"
    "every access inline; 'warplint lsp --help' lists its options.\n"
    "\n"
    "'warplint compdb' writes a compilation database in which each nvcc\n"
    "command is the clang command warplint parses with, for clangd and\n"
    "clang-tidy; 'warplint compdb --help' lists its options.\n"
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
    "Colour: --color=always|never|auto (auto, the default: on a terminal,\n"
    "unless NO_COLOR is set).\n"
    "\n"
    "Exit status: 0 no findings, 1 findings (see --fail-on), 2 usage or\n"
    "input error, or output that cannot be written.\n";

static Error usage(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// --object=F: its bytes into Base, once the reader has read them; its
/// errors (an entry it cannot read) and warnings said, the rest used.
static Error addObject(Options &Base, StringRef F) {
  if (Error E = Base.addObjectFile(F))
    return E;
  auto R = ptxas::readObject(Base.Objects.back().second);
  if (!R)
    return usage("'" + F + "' is not a CUDA object warplint can read: " +
                 toString(R.takeError()));
  for (const ptxas::Diagnostic &D : R->Diagnostics)
    if (D.K == ptxas::Diagnostic::Error || D.K == ptxas::Diagnostic::Warning)
      errs() << "warplint: " << F << ": "
             << (D.K == ptxas::Diagnostic::Error ? "error: " : "warning: ")
             << D.Message << "\n";
  return Error::success();
}

Expected<Arguments> arguments(Options &Base) {
  Arguments A;
  if (ChecksOpt.getNumOccurrences()) {
    // A typo beside a valid name would drop the check it meant (a list
    // that enables nothing is main's error, with the names meant).
    auto F = CheckFilter::parse(ChecksOpt);
    if (auto U = unmatchedChecks(ChecksOpt); F && F->any() && !U.empty())
      return usage("--checks: " + join(U, "; ") + "; see --list-checks");
    if (!F)
      consumeError(F.takeError());
    A.Checks = ChecksOpt;
  }
  if (ArchOpt.getNumOccurrences())
    A.Archs = ArchOpt;
  A.CheckOptions.assign(CheckOptions.begin(), CheckOptions.end());
  if (!BlockDimOpt.empty()) {
    if (!parseBlockDim(BlockDimOpt))
      return usage("--block-dim='" + BlockDimOpt +
                   "' is not a block shape X[,Y[,Z]] of at most 1024 threads");
    A.CheckOptions.push_back("warplint-bank-conflict.BlockDim=" + BlockDimOpt);
  }
  if (PtxasReportPending && !PtxasReports.empty())
    Base.Pending = std::make_shared<PendingPtxasReports>(
        std::vector<std::string>(PtxasReports.begin(), PtxasReports.end()));
  for (const std::string &F : PtxasReports) {
    if (PtxasReportPending)
      break;
    if (Error E = Base.addPtxasReportFile(F))
      return std::move(E);
    ptxas::ReportProblems P =
        ptxas::reportProblems(F, Base.PtxasReports.back().second);
    if (P.Unusable)
      return usage(P.Lines.front());
    for (const std::string &L : P.Lines)
      errs() << "warplint: " << L << "\n";
    if (P.Errors)
      errs() << "warplint: " << F << ": " << P.Errors << " error"
             << (P.Errors == 1 ? "" : "s")
             << " in the ptxas report; its other entries are used\n";
  }
  for (const std::string &F : ObjectFiles)
    if (Error E = addObject(Base, F))
      return std::move(E);
  if (FailOnOpt.getNumOccurrences()) {
    A.Fail = parseFailOn(FailOnOpt);
    if (!A.Fail)
      return usage("unknown --fail-on '" + FailOnOpt +
                   "'; use warning, error or never");
  }
  if (WarningsAsErrorsOpt.getNumOccurrences()) {
    if (auto F = CheckFilter::parse(WarningsAsErrorsOpt); !F)
      return usage("--warnings-as-errors: " + toString(F.takeError()));
    if (auto U = unmatchedChecks(WarningsAsErrorsOpt); !U.empty())
      return usage("--warnings-as-errors: " + join(U, "; ") +
                   "; see --list-checks");
    A.WarningsAsErrors = WarningsAsErrorsOpt;
  }
  if (NoConfig && ConfigOpt.getNumOccurrences())
    return usage("use either --config or --no-config, not both");
  // WARPLINT_UPDATE_BASELINE: the baseline given is the one to update.
  Expected<bool> Updating = launcher::parseEnvSwitch(
      "WARPLINT_UPDATE_BASELINE",
      sys::Process::GetEnv("WARPLINT_UPDATE_BASELINE"));
  if (!Updating)
    return usage(toString(Updating.takeError()));
  if (*Updating && !BaselineOpt.empty() && UpdateBaselineOpt.empty()) {
    UpdateBaselineOpt = std::string(BaselineOpt);
    BaselineOpt = std::string();
  }
  if (!UpdateBaselineOpt.empty() &&
      (NoBaseline || !WriteBaselineOpt.empty() || !BaselineOpt.empty()))
    return usage(Twine("use either --update-baseline or ") +
                 (NoBaseline             ? "--no-baseline"
                  : !BaselineOpt.empty() ? "--baseline"
                                         : "--write-baseline") +
                 ", not both");
  if (!BaselineOpt.empty() && (NoBaseline || !WriteBaselineOpt.empty()))
    return usage(Twine("use either --baseline or ") +
                 (NoBaseline ? "--no-baseline" : "--write-baseline") +
                 ", not both");
  A.ConfigFile = ConfigOpt;
  A.NoConfig = NoConfig;
  A.BaselineFile = BaselineOpt;
  // Writing a baseline reports nothing, so no baseline is read for it.
  A.NoConfigBaseline =
      NoBaseline || !WriteBaselineOpt.empty() || !UpdateBaselineOpt.empty();
  return A;
}

Expected<OutputFormat> outputFormat() {
  if (auto F = parseOutputFormat(FormatOpt))
    return *F;
  return usage("unknown --format '" + FormatOpt +
               "'; use text, json, sarif, github or html");
}

} // namespace warplint::tool
