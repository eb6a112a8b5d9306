//===-- FileAnalysis.cpp - Parse and analyse files, as the tool does ------===//
#include "warplint/Pipeline/FileAnalysis.h"
#include "warplint/Analysis/Containment.h"
#include "warplint/Analysis/FindingResolver.h"
#include "warplint/Checks/AllChecks.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Core/Nolint.h"
#include "warplint/Driver/LaunchSpelling.h"
#include "warplint/Driver/Process.h"
#include "warplint/Pipeline/Preambles.h"
#include "warplint/Pipeline/PreludeCache.h"
#include "clang/Lex/PreprocessorOptions.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <atomic>
#include <mutex>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace warplint {
namespace {

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

/// The files SM read, as absolute paths, sorted.
static std::vector<std::string> filesRead(const SourceManager &SM) {
  std::vector<std::string> Out;
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    SmallString<256> Path(It->first.getName());
    SM.getFileManager().makeAbsolutePath(Path);
    // Not "..": through a symbolic link it may name another file.
    sys::path::remove_dots(Path);
    Out.push_back(std::string(Path));
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

/// The preprocessing of a parse, no more: records its conditionals, for
/// telling whether the device side's parse would see other device code
/// than the host side's (sameDeviceCode). An AST action that only lexes,
/// not clang's PreprocessOnlyAction: that one reads a PCH's headers again
/// as text (it includes the file the PCH was made from), while this one
/// takes their macros from warplint's PCH of the device side, as the
/// device-side parse would, and lexes the user's own code alone.
class ConditionalsOnlyAction : public ASTFrontendAction {
public:
  explicit ConditionalsOnlyAction(ParseOutput &R) : R(R) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // As the host side's parse: a missing header is one more error.
    CI.getDiagnostics().setFatalsAsError(true);
    CI.getPreprocessor().addPPCallbacks(
        recordArchConditionals(CI.getPreprocessor(), R.Conditionals));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<ASTConsumer>();
  }
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    // No parser: its pragmas (pack, clang diagnostic, ...) would be unknown.
    PP.IgnorePragmas();
    PP.EnterMainSourceFile();
    Token Tok;
    do
      PP.Lex(Tok);
    while (Tok.isNot(tok::eof));
    R.Parsed = true;
  }

private:
  ParseOutput &R;
};

/// Makes the analysis walk only the declarations this parse made, not those
/// of the AST file it read (warplint's PCH of the CUDA headers: system
/// headers, whose code the analysis never walks anyway). Walking the whole
/// translation unit would read every declaration of the PCH back: on a
/// small file that was more than the rest of the parse.
void walkOnlyOwnDeclarations(ASTContext &Ctx) {
  std::vector<Decl *> Own;
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
    if (!D->isFromASTFile())
      Own.push_back(D);
  Ctx.setTraversalScope(Own);
}

