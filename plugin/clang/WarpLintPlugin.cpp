//===-- WarpLintPlugin.cpp - warplint as a Clang plugin -------------------===//
//
//   clang++ -fplugin=$(warplint --print-plugin-path)
//   [-fplugin-arg-warplint-ARG]
//
// Runs after the main action, so it never changes the generated code, and
// reports findings as warnings that -Werror does not turn into errors: it
// fails a build only when asked to with -fplugin-arg-warplint-werror.
//
// A CUDA compile by clang is a host compilation plus one device compilation
// per GPU architecture, each loading the plugin. The host compilation sees
// every kernel, launch and instantiation, so findings come from it alone;
// -fplugin-arg-warplint-device-side reports from device compilations instead
// (for --cuda-device-only builds).
//
// Its settings and reporting policy are the tool's (lib/Pipeline; NOLINT,
// severity, baseline and fail-on in CompilerReporting.h): a
// configuration or baseline it cannot read is a warning, and the compile
// goes on with the defaults. So is a ptxas report that is not one, or has
// damaged lines (an error with werror); a file whose occupancy checks have
// no report for an architecture gets a remark, once per process, or once
// per build directory with build-dir= (SayOnce.h). A compile
// (-c) of CUDA needs no report: the host side reads the registers from the
// device binary clang hands it (withDeviceBinary). What it
// cannot write (standard error on a full disk) is lost without changing
// the compile's status or object (OwnOutput).
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/Containment.h"
#include "warplint/Checks/AllChecks.h"
#include "warplint/Core/SayOnce.h"
#include "warplint/Driver/LauncherCommand.h"
#include "warplint/Pipeline/CompilerReporting.h"
#include "warplint/Pipeline/Settings.h"
#include "warplint/Ptxas/CudaObject.h"
#include "warplint/Ptxas/PtxasReport.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <mutex>

using namespace clang;
using namespace warplint;

