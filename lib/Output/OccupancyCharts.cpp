//===-- OccupancyCharts.cpp - Occupancy charts as SVG ---------------------===//
//
// Each chart: a plot area with occupancy (0-100%) up and the swept quantity
// across, grid lines at the ticks, the curve as a step line (a value holds
// from the previous step to its own: threads, registers and shared memory
// are all rounded up before they are allocated), and the launch marked. The
// points are model::sweepOccupancy's; nothing here computes occupancy.
//
//===----------------------------------------------------------------------===//
#include "warplint/Output/OccupancyCharts.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;
using namespace warplint::model;

namespace warplint {

std::string xmlEscape(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (unsigned char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&apos;";
      break;
    default:
      if (C < 0x20 && C != '\t' && C != '\n' && C != '\r')
        Out += "\xEF\xBF\xBD"; // U+FFFD: XML 1.0 cannot hold it
      else
        Out += char(C);
    }
  }
  // Bytes that are not UTF-8 would make the file unreadable as XML.
  return json::isUTF8(Out) ? Out : json::fixUTF8(Out);
}

namespace {

const char *const CurveColour = "#1f6fb4";
const char *const MarkColour = "#d62728";
const char *const GridColour = "#dddddd";
const char *const InkColour = "#333333";

// The plot area's margins inside a chart.
constexpr double Left = 52, Right = 18, Top = 62, Bottom = 62;
// The limiter band under the plot area.
constexpr double BandGap = 2, BandHeight = 6;

std::string num(double V) { return formatv("{0:F1}", V).str(); }

/// A font size of at most Max at which Text fits Width, taking a character
/// of the sans-serif font for about 0.56 em.
std::string fitFont(double Max, double Width, StringRef Text) {
  return num(
      std::min(Max, Width / (0.56 * double(std::max<size_t>(Text.size(), 1)))));
}

std::string percent(double Occupancy) {
  return formatv("{0:F1}%", Occupancy * 100).str();
}

/// Shared memory in the charts' words: "48 KB", "1000 bytes".
std::string smemText(uint64_t Bytes) {
  if (Bytes % 1024 == 0)
    return std::to_string(Bytes / 1024) + " KB";
  return std::to_string(Bytes) + " bytes";
}

/// What limits a point: its primary limiter's name, or "cannot run".
StringRef limitOf(const OccupancyResult &R) {
  return R.ok() ? limiterName(R.Primary) : "cannot run";
}

const char *limitColour(StringRef Limit) {
  if (Limit == "warps")
    return "#8c8c8c";
  if (Limit == "blocks")
    return "#9467bd";
  if (Limit == "registers")
    return "#ff7f0e";
  if (Limit == "shared-memory")
    return "#2ca02c";
  if (Limit == "barriers")
    return "#8c564b";
  return "#222222"; // cannot run
}

std::string valueText(SweepAxis Axis, uint64_t V) {
  switch (Axis) {
  case SweepAxis::Threads:
    return std::to_string(V) + " threads";
  case SweepAxis::Regs:
    return std::to_string(V) + (V == 1 ? " register" : " registers");
  case SweepAxis::Smem:
    return smemText(V);
  }
  return "";
}

std::string chartTitle(SweepAxis Axis) {
  return Axis == SweepAxis::Threads
             ? "Occupancy against block size"
             : ("Occupancy against " + sweepAxisTitle(Axis)).str();
}

std::string axisLabel(SweepAxis Axis) {
  return (sweepAxisTitle(Axis) + (Axis == SweepAxis::Smem ? " (KB)" : ""))
      .str();
}

/// Why a launch cannot run, in a few words.
StringRef shortReason(LaunchError E) {
  switch (E) {
  case LaunchError::None:
    return "";
  case LaunchError::ZeroThreads:
    return "a block of 0 threads";
  case LaunchError::TooManyThreads:
    return "too many threads per block";
  case LaunchError::TooManyRegsPerThread:
    return "too many registers per thread";
  case LaunchError::TooManyRegsPerBlock:
    return "too many registers per block";
  case LaunchError::TooMuchSmem:
    return "too much shared memory per block";
  }
  return "";
}

/// The tick step of an axis from 0 to Max: a power of two times Unit (1,
/// or 1024 bytes for shared memory) giving at most 8 steps.
uint64_t tickStep(uint64_t Max, uint64_t Unit) {
  uint64_t Step = Unit;
  while (Max / Step > 8)
    Step *= 2;
  return Step;
}

/// Where things go in one chart.
struct Frame {
  double W, H, X0, X1, Y0, Y1; // plot area: X0..X1 across, Y0 top, Y1 bottom
  double XMax;

