//===-- HtmlReport.h - One self-contained HTML page of a run ------*- C++
//-*-===//
///
/// `warplint --format=html --output=FILE`: the findings, kernels, launches
/// and shared-memory accesses of a run as one HTML file that needs nothing
/// else (no network, no external script, font or style): a summary with
/// sortable tables, then per file the source lines of each finding, each
/// launch with its occupancy per architecture and the calculator's three
/// charts, and each shared access with its degree per block shape, the
/// bank map of its worst warp as SVG (and the map after the fix, when the
/// check knows one), and the unknown accesses with their reasons.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_OUTPUT_HTMLREPORT_H
#define WARPLINT_OUTPUT_HTMLREPORT_H

#include "warplint/Core/Finding.h"
#include "warplint/Core/LaunchInfo.h"
#include "warplint/Core/SharedAccessInfo.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <string>
#include <vector>

namespace warplint {

/// What the report shows of one file.
struct HtmlReportFile {
  std::string Path;
  std::vector<Finding> Findings;
  std::vector<SharedAccessInfo> Accesses;
  std::vector<LaunchInfo> Launches;
  /// Why the file was not analysed (or only in part), when it was not.
  std::string Problem;
};

struct HtmlReportOptions {
  std::string Title = "warplint report";
  std::string Generator; ///< "warplint 0.1.0 (LLVM 22.1.8)"
  /// Paths under this directory are shown relative to it.
  std::string BaseDir;
  /// The occupancy charts of one launch on one architecture, as SVG text
  /// (empty: none). The calculator draws them; the report only places them.
  std::function<std::string(const LaunchInfo &, const LaunchInfo::Arch &)>
      Charts;
  /// The source text of a file (empty when it cannot be read); by default
  /// read from disk.
  std::function<std::string(const std::string &)> ReadSource;
};

void writeHtmlReport(llvm::raw_ostream &OS,
                     llvm::ArrayRef<HtmlReportFile> Files,
                     const HtmlReportOptions &Options);

/// The bank map of one warp as SVG: 32 banks across, one row per
/// wavefront, each cell coloured by the lane it serves first (its number
/// written in it, '+' when more lanes read the same word), the cells of a
/// bank that serves more than one word in a phase outlined in red (the
/// colliding lanes), and a caption.
std::string bankMapSvg(const model::LaneAddresses &Lanes, unsigned Bytes,
                       llvm::StringRef Caption);

} // namespace warplint

#endif // WARPLINT_OUTPUT_HTMLREPORT_H
