//===-- Version.h - warplint's version --------------------------*- C++ -*-===//
#ifndef WARPLINT_CORE_VERSION_H
#define WARPLINT_CORE_VERSION_H

#include "llvm/ADT/StringRef.h"

namespace warplint {

/// The version string warplint reports (--version, JSON, SARIF).
llvm::StringRef warplintVersion();

} // namespace warplint

#endif // WARPLINT_CORE_VERSION_H
