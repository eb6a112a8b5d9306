//===-- CompileDatabaseExport.cpp - Compile commands for clangd ----------===//
#include "warplint/Driver/CompileDatabaseExport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace warplint {

std::optional<std::vector<std::string>>
exportedCommand(const std::vector<std::string> &Args, StringRef File,
                StringRef Directory, const ExportSetup &Setup) {
  if (Args.empty())
    return std::nullopt;
  bool Nvcc = isNvccCommand(Args.front());
  if (!Nvcc && !isCudaCommand(Args, File))
    return std::nullopt;
  std::vector<std::string> In =
      Nvcc ? translateNvccCommand(optionsFilesFrom(Args, Directory)) : Args;
  // translateNvccCommand drops -c with the code-generation flags; an entry
  // compiles one file.
  if (Nvcc && (is_contained(Args, "-c") || is_contained(Args, "--compile") ||
               is_contained(Args, "-dc") || is_contained(Args, "--device-c")))
    In.insert(In.begin() + 1, "-c");
  In.insert(find(In, "--"), Setup.ExtraArgs.begin(), Setup.ExtraArgs.end());
  ParseSetup Parse = Setup.Parse;
  Parse.ResourceDir.clear();
  // The command warplint parses with, --cuda-host-only included: the host
  // side holds every kernel, launch and template instantiation, and is the
  // side warplint analyses, so that clang-tidy's warplint module reports
  // what the tool reports (clang-tidy and clangd take the device side of a
  // CUDA command by default, where code under #ifndef __CUDA_ARCH__ is
  // skipped). clangd then greys out code under #ifdef __CUDA_ARCH__, as
  // nvcc's host pass does not see it either.
  std::vector<std::string> Out = adjustCommand(In, File, Parse);
  // What serves warplint's own parser only: an editor shows clang's
  // warnings, with its colours and carets, and stops at its error limit.
  for (StringRef Own : {"-w", "-ferror-limit=0", "-fno-color-diagnostics",
                        "-fno-caret-diagnostics"}) {
    auto It = find(reverse(Out), Own);
    if (It != Out.rend())
      Out.erase(std::next(It).base());
  }
  // The virtual prelude directory is a real one for other tools.
  for (std::string &A : Out) {
    StringRef S = A;
    if (S.consume_front(PreludeDir) && (S.empty() || S.starts_with("/")))
      A = Setup.HeaderDir + S.str();
  }
  if (Nvcc)
    Out.front() = Setup.Clang.empty() ? "clang++" : Setup.Clang;
  return Out;
}

Error writeExportHeaders(StringRef Dir) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC,
                             "cannot create '" + Dir + "': " + EC.message());
  for (const auto &[Virtual, Text] : preludeFiles()) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, sys::path::filename(Virtual));
    std::error_code EC;
    raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
    if (!EC) {
      OS << Text;
      OS.close();
      EC = OS.error();
      OS.clear_error();
    }
    if (EC)
      return createStringError(EC,
                               "cannot write '" + Path + "': " + EC.message());
  }
  return Error::success();
}

} // namespace warplint
