//===-- NvccArgsFuzzer.cpp - compile commands -----------------------------===//
///
/// The tool and the launcher rewrite whatever compile command a build or a
/// compile_commands.json holds: nvcc's into clang's, then the command
/// warplint parses with. Any argument list must be rewritten without a
/// crash, and the rewritten command must silence clang's own warnings.
/// The input is the arguments, separated by NUL bytes.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/LauncherCommand.h"
#include "llvm/ADT/STLExtras.h"

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string> Args;
  bool Nvcc = !Text.empty() && (Text[0] & 1);
  Args.push_back(Nvcc ? "nvcc" : "clang++");
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Text.drop_front(Text.empty() ? 0 : 1).split(Parts, '\0');
  for (llvm::StringRef P : Parts) {
    // Options files are read from disk: keep the fuzzer to its input.
    if (P.starts_with("--options-file") || P.starts_with("-optf") ||
        P.starts_with("@"))
      continue;
    Args.push_back(P.str());
  }
  std::vector<std::string> Unresolved;
  for (const std::string &A : gpuArchitectures(Args, &Unresolved))
    WARPLINT_FUZZ_CHECK(llvm::StringRef(A).starts_with("sm_"), A);

  std::vector<std::string> Command = Args;
  if (Nvcc) {
    std::vector<std::string> Dropped;
    Command = translateNvccCommand(Args, &Dropped);
    WARPLINT_FUZZ_CHECK(!Command.empty(), "an empty translation");
  }
  ParseSetup Setup;
  Setup.ResourceDir = "/fuzz/resource";
  std::vector<std::string> Adjusted =
      adjustCommand(Command, "/fuzz/a.cu", Setup);
  // Clang's own warnings are never reported as warplint's.
  WARPLINT_FUZZ_CHECK(llvm::is_contained(Adjusted, "-w"),
                      "the adjusted command keeps clang's warnings");
  std::vector<std::string> Device =
      deviceParseCommand(Adjusted, "sm_80", "13.0");
  WARPLINT_FUZZ_CHECK(!Device.empty(), "an empty device command");
  isCudaCommand(Args, "/fuzz/a.cu");

  // The launcher's plan of the same command.
  launcher::CompilePlan Plan = launcher::planCompile(Args);
  for (const auto &S : Plan.Sources)
    WARPLINT_FUZZ_CHECK(!S.Path.empty(), "a source without a path");
  return 0;
}
