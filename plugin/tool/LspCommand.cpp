//===-- LspCommand.cpp - `warplint lsp` -----------------------------------===//
//
// warplint lsp [--checks=GLOBS] [--arch=sm_XX,...] [--config=FILE]
//              [--no-config] [--cuda-path=DIR|none]
//              [--compile-commands-dir=DIR] [--extra-arg=ARG]...
//              [--no-ptxas] [--no-preamble] [--debounce=MS]
//              [--docs-url=URL]
//
// The language server's command line; the server is lib/Lsp (Server.h).
// Parsed by hand, as `warplint occupancy` is: the tool's cl::opt options
// are global and would all be accepted here.
//
//===----------------------------------------------------------------------===//
#include "LspCommand.h"
#include "BuildPaths.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Version.h"
#include "warplint/Driver/Toolchain.h"
#include "warplint/Lsp/Protocol.h"
#include "warplint/Lsp/Server.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace warplint;

static const char Help[] =
    "OVERVIEW: warplint lsp: a language server (LSP 3.17 over standard input\n"
    "and output) for editors, beside clangd: warplint's findings in the open\n"
    "files as they are edited, quick fixes, the bank map of an access and\n"
    "the occupancy of a launch on hover, the degree of every shared-memory\n"
    "access as an inlay hint. docs/editors.md shows each editor's set-up.\n"
    "\n"
    "USAGE: warplint lsp [options]\n"
    "\n"
    "OPTIONS:\n"
    "  --checks=GLOBS             checks to run (as warplint --checks)\n"
    "  --arch=sm_XX[,sm_YY]       architectures for occupancy\n"
    "  --config=FILE              this .warplint.yaml for every file\n"
    "  --no-config                read no .warplint.yaml\n"
    "  --cuda-path=DIR|none       the CUDA toolkit (default $CUDA_PATH, then\n"
    "                             /usr/local/cuda; none: the built-in "
    "prelude)\n"
    "  --compile-commands-dir=DIR the compile_commands.json for every file\n"
    "                             (default: the nearest one above each file)\n"
    "  --extra-arg=ARG            added to every compile command "
    "(repeatable)\n"
    "  --no-ptxas                 do not run ptxas when a file is opened or\n"
    "                             saved (occupancy then needs PtxasReport)\n"
    "  --debounce=MS              wait after an edit before analysing "
    "(default\n"
    "                             300)\n"
    "  --no-preamble              parse every header again at each edit\n"
    "                             (slower; by default each file's headers\n"
    "                             are kept precompiled, as clangd does)\n"
    "  --docs-url=URL             where the checks' pages are (default: the\n"
    "                             installed docs)\n";

static int usage(const Twine &Msg) {
  errs() << "warplint lsp: error: " << Msg
         << "; run 'warplint lsp --help' for the options\n";
  return 2;
}

std::string docsBase(const char *Argv0) {
  SmallString<256> Installed(executableDir(Argv0));
  sys::path::append(Installed, "..", "share", "doc", "warplint");
  sys::path::remove_dots(Installed, /*remove_dot_dot=*/true);
  for (StringRef Dir : {StringRef(Installed), StringRef(WARPLINT_SOURCE_DOCS)})
    if (!Dir.empty() && sys::fs::is_directory(Dir + "/checks"))
      return lsp::uriFromPath(Dir);
  return "";
}

int runLspCommand(int Argc, const char **Argv, const char *Argv0) {
  lsp::ServerOptions Opts;
  std::string CudaPath;
  bool Ptxas = true;
  Opts.DocsBase = docsBase(Argv0);
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    auto [Name, Value] = A.split('=');
    bool HasValue = A.contains('=');
    if (A == "--help" || A == "-help" || A == "-h") {
      outs() << Help;
      return 0;
    }
    if (A == "--version") {
      outs() << "warplint " << warplintVersion() << "\n";
      return 0;
    }
    if (A == "--no-config") {
      Opts.Args.NoConfig = true;
    } else if (A == "--no-ptxas") {
      Ptxas = false;
    } else if (A == "--no-preamble") {
      Opts.Preambles = false;
    } else if (!HasValue) {
      bool Valued = is_contained({"--checks", "--arch", "--config",
                                  "--cuda-path", "--compile-commands-dir",
                                  "--extra-arg", "--docs-url", "--debounce"},
                                 A);
      return usage(Valued ? A + " needs a value: " + A + "=VALUE"
                          : "unknown option '" + A + "'");
    } else if (Name == "--checks") {
      Opts.Args.Checks = Value.str();
    } else if (Name == "--arch") {
      Opts.Args.Archs = Value.str();
    } else if (Name == "--config") {
      Opts.Args.ConfigFile = Value.str();
    } else if (Name == "--cuda-path") {
      CudaPath = Value.str();
    } else if (Name == "--compile-commands-dir") {
      Opts.CompileCommandsDir = Value.str();
    } else if (Name == "--extra-arg") {
      Opts.Setup.ExtraArgs.push_back(Value.str());
    } else if (Name == "--docs-url") {
      Opts.DocsBase = Value.rtrim('/').str();
    } else if (Name == "--debounce") {
      if (Value.getAsInteger(10, Opts.DebounceMs) || Opts.DebounceMs > 60000)
        return usage("--debounce takes milliseconds, 0 to 60000");
    } else {
      return usage("unknown option '" + Name + "'");
    }
  }
  // What the tool validates at start: a wrong check glob or architecture
  // is said now, not at each file.
  auto S = Settings::create(Opts.Args);
  if (!S)
    return usage(toString(S.takeError()));
  if (!S->base().Checks.any())
    return usage("--checks='" + *Opts.Args.Checks + "' enables no check" +
                 didYouMean(*Opts.Args.Checks));
  std::string CudaErr;
  Opts.Setup.Parse.Toolkit = findCudaToolkit(CudaPath, &CudaErr);
  if (!CudaErr.empty())
    return usage(CudaErr);
  Opts.Setup.Parse.ResourceDir =
      clangResourceDir(Argv0, WARPLINT_CLANG_RESOURCE_DIR);
  if (Ptxas && Opts.Setup.Parse.Toolkit &&
      sys::fs::can_execute(WARPLINT_CLANG_PATH)) {
    Opts.Setup.PtxasPath = findPtxas(Opts.Setup.Parse.Toolkit);
    Opts.Setup.ClangPath = WARPLINT_CLANG_PATH;
  }
  lsp::Transport T(stdin, outs());
  return lsp::runServer(T, std::move(Opts));
}