namespace {

/// Around each of the plugin's entry points, which write its diagnostics
/// to clang's standard error (llvm::errs()): when the plugin's own lines
/// could not be written (2>/dev/full, a full disk) they are lost, and that
/// is all. Left set, the stream's error would end clang at exit with "LLVM
/// ERROR: IO failure on output stream" and status 1, failing a compile that
/// succeeds without the plugin. So the error is cleared when the plugin
/// caused it, and again at exit, for the "N warnings generated" line that
/// only its warnings made clang print. An error that clang's own output
/// caused before is left for clang to meet, as without the plugin.
class OwnOutput {
public:
  OwnOutput() : Before(llvm::errs().has_error()) {}
  ~OwnOutput() {
    if (Before || !llvm::errs().has_error())
      return;
    llvm::errs().clear_error();
    static std::once_flag AtExit;
    std::call_once(AtExit,
                   [] { std::atexit([] { llvm::errs().clear_error(); }); });
  }
  OwnOutput(const OwnOutput &) = delete;
  OwnOutput &operator=(const OwnOutput &) = delete;

private:
  bool Before;
};

/// Everything the arguments and the configuration file decide.
struct Decided {
  FileSettings File;
  std::optional<Baseline> Known;
  /// The baseline this compile adds its findings to, instead of reporting
  /// them (update-baseline=, or baseline= with WARPLINT_UPDATE_BASELINE).
  std::string UpdateBaseline;
};

/// A warning of the plugin itself, which the user's -Werror leaves a warning:
/// a plugin that cannot read its configuration must not break the build.
static void warn(DiagnosticsEngine &D, const llvm::Twine &Msg) {
  bool SavedWerror = D.getWarningsAsErrors();
  D.setWarningsAsErrors(false);
  D.Report(D.getCustomDiagID(DiagnosticsEngine::Warning, "warplint: %0"))
      << Msg.str();
  D.setWarningsAsErrors(SavedWerror);
}

/// What the remark of the occupancy checks can tell of the build.
struct RemarkContext {
  /// The build's directory (build-dir=): the remark is said once there.
  std::string BuildDir;
  /// Set up by warplint_enable (set-up-by=warplint_enable): the advice is
  /// given in CMake's terms.
  bool CMake = false;
  /// The compile had a device binary, unread because it is unoptimised.
  bool Unoptimised = false;
};

/// What fixes what the remark says, in the terms of whoever set the plugin
/// up.
static std::string coverageAdvice(const PtxasCoverage &Cov,
                                  const RemarkContext &R) {
  std::string Them = Cov.Checks.size() == 1 ? "it" : "them";
  if (!Cov.NoReport) {
    std::string Archs = llvm::join(Cov.MissingArchs, ", ");
    std::string It = Cov.MissingArchs.size() == 1 ? "it" : "them";
    if (R.CMake)
      return "add " + Archs +
             " to the target's CUDA architectures (CUDA_ARCHITECTURES), or "
             "leave " +
             It + " out of warplint_enable's ARCHS";
    return "pass a report of a build for " + Archs +
           " with -fplugin-arg-warplint-ptxas-report=FILE, compile for " + It +
           " too (--cuda-gpu-arch), or leave " + It +
           " out of -fplugin-arg-warplint-arch";
  }
  std::string Why =
      R.Unoptimised
          ? "the device binary of an unoptimised compile (-O0) is not read: "
            "its registers and stack frames are not those of an optimised "
            "build; "
          : "";
  if (R.CMake)
    return Why +
           (R.Unoptimised ? "build with optimisation (CMAKE_BUILD_TYPE=Release "
                            "or RelWithDebInfo), "
                          : "") +
           "add -fplugin-arg-warplint-ptxas-report=FILE (the output of nvcc "
           "-Xptxas -v) to the target's compile options, or leave " +
           Them + " out of warplint_enable's CHECKS";
  return Why + (R.Unoptimised ? "compile with -O1 or more, " : "") +
         "pass one with -fplugin-arg-warplint-ptxas-report=FILE (the output "
         "of nvcc -Xptxas -v), or leave " +
         Them + " out of -fplugin-arg-warplint-checks";
}

/// The one-line remark of a file whose occupancy checks could not run for
/// want of a ptxas report: what was skipped and what fixes it. The same
/// for every file of a build, so said once (SayOnce.h).
static void remarkCoverage(DiagnosticsEngine &D, llvm::StringRef File,
                           const PtxasCoverage &Cov, const RemarkContext &R) {
  if (Cov.empty())
    return;
  std::string Text = Cov.message() + ": " + coverageAdvice(Cov, R);
  if (!sayOnce(Text, R.BuildDir))
    return;
  D.Report(D.getCustomDiagID(DiagnosticsEngine::Remark, "warplint: %0"))
      << (File + ": " + Text + saidOnceSuffix(R.BuildDir)).str();
}

class WarpLintConsumer : public ASTConsumer {
public:
  WarpLintConsumer(CompilerInstance &CI, Decided S, llvm::StringRef File,
                   RemarkContext Remark)
      : CI(CI), S(std::move(S)), File(File), Remark(std::move(Remark)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    OwnOutput Guard;
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Crash;
    std::optional<AnalysisResult> Safe = analyzeTranslationUnitContained(
        Ctx, builtinChecks(), S.File.Opts, Crash);
    if (!Safe) {
      // warplint's bug, not the user's: a warning that -Werror leaves a
      // warning, and the compile goes on.
      DiagnosticsEngine &D = CI.getDiagnostics();
      bool SavedWerror = D.getWarningsAsErrors();
      D.setWarningsAsErrors(false);
      D.Report(D.getCustomDiagID(
          DiagnosticsEngine::Warning,
          "warplint: the analysis of %0 crashed (%1); it reports nothing "
          "for this file, and the compile goes on (please report this "
          "warplint bug with the file)"))
          << File << Crash;
      D.setWarningsAsErrors(SavedWerror);
      return;
    }
    report(SM, *Safe);
    remarkCoverage(CI.getDiagnostics(), File, Safe->Coverage, Remark);
    // Accesses a bound on the analysis's work left: no finding, said once.
    if (const SkippedAccesses &K = Safe->Skipped; !K.empty())
      warn(CI.getDiagnostics(),
           File + ": " + K.message(SM) +
               "; raise the limit with -fplugin-arg-warplint-option=" +
               K.Option + "=N");
  }

private:
  void report(const SourceManager &SM, AnalysisResult &R) {
    if (!S.UpdateBaseline.empty()) {
      llvm::SmallString<256> Own(File);
      llvm::sys::fs::make_absolute(Own);
      auto Total = updateBaseline(baselineFindings(std::move(R.Findings), SM),
                                  {std::string(Own)}, S.UpdateBaseline);
      if (!Total)
        warn(CI.getDiagnostics(), toString(Total.takeError()));
      return;
    }
    std::vector<CompilerFinding> Report = reportTranslationUnit(
        std::move(R.Findings), SM, S.File, S.Known ? &*S.Known : nullptr);
    if (Report.empty())
      return;

    DiagnosticsEngine &D = CI.getDiagnostics();
    unsigned WarnID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]");
    unsigned ErrID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0 [%1]");
    unsigned NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    // Keep -Werror from turning our warnings into build failures.
    bool SavedWerror = D.getWarningsAsErrors();
    D.setWarningsAsErrors(false);
    for (const CompilerFinding &O : Report) {
      // With werror, the findings --fail-on counts fail the compile.
      bool Fails = S.File.Werror && O.Failing;
      D.Report(O.Loc, Fails ? ErrID : WarnID) << O.Message << O.Check;
      for (const AstNote &N : O.Notes) {
        auto B = D.Report(N.Loc, NoteID);
        B << N.Message;
        for (const AstFixIt &X : N.FixIts)
          B << FixItHint::CreateReplacement(X.Range, X.Text);
      }
    }
    D.setWarningsAsErrors(SavedWerror);
  }

