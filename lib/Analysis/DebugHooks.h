//===-- DebugHooks.h - What the tests ask of the analysis -------*- C++ -*-===//
///
/// Private to lib/Analysis: the environment variables the tests set to make
/// the analysis crash or say when it runs.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_ANALYSIS_DEBUGHOOKS_H
#define WARPLINT_LIB_ANALYSIS_DEBUGHOOKS_H

namespace clang {
class ASTContext;
} // namespace clang

namespace warplint {

struct Options;

/// WARPLINT_DEBUG_CRASH=segv|abort|stack makes the analysis crash that way
/// as it starts: the tests of crash containment in every front end use it
/// (clang's `#pragma clang __debug crash` crashes clang's parser, not
/// warplint).
void debugCrashHook();

/// WARPLINT_DEBUG_ANALYSES set: each analysis of a translation unit says so
/// on standard error, with the checks it runs ("warplint: debug: analysing
/// FILE for CHECK,CHECK"), so that the tests can count them (the clang-tidy
/// module runs one for all its checks).
void debugTraceAnalysis(clang::ASTContext &Ctx, const Options &Opts);

} // namespace warplint

#endif // WARPLINT_LIB_ANALYSIS_DEBUGHOOKS_H
