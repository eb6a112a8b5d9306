//===-- CompileDatabaseExport.h - Compile commands for clangd -*- C++ -*-===//
///
/// `warplint compdb` writes a compilation database that clangd, clang-tidy
/// (with the warplint module) and other Clang tools can read: each entry of
/// an nvcc build becomes the clang command warplint parses the file with.
/// These functions rewrite one entry's command; they depend on LLVM Support
/// only. Reading and writing the databases is lib/Pipeline's
/// (CompileDatabaseWriter.h).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_COMPILEDATABASEEXPORT_H
#define WARPLINT_DRIVER_COMPILEDATABASEEXPORT_H

#include "warplint/Driver/CompileArgs.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct ExportSetup {
  /// The toolkit (none: the prelude) and the default GPU architecture;
  /// its ResourceDir is left empty: each Clang tool knows its own.
  ParseSetup Parse;
  /// --extra-arg: added to every translated command, after its own
  /// arguments (before a "--").
  std::vector<std::string> ExtraArgs;
  /// Where writeExportHeaders wrote the prelude and the nvcc compatibility
  /// header; they replace the virtual PreludeDir in the commands.
  std::string HeaderDir;
  /// The compiler the translated commands name ("clang++" when empty).
  std::string Clang;
};

/// The command an exported entry gets in place of Args (argv[0] first) for
/// File, or std::nullopt when the entry is copied unchanged (a command that
/// is neither nvcc's nor CUDA). An nvcc command is translated
/// (translateNvccCommand); both it and a clang CUDA command then get what
/// adjustCommand adds for the parse (CUDA mode, the toolkit or the prelude,
/// the nvcc compatibility header, -Wno-unknown-cuda-version,
/// --cuda-host-only, an architecture) without what serves warplint's own
/// parser only (-w, -ferror-limit=0, the diagnostic format). Relative
/// --options-file names are taken relative to Directory, the entry's.
std::optional<std::vector<std::string>>
exportedCommand(const std::vector<std::string> &Args, llvm::StringRef File,
                llvm::StringRef Directory, const ExportSetup &Setup);

/// Writes, in Dir (created when missing), the files the exported commands
/// name under ExportSetup::HeaderDir: the CUDA prelude, the CUDA header
/// names it answers for, the nvcc compatibility header (preludeFiles()).
llvm::Error writeExportHeaders(llvm::StringRef Dir);

} // namespace warplint

#endif // WARPLINT_DRIVER_COMPILEDATABASEEXPORT_H
