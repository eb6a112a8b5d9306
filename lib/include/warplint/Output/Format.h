//===-- Format.h - One writer call for every output format ------*- C++ -*-===//
#ifndef WARPLINT_OUTPUT_FORMAT_H
#define WARPLINT_OUTPUT_FORMAT_H

#include "warplint/Output/Output.h"
#include <optional>

namespace warplint {

/// "text", "json", "sarif", "github" or "html".
std::optional<OutputFormat> parseOutputFormat(llvm::StringRef Name);

/// Writes Findings in format F. Color: text with ANSI colours. BaseDir: the
/// directory SARIF and GitHub paths are written relative to. Summary: the
/// run's, in the formats with room for it (text: a last line; JSON: a
/// "summary" object; SARIF: the run's properties; not GitHub's), or none.
/// DocsBase: where the checks' pages are, SARIF's helpUri (writeSarif).
void writeFindings(llvm::raw_ostream &OS, OutputFormat F,
                   const std::vector<Finding> &Findings, bool Color,
                   llvm::StringRef BaseDir, const RunSummary *Summary = nullptr,
                   llvm::StringRef DocsBase = "");

} // namespace warplint

#endif // WARPLINT_OUTPUT_FORMAT_H
