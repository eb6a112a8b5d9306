//===-- Toolchain.cpp - Where warplint's parts and the tools are ----------===//
#include "warplint/Driver/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace warplint {

std::string executableDir(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&executableDir);
  return std::string(sys::path::parent_path(Exe));
}

Expected<std::string> installedModulePath(const char *Argv0, StringRef Name) {
  SmallString<256> P(executableDir(Argv0));
  sys::path::append(P, "..", "lib", Name);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  if (!sys::fs::exists(P))
    return createStringError(inconvertibleErrorCode(),
                             Name + " not found at " + P +
                                 " (built without it?)");
  return std::string(P);
}

std::string clangResourceDir(const char *Argv0, StringRef Configured) {
  if (!Configured.empty() && sys::fs::is_directory(Configured))
    return Configured.str();
  SmallString<256> P(executableDir(Argv0));
  sys::path::append(P, "..", "lib", "clang",
                    std::to_string(LLVM_VERSION_MAJOR));
  return std::string(P);
}

std::string findPtxas(const std::optional<CudaToolkit> &Toolkit) {
  if (Toolkit) {
    SmallString<256> P(Toolkit->Path);
    sys::path::append(P, "bin", "ptxas");
    if (sys::fs::can_execute(P))
      return std::string(P);
  }
  if (auto P = sys::findProgramByName("ptxas"))
    return *P;
  return "";
}

} // namespace warplint
