//===-- Toolchain.h - Where warplint's parts and the tools are --*- C++ -*-===//
///
/// The files an installation (or the build tree, which has its layout)
/// puts beside bin/warplint, clang's resource directory, and ptxas.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_TOOLCHAIN_H
#define WARPLINT_DRIVER_TOOLCHAIN_H

#include "warplint/Driver/CompileArgs.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace warplint {

/// The directory of the running executable.
std::string executableDir(const char *Argv0);

/// The plugin or the clang-tidy module (Name) in ../lib beside the
/// executable; an error naming the place when it is not there.
llvm::Expected<std::string> installedModulePath(const char *Argv0,
                                                llvm::StringRef Name);

/// clang's resource directory: Configured (found when warplint was built)
/// when it exists, else lib/clang/MAJOR of the installation.
std::string clangResourceDir(const char *Argv0, llvm::StringRef Configured);

/// ptxas: the toolkit's bin/ptxas, else one on PATH; "" when none.
std::string findPtxas(const std::optional<CudaToolkit> &Toolkit);

} // namespace warplint

#endif // WARPLINT_DRIVER_TOOLCHAIN_H
