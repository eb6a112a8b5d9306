//===-- Output.h - Text, JSON and SARIF renderings of findings ----*- C++ -*-===//
///
/// The output contract users' CI relies on:
///  - text: clang style, "file:line:col: warning: message [check-name]", the
///    source line and a caret, then the notes;
///  - JSON: {"version", "findings": [{check, severity, file, line, column,
///    message, properties, notes}]};
///  - SARIF 2.1.0: one run, every rule in tool.driver.rules.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_OUTPUT_OUTPUT_H
#define WARPLINT_OUTPUT_OUTPUT_H

#include "warplint/Core/Finding.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace warplint {

enum class OutputFormat { Text, Json, Sarif };

/// The version string warplint reports (--version, JSON, SARIF).
llvm::StringRef warplintVersion();

void writeText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               bool Color);
void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings);
/// File paths under BaseDir are written relative to it, with uriBaseId
/// %SRCROOT%, as code-scanning services expect; others as file:// URIs.
void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                llvm::StringRef BaseDir);

/// RFC 8089 file URI of an absolute path, percent-encoding what must be.
std::string fileUri(llvm::StringRef AbsPath);

} // namespace warplint

#endif // WARPLINT_OUTPUT_OUTPUT_H
