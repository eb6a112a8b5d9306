//===-- CompileDatabaseWriter.h - `warplint compdb`'s database -*- C++ -*-===//
///
/// Reads a build's compile_commands.json and writes the one clangd and
/// clang-tidy read: each nvcc or CUDA entry with the clang command warplint
/// parses the file with (Driver/CompileDatabaseExport.h), the others as
/// they are, and the headers those commands name beside it.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_COMPILEDATABASEWRITER_H
#define WARPLINT_PIPELINE_COMPILEDATABASEWRITER_H

#include "warplint/Driver/CompileDatabaseExport.h"
#include "llvm/Support/Error.h"
#include <string>

namespace warplint {

struct ExportedDatabase {
  size_t Entries = 0;    ///< entries written
  size_t Translated = 0; ///< of them, with a command of warplint's
  std::string HeaderDir; ///< where the headers they name were written
};

/// The headers' directory for the database Output: warplint-include beside
/// it.
std::string exportHeaderDir(llvm::StringRef Output);

/// Reads BuildDir/compile_commands.json and writes Output (a JSON array of
/// "directory", "file", "arguments" and, where the entry has one, "output";
/// each "directory" absolute) and the headers, in exportHeaderDir(Output)
/// (Setup.HeaderDir is set to it). The errors (no database, a damaged one,
/// an Output that is the database read or cannot be written) are the
/// user's to fix; a database without CUDA is copied.
llvm::Expected<ExportedDatabase> writeExportedDatabase(llvm::StringRef BuildDir,
                                                       llvm::StringRef Output,
                                                       ExportSetup Setup);

} // namespace warplint

#endif // WARPLINT_PIPELINE_COMPILEDATABASEWRITER_H
