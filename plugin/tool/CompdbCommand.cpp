//===-- CompdbCommand.cpp - `warplint compdb` -----------------------------===//
//
// warplint compdb -p BUILD_DIR [-o FILE] [--cuda-path=DIR|none]
//                 [--extra-arg=ARG]...
//
// The command line of `warplint compdb`; the database is written by
// lib/Pipeline (CompileDatabaseWriter.h), each command rewritten by
// lib/Driver (CompileDatabaseExport.h). Options are parsed here, by hand,
// as `warplint occupancy`'s: the tool's cl::opt options are global.
//
//===----------------------------------------------------------------------===//
#include "CompdbCommand.h"
#include "BuildPaths.h"
#include "warplint/Pipeline/CompileDatabaseWriter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace warplint;

static const char Help[] =
    "OVERVIEW: warplint compdb: a compilation database for clangd, "
    "clang-tidy\n(with warplint's module) and other Clang tools, from an "
    "nvcc build's.\n"
    "\n"
    "USAGE: warplint compdb -p BUILD_DIR [-o FILE] [options]\n"
    "\n"
    "Reads BUILD_DIR/compile_commands.json and writes FILE with each nvcc\n"
    "entry's command replaced by the clang command warplint parses the file\n"
    "with: CUDA mode, the first GPU architecture, the CUDA toolkit (or\n"
    "warplint's CUDA prelude without one), -Wno-unknown-cuda-version,\n"
    "--cuda-host-only (the side warplint analyses), the include paths,\n"
    "macros and standard kept, nvcc's other flags dropped. A clang entry of\n"
    "a CUDA file gets the same additions; other entries are copied as they\n"
    "are. The headers the commands name (the prelude, the nvcc compatibility\n"
    "header) are written to a warplint-include directory beside FILE.\n"
    "\n"
    "OPTIONS:\n"
    "  -p BUILD_DIR        the build directory with compile_commands.json\n"
    "  -o FILE             the database to write (default:\n"
    "                      BUILD_DIR/warplint-compdb/compile_commands.json);\n"
    "                      clangd finds a compile_commands.json in a source's\n"
    "                      parent directories, or where "
    "--compile-commands-dir\n"
    "                      says\n"
    "  --cuda-path=DIR     the CUDA toolkit ('none': warplint's prelude;\n"
    "                      default: $CUDA_PATH, else /usr/local/cuda)\n"
    "  --extra-arg=ARG     an argument added to each translated command\n"
    "                      (repeatable)\n"
    "\n"
    "Then: clangd --compile-commands-dir=DIR, or clang-tidy -p DIR\n"
    "--load=$(warplint --print-tidy-module-path) -checks='-*,warplint-*'.\n"
    "\n"
    "Exit status: 0 written; 2 a usage error, a database missing or\n"
    "damaged, an output that cannot be written.\n";

static int compdbError(const Twine &Msg) {
  errs() << "warplint compdb: error: " << Msg << "\n";
  return 2;
}

namespace {
struct CompdbOptions {
  std::string BuildDir, Output, CudaPath;
  std::vector<std::string> ExtraArgs;
  bool Help = false;
};
} // namespace

/// Parses the options; the message of a usage error, else empty.
static std::string parseCompdbOptions(int Argc, const char **Argv,
                                      CompdbOptions &O) {
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    if (A == "--help" || A == "-help" || A == "-h") {
      O.Help = true;
      continue;
    }
    // Each option as -p DIR, -p=DIR, -pDIR; --opt=V or --opt V.
    auto Value = [&](StringRef Short, StringRef Long,
                     std::string &Into) -> std::optional<std::string> {
      StringRef Rest = A;
      bool IsShort = !Short.empty() && Rest.consume_front(Short);
      bool IsLong = !IsShort && !Long.empty() &&
                    (Rest.consume_front("--" + Long.str()) ||
                     Rest.consume_front("-" + Long.str()));
      if (!IsShort && !IsLong)
        return std::nullopt;
      if (Rest.consume_front("="))
        Into = Rest.str();
      else if (!Rest.empty() && IsShort)
        Into = Rest.str();
      else if (!Rest.empty())
        return std::nullopt; // another option: --cuda-pathX
      else if (I + 1 < Argc)
        Into = Argv[++I];
      else
        return "'" + A.str() + "' needs a value";
      return "";
    };
    std::string Extra;
    std::optional<std::string> R;
    if ((R = Value("", "cuda-path", O.CudaPath)) ||
        (R = Value("", "extra-arg", Extra)) ||
        (R = Value("-p", "", O.BuildDir)) || (R = Value("-o", "", O.Output))) {
      if (!R->empty())
        return *R;
      if (!Extra.empty())
        O.ExtraArgs.push_back(Extra);
      continue;
    }
    return "unknown argument '" + A.str() +
           "'; run 'warplint compdb --help' for the usage";
  }
  return "";
}

int runCompdbCommand(int Argc, const char **Argv) {
  CompdbOptions O;
  if (std::string Err = parseCompdbOptions(Argc, Argv, O); !Err.empty())
    return compdbError(Err);
  if (O.Help) {
    outs() << Help;
    return 0;
  }
  if (O.BuildDir.empty())
    return compdbError("no build directory; use -p BUILD_DIR (run 'warplint "
                       "compdb --help' for the usage)");
  if (O.Output == "-")
    return compdbError("-o takes a file: the headers its commands name are "
                       "written beside it");
  if (O.Output.empty()) {
    SmallString<256> P(O.BuildDir);
    sys::path::append(P, "warplint-compdb", "compile_commands.json");
    O.Output = std::string(P);
  }
  ExportSetup Setup;
  std::string CudaErr;
  Setup.Parse.Toolkit = findCudaToolkit(O.CudaPath, &CudaErr);
  if (!CudaErr.empty())
    return compdbError(CudaErr);
  Setup.ExtraArgs = O.ExtraArgs;
  if (sys::fs::can_execute(WARPLINT_CLANG_PATH))
    Setup.Clang = WARPLINT_CLANG_PATH;
  Expected<ExportedDatabase> Written =
      writeExportedDatabase(O.BuildDir, O.Output, Setup);
  if (!Written)
    return compdbError(toString(Written.takeError()));
  const auto &T = Setup.Parse.Toolkit;
  errs() << "warplint compdb: wrote " << O.Output << ": " << Written->Entries
         << (Written->Entries == 1 ? " entry, " : " entries, ")
         << Written->Translated << " with warplint's clang command ("
         << (T ? "CUDA toolkit " + T->Path
               : std::string("no CUDA toolkit: "
                             "warplint's prelude"))
         << "); headers in " << Written->HeaderDir << "\n";
  return 0;
}
