//===-- LauncherCommand.h - The launcher's commands -------------*- C++ -*-===//
///
/// warplint-launch runs a compiler command unchanged and, beside it, warplint
/// on the same sources. These are its pure parts, unit-tested: its own
/// command line, which sources of a compile command it analyses and with
/// which flags, for which GPU architectures, whether the command prints a
/// ptxas report itself, and the device-only nvcc command that makes one when
/// it does not. They depend on LLVM Support only; running processes is
/// Process.h's, and what the launcher does with them Launcher.h's.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_LAUNCHERCOMMAND_H
#define WARPLINT_DRIVER_LAUNCHERCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint::launcher {

/// `warplint-launch [LAUNCHER OPTIONS] COMPILER [COMPILER ARGS...]`: the
/// launcher's options are the arguments before COMPILER, the first argument
/// that does not start with '-'.
struct LauncherArgs {
  bool Werror = false;
  bool NoPtxas = false;
  bool Verbose = false;
  bool Help = false;
  bool Version = false;
  std::optional<std::string> Warplint; ///< --warplint=PATH
  /// Every other option before COMPILER, for warplint, as written.
  std::vector<std::string> Forwarded;
  /// COMPILER [ARGS...]; empty only with --help or --version.
  std::vector<std::string> Compiler;

  /// True when an option named Name ("--arch") was forwarded, as --arch=...,
  /// -arch=..., --arch or -arch.
  bool forwards(llvm::StringRef Name) const;
  /// The value of the last forwarded --Name=VALUE, if any.
  std::optional<std::string> forwardedValue(llvm::StringRef Name) const;
};

/// False when the checks warplint will run on Source enable neither
/// warplint-occupancy nor warplint-register-spill: no ptxas report is then
/// worth making. The checks: a forwarded --checks=, else the Checks of the
/// configuration file warplint reads for Source (a forwarded --config=,
/// else the nearest .warplint.yaml, none with --no-config).
bool wantsPtxasReport(const LauncherArgs &L, llvm::StringRef Source = "");

/// Parses the launcher's arguments (without argv[0]). Fails on a launcher
/// option used wrongly (--warplint without =PATH, --werror=x) and on a
/// command line without COMPILER (unless --help or --version).
llvm::Expected<LauncherArgs>
parseLauncherArgs(llvm::ArrayRef<std::string> Args);

/// The value of the environment switch Name (WARPLINT_WERROR,
/// WARPLINT_LAUNCH_DISABLE): unset or empty is off; "1", "true", "yes",
/// "on" are on and "0", "false", "no", "off" off (any case, spaces around
/// ignored); anything else is an error naming the variable, for the
/// launcher to reject as it rejects a bad option.
llvm::Expected<bool> parseEnvSwitch(llvm::StringRef Name,
                                    std::optional<std::string> Value);

/// The value of the environment variable Name that holds a number of seconds
/// (WARPLINT_LAUNCH_TIMEOUT): unset or empty gives Default; otherwise a whole
/// number from 1 up, or an error naming the variable.
llvm::Expected<unsigned> parseEnvSeconds(llvm::StringRef Name,
                                         std::optional<std::string> Value,
                                         unsigned Default);

enum class CompilerKind { Nvcc, Clang, Other };

/// nvcc, clang (clang, clang++, clang-22, clang++-22, ...), or another
/// GCC-compatible compiler.
CompilerKind compilerKind(llvm::StringRef Argv0);

struct SourceFile {
  std::string Path;  ///< as written in the command
  bool Cuda = false; ///< compiled as CUDA (by name or -x cu/-x cuda)
  /// Not empty: the launcher does not analyse it (the source the compiler
  /// reads from standard input, "-"), and why, for a note.
  std::string Skip;
};

