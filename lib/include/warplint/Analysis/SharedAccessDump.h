//===-- SharedAccessDump.h - Every shared access, for explain ---*- C++ -*-===//
///
/// What --dump-shared-accesses prints and `warplint explain` reads: each
/// shared-memory access of a translation unit, as the bank-conflict
/// analysis saw it, at file positions (warplint/Core/SharedAccessInfo.h).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_SHAREDACCESSDUMP_H
#define WARPLINT_ANALYSIS_SHAREDACCESSDUMP_H

#include "warplint/Analysis/Analyzer.h"
#include "warplint/Core/SharedAccessInfo.h"
#include <vector>

namespace warplint {

/// The shared-memory accesses of the translation unit, with the runs of
/// the bank-conflict analysis over them, under Opts (its own run of the
/// analysis, beside analyzeTranslationUnit's).
std::vector<SharedAccessInfo>
describeSharedAccesses(clang::ASTContext &Ctx, const Options &Opts,
                       llvm::ArrayRef<clang::SourceLocation> ErrorLocs = {},
                       LaunchExchange Launches = {});

} // namespace warplint

#endif // WARPLINT_ANALYSIS_SHAREDACCESSDUMP_H
