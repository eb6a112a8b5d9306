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

class BankConflictAnalysis;

/// The shared-memory accesses A found (analyzeTranslationUnit asks it when
/// its caller wants them: the same run of the analysis the check reports
/// from), with their runs; a conflicting run with the fix the check names
/// for its array and its result after it (paddingFix, else layoutHint).
std::vector<SharedAccessInfo> describeSharedAccesses(BankConflictAnalysis &A,
                                                     clang::ASTContext &Ctx);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_SHAREDACCESSDUMP_H
