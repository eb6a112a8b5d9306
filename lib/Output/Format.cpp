//===-- Format.cpp - One writer call for every output format --------------===//
#include "warplint/Output/Format.h"
#include "warplint/Output/HtmlReport.h"
#include <map>

namespace warplint {

std::optional<OutputFormat> parseOutputFormat(llvm::StringRef Name) {
  if (Name == "text")
    return OutputFormat::Text;
  if (Name == "json")
    return OutputFormat::Json;
  if (Name == "sarif")
    return OutputFormat::Sarif;
  if (Name == "github")
    return OutputFormat::Github;
  if (Name == "html")
    return OutputFormat::Html;
  return std::nullopt;
}

void writeFindings(llvm::raw_ostream &OS, OutputFormat F,
                   const std::vector<Finding> &Findings, bool Color,
                   llvm::StringRef BaseDir, const RunSummary *Summary,
                   llvm::StringRef DocsBase) {
  switch (F) {
  case OutputFormat::Text:
    writeText(OS, Findings, Color);
    if (Summary)
      OS << Summary->text() << "\n";
    break;
  case OutputFormat::Json:
    writeJson(OS, Findings, Summary);
    break;
  case OutputFormat::Sarif:
    writeSarif(OS, Findings, BaseDir, Summary, DocsBase);
    break;
  case OutputFormat::Github:
    writeGithub(OS, Findings, BaseDir);
    break;
  case OutputFormat::Html: {
    std::map<std::string, HtmlReportFile> Files;
    for (const Finding &X : Findings) {
      Files[X.Loc.File].Path = X.Loc.File;
      Files[X.Loc.File].Findings.push_back(X);
    }
    std::vector<HtmlReportFile> List;
    for (auto &[Path, F] : Files)
      List.push_back(std::move(F));
    writeHtmlReport(OS, List, HtmlReportOptions());
    break;
  }
  }
  OS.flush();
}

} // namespace warplint
