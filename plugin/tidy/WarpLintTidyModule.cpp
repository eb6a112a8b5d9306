//===-- WarpLintTidyModule.cpp - warplint as clang-tidy checks ------------===//
//
//   clang-tidy --load=$(warplint --print-tidy-module-path)
//              --checks='-*,warplint-*' file.cu -- ...
//
// One ClangTidyCheck per entry of Checks.def. The first of them to see a
// translation unit runs the core analysis once for every enabled warplint
// check with the same architectures and ptxas report (their options merged);
// each hands its own findings to clang-tidy, which applies NOLINT, header
// filters and -warnings-as-errors. clang-tidy parses one side of a CUDA
// compile, so findings come once.
//
// A PtxasReport that is not a ptxas report, or has damaged lines, is a
// configuration warning; a file with kernels whose occupancy checks have no
// report (for an architecture of Arch) gets one remark saying what was
// skipped. warplint-occupancy says both for the two checks that read the
// report when it is enabled, warplint-register-spill otherwise.
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/Containment.h"
#include "warplint/Checks/AllChecks.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Options.h"
#include "warplint/Core/SayOnce.h"
#include "warplint/Ptxas/PtxasReport.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy;

namespace warplint {
namespace {

class WarpLintCheck;

/// The warplint checks clang-tidy made for the translation unit it is on
/// (it makes them anew for each), and the analysis they share.
struct SharedAnalysis {
  std::vector<WarpLintCheck *> Checks;
  /// The analyses run on this translation unit, each for the checks of one
  /// set of architectures and reports: (a check that took part, result).
  std::vector<std::pair<const WarpLintCheck *, std::optional<AnalysisResult>>>
      Results;
  std::vector<std::string> Crashes;
};

SharedAnalysis &sharedAnalysis(const ClangTidyContext *C) {
  static llvm::DenseMap<const ClangTidyContext *,
                        std::unique_ptr<SharedAnalysis>>
      All;
  std::unique_ptr<SharedAnalysis> &S = All[C];
  if (!S)
    S = std::make_unique<SharedAnalysis>();
  return *S;
}

class WarpLintCheck : public ClangTidyCheck {
public:
  ~WarpLintCheck() override {
    SharedAnalysis &S = sharedAnalysis(TidyContext);
    llvm::erase(S.Checks, this);
    S.Results.clear();
    S.Crashes.clear();
  }

  WarpLintCheck(CheckId Id, StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Id(Id), TidyContext(Context) {
    // A new set of checks: a new translation unit.
    SharedAnalysis &S = sharedAnalysis(Context);
    S.Checks.push_back(this);
    S.Results.clear();
    S.Crashes.clear();
    // clang-tidy drops a glob that names no check without a word (unless
    // --verify-config): the first warplint check of a run says it of the
    // globs in warplint's namespace, once per translation unit.
    if (S.Checks.size() == 1 && Context->getOptions().Checks) {
      llvm::SmallVector<StringRef, 8> Globs;
      StringRef(*Context->getOptions().Checks)
          .split(Globs, ',', -1, /*KeepEmpty=*/false);
      std::string Ours;
      for (StringRef G : Globs)
        if (G.trim().ltrim('-').starts_with("warplint"))
          Ours += G.trim().str() + ",";
      for (const std::string &U : unmatchedChecks(Ours))
        configurationDiag("Checks: %0") << U;
    }
    std::string Prefix = (Name + ".").str();
    for (const CheckOptionInfo &O : allCheckOptions()) {
      StringRef Key = O.Key;
      if (!Key.consume_front(Prefix))
        continue;
      std::string V = Options.get(Key, O.Default).str();
      if (llvm::Error E = Opts.setCheckOption((O.Key + "=" + V).str())) {
        configurationDiag("%0") << toString(std::move(E));
        continue;
      }
      Values.push_back({Key.str(), V});
    }
    // The ptxas report and the architectures are shared by the occupancy
    // checks: local or global options.
    Report = Options.getLocalOrGlobal("PtxasReport", "").str();
    if (!Report.empty()) {
      if (llvm::Error E = Opts.addPtxasReportFile(Report)) {
        configurationDiag("%0") << toString(std::move(E));
      } else if (speaksForReport()) {
        ptxas::ReportProblems P =
            ptxas::reportProblems(Report, Opts.PtxasReports.back().second);
        for (const std::string &L : P.Lines)
          configurationDiag("%0")
              << (P.Unusable
                      ? "PtxasReport " + L + "; the occupancy checks skip it"
                      : "PtxasReport " + L + "; its other entries are used");
      }
    }
    std::string Archs = Options.getLocalOrGlobal("Arch", "").str();
    if (!Archs.empty()) {
      if (auto L = parseArchList(Archs)) {
        Opts.Archs = *L;
        Opts.ArchsGiven = true;
      } else {
        configurationDiag("%0") << toString(L.takeError());
      }
    }
    // The calls between the build's files, which the bank-conflict
    // analysis takes its launch shapes from (warplint -p
    // --write-project-index).
    if (Id == CheckId::BankConflict) {
      ProjectIndexFile = Options.getLocalOrGlobal("ProjectIndex", "").str();
      if (!ProjectIndexFile.empty())
        if (llvm::Error E = Opts.setProjectIndexFile(ProjectIndexFile))
          configurationDiag("%0") << toString(std::move(E));
    }
    auto F = CheckFilter::parse(Name);
    Opts.Checks = F ? *F : CheckFilter();
    if (!F)
      llvm::consumeError(F.takeError());
  }

  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    return LO.CUDA;
  }

