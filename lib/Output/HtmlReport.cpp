//===-- HtmlReport.cpp - One self-contained HTML page of a run ------------===//
#include "warplint/Output/HtmlReport.h"

#include "warplint/Model/BankModel.h"
#include "warplint/Output/OccupancyCharts.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <set>

using namespace llvm;
using namespace warplint::model;

namespace warplint {

namespace {

/// A lane's colour: 32 hues around the wheel, alternating light and dark so
/// that neighbouring lanes differ.
std::string laneColour(unsigned Lane) {
  unsigned Hue = (Lane * 360 / 32 + (Lane % 2) * 180) % 360;
  return formatv("hsl({0},70%,{1}%)", Hue, Lane % 2 ? 78 : 62).str();
}

} // namespace

std::string bankMapSvg(const LaneAddresses &Lanes, unsigned Bytes,
                       StringRef Caption) {
  std::vector<WavefrontRow> Rows;
  WarpBanks B = warpBanks(Lanes, Bytes, &Rows);
  // The banks that serve more than one word in a phase: their cells are
  // the colliding lanes.
  std::set<std::pair<unsigned, unsigned>> Busy; // (phase, bank)
  std::map<std::pair<unsigned, unsigned>, unsigned> Words;
  for (const WavefrontRow &R : Rows)
    for (unsigned K = 0; K < NumBanks; ++K)
      if (R.Word[K] && ++Words[{R.Phase, K}] > 1)
        Busy.insert({R.Phase, K});
  bool Phased = phasesFor(Bytes) > 1;
  const unsigned Cell = 22, Left = Phased ? 78 : 64, Top = 34;
  unsigned W = Left + NumBanks * Cell + 8;
  unsigned H = Top + unsigned(Rows.size()) * Cell + 30;
  std::string S;
  raw_string_ostream OS(S);
  OS << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bankmap\" "
                "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                "font-family=\"sans-serif\" font-size=\"10\" role=\"img\">\n",
                W, H);
  OS << "<title>" << xmlEscape(Caption) << "</title>\n";
  OS << formatv("<text x=\"{0}\" y=\"12\" font-size=\"11\">bank</text>\n",
                Left - 30);
  for (unsigned K = 0; K < NumBanks; ++K)
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\">{2}"
                  "</text>\n",
                  Left + K * Cell + Cell / 2, Top - 6, K);
  for (size_t I = 0; I < Rows.size(); ++I) {
    const WavefrontRow &R = Rows[I];
    unsigned Y = Top + unsigned(I) * Cell;
    std::string Label = Phased
                            ? formatv("p{0} wf {1}", R.Phase + 1, I + 1).str()
                            : formatv("wavefront {0}", I + 1).str();
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">{2}</text>\n",
                  Left - 4, Y + Cell / 2 + 4, Label);
    for (unsigned K = 0; K < NumBanks; ++K) {
      unsigned X = Left + K * Cell;
      if (!R.Word[K]) {
        OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{2}\" "
                      "fill=\"#f4f4f4\" stroke=\"#ddd\"/>\n",
                      X, Y, Cell);
        continue;
      }
      unsigned First = R.Lanes[K].front();
      bool Collides = Busy.count({R.Phase, K});
      OS << formatv("<rect class=\"{5}\" x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                    "height=\"{2}\" fill=\"{3}\" stroke=\"{4}\" "
                    "stroke-width=\"{6}\"><title>bank {7}, word {8}: {9}"
                    "</title></rect>\n",
                    X, Y, Cell, laneColour(First),
                    Collides ? "#d00000" : "#888",
                    Collides ? "collide" : "lane", Collides ? 2.5 : 0.5, K,
                    *R.Word[K], formatLanes(R.Lanes[K]));
      std::string T =
          std::to_string(First) + (R.Lanes[K].size() > 1 ? "+" : "");
      OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\">{2}"
                    "</text>\n",
                    X + Cell / 2, Y + Cell / 2 + 4, T);
    }
  }
  OS << formatv(
      "<text x=\"{0}\" y=\"{1}\" font-size=\"11\">{2}</text>\n", Left, H - 10,
      xmlEscape(formatv("{0} wavefront{1} where {2} would do: "
                        "{3}-way",
                        B.Wavefronts, B.Wavefronts == 1 ? "" : "s", B.Phases,
                        formatDegree(B.Wavefronts, B.Phases))
                    .str()));
  OS << "</svg>\n";
  return S;
}

