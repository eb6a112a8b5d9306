//===-- CompileArgs.h - Turning a user's compile command into ours -*- C++
//-*-===//
///
/// The standalone tool parses each file with clang, from a compile command
/// that may have been written for nvcc or for clang, on a machine with or
/// without a CUDA toolkit. These functions rewrite such a command into the
/// clang command warplint runs; they depend on LLVM Support only.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_COMPILEARGS_H
#define WARPLINT_DRIVER_COMPILEARGS_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// Where the virtual CUDA prelude lives when no toolkit is used, and the
/// virtual nvcc compatibility header when one is.
constexpr llvm::StringLiteral PreludeDir = "/__warplint__/include";
constexpr llvm::StringLiteral PreludeHeader = "__warplint_cuda_prelude.h";
constexpr llvm::StringLiteral NvccCompatHeader = "__warplint_nvcc_compat.h";

/// The prelude's text, and the virtual files the tool maps under PreludeDir:
/// the prelude, the standard CUDA header names it answers for
/// (cuda_runtime.h, ...), each a one-line file including the prelude, and
/// the nvcc compatibility header. The table lives as long as the program
/// (ClangTool::mapVirtualFile keeps references).
llvm::StringRef cudaPreludeText();
const std::vector<std::pair<std::string, std::string>> &preludeFiles();

/// share/include/warplint_nvcc_compat.h: what nvcc declares and clang-22's
/// CUDA headers lack (cache-hinted loads and stores, host min and max, the C
/// headers nvcc's headers include). adjustCommand force-includes it, as
/// nvccCompatPath(), when parsing with a toolkit.
llvm::StringRef nvccCompatText();
std::string nvccCompatPath();

struct CudaToolkit {
  std::string Path;    ///< the root, e.g. /usr/local/cuda
  std::string Version; ///< "13.0" when known
};

/// Finds a toolkit: Explicit (from --cuda-path; "none" means do not use one),
/// else CUDA_PATH, else /usr/local/cuda. A directory counts only when it has
/// include/cuda_runtime.h.
std::optional<CudaToolkit> findCudaToolkit(llvm::StringRef Explicit,
                                           std::string *Error = nullptr);

/// True for nvcc (or nvcc.exe, or a path to it).
bool isNvccCommand(llvm::StringRef Argv0);

/// True for the nvcc options (long or short) whose value may be the next
/// argument: -o, -I, -arch, -Xcompiler, -MF, ... (from `nvcc --help`).
bool nvccOptionTakesValue(llvm::StringRef Name);

/// The options of an nvcc --options-file (-optf), split as nvcc splits
/// them: at white space; double quotes group and are removed; a backslash
/// makes the next character literal (a double quote after it is dropped);
/// single quotes are ordinary characters.
std::vector<std::string> tokenizeNvccOptionsFile(llvm::StringRef Text);

/// An nvcc command (argv[0] first) with every --options-file (-optf) FILE
/// replaced by the options in the files, in place, as nvcc reads them
/// (nested files are named relative to the working directory, as nvcc
/// takes them). A file that cannot be read is left in the command as it
/// is (nvcc then fails on it).
std::vector<std::string>
expandNvccOptionFiles(const std::vector<std::string> &Command);

/// Args (an nvcc command) with each relative --options-file (-optf) name
/// made relative to Directory: nvcc reads them from the directory it runs
/// in, a compile command's, and the translation reads them from this
/// process's.
std::vector<std::string> optionsFilesFrom(const std::vector<std::string> &Args,
                                          llvm::StringRef Directory);

/// Rewrites an nvcc command line into a clang one that parses the same source
/// the same way: include paths, macros, the language standard, forced
/// includes, the macros and include paths given to the host compiler with
/// -Xcompiler, and the first GPU architecture are kept; code-generation,
/// host-compiler and linker flags are dropped. List values are split at
/// commas as nvcc splits them (-DA=1,B=2 defines A and B), and
/// --options-file (-optf) files are read. Each dropped flag is recorded in
/// Dropped (for --verbose).
std::vector<std::string>
translateNvccCommand(const std::vector<std::string> &Args,
                     std::vector<std::string> *Dropped = nullptr);

/// The real GPU architectures a compile command builds for, in order, each
/// once, as "sm_XY" (with a feature suffix, "sm_90a", where given): nvcc's
/// -gencode code= targets (or its virtual ones, compiled when the program
/// runs, when it names no real one), -code, else -arch; clang's
/// --cuda-gpu-arch and --offload-arch. Values that name no architecture
/// ("native", "all", "gfx90a") go to Unresolved.
std::vector<std::string>
gpuArchitectures(const std::vector<std::string> &Args,
                 std::vector<std::string> *Unresolved = nullptr);

struct ParseSetup {
  std::optional<CudaToolkit> Toolkit; ///< none: use the shipped prelude
  std::string ResourceDir;            ///< clang's, when the command has none
  std::string DefaultGpuArch = "sm_80";
};

/// Turns a compile command (argv[0] first, the file last or anywhere) into the
/// one warplint parses with: CUDA as the language of .cu and .cuh files, the
/// host-side compilation only (it holds every kernel, launch and template
/// instantiation; the device side would report everything again), no
/// warnings, no error limit, the toolkit and the nvcc compatibility header
/// (before the user's own -include files) or the prelude, and without the
/// user's warplint plugin arguments or -MJ (which clang writes even when it
/// only parses).
std::vector<std::string> adjustCommand(const std::vector<std::string> &Args,
                                       llvm::StringRef File,
                                       const ParseSetup &Setup);

/// The clang command that compiles the device side of an adjusted command
/// (adjustCommand's result) for one GPU architecture to PTX in OutFile: the
/// same flags, --cuda-device-only, -S, and CUDA's libdevice (no -nocudalib),
/// run by Clang (the path of a clang++ binary). For --run-ptxas.
std::vector<std::string>
deviceAssemblyCommand(const std::vector<std::string> &Adjusted,
                      llvm::StringRef Clang, llvm::StringRef Arch,
                      llvm::StringRef OutFile);

/// The device-side twin of an adjusted host-side command (adjustCommand's
/// result): the same flags, with --cuda-device-only in place of
/// --cuda-host-only and --cuda-gpu-arch=Arch as the one architecture. The
/// tool parses with it the code the host side skips under __CUDA_ARCH__.
/// CudaVersion, the toolkit's ("13.0"), goes to clang as the SDK version,
/// which clang's driver gives the host side only: without it the device side
/// takes <<<>>> for the launch API of CUDA before 9.2, which the toolkit's
/// headers no longer declare, and every launch in host code is an error
/// there. Adjusted is returned unchanged when it does not parse the host side
/// only.
std::vector<std::string>
deviceParseCommand(const std::vector<std::string> &Adjusted,
                   llvm::StringRef Arch, llvm::StringRef CudaVersion = "");

/// True when the file is CUDA by its name (.cu, .cuh) or by a -x cuda flag.
bool isCudaCommand(const std::vector<std::string> &Args, llvm::StringRef File);

} // namespace warplint

#endif // WARPLINT_DRIVER_COMPILEARGS_H