  CompilerInstance &CI;
  Decided S;
  std::string File;
  RemarkContext Remark;
};

/// Says what is wrong with each ptxas report: a warning (an error with
/// werror, for a build that must not go on with a damaged report) naming the
/// report and the line. The occupancy checks skip a file that is not a
/// report, and use the other entries of a damaged one.
static void checkReports(DiagnosticsEngine &D, const Decided &S) {
  for (const auto &[Name, Text] : S.File.Opts.PtxasReports) {
    ptxas::ReportProblems P = ptxas::reportProblems(Name, Text);
    for (const std::string &L : P.Lines) {
      std::string Msg =
          P.Unusable ? L + "; the occupancy checks skip it"
                     : "ptxas report " + L + "; its other entries are used";
      if (S.File.Werror) {
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "warplint: %0"))
            << Msg;
      } else {
        warn(D, Msg);
      }
    }
  }
}

class WarpLintAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    const LangOptions &LO = CI.getLangOpts();
    if (LO.CUDA && LO.CUDAIsDevice != DeviceSide)
      return std::make_unique<ASTConsumer>();
    OwnOutput Guard;
    DiagnosticsEngine &D = CI.getDiagnostics();

    // Every argument was checked on its own (ParseArgs): what is left to
    // go wrong is the configuration file and the baseline, said and left
    // out.
    Options WithBinary = withDeviceBinary(CI);
    auto All = Settings::create(Args, WithBinary);
    if (!All) {
      warn(D, "ignoring the arguments: " + toString(All.takeError()));
      All = Settings::create(Arguments(), WithBinary);
    }
    std::vector<std::string> Ignored;
    Decided S;
    if (auto F = All->forFile(InFile, &Ignored))
      S.File = std::move(*F);
    else
      warn(D, toString(F.takeError()));
    for (const std::string &Msg : Ignored)
      warn(D, Msg);
    for (const std::string &Msg : S.File.ConfigWarnings)
      warn(D, Msg);
    if (!S.File.BaselinePath.empty())
      S.Known = std::move(All->baselines().at(S.File.BaselinePath));
    S.UpdateBaseline = UpdateBaseline;
    checkReports(D, S);
    return std::make_unique<WarpLintConsumer>(CI, std::move(S), InFile, Remark);
  }

  /// Base, with the device binary of a clang CUDA compile: the host-side
  /// compile is handed the fatbinary of the device side
  /// (-fcuda-include-gpubinary), whose cubins record each kernel's
  /// registers, stack frame and shared memory (Ptxas/CudaObject.h). Read
  /// when no ptxas report or object was given, in an optimised build only:
  /// without optimisation (-O0) the device code keeps every variable in
  /// local memory, and its registers and stack frames say nothing of the
  /// kernel an optimised build runs. One that cannot be read is said, and
  /// the occupancy checks go without it.
  Options withDeviceBinary(CompilerInstance &CI) {
    Options O = Base;
    const std::string &Binary = CI.getCodeGenOpts().CudaGpuBinaryFileName;
    if (!CI.getLangOpts().CUDA || CI.getLangOpts().CUDAIsDevice ||
        Binary.empty() || !O.PtxasReports.empty() || !O.Objects.empty())
      return O;
    Remark.Unoptimised = CI.getCodeGenOpts().OptimizationLevel == 0;
    if (Remark.Unoptimised)
      return O;
    llvm::Error E = O.addObjectFile(Binary);
    if (!E) {
      auto Read = ptxas::readObject(O.Objects.back().second);
      if (Read)
        return O;
      E = Read.takeError();
      O.Objects.pop_back();
    }
    warn(CI.getDiagnostics(),
         "the device binary of this compile, '" + Binary +
             "', could not be read (" + toString(std::move(E)) +
             "); warplint-occupancy and warplint-register-spill go without it");
    return O;
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &PluginArgs) override {
    OwnOutput Guard;
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &Arg : PluginArgs)
      DeviceSide |= Arg == "device-side";
    // Say it once: from the compilation that reports findings.
    bool Reporting =
        !CI.getLangOpts().CUDA || CI.getLangOpts().CUDAIsDevice == DeviceSide;
    auto Complain = [&](const std::string &Msg) {
      if (!Reporting)
        return;
      // A wrong plugin argument must not break the build either.
      unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning,
                                      "warplint: %0; argument ignored");
      D.Report(ID) << Msg;
    };
    for (const std::string &Arg : PluginArgs) {
      StringRef A(Arg);
      if (A == "werror") {
        Args.Werror = true;
      } else if (A == "device-side") {
        DeviceSide = true;
      } else if (A == "no-config") {
        Args.NoConfig = true;
      } else if (A.consume_front("checks=")) {
        // As in .warplint.yaml: a glob that names no check is said; one
        // that leaves no check to run is ignored, with a word.
        auto F = CheckFilter::parse(A);
        if (!F) {
          Complain(toString(F.takeError()));
          continue;
        }
        if (!F->any()) {
          Complain("checks=" + A.str() + " enables no warplint check" +
                   didYouMean(A));
          continue;
        }
        if (Reporting)
          for (const std::string &U : unmatchedChecks(A))
            warn(D, "checks=" + A.str() + ": " + U);
        Args.Checks = A.str();
      } else if (A.consume_front("arch=")) {
        if (auto L = parseArchList(A))
          Args.Archs = A.str();
        else
          Complain(toString(L.takeError()));
      } else if (A.consume_front("ptxas-report=")) {
        if (llvm::Error E = Base.addPtxasReportFile(A))
          Complain(toString(std::move(E)));
      } else if (A.consume_front("object=")) {
        llvm::Error E = Base.addObjectFile(A);
        if (!E)
          if (auto Read = ptxas::readObject(Base.Objects.back().second);
              !Read) {
            E = llvm::createStringError("cannot use the object '" + A.str() +
                                        "': " + toString(Read.takeError()));
            Base.Objects.pop_back();
          }
        if (E)
          Complain(toString(std::move(E)));
      } else if (A.consume_front("option=")) {
        if (llvm::Error E = Options().setCheckOption(A))
          Complain(toString(std::move(E)));
        else
          Args.CheckOptions.push_back(A.str());
      } else if (A.consume_front("project-index=")) {
        if (llvm::Error E = Base.setProjectIndexFile(A))
          Complain(toString(std::move(E)));
      } else if (A.consume_front("build-dir=")) {
        if (A.empty())
          Complain("build-dir= needs a directory");
        else
          Remark.BuildDir = A.str();
      } else if (A.consume_front("set-up-by=")) {
        if (A == "warplint_enable")
          Remark.CMake = true;
        else
          Complain("set-up-by takes warplint_enable, not '" + A.str() + "'");
      } else if (A.consume_front("config=")) {
        Args.ConfigFile = A.str();
      } else if (A.consume_front("baseline=")) {
        Args.BaselineFile = A.str();
      } else if (A.consume_front("update-baseline=")) {
        UpdateBaseline = A.str();
      } else if (A.consume_front("fail-on=")) {
        if (auto F = parseFailOn(A))
          Args.Fail = *F;
        else
          Complain("fail-on takes warning, error or never, not '" + A.str() +
                   "'");
      } else if (A.consume_front("warnings-as-errors=")) {
        if (auto F = CheckFilter::parse(A); !F) {
          Complain(toString(F.takeError()));
        } else {
          if (Reporting)
            for (const std::string &U : unmatchedChecks(A))
              warn(D, "warnings-as-errors=" + A.str() + ": " + U);
          Args.WarningsAsErrors = A.str();
        }
      } else {
        Complain("unknown plugin argument '" + Arg +
                 "' (known: werror, device-side, checks=GLOBS, arch=LIST, "
                 "ptxas-report=FILE, object=FILE, project-index=FILE, "
                 "option=check.Option=value, config=FILE, "
                 "no-config, baseline=FILE, fail-on=LEVEL, "
                 "warnings-as-errors=GLOBS, update-baseline=FILE, "
                 "build-dir=DIR, set-up-by=warplint_enable)");
      }
    }
    decideUpdate(Complain);
    return true;
  }

  /// WARPLINT_UPDATE_BASELINE: the baseline= given is the one this compile
  /// adds its findings to (a build that writes its own baseline); no
  /// baseline is then read.
  template <typename ComplainFn> void decideUpdate(ComplainFn &Complain) {
    Expected<bool> On = launcher::parseEnvSwitch(
        "WARPLINT_UPDATE_BASELINE",
        llvm::sys::Process::GetEnv("WARPLINT_UPDATE_BASELINE"));
    if (!On)
      Complain(toString(On.takeError()));
    else if (*On && UpdateBaseline.empty() && !Args.BaselineFile.empty())
      UpdateBaseline = Args.BaselineFile;
    if (UpdateBaseline.empty())
      return;
    Args.BaselineFile.clear();
    Args.NoConfigBaseline = true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  Arguments Args;
  /// The ptxas reports; no findings' properties (the plugin prints
  /// diagnostics).
  Options Base = [] {
    Options O;
    O.FindingProperties = false;
    O.StreamBankReports = true;
    return O;
  }();
  RemarkContext Remark;
  std::string UpdateBaseline;
  bool DeviceSide = false;
};

} // namespace

static FrontendPluginRegistry::Add<WarpLintAction>
    X("warplint", "warplint: CUDA launch configuration and shared-memory "
                  "checks");