namespace {

const char Style[] = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 2em 3em;color:#222;max-width:1400px}
h1{font-size:1.6em;margin-top:1em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
h3{margin-top:1.5em}table{border-collapse:collapse;margin:.5em 0 1em}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eef;cursor:pointer;user-select:none}th.sorted-up:after{content:" \25B2"}th.sorted-down:after{content:" \25BC"}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.error{color:#b00000;font-weight:bold}.warning{color:#a06000;font-weight:bold}.note{color:#555}
pre.src{background:#f8f8f8;border:1px solid #ddd;padding:.4em;overflow-x:auto;font-size:.9em}
pre.src .hit{background:#fff3b0;display:block}
.finding,.access,.launch{border-left:4px solid #ccc;padding:.2em 0 .2em .8em;margin:1em 0}
.finding.error{border-color:#b00000;font-weight:normal;color:inherit}
.finding.warning{border-color:#e0a000;font-weight:normal;color:inherit}
.access.conflict{border-color:#d00000}.access.clean{border-color:#2a2}
.access.unknown{border-color:#999}code{background:#f2f2f2;padding:0 .2em}
.maps{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
figure{margin:0}figcaption{font-size:.9em;color:#444;max-width:760px}
.charts svg{max-width:100%;height:auto}.muted{color:#777}
)";

const char Script[] = R"(
document.querySelectorAll('table.sortable').forEach(function(t){
  t.querySelectorAll('th').forEach(function(th,i){
    th.addEventListener('click',function(){
      var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows);
      var up=!th.classList.contains('sorted-up');
      t.querySelectorAll('th').forEach(function(h){h.classList.remove('sorted-up','sorted-down');});
      th.classList.add(up?'sorted-up':'sorted-down');
      rows.sort(function(a,b){
        var x=a.cells[i].getAttribute('data-v')||a.cells[i].textContent;
        var y=b.cells[i].getAttribute('data-v')||b.cells[i].textContent;
        var nx=parseFloat(x),ny=parseFloat(y);
        var c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:x.localeCompare(y);
        return up?c:-c;});
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
});
document.body.setAttribute('data-sortable-tables',
  document.querySelectorAll('table.sortable').length);
)";

/// The calculator's three charts for the launch on one architecture, the
/// launch's configuration marked.
std::string defaultCharts(const LaunchInfo &L, const LaunchInfo::Arch &A) {
  Expected<const SmArch *> Arch = lookupSmArch(A.Name);
  if (!Arch) {
    consumeError(Arch.takeError());
    return "";
  }
  if (!L.Threads)
    return "";
  OccupancyInput In;
  In.Threads = L.Threads;
  In.Regs = A.Registers;
  In.Smem = A.StaticSmem + L.DynamicSmem;
  In.Barriers = A.Barriers;
  return occupancyChartsSvg(**Arch, In, {360, 250});
}

std::string anchor(StringRef Kind, size_t File, size_t I) {
  return formatv("{0}-{1}-{2}", Kind, File, I).str();
}

/// Path, relative to Base when under it.
std::string shown(StringRef Path, StringRef Base) {
  if (!Base.empty() && Path.starts_with(Base) &&
      Path.substr(Base.size()).starts_with("/"))
    return Path.substr(Base.size() + 1).str();
  return Path.str();
}

/// The degree of a run, as a number for sorting (0: unknown or never runs).
double degreeOf(const SharedAccessInfo::Run &R) {
  const AccessResult &A = R.Result;
  if (A.State != AccessResult::Ok || !A.Phases)
    return 0;
  return double(A.Wavefronts) / A.Phases;
}

std::string runText(const SharedAccessInfo::Run &R, unsigned Bytes) {
  const AccessResult &A = R.Result;
  switch (A.State) {
  case AccessResult::NeverRuns:
    return "no thread executes it";
  case AccessResult::Unknown:
    if (A.Parametric)
      return "depends on '" + A.Parametric->Name +
             "', known only at run time: " + A.Parametric->Text;
    return "unknown: " + A.Why;
  case AccessResult::Ok:
    break;
  }
  return A.conflicts()
             ? formatDegree(A.Wavefronts, A.Phases) + "-way bank conflict (" +
                   describeConflict(A, Bytes) + ")"
             : std::string("no bank conflict");
}

class Writer {
public:
  Writer(raw_ostream &OS, ArrayRef<HtmlReportFile> Files,
         const HtmlReportOptions &O)
      : OS(OS), Files(Files), O(O) {}

  void write() {
    OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
          "charset=\"utf-8\">\n<meta name=\"viewport\" "
          "content=\"width=device-width,initial-scale=1\">\n<title>"
       << xmlEscape(O.Title) << "</title>\n<style>" << Style
       << "</style>\n</head>\n<body>\n<h1>" << xmlEscape(O.Title) << "</h1>\n";
    summary();
    for (size_t F = 0; F < Files.size(); ++F)
      file(F);
    OS << "<p class=\"muted\">Written by " << xmlEscape(O.Generator)
       << ".</p>\n<script>" << Script << "</script>\n</body>\n</html>\n";
  }

private:
  raw_ostream &OS;
  ArrayRef<HtmlReportFile> Files;
  const HtmlReportOptions &O;
  std::map<std::string, std::vector<std::string>> Sources;

  std::string where(const FileLocation &L) const {
    return xmlEscape(shown(L.File, O.BaseDir) + ":" + std::to_string(L.Line) +
                     ":" + std::to_string(L.Column));
  }

  const std::vector<std::string> &lines(const std::string &Path) {
    auto It = Sources.find(Path);
    if (It != Sources.end())
      return It->second;
    std::string Text;
    if (O.ReadSource)
      Text = O.ReadSource(Path);
    else if (auto B = MemoryBuffer::getFile(Path, /*IsText=*/true))
      Text = (*B)->getBuffer().str();
    std::vector<std::string> &L = Sources[Path];
    SmallVector<StringRef, 0> Parts;
    StringRef(Text).split(Parts, '\n');
    for (StringRef P : Parts)
      L.push_back(P.rtrim('\r').str());
    return L;
  }

  /// Lines Line-2 .. EndLine+2 of Path, those of Line..EndLine marked.
  void source(const std::string &Path, unsigned Line, unsigned EndLine = 0) {
    const std::vector<std::string> &L = lines(Path);
    if (!Line || Line > L.size())
      return;
    EndLine = std::max(EndLine, Line);
    unsigned From = Line > 2 ? Line - 2 : 1;
    unsigned To = std::min<unsigned>(EndLine + 2, L.size());
    OS << "<pre class=\"src\">";
    for (unsigned I = From; I <= To; ++I) {
      bool Hit = I >= Line && I <= EndLine;
      std::string Text = formatv("{0,5} | ", I).str() + L[I - 1];
      if (Hit)
        OS << "<span class=\"hit\">" << xmlEscape(Text) << "</span>";
      else
        OS << xmlEscape(Text) << "\n";
    }
    OS << "</pre>\n";
  }

  void summary();
  void kernelTable();
  void file(size_t F);
  void finding(const Finding &X);
  void launch(const LaunchInfo &L, size_t F, size_t I);
  void access(const SharedAccessInfo &A, size_t F, size_t I);
};

void Writer::summary() {
  unsigned Warnings = 0, Errors = 0, Accesses = 0, Unknown = 0, Launches = 0;
  std::map<std::pair<std::string, std::string>, std::pair<unsigned, unsigned>>
      ByCheck; // (file, check) -> (warnings, errors)
  for (const HtmlReportFile &F : Files) {
    for (const Finding &X : F.Findings) {
      auto &C = ByCheck[{F.Path, X.Check}];
      if (X.Level == Severity::Error) {
        ++Errors;
        ++C.second;
      } else if (X.Level == Severity::Warning) {
        ++Warnings;
        ++C.first;
      }
    }
    for (const SharedAccessInfo &A : F.Accesses) {
      ++Accesses;
      if (A.Runs.empty() ||
          llvm::any_of(A.Runs, [](const SharedAccessInfo::Run &R) {
            return R.Result.State == AccessResult::Unknown;
          }))
        ++Unknown;
    }
    Launches += F.Launches.size();
  }
  OS << formatv(
      "<p id=\"summary\">{0} warning{1} and {2} error{3} in {4} "
      "file{5}; {6} shared-memory access{7} analysed, {8} unknown; "
      "{9} launch{10}.</p>\n",
      Warnings, Warnings == 1 ? "" : "s", Errors, Errors == 1 ? "" : "s",
      Files.size(), Files.size() == 1 ? "" : "s", Accesses,
      Accesses == 1 ? "" : "es", Unknown, Launches, Launches == 1 ? "" : "es");
  OS << "<h2>Findings by check and file</h2>\n";
  if (ByCheck.empty()) {
    OS << "<p>No findings.</p>\n";
  } else {
    OS << "<table class=\"sortable\" id=\"by-check\"><thead><tr><th>file</th>"
          "<th>check</th><th>warnings</th><th>errors</th></tr></thead>"
          "<tbody>\n";
    for (const auto &[Key, N] : ByCheck)
      OS << "<tr><td>" << xmlEscape(shown(Key.first, O.BaseDir)) << "</td><td>"
         << xmlEscape(Key.second) << "</td><td class=\"num\">" << N.first
         << "</td><td class=\"num\">" << N.second << "</td></tr>\n";
    OS << "</tbody></table>\n";
  }
  kernelTable();
}

void Writer::kernelTable() {
  struct Row {
    std::string File;
    double Worst = -1; ///< -1: no access with a degree
    std::string WorstText;
    double Occupancy = -1;
    std::string OccText;
  };
  std::map<std::string, Row> Kernels;
  for (const HtmlReportFile &F : Files) {
    for (const SharedAccessInfo &A : F.Accesses)
      for (const SharedAccessInfo::Run &R : A.Runs) {
        std::string K = R.Kernel.empty() ? A.Function : R.Kernel;
        Row &X = Kernels[K];
        X.File = F.Path;
        double D = degreeOf(R);
        if (D > X.Worst) {
          X.Worst = D;
          X.WorstText = formatDegree(R.Result.Wavefronts, R.Result.Phases) +
                        "-way at " + std::to_string(A.Loc.Line);
        }
      }
    for (const LaunchInfo &L : F.Launches)
      for (const LaunchInfo::Arch &A : L.Archs) {
        if (!A.Error.empty())
          continue;
        Row &X = Kernels[L.Kernel];
        if (X.File.empty())
          X.File = F.Path;
        if (X.Occupancy < 0 || A.Occupancy < X.Occupancy) {
          X.Occupancy = A.Occupancy;
          X.OccText = formatv("{0:F1}% on {1} (limited by {2})",
                              A.Occupancy * 100, A.Name, A.Limiter)
                          .str();
        }
      }
  }
  OS << "<h2>Kernels</h2>\n";
  if (Kernels.empty()) {
    OS << "<p>No kernels.</p>\n";
    return;
  }
  OS << "<table class=\"sortable\" id=\"kernels\"><thead><tr><th>kernel</th>"
        "<th>file</th><th>worst degree</th><th>lowest occupancy</th></tr>"
        "</thead><tbody>\n";
  for (const auto &[Name, X] : Kernels)
    OS << "<tr><td><code>" << xmlEscape(Name) << "</code></td><td>"
       << xmlEscape(shown(X.File, O.BaseDir))
       << "</td><td class=\"num\" data-v=\""
       << formatv("{0:F3}", std::max(X.Worst, 0.0)) << "\">"
       << (X.Worst > 0 ? xmlEscape(X.WorstText) : "&ndash;")
       << "</td><td class=\"num\" data-v=\""
       << formatv("{0:F3}", X.Occupancy < 0 ? 2.0 : X.Occupancy) << "\">"
       << (X.Occupancy >= 0 ? xmlEscape(X.OccText) : "&ndash;")
       << "</td></tr>\n";
  OS << "</tbody></table>\n";
}

void Writer::file(size_t F) {
  const HtmlReportFile &File = Files[F];
  OS << "<h2 id=\"" << anchor("file", F, 0) << "\">"
     << xmlEscape(shown(File.Path, O.BaseDir)) << "</h2>\n";
  if (!File.Problem.empty())
    OS << "<p class=\"warning\">" << xmlEscape(File.Problem) << "</p>\n";
  OS << "<h3>Findings</h3>\n";
  if (File.Findings.empty())
    OS << "<p>None.</p>\n";
  for (const Finding &X : File.Findings)
    finding(X);
  OS << "<h3>Launches</h3>\n";
  if (File.Launches.empty())
    OS << "<p>None in this file.</p>\n";
  for (size_t I = 0; I < File.Launches.size(); ++I)
    launch(File.Launches[I], F, I);
  OS << "<h3>Shared-memory accesses</h3>\n";
  if (File.Accesses.empty())
    OS << "<p>None in this file.</p>\n";
  for (size_t I = 0; I < File.Accesses.size(); ++I)
    access(File.Accesses[I], F, I);
  std::vector<const SharedAccessInfo *> Unknown;
  for (const SharedAccessInfo &A : File.Accesses)
    if (A.Runs.empty())
      Unknown.push_back(&A);
  if (!Unknown.empty()) {
    OS << "<h3>Accesses not analysed</h3>\n<ul class=\"unknown\">\n";
    for (const SharedAccessInfo *A : Unknown)
      OS << "<li>" << where(A->Loc) << ": <code>" << xmlEscape(A->Text)
         << "</code>: "
         << xmlEscape(A->WhyUnknown.empty() ? "its address is not known"
                                            : A->WhyUnknown)
         << "</li>\n";
    OS << "</ul>\n";
  }
}

void Writer::finding(const Finding &X) {
  StringRef Level = severityName(X.Level);
  OS << "<div class=\"finding " << Level << "\"><span class=\"" << Level
     << "\">" << Level << "</span> " << where(X.Loc) << ": "
     << xmlEscape(X.Message) << " <span class=\"muted\">[" << xmlEscape(X.Check)
     << "]</span>\n";
  source(X.Loc.File, X.Loc.Line);
  for (const FindingNote &N : X.Notes) {
    OS << "<div class=\"note\">note: " << where(N.Loc) << ": "
       << xmlEscape(N.Message) << "</div>\n";
    for (const FixIt &Fix : N.FixIts)
      OS << "<div class=\"note\">fix: replace " << where(Fix.Begin)
         << " with <code>" << xmlEscape(Fix.Text) << "</code></div>\n";
  }
  OS << "</div>\n";
}

void Writer::launch(const LaunchInfo &L, size_t F, size_t I) {
  OS << "<div class=\"launch\" id=\"" << anchor("launch", F, I) << "\"><b>"
     << xmlEscape(L.What) << "</b> at " << where(L.Loc) << ": block "
     << xmlEscape(L.Block.empty() ? "unknown" : L.Block);
  if (L.DynamicSmem)
    OS << ", " << L.DynamicSmem << " bytes of dynamic shared memory";
  OS << "\n";
  source(L.Loc.File, L.Loc.Line);
  if (L.Archs.empty()) {
    OS << "<p>Occupancy not known: "
       << xmlEscape(L.WhyNoOccupancy.empty() ? "no register counts"
                                             : L.WhyNoOccupancy)
       << "</p></div>\n";
    return;
  }
  OS << "<table><thead><tr><th>architecture</th><th>registers</th>"
        "<th>stack frame</th><th>static shared memory</th><th>blocks per "
        "SM</th><th>warps per SM</th><th>occupancy</th><th>limited by</th>"
        "<th>what would raise it</th></tr></thead><tbody>\n";
  for (const LaunchInfo::Arch &A : L.Archs) {
    OS << "<tr data-arch=\"" << xmlEscape(A.Name) << "\"";
    if (A.Error.empty())
      OS << formatv(" data-occupancy=\"{0:F4}\" data-blocks=\"{1}\" "
                    "data-warps=\"{2}\" data-registers=\"{3}\"",
                    A.Occupancy, A.ActiveBlocks, A.ActiveWarps, A.Registers);
    OS << "><td>" << xmlEscape(A.Name) << "</td>";
    if (!A.Error.empty()) {
      OS << "<td colspan=\"8\" class=\"error\">" << xmlEscape(A.Error)
         << "</td></tr>\n";
      continue;
    }
    std::string Stack =
        A.StackFrame ? std::to_string(*A.StackFrame) : "&ndash;";
    OS << formatv("<td class=\"num\">{0}</td><td class=\"num\">{8}</td>"
                  "<td class=\"num\">{1}</td>"
                  "<td class=\"num\">{2}</td><td class=\"num\">{3} of {4}"
                  "</td><td class=\"num\">{5:F1}%</td><td>{6}</td><td>{7}"
                  "</td></tr>\n",
                  A.Registers, A.StaticSmem, A.ActiveBlocks, A.ActiveWarps,
                  A.MaxWarps, A.Occupancy * 100, xmlEscape(A.Limiter),
                  xmlEscape(A.NextStep), Stack);
  }
  OS << "</tbody></table>\n";
  {
    bool First = true;
    for (const LaunchInfo::Arch &A : L.Archs) {
      if (!A.Error.empty())
        continue;
      std::string Svg = O.Charts ? O.Charts(L, A) : defaultCharts(L, A);
      if (Svg.empty())
        continue;
      OS << "<details class=\"charts\"" << (First ? " open" : "")
         << "><summary>occupancy charts, " << xmlEscape(A.Name)
         << "</summary>\n"
         << Svg << "</details>\n";
      First = false;
    }
  }
  OS << "</div>\n";
}

void Writer::access(const SharedAccessInfo &A, size_t F, size_t I) {
  bool Conflict = llvm::any_of(A.Runs, [](const SharedAccessInfo::Run &R) {
    return R.Result.State == AccessResult::Ok && R.Result.conflicts();
  });
  bool Unknown = A.Runs.empty() ||
                 llvm::any_of(A.Runs, [](const SharedAccessInfo::Run &R) {
                   return R.Result.State == AccessResult::Unknown;
                 });
  double Worst = 0;
  for (const SharedAccessInfo::Run &R : A.Runs)
    Worst = std::max(Worst, degreeOf(R));
  OS << "<div class=\"access "
     << (Conflict  ? "conflict"
         : Unknown ? "unknown"
                   : "clean")
     << "\" id=\"" << anchor("access", F, I) << "\" data-line=\"" << A.Loc.Line
     << "\" data-degree=\"" << formatv("{0:F3}", Worst) << "\"><b>"
     << xmlEscape(A.Access) << "</b> of <code>" << xmlEscape(A.Text)
     << "</code>";
  if (A.Bytes)
    OS << " (" << A.Bytes << " byte" << (A.Bytes == 1 ? "" : "s") << ")";
  OS << " in <code>" << xmlEscape(A.Function) << "</code> at " << where(A.Loc)
     << "\n";
  source(A.Loc.File, A.Loc.Line, A.EndLine);
  if (A.Runs.empty()) {
    OS << "<p>Not analysed: "
       << xmlEscape(A.WhyUnknown.empty() ? "its address is not known"
                                         : A.WhyUnknown)
       << "</p></div>\n";
    return;
  }
  OS << "<table><thead><tr><th>block</th><th>kernel</th><th>degree</th>"
        "</tr></thead><tbody>\n";
  for (const SharedAccessInfo::Run &R : A.Runs) {
    OS << "<tr><td>" << (R.Assumed ? "assumed " : "")
       << xmlEscape(shapeText(R.Block)) << "</td><td>"
       << xmlEscape(R.Kernel.empty() ? A.Function : R.Kernel)
       << (R.Via.empty() ? "" : ", " + xmlEscape(R.Via)) << "</td><td>"
       << xmlEscape(runText(R, A.Bytes)) << "</td></tr>\n";
  }
  OS << "</tbody></table>\n";
  // The worst run's map, and the same warp after the fix when known.
  const SharedAccessInfo::Run *W = nullptr;
  for (const SharedAccessInfo::Run &R : A.Runs)
    if (R.Result.State == AccessResult::Ok &&
        (!W || degreeOf(R) > degreeOf(*W)))
      W = &R;
  if (W && W->Result.conflicts()) {
    uint64_t T0 = uint64_t(W->Result.Warp) * 32;
    OS << "<div class=\"maps\"><figure>"
       << bankMapSvg(W->Result.Lanes, A.Bytes,
                     "bank map of warp " + std::to_string(W->Result.Warp) +
                         ", block " + shapeText(W->Block))
       << "<figcaption>The worst warp, " << W->Result.Warp << " (threads " << T0
       << ".." << T0 + 31 << ") of block " << xmlEscape(shapeText(W->Block))
       << ": each cell is a word a bank serves, coloured and numbered by the "
          "first lane that reads it ('+': more lanes read the same word); "
          "red outlines mark the banks that serve several words in one phase, "
          "one wavefront each: "
       << xmlEscape(describeConflict(W->Result, A.Bytes))
       << ".</figcaption></figure>\n";
    if (W->Fixed && W->Fixed->State == AccessResult::Ok)
      OS << "<figure class=\"fixed\">"
         << bankMapSvg(W->Fixed->Lanes, A.Bytes,
                       "the same warp after the fix: " + W->Fix)
         << "<figcaption><b>Fix:</b> " << xmlEscape(W->Fix)
         << ". The same warp then: "
         << (W->Fixed->conflicts()
                 ? formatDegree(W->Fixed->Wavefronts, W->Fixed->Phases) + "-way"
                 : std::string("no bank conflict"))
         << ".</figcaption></figure>\n";
    else if (!W->Fix.empty())
      OS << "<p><b>Fix:</b> " << xmlEscape(W->Fix) << "</p>\n";
    OS << "</div>\n";
  }
  OS << "</div>\n";
}

} // namespace

void writeHtmlReport(raw_ostream &OS, ArrayRef<HtmlReportFile> Files,
                     const HtmlReportOptions &Options) {
  Writer(OS, Files, Options).write();
}

} // namespace warplint