class AnalysisAction : public ASTFrontendAction {
public:
  /// HostLaunches: null for the host-side parse, which records its launches
  /// and reports unmatched NOLINT comments; for a device-side parse, those
  /// launches, which it may not see itself. Describe: list the shared
  /// accesses too (`warplint explain`, the dump).
  AnalysisAction(const Options &Opts, ErrorCollector &Errors, ParseOutput &R,
                 const LaunchTable *HostLaunches, const RunSetup &Setup)
      : Opts(Opts), Errors(Errors), R(R), HostLaunches(HostLaunches),
        Setup(Setup), Describe(Setup.DescribeAccesses) {}

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
        if (A.R.PreludePch)
          walkOnlyOwnDeclarations(Ctx);
        if (!A.HostLaunches && A.R.Conditionals.MentionsCudaArch)
          noteSkippedDeviceCode(Ctx, A.R.Conditionals);
        LaunchExchange Launches;
        if (A.HostLaunches) {
          Launches.Known = A.HostLaunches;
        } else {
          Launches.Seen = &A.R.Launches;
          Launches.Project = A.Setup.Project;
          if (A.Setup.IndexProject) {
            Launches.Outgoing = &A.R.Outgoing;
            Launches.Wanted = &A.R.Wanted;
            A.R.Read = filesRead(Ctx.getSourceManager());
          }
        }
        AnalysisResult AR = analyzeTranslationUnit(
            Ctx, builtinChecks(), A.Opts, A.Errors.Locs, Launches,
            A.Describe ? &A.R.Accesses : nullptr,
            A.Setup.DescribeLaunches && !A.HostLaunches ? &A.R.LaunchInfos
                                                        : nullptr);
        const SourceManager &SM = Ctx.getSourceManager();
        std::vector<SilencedFinding> Silenced;
        std::vector<NolintProblem> Unmatched = applyNolint(
            AR.Findings, SM, A.Setup.KeepSuppressed ? &Silenced : nullptr);
        FindingResolver Resolve(SM);
        for (const AstFinding &F : AR.Findings)
          A.R.Findings.push_back(Resolve.toFinding(F));
        for (const SilencedFinding &S : Silenced) {
          A.R.Findings.push_back(Resolve.toFinding(S.Finding));
          A.R.Findings.back().Suppressed = Finding::Suppression::InSource;
          A.R.Findings.back().Justification = NolintIndex::describe(S.By);
        }
        if (!A.HostLaunches)
          for (const NolintProblem &P : Unmatched)
            A.R.Findings.push_back(Resolve.toFinding(P));
        A.R.UserFunctions = AR.UserFunctions;
        A.R.FunctionsNotAnalysed = AR.UserFunctionsWithErrors;
        if (!A.HostLaunches)
          A.R.Coverage = AR.Coverage;
        if (!AR.Skipped.empty()) {
          A.R.Skipped = AR.Skipped.message(SM);
          A.R.SkippedOption = AR.Skipped.Option;
        }
        if (!AR.Accesses.empty())
          A.R.AccessSummary = AR.Accesses.summary();
        A.R.AccessesAnalysed = AR.Accesses.Total;
        A.R.AccessesUnknown = AR.Accesses.Unknown;
        for (const auto &[Loc, Text] : AR.Accesses.Notes) {
          FileLocation L = fileLocationOf(Loc, SM);
          A.R.AccessNotes.push_back(L.File + ":" + std::to_string(L.Line) +
                                    ":" + std::to_string(L.Column) + ": " +
                                    Text);
        }
      }
    };
    return std::make_unique<Consumer>(*this);
  }

private:
  const Options &Opts;
  ErrorCollector &Errors;
  ParseOutput &R;
  const LaunchTable *HostLaunches;
  const RunSetup &Setup;
  bool Describe;
};

class ActionFactory : public FrontendActionFactory {
public:
  ActionFactory(const Options &Opts, ErrorCollector &E, ParseOutput &R,
                const LaunchTable *HostLaunches, const RunSetup &Setup)
      : Opts(Opts), E(E), R(R), HostLaunches(HostLaunches), Setup(Setup) {}
  std::unique_ptr<FrontendAction> create() override {
    if (PreprocessOnly)
      return std::make_unique<ConditionalsOnlyAction>(R);
    return std::make_unique<AnalysisAction>(Opts, E, R, HostLaunches, Setup);
  }

  /// Run the preprocessor only, recording R.Conditionals.
  bool PreprocessOnly = false;

  /// With Setup.Preambles, the headers come from the file's precompiled
  /// preamble (built or rebuilt first when needed).
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    std::optional<PreambleStore::Use> Pre;
    if (Setup.Preambles)
      Pre = Setup.Preambles->use(*Invocation, *Files, PCHContainerOps);
    if (!Pre) {
      std::vector<std::string> PchFiles;
      bool Pch =
          Setup.Prelude &&
          Setup.Prelude->use(*Invocation, *Files, PCHContainerOps,
                             &R.PreludeNote, &PchFiles, PreprocessOnly ? 4 : 2);
      R.PreludePch = Pch;
      bool OK = FrontendActionFactory::runInvocation(
          Invocation, Files, PCHContainerOps, DiagConsumer);
      if (Pch && Setup.IndexProject) {
        R.Read.insert(R.Read.end(), PchFiles.begin(), PchFiles.end());
        llvm::sort(R.Read);
        R.Read.erase(std::unique(R.Read.begin(), R.Read.end()), R.Read.end());
      }
      return OK;
    }
    R.Conditionals = Pre->Conditionals;
    auto WithPreamble =
        makeIntrusiveRefCnt<FileManager>(Files->getFileSystemOpts(), Pre->FS);
    return FrontendActionFactory::runInvocation(Invocation, WithPreamble.get(),
                                                PCHContainerOps, DiagConsumer);
  }

