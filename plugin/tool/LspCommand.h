//===-- LspCommand.h - `warplint lsp` ---------------------------*- C++ -*-===//
#ifndef WARPLINT_TOOL_LSPCOMMAND_H
#define WARPLINT_TOOL_LSPCOMMAND_H

/// Runs the language server, `warplint lsp ARGS...`, on standard input and
/// output; Argv[0] is "lsp". Returns the exit status: 0 after the client's
/// shutdown and exit, 1 when the input ended without them, 2 a usage error.
int runLspCommand(int Argc, const char **Argv, const char *Argv0);

#include <string>

/// The installed documentation (share/doc/warplint beside bin/), else the
/// source tree's, as a file:// URL; empty when neither is there: the
/// language server's links and the SARIF rules' helpUri.
std::string docsBase(const char *Argv0);

#endif // WARPLINT_TOOL_LSPCOMMAND_H