/// What the launcher does with one compile command.
struct CompilePlan {
  CompilerKind Kind = CompilerKind::Other;
  /// The compiler's own command: the command without a leading compiler
  /// cache (ccache, sccache, ...), argv[0] first, with the files of options
  /// it reads expanded in place as the compiler reads them (nvcc's
  /// --options-file, -optf; the @FILE response files of clang and GCC).
  std::vector<std::string> Command;
  /// The C++ and CUDA sources it compiles, in order, those in files of
  /// options included.
  std::vector<SourceFile> Sources;
  /// Not empty: the command compiles nothing to analyse (a link step,
  /// preprocessing only, --version, a CMake probe); the reason, for
  /// --verbose.
  std::string RunOnly;
  /// The command asks the compiler for a ptxas report on its standard error
  /// (nvcc -Xptxas -v, --resource-usage; clang -Xcuda-ptxas -v).
  bool PrintsPtxasReport = false;
  /// GPU architectures it compiles for (gpuArchitectures of CompileArgs.h),
  /// and the values that name none (native, all).
  std::vector<std::string> Archs;
  std::vector<std::string> UnresolvedArchs;
  /// clang's --cuda-path=, when given.
  std::string CudaPath;
};

CompilePlan planCompile(llvm::ArrayRef<std::string> Command);

/// A clang or GCC command (argv[0] first) with every @FILE response file
/// replaced by its arguments, recursively, as clang's driver does: GNU
/// quoting (Windows quoting with --rsp-quoting=windows), nested files named
/// relative to the working directory, and an @FILE that names no file left
/// as it is. On an error (a file that includes itself) the command is
/// returned unchanged: the compiler fails on it.
std::vector<std::string>
expandResponseFiles(llvm::ArrayRef<std::string> Command);

/// The compile arguments warplint parses Plan's sources with (what follows
/// its "--"): nvcc commands translated to clang's flags, others as they are
/// but for -MJ (clang's driver writes its file as soon as it reads the
/// command); Dropped gets the flags left out. warplint itself drops -o and
/// the dependency-file flags and only parses.
std::vector<std::string>
analysisArgs(const CompilePlan &Plan,
             std::vector<std::string> *Dropped = nullptr);

/// The object an nvcc command that compiles Source alone writes (-c, -dc):
/// its -o (--output-file), else Source's name with .o in the current
/// directory, as nvcc names it; empty when the command writes something
/// else (-cubin, -ptx, -E, a link) or into a directory of its choosing
/// (--output-directory). The caller makes sure Command compiles one source.
std::string compiledObject(llvm::ArrayRef<std::string> Command,
                           llvm::StringRef Source);

/// Whether warplint-register-spill may be enabled for Source, decided as
/// wantsPtxasReport decides: spills are what a CUDA object does not record.
bool wantsSpills(const LauncherArgs &L, llvm::StringRef Source = "");

/// The nvcc command that compiles Source's device code for the same targets
/// with the same flags and prints ptxas's report on standard error, writing
/// only OutFile: the user's command without its inputs, outputs, mode,
/// dependency-file, keep/save-temps and link flags, plus
/// `-fatbin -Xptxas=-v -o OutFile Source`. (-fatbin takes several -gencode
/// targets where -cubin takes one; -Xptxas=-v, unlike --resource-usage, also
/// reports with -rdc=true.)
std::vector<std::string> nvccReportCommand(llvm::ArrayRef<std::string> Command,
                                           llvm::StringRef Source,
                                           llvm::StringRef OutFile);

/// One ptxas run of an nvcc compile, as `nvcc -dryrun` prints it: the
/// program (as printed: "ptxas", or a path) and its arguments without the
/// PTX input and the -o output, the architecture it compiles for ("sm_90",
/// from -arch), and the virtual architecture of the PTX it compiles
/// ("compute_80": the -arch of the cicc run that writes its input; empty
/// when no such run is printed).
struct PtxasStep {
  std::string Program;
  std::vector<std::string> Args;
  std::string Arch;
  std::string Virtual;
};

/// The ptxas runs of the `#$ ` lines of `nvcc -dryrun`'s standard error
/// (double-quoted words taken as the shell takes them). A ptxas line whose
/// input, output or architecture cannot be told is left out.
std::vector<PtxasStep> ptxasSteps(llvm::StringRef DryRun);

/// True for the sources CMake compiles to probe a compiler
/// (CMakeCUDACompilerId.cu, CMakeFiles/CMakeScratch/..., CMakeTmp/...).
bool isCMakeProbe(llvm::StringRef Source);

} // namespace warplint::launcher

#endif // WARPLINT_DRIVER_LAUNCHERCOMMAND_H
