//===-- SayOnce.h - A message many compiles of one build share -*- C++ -*-===//
///
/// The plugin and the clang-tidy module run once per compile, so a remark
/// that is the same for every file of a build ("no ptxas report; ...
/// skipped") would be printed by every compile. sayOnce lets the first of
/// them say it: once per process, and, given the build's directory, once
/// per build directory, recorded as a file DIR/.warplint/said/HASH that
/// the next compiles find. warplint_enable gives the plugin the build's
/// directory and empties DIR/.warplint/said each time CMake configures, so
/// the remark comes back after a reconfigure.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_SAYONCE_H
#define WARPLINT_CORE_SAYONCE_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace warplint {

/// The folder under a build directory where sayOnce records what was said.
std::string saidDirectory(llvm::StringRef BuildDir);

/// Whether the message Key is to be said now: true the first time this
/// process asks for Key and, when BuildDir is not empty, the first time any
/// process asks for it with that BuildDir. When the record cannot be
/// written (a read-only build directory) the answer is true: a message is
/// said too often rather than never.
bool sayOnce(llvm::StringRef Key, llvm::StringRef BuildDir);

/// What a message said once per build adds: " (said once for the build in
/// DIR, not per file)", or nothing without a BuildDir.
std::string saidOnceSuffix(llvm::StringRef BuildDir);

} // namespace warplint

#endif // WARPLINT_CORE_SAYONCE_H
