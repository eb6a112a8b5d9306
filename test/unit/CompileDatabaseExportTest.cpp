// Unit tests of `warplint compdb`'s commands
// (warplint/Driver/CompileDatabaseExport.h); CompileDatabaseWriterTest.cpp
// tests the database written.
#include "warplint/Driver/CompileDatabaseExport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;
using Args = std::vector<std::string>;

static bool has(const Args &A, StringRef S) { return is_contained(A, S); }

static bool hasPrefix(const Args &A, StringRef P) {
  return any_of(A, [&](StringRef X) { return X.starts_with(P); });
}

static ExportSetup preludeSetup() {
  ExportSetup S;
  S.HeaderDir = "/out/warplint-include";
  S.Clang = "/usr/bin/clang++-22";
  return S;
}

TEST(CompileDatabaseExportTest, NvccBecomesWarplintsClangCommand) {
  ExportSetup S = preludeSetup();
  S.ExtraArgs = {"-DEXTRA=1"};
  std::optional<Args> Out = exportedCommand(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
       "-DA=1,B=2", "-I/inc", "--generate-code=arch=compute_90,code=[sm_90]",
       "-Xcompiler=-fPIC", "--expt-relaxed-constexpr", "-std=c++17", "-x", "cu",
       "-c", "/src/k.cu", "-o", "k.o"},
      "/src/k.cu", "/build", S);
  ASSERT_TRUE(Out);
  EXPECT_EQ(Out->front(), "/usr/bin/clang++-22");
  for (StringRef Kept :
       {"-DA=1", "-DB=2", "-I/inc", "-std=c++17", "cuda", "-c", "/src/k.cu",
        "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
        "--cuda-host-only", "-nocudainc", "-DEXTRA=1"})
    EXPECT_TRUE(has(*Out, Kept)) << Kept.str();
  // Nothing of nvcc's, nor what serves warplint's own parser only.
  for (StringRef Gone : {"-forward-unknown-to-host-compiler", "-Xcompiler",
                         "--expt-relaxed-constexpr", "--generate-code", "-w",
                         "-ferror-limit", "-fno-caret-diagnostics",
                         "-fno-color-diagnostics", "-resource-dir", "-o"})
    EXPECT_FALSE(hasPrefix(*Out, Gone)) << Gone.str();
  // The prelude at the real directory, not the virtual one.
  EXPECT_TRUE(has(*Out, "/out/warplint-include/__warplint_cuda_prelude.h"));
  EXPECT_FALSE(
      any_of(*Out, [](StringRef A) { return A.contains(PreludeDir); }));
}

TEST(CompileDatabaseExportTest, ToolkitGetsCompatHeaderAndCudaPath) {
  ExportSetup S = preludeSetup();
  S.Parse.Toolkit = CudaToolkit{"/opt/cuda", "13.0"};
  std::optional<Args> Out =
      exportedCommand({"nvcc", "-arch=sm_80", "-c", "k.cu"}, "k.cu", "/b", S);
  ASSERT_TRUE(Out);
  EXPECT_TRUE(has(*Out, "--cuda-path=/opt/cuda"));
  EXPECT_TRUE(has(*Out, "/out/warplint-include/__warplint_nvcc_compat.h"));
  EXPECT_TRUE(has(*Out, "--cuda-gpu-arch=sm_80"));
  EXPECT_FALSE(has(*Out, "-nocudainc"));
}

TEST(CompileDatabaseExportTest, ClangCudaKeepsItsCompilerAndGainsTheMode) {
  std::optional<Args> Out = exportedCommand(
      {"/usr/bin/clang++", "-x", "cuda", "--cuda-gpu-arch=sm_86", "-Wall",
       "-fplugin=/p/warplint-plugin.so", "-c", "k.cu"},
      "k.cu", "/b", preludeSetup());
  ASSERT_TRUE(Out);
  EXPECT_EQ(Out->front(), "/usr/bin/clang++");
  EXPECT_TRUE(has(*Out, "-Wall"));
  EXPECT_TRUE(has(*Out, "--cuda-host-only"));
  EXPECT_TRUE(has(*Out, "--cuda-gpu-arch=sm_86"));
  EXPECT_FALSE(hasPrefix(*Out, "--cuda-gpu-arch=sm_80"));
  // clangd cannot load warplint's plugin; the tidy module does its work.
  EXPECT_FALSE(hasPrefix(*Out, "-fplugin"));
}

TEST(CompileDatabaseExportTest, UsersOwnWarningFlagsStay) {
  // adjustCommand's -w goes, a -w of the user's stays.
  std::optional<Args> Out = exportedCommand(
      {"clang++", "-x", "cuda", "-w", "k.cu"}, "k.cu", "/b", preludeSetup());
  ASSERT_TRUE(Out);
  EXPECT_EQ(count(*Out, "-w"), 1);
}

TEST(CompileDatabaseExportTest, OtherCommandsAreCopied) {
  EXPECT_FALSE(exportedCommand({"/usr/bin/g++", "-c", "a.cpp"}, "a.cpp", "/b",
                               preludeSetup()));
  EXPECT_FALSE(exportedCommand({"clang++", "-c", "a.cpp"}, "a.cpp", "/b",
                               preludeSetup()));
  EXPECT_FALSE(exportedCommand({}, "a.cu", "/b", preludeSetup()));
}

TEST(CompileDatabaseExportTest, RelativeOptionsFileIsTheEntrysDirectorys) {
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("compdb-optf", Dir));
  SmallString<128> Optf(Dir);
  sys::path::append(Optf, "flags.txt");
  {
    std::error_code EC;
    raw_fd_ostream OS(Optf, EC);
    ASSERT_FALSE(EC);
    OS << "-DFROM_FILE=7";
  }
  std::optional<Args> Out =
      exportedCommand({"nvcc", "--options-file", "flags.txt", "-c", "k.cu"},
                      "k.cu", Dir, preludeSetup());
  ASSERT_TRUE(Out);
  EXPECT_TRUE(has(*Out, "-DFROM_FILE=7"));
  sys::fs::remove_directories(Dir);
}