  double x(double V) const { return X0 + (X1 - X0) * V / XMax; }
  double y(double Occupancy) const { return Y1 - (Y1 - Y0) * Occupancy; }
};

void writeAxes(raw_ostream &OS, const Frame &F, SweepAxis Axis, uint64_t Last) {
  OS << "<g class=\"axes\" font-size=\"11\" fill=\"" << InkColour << "\">\n";
  for (unsigned P = 0; P <= 100; P += 25) {
    double Y = F.y(P / 100.0);
    OS << "<line x1=\"" << num(F.X0) << "\" y1=\"" << num(Y) << "\" x2=\""
       << num(F.X1) << "\" y2=\"" << num(Y) << "\" stroke=\"" << GridColour
       << "\"/>\n<text x=\"" << num(F.X0 - 5) << "\" y=\"" << num(Y + 4)
       << "\" text-anchor=\"end\">" << P << "%</text>\n";
  }
  uint64_t Unit = Axis == SweepAxis::Smem ? 1024 : 1;
  uint64_t Step = tickStep(Last, Unit);
  for (uint64_t V = 0; V <= Last; V += Step) {
    double X = F.x(double(V));
    OS << "<line x1=\"" << num(X) << "\" y1=\"" << num(F.Y0) << "\" x2=\""
       << num(X) << "\" y2=\"" << num(F.Y1 + BandGap + BandHeight + 3)
       << "\" stroke=\"" << GridColour << "\"/>\n<text x=\"" << num(X)
       << "\" y=\"" << num(F.Y1 + BandGap + BandHeight + 14)
       << "\" text-anchor=\"middle\">" << V / Unit << "</text>\n";
  }
  OS << "<rect x=\"" << num(F.X0) << "\" y=\"" << num(F.Y0) << "\" width=\""
     << num(F.X1 - F.X0) << "\" height=\"" << num(F.Y1 - F.Y0)
     << "\" fill=\"none\" stroke=\"" << InkColour << "\"/>\n";
  OS << "<text class=\"x-label\" x=\"" << num((F.X0 + F.X1) / 2) << "\" y=\""
     << num(F.H - 22) << "\" text-anchor=\"middle\">" << axisLabel(Axis)
     << "</text>\n";
  StringRef YLabel = "occupancy (% of warps)";
  OS << "<text class=\"y-label\" transform=\"translate(14 "
     << num((F.Y0 + F.Y1) / 2)
     << ") rotate(-90)\" text-anchor=\"middle\" font-size=\""
     << fitFont(11, F.Y1 - F.Y0, YLabel) << "\">" << YLabel
     << "</text>\n</g>\n";
}

void writeCurve(raw_ostream &OS, const Frame &F,
                const std::vector<SweepPoint> &Points) {
  if (Points.empty())
    return;
  std::string D;
  raw_string_ostream P(D);
  P << "M" << num(F.x(double(Points[0].Value))) << " "
    << num(F.y(Points[0].Result.Occupancy));
  for (size_t I = 1; I < Points.size(); ++I)
    if (Points[I].Result.Occupancy != Points[I - 1].Result.Occupancy)
      P << " H" << num(F.x(double(Points[I - 1].Value))) << " V"
        << num(F.y(Points[I].Result.Occupancy));
  P << " H" << num(F.x(double(Points.back().Value)));
  OS << "<path class=\"curve\" d=\"" << D << "\" fill=\"none\" stroke=\""
     << CurveColour << "\" stroke-width=\"2\"/>\n";
}

/// Under the plot area, a band coloured by what limits each point, and a
/// legend of the limiters it shows.
void writeLimiterBand(raw_ostream &OS, const Frame &F,
                      const std::vector<SweepPoint> &Points) {
  OS << "<g class=\"limiters\" fill=\"" << InkColour << "\">\n";
  SmallVector<StringRef, 6> Seen;
  double Y = F.Y1 + BandGap;
  size_t I = 0;
  while (I < Points.size()) {
    StringRef Limit = limitOf(Points[I].Result);
    size_t J = I;
    while (J + 1 < Points.size() && limitOf(Points[J + 1].Result) == Limit)
      ++J;
    // Point K holds from point K-1 to its own value; the first from 0.
    double X0 = F.x(I ? double(Points[I - 1].Value) : 0);
    double X1 = F.x(double(Points[J].Value));
    if (X1 > X0)
      OS << "<rect class=\"limiter-band\" data-limiter=\"" << Limit << "\" x=\""
         << num(X0) << "\" y=\"" << num(Y) << "\" width=\"" << num(X1 - X0)
         << "\" height=\"" << num(BandHeight) << "\" fill=\""
         << limitColour(Limit) << "\"><title>"
         << (Limit == "cannot run" ? "cannot run" : "limited by " + Limit.str())
         << "</title></rect>\n";
    if (!is_contained(Seen, Limit))
      Seen.push_back(Limit);
    I = J + 1;
  }
  // The legend, in the order the limiters appear along the axis, its font
  // smaller where the chart is narrow: each entry is a 9-pixel square, a
  // 3-pixel gap, its name and 10 pixels.
  StringRef Lead = "limited by:";
  size_t Chars = Lead.size();
  for (StringRef Limit : Seen)
    Chars += Limit.size();
  double Room = F.W - 16 - 22 * double(Seen.size()) - 8;
  double Size = std::max(6.0, std::min(10.0, Room / (0.56 * double(Chars))));
  double X = 8;
  OS << "<text x=\"" << num(X) << "\" y=\"" << num(F.H - 6) << "\" font-size=\""
     << num(Size) << "\">" << Lead << "</text>\n";
  X += 0.56 * Size * double(Lead.size()) + 8;
  for (StringRef Limit : Seen) {
    OS << "<rect x=\"" << num(X) << "\" y=\"" << num(F.H - 14)
       << "\" width=\"9\" height=\"9\" fill=\"" << limitColour(Limit)
       << "\"/>\n<text class=\"legend\" x=\"" << num(X + 12) << "\" y=\""
       << num(F.H - 6) << "\" font-size=\"" << num(Size) << "\">" << Limit
       << "</text>\n";
    X += 12 + 0.56 * Size * double(Limit.size()) + 10;
  }
  OS << "</g>\n";
}

/// The launch: a dashed line at its value, a point on the curve, its value
/// above the plot area and its limiter, or why it cannot run.
void writeCurrent(raw_ostream &OS, const Frame &F, SweepAxis Axis,
                  uint64_t Value, const OccupancyResult &R) {
  std::string Label = valueText(Axis, Value) + ": " + percent(R.Occupancy) +
                      " (" + std::to_string(R.ActiveWarps) + "/" +
                      std::to_string(R.MaxWarps) + " warps)";
  std::string Limit = R.ok() ? "limited by " + limiterName(R.Primary).str()
                             : "cannot run: " + shortReason(R.Error).str();
  std::string Shown = "this launch, " + Label;
  double Room = F.W - 16;
  OS << "<g class=\"current-launch\">\n";
  OS << "<text class=\"current-label\" x=\"8\" y=\"" << num(F.Y0 - 31)
     << "\" font-size=\"" << fitFont(11, Room, Shown) << "\" fill=\""
     << MarkColour << "\">" << xmlEscape(Shown) << "</text>\n";
  OS << "<text class=\"limiter\" x=\"8\" y=\"" << num(F.Y0 - 17)
     << "\" font-size=\"" << fitFont(11, Room, Limit) << "\" fill=\""
     << MarkColour << "\">" << xmlEscape(Limit) << "</text>\n";
  if (double(Value) <= F.XMax) {
    double X = F.x(double(Value)), Y = F.y(R.Occupancy);
    OS << "<line x1=\"" << num(X) << "\" y1=\"" << num(F.Y0) << "\" x2=\""
       << num(X) << "\" y2=\"" << num(F.Y1) << "\" stroke=\"" << MarkColour
       << "\" stroke-dasharray=\"4 3\"/>\n";
    OS << "<circle class=\"current\" cx=\"" << num(X) << "\" cy=\"" << num(Y)
       << "\" r=\"5\" fill=\"" << MarkColour
       << "\" stroke=\"white\" stroke-width=\"1.5\"><title>"
       << xmlEscape(Label + ", " + (R.ok() ? Limit : R.ErrorMessage))
       << "</title></circle>\n";
  }
  OS << "</g>\n";
}

/// One chart as an <svg> element at (X, Y) of its parent; Standalone: the
/// outermost element, with the namespace and the font.
void writeChart(raw_ostream &OS, const SmArch &A, const OccupancyInput &In,
                SweepAxis Axis, ChartSize Size, bool Standalone, double X,
                double Y) {
  double W = std::max(Size.Width, 200u), H = std::max(Size.Height, 150u);
  std::vector<SweepPoint> Points = sweepOccupancy(A, In, Axis);
  uint64_t Last = sweepRange(A, Axis).Last;
  Frame F{W, H, Left, W - Right, Top, H - Bottom, double(Last)};
  uint64_t Value = sweepValue(In, Axis);
  OccupancyResult R = computeOccupancy(A, In);

  OS << "<svg";
  if (Standalone)
    OS << " xmlns=\"http://www.w3.org/2000/svg\" font-family=\"sans-serif\"";
  else
    OS << " x=\"" << num(X) << "\" y=\"" << num(Y) << "\"";
  OS << " width=\"" << num(W) << "\" height=\"" << num(H) << "\" viewBox=\"0 0 "
     << num(W) << " " << num(H) << "\" class=\"occupancy-chart\" data-sweep=\""
     << sweepAxisName(Axis) << "\" role=\"img\">\n";
  OS << "<title>" << xmlEscape(chartTitle(Axis)) << " on " << A.Name
     << "</title>\n";
  OS << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  OS << "<text class=\"chart-title\" x=\"" << num(W / 2)
     << "\" y=\"14\" text-anchor=\"middle\" font-size=\""
     << fitFont(13, (W - 12) * 0.9, chartTitle(Axis)) // bold: wider
     << "\" "
        "font-weight=\"bold\" fill=\""
     << InkColour << "\">" << xmlEscape(chartTitle(Axis)) << "</text>\n";
  writeAxes(OS, F, Axis, Last);
  writeCurve(OS, F, Points);
  writeLimiterBand(OS, F, Points);
  writeCurrent(OS, F, Axis, Value, R);
  OS << "</svg>\n";
}

/// "sm_90 (9.0): 256 threads, 72 registers per thread, 48 KB of shared
/// memory per block, 1 barrier: 37.5% (24 of 64 warps), limited by
/// registers".
std::string launchTitle(const SmArch &A, const OccupancyInput &In,
                        const OccupancyResult &R, bool Full) {
  std::string S = (A.Name + " (" + A.version() + "): ").str() +
                  std::to_string(In.Threads) + " threads, " +
                  std::to_string(In.Regs) + " registers per thread, " +
                  smemText(In.Smem) + " of shared memory per block, " +
                  std::to_string(In.Barriers) +
                  (In.Barriers == 1 ? " barrier" : " barriers") + ": ";
  if (!R.ok())
    return S + "cannot run (" +
           (Full ? R.ErrorMessage : shortReason(R.Error).str()) + ")";
  return S + percent(R.Occupancy) + " (" + std::to_string(R.ActiveWarps) +
         " of " + std::to_string(R.MaxWarps) + " warps), limited by " +
         limiterName(R.Primary).str();
}

} // namespace

