//===-- AllChecks.h - Every check of lib/Checks -----------------*- C++ -*-===//
///
/// The checks themselves, for the front ends: each line of Checks.def has a
/// file in lib/Checks that registers the function that runs it. The Analysis
/// part knows checks only through the registry (CheckRegistry.h).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_ALLCHECKS_H
#define WARPLINT_CHECKS_ALLCHECKS_H

#include "warplint/Analysis/CheckRegistry.h"

namespace warplint {

/// Registers every check of Checks.def in Registry.
void registerAllChecks(CheckRegistry &Registry);

/// A registry that holds every check, made once; what the front ends pass
/// to analyzeTranslationUnit.
const CheckRegistry &builtinChecks();

} // namespace warplint

#endif // WARPLINT_CHECKS_ALLCHECKS_H
