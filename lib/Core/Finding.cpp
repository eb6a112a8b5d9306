//===-- Finding.cpp - A front-end neutral finding -------------------------===//
#include "warplint/Core/Finding.h"
#include <algorithm>

namespace warplint {

llvm::StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

void sortAndDeduplicate(std::vector<Finding> &Findings) {
  auto Key = [](const Finding &F) {
    return std::tie(F.Loc.File, F.Loc.Line, F.Loc.Column, F.Check, F.Message);
  };
  std::stable_sort(Findings.begin(), Findings.end(),
                   [&](const Finding &A, const Finding &B) {
                     return Key(A) < Key(B);
                   });
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [](const Finding &A, const Finding &B) {
                               return A.sameAs(B);
                             }),
                 Findings.end());
}

} // namespace warplint
