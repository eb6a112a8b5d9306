//===-- CheckContext.h - What a check sees and how it reports ----*- C++
//-*-===//
#ifndef WARPLINT_ANALYSIS_CHECKCONTEXT_H
#define WARPLINT_ANALYSIS_CHECKCONTEXT_H

#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEngine.h"
#include "warplint/Core/LaunchInfo.h"
#include <map>
#include <memory>
#include <optional>

namespace warplint {

/// Passed to every check. report() takes care of template instantiations: a
/// finding that every instantiation reaching a place has in the same words is
/// reported once; otherwise each instantiation's finding names it.
class BankConflictAnalysis;
class CheckRegistry;

class CheckContext {
public:
  CheckContext(TUIndex &Index, const Options &Opts,
               const CheckRegistry *Registry = nullptr);
  ~CheckContext();

  TUIndex &Index;
  const Options &Opts;
  /// The checks' registry, which says how the check warplint-bank-conflict
  /// sets the bank analysis (CheckRegistry::setBankSettings).
  const CheckRegistry *Registry;
  /// The values host and device code fix (the one value engine).
  ValueEngine Values;
  /// Launch shapes from and for another parse of the same file.
  LaunchExchange Launches;
  /// The bank analysis of this translation unit, run the first time it is
  /// asked (by the check, `warplint explain`, the dump): once per parse.
  /// With StreamBankReports, that first run hands the reports it settles
  /// to Sink and drops them (BankConflictAnalysis::ReportSink).
  BankConflictAnalysis &bankConflicts(
      llvm::function_ref<void(BankConflictAnalysis &, size_t, size_t)> Sink =
          nullptr);
  /// Options::StreamBankReports, where nothing asks for the list of
  /// accesses (analyzeTranslationUnit).
  bool StreamBankReports = false;
  /// What the checks that read ptxas reports could not check for want of
  /// one; the first of them to run sets it (AnalysisResult::Coverage).
  std::optional<PtxasCoverage> Coverage;
  /// What warplint-bank-conflict skipped as too complex
  /// (AnalysisResult::Skipped).
  SkippedAccesses Skipped;
  /// What warplint-bank-conflict could say of the accesses
  /// (AnalysisResult::Accesses).
  AccessCoverage Accesses;
  /// When set, warplint-occupancy describes each launch it looks at here
  /// (the language server's hover), whether or not it reports anything.
  std::vector<LaunchInfo> *LaunchInfos = nullptr;

  /// Records that the check looked at Loc from Context (a function, possibly
  /// a template instantiation), whether or not it reports anything.
  void visit(CheckId Check, clang::SourceLocation Loc,
             const clang::FunctionDecl *Context);
  void report(AstFinding F, const clang::FunctionDecl *Context);

  std::vector<AstFinding> takeFindings();

private:
  struct Pending {
    AstFinding F;
    std::string Instantiation;
  };
  std::vector<Pending> Findings;
  std::map<std::pair<unsigned, unsigned>, unsigned> InstantiationVisits;
  std::unique_ptr<BankConflictAnalysis> Banks;
};

} // namespace warplint

#endif // WARPLINT_ANALYSIS_CHECKCONTEXT_H
