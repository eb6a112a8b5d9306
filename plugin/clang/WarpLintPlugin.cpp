//===-- WarpLintPlugin.cpp - warplint as a Clang plugin -------------------===//
//
//   clang++ -fplugin=$(warplint --print-plugin-path) [-fplugin-arg-warplint-ARG]
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
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/Analyzer.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Options.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;
using namespace warplint;

namespace {

class WarpLintConsumer : public ASTConsumer {
public:
  WarpLintConsumer(CompilerInstance &CI, Options Opts, bool Werror)
      : CI(CI), Opts(std::move(Opts)), Werror(Werror) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    AnalysisResult R = analyzeTranslationUnit(Ctx, Opts);
    if (R.Findings.empty())
      return;
    DiagnosticsEngine &D = CI.getDiagnostics();
    auto Level = Werror ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
    unsigned ID = D.getCustomDiagID(Level, "%0 [%1]");
    unsigned NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    // Keep -Werror from turning our warnings into build failures.
    bool SavedWerror = D.getWarningsAsErrors();
    if (!Werror)
      D.setWarningsAsErrors(false);
    for (const AstFinding &F : R.Findings) {
      D.Report(F.Loc, ID) << F.Message << checkInfo(F.Check).Name;
      for (const AstNote &N : F.Notes) {
        auto B = D.Report(N.Loc, NoteID);
        B << N.Message;
        for (const AstFixIt &X : N.FixIts)
          B << FixItHint::CreateReplacement(X.Range, X.Text);
      }
    }
    D.setWarningsAsErrors(SavedWerror);
  }

private:
  CompilerInstance &CI;
  Options Opts;
  bool Werror;
};

class WarpLintAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    const LangOptions &LO = CI.getLangOpts();
    if (LO.CUDA && LO.CUDAIsDevice != DeviceSide)
      return std::make_unique<ASTConsumer>();
    return std::make_unique<WarpLintConsumer>(CI, Opts, Werror);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &Arg : Args)
      DeviceSide |= Arg == "device-side";
    // Say it once: from the compilation that reports findings.
    bool Reporting = !CI.getLangOpts().CUDA ||
                     CI.getLangOpts().CUDAIsDevice == DeviceSide;
    auto Complain = [&](const std::string &Msg) {
      if (!Reporting)
        return;
      // A wrong plugin argument must not break the build either.
      unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning,
                                      "warplint: %0; argument ignored");
      D.Report(ID) << Msg;
    };
    for (const std::string &Arg : Args) {
      StringRef A(Arg);
      if (A == "werror") {
        Werror = true;
      } else if (A == "device-side") {
        DeviceSide = true;
      } else if (A.consume_front("checks=")) {
        if (auto F = CheckFilter::parse(A))
          Opts.Checks = *F;
        else
          Complain(toString(F.takeError()));
      } else if (A.consume_front("arch=")) {
        if (auto L = parseArchList(A)) {
          Opts.Archs = *L;
          Opts.ArchsGiven = true;
        }
        else
          Complain(toString(L.takeError()));
      } else if (A.consume_front("ptxas-report=")) {
        if (llvm::Error E = Opts.addPtxasReportFile(A))
          Complain(toString(std::move(E)));
      } else if (A.consume_front("option=")) {
        if (llvm::Error E = Opts.setCheckOption(A))
          Complain(toString(std::move(E)));
      } else {
        Complain("unknown plugin argument '" + Arg +
                 "' (known: werror, device-side, checks=GLOBS, arch=LIST, "
                 "ptxas-report=FILE, option=check.Option=value)");
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  Options Opts;
  bool Werror = false;
  bool DeviceSide = false;
};

} // namespace

static FrontendPluginRegistry::Add<WarpLintAction>
    X("warplint", "warplint: CUDA launch configuration and shared-memory "
                  "checks");
