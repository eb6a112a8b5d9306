//===-- ReportExchange.h - ptxas reports from warplint-launch ---*- C++ -*-===//
///
/// warplint-launch starts warplint while the ptxas report it needs is still
/// being made (by the compile itself, or by the nvcc report pass), and tells
/// it so with --ptxas-report=FILE --ptxas-report-pending. The protocol: the
/// launcher makes FILE appear whole (written beside it, then renamed) when
/// the compile ends, or an empty FILE for "no report"; warplint waits for
/// FILE only when the occupancy checks need it, and gives up when the
/// launcher, its parent, is gone.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_REPORTEXCHANGE_H
#define WARPLINT_DRIVER_REPORTEXCHANGE_H

#include "warplint/Core/Options.h"
#include "llvm/ADT/StringRef.h"
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// The launcher's side: makes Path appear whole with Text, or empty for no
/// report. Path exists afterwards in any case (warplint would wait for it).
void publishPtxasReport(const std::string &Path, llvm::StringRef Text);

/// warplint's side: reports still being made while the analysis starts. They
/// are read once, by the first thread that needs them, which waits for them.
class PendingPtxasReports : public LatePtxasReports {
public:
  /// Made at start-up: the parent process now is the one that writes the
  /// files (warplint-launch); when it is gone, nothing will appear.
  explicit PendingPtxasReports(std::vector<std::string> Files);
  /// Waits until every file exists (or the process that was to write them
  /// is gone, or MaxWaitSeconds passed) and returns the readable ones as
  /// (name, text); an empty file means "no report".
  const std::vector<std::pair<std::string, std::string>> &get() const override;
  unsigned MaxWaitSeconds = 3600;

private:
  std::vector<std::string> Files;
  long Writer = 0; ///< the parent's process id at start-up (POSIX)
  mutable std::once_flag Once;
  mutable std::vector<std::pair<std::string, std::string>> Loaded;
};

} // namespace warplint

#endif // WARPLINT_DRIVER_REPORTEXCHANGE_H