std::string occupancyChartSvg(const SmArch &A, const OccupancyInput &In,
                              SweepAxis Axis, ChartSize Size) {
  std::string Out;
  raw_string_ostream OS(Out);
  writeChart(OS, A, In, Axis, Size, /*Standalone=*/true, 0, 0);
  return Out;
}

std::string occupancyChartsSvg(const SmArch &A, const OccupancyInput &In,
                               ChartSize PanelSize) {
  double W = std::max(PanelSize.Width, 200u),
         H = std::max(PanelSize.Height, 150u);
  constexpr double TitleHeight = 30;
  OccupancyResult R = computeOccupancy(A, In);
  // The full reason a launch cannot run in the <title> (a tooltip); a short
  // one in the visible title, whose font shrinks to fit the width.
  std::string Title = launchTitle(A, In, R, /*Full=*/true);
  std::string Shown = launchTitle(A, In, R, /*Full=*/false);

  std::string Out;
  raw_string_ostream OS(Out);
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(3 * W)
     << "\" height=\"" << num(H + TitleHeight) << "\" viewBox=\"0 0 "
     << num(3 * W) << " " << num(H + TitleHeight)
     << "\" font-family=\"sans-serif\" class=\"occupancy-charts\" "
        "role=\"img\">\n";
  OS << "<title>" << xmlEscape(Title) << "</title>\n";
  OS << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  OS << "<text class=\"title\" x=\"" << num(1.5 * W)
     << "\" y=\"20\" text-anchor=\"middle\" font-size=\""
     << fitFont(14, 3 * W, Shown) << "\" fill=\"" << InkColour << "\">"
     << xmlEscape(Shown) << "</text>\n";
  double X = 0;
  for (SweepAxis Axis :
       {SweepAxis::Threads, SweepAxis::Regs, SweepAxis::Smem}) {
    writeChart(OS, A, In, Axis, {unsigned(W), unsigned(H)},
               /*Standalone=*/false, X, TitleHeight);
    X += W;
  }
  OS << "</svg>\n";
  return Out;
}

std::string occupancyChartsSvgDocument(const SmArch &A,
                                       const OccupancyInput &In,
                                       ChartSize PanelSize) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" +
         occupancyChartsSvg(A, In, PanelSize);
}

} // namespace warplint
