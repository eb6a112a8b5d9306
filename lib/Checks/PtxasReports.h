//===-- PtxasReports.h - The ptxas reports the checks read ------*- C++ -*-===//
///
/// What warplint-occupancy and warplint-register-spill share: the ptxas
/// reports of the options, parsed, and the CUDA objects (--object), read
/// into the same entries (spills unknown), and each kernel's entry in them. A
/// kernel is found in a report by its mangled name, computed by Clang's Itanium
/// mangler exactly as the device compilation names it, so that overloads
/// and template instantiations map one to one. Without a report entry for a
/// kernel and an architecture, the checks say nothing about it.
///
/// A file with kernels that the two checks cannot look at, because no report
/// was given or none covers an architecture asked for, is not passed over in
/// silence: notePtxasCoverage says what was skipped, for each front end's
/// note.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_CHECKS_PTXASREPORTS_H
#define WARPLINT_LIB_CHECKS_PTXASREPORTS_H

#include "warplint/Analysis/CheckContext.h"
#include "warplint/Ptxas/PtxasReport.h"
#include "clang/AST/Mangle.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The ptxas reports of the options, parsed, and the kernels' names in them.
class PtxasReportIndex {
public:
  explicit PtxasReportIndex(CheckContext &C);

  bool empty() const { return Reports.empty(); }
  /// How many reports and objects the options hold, usable or not.
  unsigned given() const { return Given; }
  /// The architectures to check: --arch when given, else those the reports
  /// name.
  llvm::ArrayRef<std::string> archs() const { return Archs; }

  /// The architectures the reports' kernels were compiled for, in order;
  /// std::nullopt when a kernel's entry names none (it matches any).
  std::optional<std::vector<std::string>> kernelArchs() const;

  /// What ptxas reported for K compiled for Arch ("sm_90"); an entry without
  /// an architecture matches any.
  const ptxas::Function *find(const clang::FunctionDecl *K,
                              llvm::StringRef Arch);

private:
  /// The kernel's device-side symbol name.
  std::string mangled(const clang::FunctionDecl *K);

  std::vector<ptxas::Report> Reports;
  std::unique_ptr<clang::MangleContext> Mangler;
  std::vector<std::string> Archs;
  unsigned Given = 0;
};

/// Sets C.Coverage, unless a check did already: what the enabled checks that
/// read ptxas reports cannot check in this file for want of a report.
void notePtxasCoverage(CheckContext &C);

} // namespace warplint

#endif // WARPLINT_LIB_CHECKS_PTXASREPORTS_H
