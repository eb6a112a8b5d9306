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

std::vector<size_t> sortedUniqueOrder(const std::vector<Finding> &Findings) {
  auto Key = [&](size_t I) {
    const Finding &F = Findings[I];
    return std::tie(F.Loc.File, F.Loc.Line, F.Loc.Column, F.Check, F.Message);
  };
  std::vector<size_t> Order(Findings.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Key(A) < Key(B); });
  Order.erase(std::unique(Order.begin(), Order.end(),
                          [&](size_t A, size_t B) {
                            return Findings[A].sameAs(Findings[B]);
                          }),
              Order.end());
  return Order;
}

void sortAndDeduplicate(std::vector<Finding> &Findings) {
  std::vector<Finding> Kept;
  for (size_t I : sortedUniqueOrder(Findings))
    Kept.push_back(std::move(Findings[I]));
  Findings = std::move(Kept);
}

} // namespace warplint
