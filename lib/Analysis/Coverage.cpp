//===-- Coverage.cpp - What the analysis of a file left unchecked ---------===//
#include "warplint/Analysis/Coverage.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace warplint {

std::string PtxasCoverage::message() const {
  std::string Skipped = llvm::join(Checks, " and ") + " skipped";
  if (NoReport)
    return "no ptxas report; " + Skipped;
  std::string Missing = llvm::join(MissingArchs, ", ");
  return "no ptxas report for " + Missing + " (" +
         (ReportArchs.empty()
              ? std::string("the report lists no kernel")
              : "the report covers " + llvm::join(ReportArchs, ", ")) +
         "); " + Skipped + " for " + Missing;
}

std::string SkippedAccesses::message(const SourceManager &SM) const {
  bool File = StringRef(Option).ends_with("MaxFileSteps");
  return std::to_string(Count) + " shared-memory access" +
         (Count == 1 ? "" : "es") + " not analysed (the first on line " +
         std::to_string(SM.getExpansionLineNumber(First)) + "): " +
         (File ? "the analysis of this file reached its limit of "
               : "the analysis of an access needs more than ") +
         std::to_string(Limit) + " steps (" + Option + ")";
}

std::string AccessCoverage::summary() const {
  std::string S = std::to_string(Total) + " shared-memory access" +
                  (Total == 1 ? "" : "es") + ": " + std::to_string(WithDegree) +
                  " with a degree, " + std::to_string(AssumedOnly) +
                  " at the assumed block only, " + std::to_string(Unknown) +
                  " unknown";
  if (Parametric)
    S += " (" + std::to_string(Parametric) +
         " with a degree for each value of a run-time value)";
  return S;
}

} // namespace warplint