private:
  const Options &Opts;
  ErrorCollector &E;
  ParseOutput &R;
  const LaunchTable *HostLaunches;
  const RunSetup &Setup;
};

/// Runs Args (Args[0] the program) with standard error captured, for at
/// most five minutes; the exit status, or -1 when it could not run or did
/// not end (Stderr then says why).
int runCapturing(const std::vector<std::string> &Args, std::string &Stderr) {
  SmallString<128> ErrFile;
  if (sys::fs::createTemporaryFile("warplint", "err", ErrFile))
    return -1;
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(""),
                                          StringRef(ErrFile)};
  std::atomic<int64_t> Deadline(process::nowMs() + 300 * 1000);
  process::Limits L;
  L.DeadlineMs = &Deadline;
  // Killed with warplint, even by SIGKILL (from the launcher, after its
  // SIGTERM went unheeded): clang and ptxas do not run on, orphaned.
  L.DieWithParent = true;
  process::RunResult R =
      process::runBounded(Args[0], Args, std::nullopt, Redirects, L);
  if (auto Buf = MemoryBuffer::getFile(ErrFile))
    Stderr = (*Buf)->getBuffer().str();
  sys::fs::remove(ErrFile);
  if (R.Started && !R.TimedOut && !R.Aborted && R.Status >= 0)
    return R.Status;
  if (Stderr.empty())
    Stderr = R.TimedOut ? "it ran for five minutes and was stopped" : R.Error;
  return -1;
}

