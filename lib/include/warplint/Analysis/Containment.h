//===-- Containment.h - A crash costs the findings --------------*- C++ -*-===//
///
/// The plugin and the clang-tidy module run inside a compiler, the tool
/// analyses many files in one process: a crash in warplint's analysis of
/// one file must cost that file's findings, never the compile or the other
/// files.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_CONTAINMENT_H
#define WARPLINT_ANALYSIS_CONTAINMENT_H

#include "warplint/Analysis/Analyzer.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>

namespace warplint {

/// Runs Work under a llvm::CrashRecoveryContext on a thread with a 64 MiB
/// stack (and a signal stack, so that a stack overflow is contained too),
/// as clang's driver runs its parser. False after a crash, with Crash set
/// to how it crashed ("signal 11"); what Work allocated is then abandoned.
bool runContained(llvm::function_ref<void()> Work, std::string &Crash);

/// analyzeTranslationUnit for the front ends that run inside a compiler
/// (the plugin, the clang-tidy module), under runContained: a crash in
/// warplint's analysis costs its findings, never the compile. std::nullopt
/// after a crash, with Crash set to how it crashed ("signal 11").
std::optional<AnalysisResult>
analyzeTranslationUnitContained(clang::ASTContext &Ctx,
                                const CheckRegistry &Checks,
                                const Options &Opts, std::string &Crash);

/// "signal 11" for a CrashRecoveryContext's RetCode of 139, else
/// "exit code N".
std::string crashDescription(int RetCode);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_CONTAINMENT_H
