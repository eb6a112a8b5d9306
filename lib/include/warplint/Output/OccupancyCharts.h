//===-- OccupancyCharts.h - Occupancy charts as SVG -------------*- C++ -*-===//
///
/// The three graphs of NVIDIA's occupancy calculator for one launch:
/// occupancy against block size, registers per thread and shared memory per
/// block, each a step line of model::sweepOccupancy's points with the launch
/// marked (a point, a dashed line and its value) and its limiter named.
/// `warplint occupancy --plot=FILE.svg` writes the three in one file; an
/// HTML report embeds them inline. The SVG is self-contained: no scripts,
/// no styles, fonts or images from elsewhere (the generic sans-serif
/// family), every text escaped. LLVM Support and the model only.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_OUTPUT_OCCUPANCYCHARTS_H
#define WARPLINT_OUTPUT_OCCUPANCYCHARTS_H

#include "warplint/Model/OccupancySweep.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace warplint {

/// The size of one chart, in pixels (the SVG's user units).
struct ChartSize {
  unsigned Width = 400;
  unsigned Height = 300;
};

/// One chart: the occupancy of In on A against Axis, as an <svg> element
/// with its namespace, to put inline in HTML or in a file of its own. Its
/// class is "occupancy-chart", its data-sweep the axis name; the launch's
/// marker is the <circle class="current">. Sizes under 200 x 150 are raised
/// to that.
std::string occupancyChartSvg(const model::SmArch &A,
                              const model::OccupancyInput &In,
                              model::SweepAxis Axis, ChartSize Size = {});

/// The three charts side by side (threads, registers, shared memory) under
/// a title naming the architecture, the launch, its occupancy and limiter:
/// one <svg> element with its namespace. PanelSize is each chart's.
std::string occupancyChartsSvg(const model::SmArch &A,
                               const model::OccupancyInput &In,
                               ChartSize PanelSize = {});

/// The same as a file: an XML declaration and occupancyChartsSvg.
std::string occupancyChartsSvgDocument(const model::SmArch &A,
                                       const model::OccupancyInput &In,
                                       ChartSize PanelSize = {});

/// Text for XML character data and attribute values: &, <, >, " and '
/// escaped; control characters XML 1.0 cannot hold become U+FFFD.
std::string xmlEscape(llvm::StringRef Text);

} // namespace warplint

#endif // WARPLINT_OUTPUT_OCCUPANCYCHARTS_H