/// The ptxas report of the device code of one file for one architecture:
/// clang to PTX, then ptxas -v. Empty, with Error set, when either fails.
std::string ptxasReport(const std::vector<std::string> &Adjusted,
                        StringRef Clang, StringRef Ptxas, StringRef Arch,
                        std::string &Error) {
  SmallString<128> Ptx;
  if (sys::fs::createTemporaryFile("warplint", "ptx", Ptx)) {
    Error = "cannot create a temporary file";
    return "";
  }
  std::vector<std::string> Command =
      deviceAssemblyCommand(Adjusted, Clang, Arch, Ptx);
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

/// Folds the device-side parses into the host-side result, so that each
/// finding and access is reported once: from a device-side parse, the
/// bank-conflict findings and the accesses in code the host side skipped;
/// from the host side, all but the bank-conflict findings and accesses in
/// code that no device-side parse compiled (an #else for older GPUs, say).
/// Launch checks come from the host side alone: device-side parses run
/// the bank-conflict check only.
void mergeDeviceParses(FileResult &R) {
  // An architecture not parsed again (the host side's device code) counts
  // with what its preprocessor skipped.
  auto NotForDevice = [&](const FileLocation &L) {
    bool Any = false;
    for (const DeviceParse &D : R.Device) {
      if (!D.Parsed)
        continue;
      if (!D.Conditionals.skips(L))
        return false;
      Any = true;
    }
    for (const auto &[Arch, Conditionals] : R.SameDeviceCode)
      if (!Conditionals.skips(L))
        return false;
    return Any;
  };
  StringRef BankConflict = checkInfo(CheckId::BankConflict).Name;
  llvm::erase_if(R.Findings, [&](const Finding &F) {
    return F.Check == BankConflict && NotForDevice(F.Loc);
  });
  llvm::erase_if(R.Accesses, [&](const SharedAccessInfo &I) {
    return NotForDevice(I.Loc);
  });
  // The accesses of the code only the device side sees: those of the
  // architecture that saw most (each sees the same code, but for its own
  // __CUDA_ARCH__ branches).
  unsigned DeviceAnalysed = 0, DeviceUnknown = 0;
  for (const DeviceParse &D : R.Device)
    if (D.AccessesAnalysed > DeviceAnalysed) {
      DeviceAnalysed = D.AccessesAnalysed;
      DeviceUnknown = D.AccessesUnknown;
    }
  R.AccessesAnalysed += DeviceAnalysed;
  R.AccessesUnknown += DeviceUnknown;
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

namespace {

/// The analysis of one file: its host-side parse, then, where code under
/// __CUDA_ARCH__ is empty on the host side, a device-side parse per
/// architecture.
class OneFile {
public:
  OneFile(const CompilationDatabase &DB, const RunSetup &Setup, FileResult &R)
      : DB(DB), Setup(Setup), R(R),
        RunPtxas(!Setup.PtxasPath.empty() && !Setup.ClangPath.empty()) {}

  void run() {
    if (prepare() && parseHostSide())
      parseDeviceSides();
    if (Closed)
      showSourceAsWritten(R.Findings);
  }

private:
  const CompilationDatabase &DB;
  const RunSetup &Setup;
  FileResult &R;
  bool RunPtxas;
  IntrusiveRefCntPtr<vfs::FileSystem> FS;
  /// The file as the user named it, made absolute, and as ClangTool looks
  /// it up.
  SmallString<256> Spelled, Looked;
  std::vector<std::string> CommandArchs;
  bool HostOnly = false;
  /// The file as written and as clang reads it, when it has nvcc's spaced
  /// launch brackets (LaunchSpelling.h).
  std::string Written;
  std::optional<ClosedLaunches> Closed;

  /// Whether File (as the user named it) has unsaved text in the overlay.
  bool overlaid(StringRef File) const {
    if (Setup.Overlay.empty())
      return false;
    SmallString<256> Abs(File);
    sys::fs::make_absolute(Abs);
    return Setup.Overlay.count(std::string(Abs));
  }

  /// Whether the file can be analysed at all (else R.Fatal says why).
  bool prepare() {
    // Said as the system says it: a symbolic-link loop is not a missing
    // file; a FIFO or a device is refused before clang blocks reading it.
    if (std::string Why = unreadableReason(R.File);
        !Why.empty() && !overlaid(R.File)) {
      R.Fatal =
          Why == std::error_code(ENOENT, std::generic_category()).message()
              ? "no such file"
              : Why;
      return false;
    }
    // A working directory of this file's own: ClangTool moves to the compile
    // command's directory, and the process-wide one would move under the
    // files analysed on other threads (a relative FILE then vanishes).
    FS = vfs::createPhysicalFileSystem();
    // ClangTool looks a file up by its absolute path made native(), which on
    // POSIX turns a backslash, legal in a name there, into a slash: clang is
    // given the name the file system has.
    Spelled = StringRef(R.File).starts_with("./")
                  ? StringRef(R.File).drop_front(2)
                  : StringRef(R.File);
    FS->makeAbsolute(Spelled);
    Looked = Spelled;
    sys::path::native(Looked);
    // A compile command whose directory is gone would make ClangTool abort
    // the process (it cannot move there): an input error instead.
    for (const CompileCommand &C : DB.getCompileCommands(Looked))
      if (!C.Directory.empty() && !sys::fs::is_directory(C.Directory)) {
        R.Fatal = "the directory of its compile command, '" + C.Directory +
                  "', " +
                  (sys::fs::exists(C.Directory) ? "is not a directory"
                                                : "does not exist");
        return false;
      }
    readLaunchSpelling();
    return true;
  }

  /// nvcc reads `k << <g, b >> >()` as a launch, clang as an error: clang
  /// is given the file with those brackets closed up, at the same lines and
  /// columns. A file that cannot be read is left to clang to say so.
  void readLaunchSpelling() {
    auto Unsaved = Setup.Overlay.find(std::string(Spelled));
    Expected<std::string> Text =
        Unsaved != Setup.Overlay.end()
            ? Expected<std::string>(Unsaved->second)
            : readInputFile(Spelled, MaxSourceBytes, "a source file");
    if (!Text) {
      consumeError(Text.takeError());
      return;
    }
    Closed = closeSpacedLaunches(*Text);
    if (Closed) {
      Written = std::move(*Text);
      R.ClosedLaunchLines = Closed->Lines;
    }
  }

  /// Findings quote their line as clang read it: as written instead (the
  /// closed-up brackets keep every column, so the window is the same).
  void showSourceAsWritten(std::vector<Finding> &Findings) {
    SmallVector<StringRef, 0> Lines;
    StringRef(Written).split(Lines, '\n');
    for (Finding &F : Findings) {
      if (F.Loc.File != Spelled || F.Loc.Line == 0 || F.Loc.Line > Lines.size())
        continue;
      StringRef Line = Lines[F.Loc.Line - 1];
      if (F.SourceLineBegin + F.SourceLine.size() <= Line.size())
        F.SourceLine =
            Line.substr(F.SourceLineBegin, F.SourceLine.size()).str();
    }
  }

  std::vector<std::string> respell(std::vector<std::string> Args) {
    if (Looked != Spelled)
      for (std::string &A : Args)
        if (A == Looked)
          A = std::string(Spelled);
    return Args;
  }

  std::unique_ptr<ClangTool> makeTool() {
    auto Tool = std::make_unique<ClangTool>(
        DB, ArrayRef<std::string>(R.File),
        std::make_shared<PCHContainerOperations>(), FS);
    for (const auto &[Path, Text] : preludeFiles())
      Tool->mapVirtualFile(Path, Text);
    for (const auto &[Path, Text] : Setup.Overlay)
      Tool->mapVirtualFile(Path, Text);
    if (Closed)
      Tool->mapVirtualFile(Spelled, Closed->Text);
    Tool->clearArgumentsAdjusters();
    Tool->appendArgumentsAdjuster(getClangStripOutputAdjuster());
    Tool->appendArgumentsAdjuster(getClangStripDependencyFileAdjuster());
    Tool->setPrintErrorMessage(false);
    return Tool;
  }

  /// The host-side command clang parses the file with.
  std::vector<std::string> hostCommand(const CommandLineArguments &Args,
                                       StringRef File,
                                       std::vector<std::string> *Dropped) {
    std::vector<std::string> In = Args;
    // ClangTool has moved the file system to the command's directory.
    if (!In.empty() && isNvccCommand(In.front())) {
      auto Cwd = FS->getCurrentWorkingDirectory();
      In = translateNvccCommand(optionsFilesFrom(In, Cwd ? *Cwd : ""), Dropped);
    }
    // Before a "--" that ends the options, as adjustCommand does.
    In.insert(find(In, "--"), Setup.ExtraArgs.begin(), Setup.ExtraArgs.end());
    return adjustCommand(In, File, Setup.Parse);
  }

  /// The ptxas reports of --run-ptxas for the host command Out.
  void runPtxas(const std::vector<std::string> &Out) {
    // clang runs in this process's directory: give it the command's.
    std::vector<std::string> ForPtxas = Out;
    if (auto Cwd = FS->getCurrentWorkingDirectory())
      ForPtxas.insert(find(ForPtxas, "--"), "-working-directory=" + *Cwd);
    for (const std::string &Arch : R.Settings.Opts.Archs) {
      std::string Err;
      std::string Rep =
          ptxasReport(ForPtxas, Setup.ClangPath, Setup.PtxasPath, Arch, Err);
      if (Err.empty())
        R.Settings.Opts.PtxasReports.push_back(
            {"ptxas -v (" + Arch + ")", Rep});
      else
        R.PtxasErrors.push_back(Err);
    }
  }

  /// The host-side parse and analysis; false when the file has nothing
  /// more to analyse (R.Fatal says why when it is an error).
  bool parseHostSide() {
    std::unique_ptr<ClangTool> Tool = makeTool();
    Tool->appendArgumentsAdjuster([&](const CommandLineArguments &Args,
                                      StringRef File) {
      std::vector<std::string> Dropped;
      std::vector<std::string> Out = respell(hostCommand(Args, File, &Dropped));
      if (RunPtxas)
        runPtxas(Out);
      HostOnly = any_of(Out, [](StringRef A) {
        return A == "--cuda-host-only" || A == "--offload-host-only";
      });
      CommandArchs = gpuArchitectures(Out);
      Out.insert(find(Out, "--"), "-fsyntax-only");
      R.CommandLine = join(Out, " ");
      if (!Dropped.empty())
        R.CommandLine += "\n  (nvcc flags dropped: " + join(Dropped, " ") + ")";
      return Out;
    });
    ErrorCollector Errors;
    Tool->setDiagnosticConsumer(&Errors);
    ActionFactory Factory(R.Settings.Opts, Errors, R, /*HostLaunches=*/nullptr,
                          Setup);
    Tool->run(&Factory);
    R.ClangErrors = Errors.Errors;
    R.ErrorText = Errors.Text;
    if (!R.Parsed) {
      R.Fatal = Errors.First.empty() ? "clang could not build a compile command"
                                     : Errors.First;
      return false;
    }
    if (R.ClangErrors && R.UserFunctions == R.FunctionsNotAnalysed) {
      R.Fatal = std::to_string(R.ClangErrors) + " clang error" +
                (R.ClangErrors == 1 ? "" : "s") +
                " and no function free of errors to analyse";
      return false;
    }
    return true;
  }

  /// The architectures asked for, else those the compile command builds.
  std::vector<std::string> deviceArchs() {
    std::vector<std::string> Archs;
    for (std::string A : R.Settings.Opts.ArchsGiven || CommandArchs.empty()
                             ? R.Settings.Opts.Archs
                             : CommandArchs) {
      // --arch names the SM alone; the command may add a feature suffix
      // (sm_90a), which defines macros of its own.
      for (StringRef C : CommandArchs)
        if (C.size() == A.size() + 1 && C.starts_with(A) && isAlpha(C.back()))
          A = C.str();
      if (!is_contained(Archs, A))
        Archs.push_back(A);
    }
    return Archs;
  }

  /// Code under __CUDA_ARCH__ is empty on the host side: parse the file
  /// again device-side, once per architecture, when it has some.
  void parseDeviceSides() {
    bool BankConflicts =
        R.Settings.Opts.Checks.isEnabled(CheckId::BankConflict);
    if (!HostOnly || !R.Conditionals.MentionsCudaArch ||
        !R.Conditionals.skipsDeviceCode() ||
        !(BankConflicts || Setup.DescribeAccesses))
      return;
    Options DeviceOpts = R.Settings.Opts;
    DeviceOpts.Checks = cantFail(
        CheckFilter::parse(BankConflicts ? "-*,warplint-bank-conflict" : "-*"));
    for (const std::string &Arch : deviceArchs()) {
      DeviceParse D;
      D.Arch = Arch;
      auto DeviceTool = deviceTool(D);
      // The device side's preprocessor first: when it chooses the same
      // device code as the host's, its parse would find nothing new.
      DeviceParse Pre;
      ErrorCollector PreErrors;
      DeviceTool->setDiagnosticConsumer(&PreErrors);
      ActionFactory PreFactory(DeviceOpts, PreErrors, Pre, &R.Launches, Setup);
      PreFactory.PreprocessOnly = true;
      DeviceTool->run(&PreFactory);
      if (Pre.Parsed && hostHadEach(PreErrors.Text) &&
          sameDeviceCode(R.Conditionals, Pre.Conditionals)) {
        R.SameDeviceCode.push_back({Arch, std::move(Pre.Conditionals)});
        continue;
      }
      R.Device.push_back(std::move(D));
      DeviceParse &Parse = R.Device.back();
      DeviceTool = deviceTool(Parse);
      ErrorCollector DeviceErrors;
      DeviceErrors.OnlyIn = &R.Conditionals;
      DeviceTool->setDiagnosticConsumer(&DeviceErrors);
      ActionFactory DeviceFactory(DeviceOpts, DeviceErrors, Parse, &R.Launches,
                                  Setup);
      DeviceTool->run(&DeviceFactory);
      Parse.ClangErrors = DeviceErrors.Errors;
      Parse.ErrorText = DeviceErrors.Text;
      if (!Parse.Parsed)
        Parse.Failure = DeviceErrors.First.empty()
                            ? "clang could not build a compile command"
                            : DeviceErrors.First;
    }
    mergeDeviceParses(R);
  }

  /// Whether each error of a device-side preprocessing (Text, one per line)
  /// is one the host side's parse gave, at the same place (a header missing
  /// on both sides): the two preprocessors then went on alike from each.
  bool hostHadEach(StringRef Text) const {
    SmallVector<StringRef, 8> Host;
    StringRef(R.ErrorText).split(Host, '\n', -1, /*KeepEmpty=*/false);
    SmallVector<StringRef, 8> Device;
    Text.split(Device, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef E : Device) {
      auto It = find(Host, E);
      if (It == Host.end())
        return false;
      Host.erase(It); // each host error answers for one device error
    }
    return true;
  }

  /// A tool for D's device-side parse of the file (D.CommandLine says its
  /// command).
  std::unique_ptr<ClangTool> deviceTool(DeviceParse &D) {
    std::unique_ptr<ClangTool> T = makeTool();
    T->appendArgumentsAdjuster(
        [this, &D](const CommandLineArguments &Args, StringRef File) {
          std::vector<std::string> Out = deviceParseCommand(
              respell(hostCommand(Args, File, nullptr)), D.Arch,
              Setup.Parse.Toolkit ? Setup.Parse.Toolkit->Version : "");
          Out.insert(find(Out, "--"), "-fsyntax-only");
          D.CommandLine = join(Out, " ");
          return Out;
        });
    return T;
  }
};

} // namespace

void analyseFiles(const CompilationDatabase &DB, std::vector<FileResult> &Files,
                  const RunSetup &Setup) {
  auto AnalyseOne = [&](FileResult &R) { OneFile(DB, Setup, R).run(); };
  std::mutex DoneLock;
  auto Done = [&](FileResult &R) {
    if (!Setup.OnFileDone)
      return;
    std::lock_guard<std::mutex> Lock(DoneLock);
    Setup.OnFileDone(R);
  };

  // Each file on a thread of its own with a large stack, as clang's driver
  // runs its parser (deeply nested code parses), under crash recovery: a
  // crash in clang or in warplint loses that file's results only, and is
  // reported.
  auto AnalyseSafely = [&](FileResult &R) {
    std::string Crash;
    if (runContained([&] { AnalyseOne(R); }, Crash))
      return;
    // The crashed analysis may have left R half-written: abandon it (never
    // destroyed) for a fresh result that keeps the file's settings.
    FileResult Fresh;
    Fresh.File = R.File;
    Fresh.Settings = R.Settings;
    Fresh.Crashed = Crash;
    new (&R) FileResult(std::move(Fresh));
  };
  auto AnalyseAndSay = [&](FileResult &R) {
    AnalyseSafely(R);
    Done(R);
  };
  if (Files.size() == 1 || Setup.Jobs == 1) {
    for (FileResult &R : Files)
      AnalyseAndSay(R);
  } else {
    DefaultThreadPool Pool(hardware_concurrency(Setup.Jobs));
    for (FileResult &R : Files)
      Pool.async([&] { AnalyseAndSay(R); });
    Pool.wait();
  }
}

bool describeProblems(raw_ostream &OS, const FileResult &R, bool Verbose,
                      bool ConfigIgnored) {
  for (const std::string &E : R.PtxasErrors)
    OS << "warplint: --run-ptxas: " << R.File << ": " << E
       << "; the occupancy checks skip it\n";
  if (Verbose && !R.CommandLine.empty())
    OS << "warplint: " << R.File << ": " << R.CommandLine << "\n";
  if (Verbose && !R.PreludeNote.empty())
    OS << "warplint: " << R.File << ": " << R.PreludeNote << "\n";
  if (Verbose)
    for (const DeviceParse &D : R.Device)
      OS << "warplint: " << R.File << " (device side, " << D.Arch
         << "): " << D.CommandLine << "\n";
  if (Verbose)
    for (const auto &Same : R.SameDeviceCode)
      OS << "warplint: " << R.File << " (device side, " << Same.first
         << "): its preprocessor chooses the device code the host side's "
            "does; not parsed again\n";
  if (Verbose && !R.ClosedLaunchLines.empty()) {
    OS << "warplint: " << R.File << ": nvcc's spaced launch brackets "
       << "(`<< <`, `>> >`) read as `<<<`, `>>>` on line"
       << (R.ClosedLaunchLines.size() == 1 ? " " : "s ");
    ListSeparator LS;
    for (unsigned L : R.ClosedLaunchLines)
      OS << LS << L;
    OS << "\n";
  }
  if (Verbose)
    OS << "warplint: " << R.File << ": "
       << (R.Settings.ConfigPath.empty()
               ? std::string(ConfigIgnored ? "configuration files ignored"
                                           : "no configuration file")
               : "configuration " + R.Settings.ConfigPath)
       << "\n";
  if (!R.Crashed.empty() || !R.Fatal.empty()) {
    // The words warplint-launch reads back from the status file.
    OS << "warplint: error: "
       << FileStatus{R.File, R.Fatal, R.Crashed, {}}.message() << "\n";
    if (Verbose && R.Crashed.empty())
      OS << R.ErrorText;
    return true;
  }
  if (R.ClangErrors) {
    OS << "warplint: " << R.ClangErrors << " clang error"
       << (R.ClangErrors == 1 ? "" : "s") << " in " << R.File << ", "
       << R.FunctionsNotAnalysed << " function"
       << (R.FunctionsNotAnalysed == 1 ? "" : "s") << " not analysed"
       << (Verbose ? "" : " (--verbose shows them)") << "\n";
    if (Verbose)
      OS << R.ErrorText;
  }
  // A failed --run-ptxas has said which architecture lacks a report; no
  // report at all is the documented way to run without these checks, said
  // with --verbose only.
  const PtxasCoverage &Cov = R.Coverage;
  if (!Cov.empty() && R.PtxasErrors.empty() && (!Cov.NoReport || Verbose)) {
    OS << "warplint: note: " << R.File << ": " << Cov.message() << ": ";
    if (Cov.NoReport)
      OS << "pass --ptxas-report=FILE (the output of nvcc -Xptxas -v) "
            "or --run-ptxas\n";
    else
      OS << "give a report of a build for " << join(Cov.MissingArchs, ", ")
         << " (nvcc -Xptxas -v), use --run-ptxas, or leave "
         << (Cov.MissingArchs.size() == 1 ? "it" : "them")
         << " out of --arch\n";
  }
  // What a bound on the analysis's work left, once per parse, whatever
  // --verbose says: those accesses have no finding.
  auto SaySkipped = [&](const ParseOutput &P, const std::string &Side) {
    if (P.Skipped.empty())
      return;
    OS << "warplint: warning: " << R.File << Side << ": " << P.Skipped
       << "; --dump-shared-accesses lists them; raise the limit with "
          "--check-option="
       << P.SkippedOption << "=N or CheckOptions in .warplint.yaml\n";
  };
  SaySkipped(R, "");
  // What the bank analysis assumed or left unknown: --verbose only.
  if (Verbose && !R.AccessSummary.empty()) {
    OS << "warplint: " << R.File << ": " << R.AccessSummary << "\n";
    for (const std::string &N : R.AccessNotes)
      OS << "warplint: note: " << N << "\n";
  }
  for (const DeviceParse &D : R.Device)
    SaySkipped(D, " (device side, " + D.Arch + ")");
  for (const DeviceParse &D : R.Device) {
    // Not an input error: the host side was analysed.
    if (!D.Failure.empty()) {
      OS << "warplint: " << R.File << ": the device-side parse for " << D.Arch
         << " failed, so code compiled for the device only "
         << "is not analysed: " << D.Failure << "\n";
      continue;
    }
    if (!D.ClangErrors)
      continue;
    OS << "warplint: " << D.ClangErrors << " clang error"
       << (D.ClangErrors == 1 ? "" : "s") << " in " << R.File
       << " (device side, " << D.Arch << "), " << D.FunctionsNotAnalysed
       << " function" << (D.FunctionsNotAnalysed == 1 ? "" : "s")
       << " not analysed" << (Verbose ? "" : " (--verbose shows them)") << "\n";
    if (Verbose)
      OS << D.ErrorText;
  }
  return false;
}

RunStatus runStatus(ArrayRef<FileResult> Results, ArrayRef<Finding> Reported) {
  RunStatus S;
  for (const FileResult &R : Results)
    S.Files.push_back({R.File, R.Fatal, R.Crashed, R.PtxasErrors});
  for (const Finding &F : Reported) {
    S.Errors += F.Level == Severity::Error;
    S.Warnings += F.Level == Severity::Warning;
  }
  return S;
}

} // namespace warplint
