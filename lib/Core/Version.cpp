//===-- Version.cpp - warplint's version ----------------------------------===//
#include "warplint/Core/Version.h"

namespace warplint {

#ifndef WARPLINT_VERSION
#define WARPLINT_VERSION "0.0.0"
#endif

llvm::StringRef warplintVersion() { return WARPLINT_VERSION; }

} // namespace warplint
