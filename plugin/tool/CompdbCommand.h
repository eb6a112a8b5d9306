//===-- CompdbCommand.h - `warplint compdb` ---------------------*- C++ -*-===//
#ifndef WARPLINT_TOOL_COMPDBCOMMAND_H
#define WARPLINT_TOOL_COMPDBCOMMAND_H

/// Writes a compilation database for clangd and clang-tidy, `warplint
/// compdb -p BUILD_DIR [-o FILE] ...`; Argv[0] is "compdb". Returns the exit
/// status: 0 written, 2 a usage or input error.
int runCompdbCommand(int Argc, const char **Argv);

#endif // WARPLINT_TOOL_COMPDBCOMMAND_H