  void storeOptions(ClangTidyOptions::OptionMap &Map) override {
    for (const auto &[Key, V] : Values)
      Options.store(Map, Key, V);
    if (Id == CheckId::Occupancy || Id == CheckId::RegisterSpill)
      Options.store(Map, "PtxasReport", Report);
    if (Id == CheckId::BankConflict)
      Options.store(Map, "ProjectIndex", ProjectIndexFile);
  }

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    const SourceManager &SM = *Result.SourceManager;
    std::string Crash;
    const std::optional<AnalysisResult> &Safe =
        analysis(*Result.Context, Crash);
    if (!Safe) {
      // warplint's bug, not the user's: clang-tidy goes on with the other
      // checks and files.
      configurationDiag("the analysis of %0 crashed (%1); %2 reports nothing "
                        "for this file (please report this warplint bug "
                        "with the file)")
          << SM.getFileEntryRefForID(SM.getMainFileID())->getName() << Crash
          << getID();
      return;
    }
    const AnalysisResult &R = *Safe;
    // Findings inside macros from system headers (__launch_bounds__ is one)
    // would be dropped by clang-tidy: report where the macro is used.
    for (const AstFinding &F : R.Findings) {
      if (F.Check != Id)
        continue; // another check's, reported by it
      diag(SM.getExpansionLoc(F.Loc), "%0",
           F.Level == Severity::Error ? DiagnosticIDs::Error
                                      : DiagnosticIDs::Warning)
          << F.Message;
      for (const AstNote &N : F.Notes) {
        auto B = diag(SM.getExpansionLoc(N.Loc), "%0", DiagnosticIDs::Note);
        B << N.Message;
        for (const AstFixIt &X : N.FixIts)
          B << FixItHint::CreateReplacement(X.Range, X.Text);
      }
    }
    remarkCoverage(R.Coverage);
    // Accesses a bound on the analysis's work left: no finding, said once,
    // where the first of them is.
    if (Id == CheckId::BankConflict && !R.Skipped.empty())
      diag(SM.getExpansionLoc(R.Skipped.First),
           "%0; raise the limit with the option %1 in CheckOptions",
           DiagnosticIDs::Warning)
          << R.Skipped.message(SM) << R.Skipped.Option;
  }

private:
  /// Can this check's analysis be run for Other too: the same
  /// architectures and reports?
  bool sharesWith(const WarpLintCheck &Other) const {
    return Opts.Archs == Other.Opts.Archs &&
           Opts.ArchsGiven == Other.Opts.ArchsGiven &&
           Opts.PtxasReports == Other.Opts.PtxasReports;
  }

