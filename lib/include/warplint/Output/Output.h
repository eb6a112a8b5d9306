//===-- Output.h - Text, JSON and SARIF renderings of findings ----*- C++
//-*-===//
///
/// The output contract users' CI relies on:
///  - text: clang style, "file:line:col: warning: message [check-name]", the
///    source line and a caret, then the notes;
///  - JSON: {"version", "findings": [{check, severity, file, line, column,
///    message, properties, notes}], "summary"} (the tool's);
///  - SARIF 2.1.0: one run, every rule in tool.driver.rules;
///  - GitHub Actions workflow commands, one line per finding.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_OUTPUT_OUTPUT_H
#define WARPLINT_OUTPUT_OUTPUT_H

#include "warplint/Core/Finding.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace warplint {

/// Html: one self-contained page (HtmlReport.h); the tool gives it the
/// accesses and launches too, writeFindings the findings alone.
enum class OutputFormat { Text, Json, Sarif, Github, Html };

/// How a run over several files went, for the closing summary: the text
/// format's last line, JSON's "summary" object, SARIF's run.properties.
struct RunSummary {
  unsigned Warnings = 0, Errors = 0; ///< reported (after baselines)
  unsigned FilesWithFindings = 0, Files = 0;
  unsigned Accesses = 0; ///< shared-memory accesses analysed
  unsigned Unknown = 0;  ///< of them, without a degree
  /// Counts F, a finding reported.
  void count(const Finding &F);
  /// "2 warnings and 1 error in 2 of 3 files; 7 accesses analysed, 1
  /// unknown".
  std::string text() const;
};

void writeText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               bool Color);
/// Summary: the run's, or none (no "summary" object).
void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const RunSummary *Summary = nullptr);
/// File paths under BaseDir are written relative to it, with uriBaseId
/// %SRCROOT%, as code-scanning services expect; others as file:// URIs.
/// Summary: the run's, as the run's properties "summary" (its counts) and
/// "summaryText", or none. Each rule's help is its check's page
/// (CheckDocs.h), its helpUri DocsBase/checks/NAME.md when DocsBase (a URL,
/// no final '/') is given. A finding the run kept though suppressed
/// (Finding::Suppressed: NOLINT, a baseline) is a result with
/// "suppressions"; one compared against a baseline has a "baselineState".
void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                llvm::StringRef BaseDir, const RunSummary *Summary = nullptr,
                llvm::StringRef DocsBase = "");

/// GitHub Actions workflow commands, which the runner turns into annotations
/// of the pull request: one
///   ::warning file=F,line=L,col=C,title=CHECK::MESSAGE
/// (::error for errors) per finding, each note a further line of the
/// message. Paths under BaseDir are written relative to it.
void writeGithub(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                 llvm::StringRef BaseDir);
/// GitHub's escaping of a command's message: '%', CR and LF.
std::string githubEscapeData(llvm::StringRef S);
/// ... and of a property value: also ':' and ','.
std::string githubEscapeProperty(llvm::StringRef S);

/// RFC 8089 file URI of an absolute path, percent-encoding what must be.
std::string fileUri(llvm::StringRef AbsPath);

} // namespace warplint

#endif // WARPLINT_OUTPUT_OUTPUT_H
