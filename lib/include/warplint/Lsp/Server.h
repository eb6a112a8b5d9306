//===-- Server.h - `warplint lsp`, the language server ----------*- C++ -*-===//
///
/// A Language Server Protocol server (LSP 3.17, JSON-RPC over stdio) that
/// runs beside clangd: diagnostics of the open files as they are edited
/// (the unsaved text analysed through RunSetup::Overlay, debounced; a newer
/// edit supersedes an analysis under way), quick fixes, hovers with the
/// bank map of an access and the occupancy of a launch, inlay hints with
/// every access's degree. docs/editors.md says how editors start it;
/// docs/design.md ("The language server") how it works.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LSP_SERVER_H
#define WARPLINT_LSP_SERVER_H

#include "warplint/Lsp/Transport.h"
#include "warplint/Pipeline/FileAnalysis.h"
#include "warplint/Pipeline/Settings.h"
#include <string>

namespace warplint::lsp {

struct ServerOptions {
  /// What the command line set (checks, architectures, configuration).
  Arguments Args;
  /// The toolkit, resource directory, extra arguments; ptxas and clang when
  /// the files' ptxas reports are made when they are opened and saved.
  RunSetup Setup;
  /// A directory with compile_commands.json for every file; empty: the
  /// nearest one above each file, as the tool finds it.
  std::string CompileCommandsDir;
  /// The base of the documentation's URL (DiagnosticContext::DocsBase).
  std::string DocsBase;
  /// Milliseconds between the last edit and the analysis it starts.
  unsigned DebounceMs = 300;
  /// Keep each file's headers precompiled between its analyses
  /// (Pipeline/Preambles.h).
  bool Preambles = true;
};

/// Serves the client on T until it says "exit" or its input ends; the
/// process's exit status (0 after a shutdown request, 1 otherwise, as LSP
/// asks).
int runServer(Transport &T, ServerOptions Opts);

} // namespace warplint::lsp

#endif // WARPLINT_LSP_SERVER_H