  /// The analysis of this translation unit for this check: run once for
  /// it and every check it shares with (their check options merged), by
  /// whichever of them comes first.
  const std::optional<AnalysisResult> &analysis(ASTContext &Ctx,
                                                std::string &Crash) {
    SharedAnalysis &S = sharedAnalysis(TidyContext);
    for (size_t I = 0; I < S.Results.size(); ++I)
      if (sharesWith(*S.Results[I].first)) {
        Crash = S.Crashes[I];
        return S.Results[I].second;
      }
    warplint::Options Merged = Opts;
    // clang-tidy prints diagnostics: no findings' properties.
    Merged.FindingProperties = false;
    Merged.StreamBankReports = true;
    std::string Names;
    for (const WarpLintCheck *C : S.Checks) {
      if (C != this && !sharesWith(*C))
        continue;
      Names += (Names.empty() ? "" : ",") + checkInfo(C->Id).Name.str();
      for (const auto &E : C->Opts.CheckOptions)
        Merged.CheckOptions[E.getKey()] = E.getValue();
      if (C->Opts.Project)
        Merged.Project = C->Opts.Project;
    }
    if (auto F = CheckFilter::parse(Names))
      Merged.Checks = *F;
    else
      llvm::consumeError(F.takeError());
    S.Results.push_back({this, analyzeTranslationUnitContained(
                                   Ctx, builtinChecks(), Merged, Crash)});
    S.Crashes.push_back(Crash);
    return S.Results.back().second;
  }

  /// Whether this check says what concerns the ptxas report, for both
  /// checks that read it, so that it is said once.
  bool speaksForReport() const {
    if (Id == CheckId::Occupancy)
      return true;
    return Id == CheckId::RegisterSpill &&
           !TidyContext->isCheckEnabled(checkInfo(CheckId::Occupancy).Name);
  }

  /// The file's one remark when the occupancy checks had no report.
  void remarkCoverage(PtxasCoverage Cov) {
    if (Cov.empty() || !speaksForReport())
      return;
    Cov.Checks.clear();
    for (CheckId C : {CheckId::Occupancy, CheckId::RegisterSpill})
      if (C == Id || TidyContext->isCheckEnabled(checkInfo(C).Name))
        Cov.Checks.push_back(checkInfo(C).Name.str());
    std::string Advice =
        Cov.NoReport
            ? "set the option PtxasReport to the output of nvcc -Xptxas -v"
            : "set PtxasReport to a report of a build for " +
                  llvm::join(Cov.MissingArchs, ", ");
    // The same for every file: said once per run, and once per build
    // directory when the files come from its compilation database.
    std::string Text = Cov.message() + ": " + Advice;
    std::string BuildDir = databaseDirectory();
    if (!sayOnce(Text, BuildDir))
      return;
    diag("%0: %1%2", DiagnosticIDs::Remark)
        << TidyContext->getCurrentFile() << Text << saidOnceSuffix(BuildDir);
  }

  /// The directory of the compilation database the current file's command
  /// came from, when there is one (clang-tidy -p DIR, or found above the
  /// file); empty for a command given after `--`.
  std::string databaseDirectory() const {
    llvm::SmallString<256> Dir(TidyContext->getCurrentBuildDirectory());
    if (Dir.empty() || llvm::sys::fs::make_absolute(Dir))
      return "";
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    // A Makefile build's commands run in the target's directory, below the
    // database.
    for (llvm::StringRef D = Dir; !D.empty();
         D = llvm::sys::path::parent_path(D)) {
      llvm::SmallString<256> Db(D);
      llvm::sys::path::append(Db, "compile_commands.json");
      if (llvm::sys::fs::exists(Db))
        return D.str();
    }
    return "";
  }

  CheckId Id;
  ClangTidyContext *TidyContext;
  warplint::Options Opts;
  std::vector<std::pair<std::string, std::string>> Values;
  std::string Report;
  std::string ProjectIndexFile;
};

class WarpLintModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    for (const CheckInfo &C : allChecks()) {
      CheckId Id = C.Id;
      Factories.registerCheckFactory(
          C.Name, [Id](StringRef Name, ClangTidyContext *Ctx) {
            return std::make_unique<WarpLintCheck>(Id, Name, Ctx);
          });
    }
  }
};

} // namespace
} // namespace warplint

static clang::tidy::ClangTidyModuleRegistry::Add<warplint::WarpLintModule>
    X("warplint-module", "warplint: CUDA launch configuration and "
                         "shared-memory checks");
