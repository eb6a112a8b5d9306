// Unit tests of compile-command rewriting (warplint/Driver/CompileArgs.h).
#include "warplint/Driver/CompileArgs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace warplint;
using Args = std::vector<std::string>;

static bool has(const Args &A, const std::string &S) {
  return llvm::is_contained(A, S);
}

TEST(CompileArgsTest, RecognisesNvcc) {
  EXPECT_TRUE(isNvccCommand("nvcc"));
  EXPECT_TRUE(isNvccCommand("/usr/local/cuda/bin/nvcc"));
  EXPECT_FALSE(isNvccCommand("clang++"));
  EXPECT_FALSE(isNvccCommand("/usr/bin/nvcc-wrapper-thing"));
}

TEST(CompileArgsTest, NvccKeepsWhatParsingNeeds) {
  std::vector<std::string> Dropped;
  Args Out = translateNvccCommand({"/usr/local/cuda/bin/nvcc",
                                   "-I/inc",
                                   "-I",
                                   "/inc2",
                                   "--include-path=/inc3",
                                   "-isystem",
                                   "/sys",
                                   "-DFOO=1",
                                   "-D",
                                   "BAR",
                                   "--define-macro=BAZ",
                                   "-UQUX",
                                   "-std=c++17",
                                   "--std",
                                   "c++20",
                                   "-include",
                                   "pre.h",
                                   "-x",
                                   "cu",
                                   "a.cu"},
                                  &Dropped);
  EXPECT_EQ(Out.front(), "clang++");
  for (const char *S : {"-I/inc", "-I/inc2", "-I/inc3", "-isystem", "/sys",
                        "-DFOO=1", "-DBAR", "-DBAZ", "-UQUX", "-std=c++17",
                        "-std=c++20", "-include", "pre.h", "cuda", "a.cu"})
    EXPECT_TRUE(has(Out, S)) << S;
  EXPECT_TRUE(Dropped.empty());
}

TEST(CompileArgsTest, NvccDropsCodeGenerationAndHostFlags) {
  std::vector<std::string> Dropped;
  Args Out = translateNvccCommand({"nvcc", "-O3", "-Xcompiler", "-fPIC,-Wall",
                                   "-Xptxas", "-v", "--expt-relaxed-constexpr",
                                   "--extended-lambda", "-lineinfo",
                                   "-maxrregcount=64", "-ccbin", "g++-12", "-o",
                                   "a.o", "-c", "--use_fast_math", "a.cu"},
                                  &Dropped);
  EXPECT_EQ(Out, (Args{"clang++", "a.cu"}));
  EXPECT_TRUE(has(Dropped, "-Xcompiler -fPIC,-Wall"));
  EXPECT_TRUE(has(Dropped, "-Xptxas -v"));
  EXPECT_TRUE(has(Dropped, "--expt-relaxed-constexpr"));
  EXPECT_TRUE(has(Dropped, "-ccbin g++-12"));
  EXPECT_TRUE(has(Dropped, "-o a.o"));
}

TEST(CompileArgsTest, RelocatableDeviceCodeBecomesGpuRdc) {
  // Launches from device code parse only with -fgpu-rdc.
  for (Args In :
       {Args{"nvcc", "-rdc=true", "-c", "a.cu"},
        Args{"nvcc", "-rdc", "true", "-c", "a.cu"},
        Args{"nvcc", "--relocatable-device-code=true", "a.cu"},
        Args{"nvcc", "-dc", "a.cu"}, Args{"nvcc", "--device-c", "a.cu"}})
    EXPECT_TRUE(has(translateNvccCommand(In), "-fgpu-rdc")) << In[1];
  for (Args In :
       {Args{"nvcc", "-rdc=false", "-c", "a.cu"},
        Args{"nvcc", "-rdc", "false", "a.cu"}, Args{"nvcc", "-c", "a.cu"}})
    EXPECT_EQ(translateNvccCommand(In), (Args{"clang++", "a.cu"})) << In[1];
}

TEST(CompileArgsTest, NvccArchitectureBecomesCudaGpuArch) {
  EXPECT_TRUE(has(translateNvccCommand({"nvcc", "-arch=sm_86", "a.cu"}),
                  "--cuda-gpu-arch=sm_86"));
  EXPECT_TRUE(has(translateNvccCommand({"nvcc", "-arch", "sm_90a", "a.cu"}),
                  "--cuda-gpu-arch=sm_90"));
  Args G = translateNvccCommand(
      {"nvcc", "-gencode", "arch=compute_75,code=sm_75", "-gencode",
       "arch=compute_90,code=[sm_90,compute_90]", "a.cu"});
  EXPECT_TRUE(has(G, "--cuda-gpu-arch=sm_75"));
  EXPECT_FALSE(has(G, "--cuda-gpu-arch=sm_90"));
}

TEST(CompileArgsTest, CudaByExtensionOrLanguageFlag) {
  EXPECT_TRUE(isCudaCommand({"clang++", "a.cu"}, "a.cu"));
  EXPECT_TRUE(isCudaCommand({"clang++", "k.cuh"}, "k.cuh"));
  EXPECT_TRUE(isCudaCommand({"clang++", "-x", "cuda", "a.cpp"}, "a.cpp"));
  EXPECT_FALSE(isCudaCommand({"clang++", "a.cpp"}, "a.cpp"));
}

TEST(CompileArgsTest, PreludeWithoutToolkit) {
  ParseSetup S;
  S.ResourceDir = "/res";
  Args Out = adjustCommand({"clang++", "a.cu"}, "a.cu", S);
  EXPECT_TRUE(has(Out, "-nocudainc"));
  EXPECT_TRUE(has(Out, "-nocudalib"));
  EXPECT_TRUE(has(Out, "--cuda-host-only"));
  EXPECT_TRUE(has(Out, "--cuda-gpu-arch=sm_80"));
  EXPECT_TRUE(has(Out, "-resource-dir=/res"));
  EXPECT_TRUE(has(Out, "-w"));
  EXPECT_TRUE(has(Out, "-ferror-limit=0"));
  EXPECT_TRUE(has(Out, "/__warplint__/include/__warplint_cuda_prelude.h"));
}

TEST(CompileArgsTest, ToolkitAddsCccl) {
  ParseSetup S;
  S.Toolkit = CudaToolkit{"/opt/cuda", "13.0"};
  Args Out = adjustCommand({"clang++", "a.cu"}, "a.cu", S);
  EXPECT_TRUE(has(Out, "--cuda-path=/opt/cuda"));
  EXPECT_FALSE(has(Out, "-nocudainc"));
  EXPECT_TRUE(has(Out, "-Wno-unknown-cuda-version"));
}

TEST(CompileArgsTest, NvccCompatHeaderWithToolkitOnly) {
  const std::string Compat = "/__warplint__/include/__warplint_nvcc_compat.h";
  EXPECT_EQ(nvccCompatPath(), Compat);
  ParseSetup S;
  S.Toolkit = CudaToolkit{"/opt/cuda", "13.0"};
  // First, before the user's own -include files, as nvcc reads its headers.
  Args Out = adjustCommand({"clang++", "-include", "pre.h", "a.cu"}, "a.cu", S);
  ASSERT_GE(Out.size(), 5u);
  EXPECT_EQ(Out[1], "-include");
  EXPECT_EQ(Out[2], Compat);
  EXPECT_EQ(Out[3], "-include");
  EXPECT_EQ(Out[4], "pre.h");
  // Not with the user's own CUDA headers, not for C++, not with the prelude.
  EXPECT_FALSE(
      has(adjustCommand({"clang++", "-nocudainc", "a.cu"}, "a.cu", S), Compat));
  EXPECT_FALSE(has(adjustCommand({"clang++", "a.cpp"}, "a.cpp", S), Compat));
  S.Toolkit.reset();
  EXPECT_FALSE(has(adjustCommand({"clang++", "a.cu"}, "a.cu", S), Compat));
  // The tool maps it as a virtual file.
  bool Mapped = false;
  for (const auto &[Path, Text] : preludeFiles())
    Mapped |= Path == Compat && Text == nvccCompatText().str();
  EXPECT_TRUE(Mapped);
  EXPECT_NE(nvccCompatText().find("__stcs"), llvm::StringRef::npos);
}

TEST(CompileArgsTest, UsersChoicesWin) {
  ParseSetup S;
  Args Out = adjustCommand({"clang++", "-nocudainc", "--cuda-device-only",
                            "--cuda-gpu-arch=sm_90", "a.cu"},
                           "a.cu", S);
  EXPECT_FALSE(has(Out, "--cuda-host-only"));
  EXPECT_FALSE(has(Out, "--cuda-gpu-arch=sm_80"));
  EXPECT_FALSE(has(Out, "-include"));
}

TEST(CompileArgsTest, HeaderGetsCudaLanguageBeforeTheFile) {
  ParseSetup S;
  Args Out = adjustCommand({"clang++", "k.cuh"}, "k.cuh", S);
  ASSERT_GE(Out.size(), 4u);
  EXPECT_EQ(Out[1], "-x");
  EXPECT_EQ(Out[2], "cuda");
  EXPECT_EQ(Out[3], "k.cuh");
}

TEST(CompileArgsTest, OptionsGoBeforeDoubleDash) {
  // Interpolated compilation-database entries end the options with "--".
  ParseSetup S;
  Args Out = adjustCommand({"clang++", "-c", "--", "a.cu"}, "a.cu", S);
  ASSERT_GE(Out.size(), 2u);
  EXPECT_EQ(Out[Out.size() - 2], "--");
  EXPECT_EQ(Out.back(), "a.cu");
  EXPECT_TRUE(has(Out, "--cuda-host-only"));
}

TEST(CompileArgsTest, StripsWarplintsOwnPlugin) {
  ParseSetup S;
  Args Out = adjustCommand({"clang++", "-fplugin=/x/warplint-plugin.so",
                            "-fplugin-arg-warplint-werror", "-fplugin=other.so",
                            "a.cpp"},
                           "a.cpp", S);
  EXPECT_FALSE(has(Out, "-fplugin=/x/warplint-plugin.so"));
  EXPECT_FALSE(has(Out, "-fplugin-arg-warplint-werror"));
  EXPECT_TRUE(has(Out, "-fplugin=other.so"));
  EXPECT_FALSE(has(Out, "--cuda-host-only")); // not CUDA
}

TEST(CompileArgsTest, ToolkitDiscovery) {
  EXPECT_FALSE(findCudaToolkit("none").has_value());
  std::string Err;
  EXPECT_FALSE(findCudaToolkit("/no/such/dir", &Err).has_value());
  EXPECT_NE(Err.find("no CUDA toolkit at '/no/such/dir'"), std::string::npos);
}

TEST(CompileArgsTest, PreludeFilesAnswerForTheRuntimeHeaders) {
  bool SawRuntime = false, SawPrelude = false;
  for (const auto &[Path, Text] : preludeFiles()) {
    SawRuntime |= Path == "/__warplint__/include/cuda_runtime.h";
    SawPrelude |= Text.find("struct dim3") != std::string::npos;
  }
  EXPECT_TRUE(SawRuntime);
  EXPECT_TRUE(SawPrelude);
  EXPECT_NE(cudaPreludeText().find("cudaLaunchKernelEx"),
            llvm::StringRef::npos);
}

TEST(CompileArgsTest, DeviceAssemblyCommandCompilesOneArchToPtx) {
  std::vector<std::string> Adjusted = {"clang++",
                                       "-x",
                                       "cuda",
                                       "-Iinc",
                                       "-nocudalib",
                                       "--cuda-host-only",
                                       "--cuda-gpu-arch=sm_80",
                                       "-fsyntax-only",
                                       "-o",
                                       "a.o",
                                       "-c",
                                       "-w",
                                       "--",
                                       "k.cu"};
  std::vector<std::string> Out = deviceAssemblyCommand(
      Adjusted, "/usr/bin/clang++", "sm_90", "/tmp/k.ptx");
  std::vector<std::string> Want = {"/usr/bin/clang++",
                                   "-x",
                                   "cuda",
                                   "-Iinc",
                                   "-w",
                                   "-O3",
                                   "--cuda-device-only",
                                   "--cuda-gpu-arch=sm_90",
                                   "-S",
                                   "-o",
                                   "/tmp/k.ptx",
                                   "--",
                                   "k.cu"};
  EXPECT_EQ(Out, Want);
}

TEST(CompileArgsTest, DeviceAssemblyCommandKeepsTheUsersOptimisation) {
  std::vector<std::string> Adjusted = {"clang++", "-O1", "k.cu"};
  std::vector<std::string> Out =
      deviceAssemblyCommand(Adjusted, "clang++", "sm_80", "k.ptx");
  EXPECT_EQ(std::count(Out.begin(), Out.end(), "-O3"), 0);
  EXPECT_EQ(std::count(Out.begin(), Out.end(), "-O1"), 1);
}

TEST(CompileArgsTest, DeviceParseCommandSwapsTheSideAndKeepsOneArch) {
  std::vector<std::string> Adjusted = {"clang++",
                                       "-x",
                                       "cuda",
                                       "--cuda-gpu-arch=sm_70",
                                       "-Iinc",
                                       "--offload-arch=sm_90",
                                       "--cuda-host-only",
                                       "-w",
                                       "--",
                                       "k.cu"};
  std::vector<std::string> Want = {"clang++",
                                   "-x",
                                   "cuda",
                                   "-Iinc",
                                   "--cuda-device-only",
                                   "--cuda-gpu-arch=sm_80",
                                   "-w",
                                   "--",
                                   "k.cu"};
  EXPECT_EQ(deviceParseCommand(Adjusted, "sm_80"), Want);
}

TEST(CompileArgsTest, DeviceParseCommandGivesTheToolkitVersion) {
  Args Out = deviceParseCommand({"clang++", "--cuda-host-only", "k.cu"},
                                "sm_90", "13.0");
  EXPECT_EQ(Out, (Args{"clang++", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
                       "-Xclang", "-target-sdk-version=13.0", "k.cu"}));
  // Not with CUDA headers of the user's own.
  Out = deviceParseCommand(
      {"clang++", "-nocudainc", "--cuda-host-only", "k.cu"}, "sm_90", "13.0");
  EXPECT_FALSE(has(Out, "-Xclang"));
}

TEST(CompileArgsTest, DeviceParseCommandLeavesOtherSidesAlone) {
  // A command that parses the device side already, or no CUDA at all.
  for (std::vector<std::string> Adjusted :
       {std::vector<std::string>{"clang++", "-x", "cuda", "--cuda-device-only",
                                 "--cuda-gpu-arch=sm_70", "k.cu"},
        std::vector<std::string>{"clang++", "-c", "k.cpp"}})
    EXPECT_EQ(deviceParseCommand(Adjusted, "sm_80"), Adjusted);
}

TEST(CompileArgsTest, NvccListValuesAreSplitAtCommas) {
  // nvcc reads -DA=1,B=2 as two macros, and -I a,b as two directories.
  Args Out = translateNvccCommand({"nvcc", "-DA=1,B=2", "-I", "inc1,inc2",
                                   "--define-macro=C,D=4", "-isystem", "s1,s2",
                                   "-include", "p.h,q.h", "a.cu"});
  for (const char *S : {"-DA=1", "-DB=2", "-Iinc1", "-Iinc2", "-DC", "-DD=4",
                        "s1", "s2", "p.h", "q.h"})
    EXPECT_TRUE(has(Out, S)) << S;
  EXPECT_EQ(std::count(Out.begin(), Out.end(), "-isystem"), 2);
  EXPECT_EQ(std::count(Out.begin(), Out.end(), "-include"), 2);
}

TEST(CompileArgsTest, NvccSystemIncludeLongForm) {
  Args Out = translateNvccCommand({"nvcc", "--system-include=/s", "a.cu"});
  EXPECT_EQ(Out, (Args{"clang++", "-isystem", "/s", "a.cu"}));
}

TEST(CompileArgsTest, NvccHostCompilerMacrosAndIncludesAreKept) {
  std::vector<std::string> Dropped;
  Args Out = translateNvccCommand(
      {"nvcc", "-Xcompiler", "-fPIC,-DHOST=1,-I/h,-Wall", "a.cu"}, &Dropped);
  EXPECT_EQ(Out, (Args{"clang++", "-DHOST=1", "-I/h", "a.cu"}));
  EXPECT_EQ(Dropped, (Args{"-Xcompiler -fPIC,-Wall"}));
}

TEST(CompileArgsTest, NvccValueOptionsDoNotLeaveTheirValueBehind) {
  std::vector<std::string> Dropped;
  Args Out = translateNvccCommand(
      {"nvcc", "-Werror", "all-warnings", "-MT", "k.o", "-MF", "k.d", "-MD",
       "--dependency-target-name", "t", "-O", "3", "-m", "64",
       "--expt-relaxed-constexpr", "--extended-lambda", "-G", "a.cu"},
      &Dropped);
  EXPECT_EQ(Out, (Args{"clang++", "a.cu"}));
  for (const char *S : {"-Werror all-warnings", "-MT k.o", "-MF k.d", "-MD",
                        "--dependency-target-name t", "-O 3",
                        "--expt-relaxed-constexpr", "--extended-lambda"})
    EXPECT_TRUE(has(Dropped, S)) << S;
}

TEST(CompileArgsTest, NvccOptionsFilesAreRead) {
  llvm::SmallString<128> File;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("opts", "txt", File));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "-I\"/with space\" -DFROM_FILE=1\n-std=c++17\n";
  }
  Args Out = translateNvccCommand(
      {"nvcc", "--options-file", std::string(File), "a.cu"});
  EXPECT_EQ(Out, (Args{"clang++", "-I/with space", "-DFROM_FILE=1",
                       "-std=c++17", "a.cu"}));
  Out = translateNvccCommand({"nvcc", "-optf=" + std::string(File), "a.cu"});
  EXPECT_TRUE(has(Out, "-DFROM_FILE=1"));
  llvm::sys::fs::remove(File);
  std::vector<std::string> Dropped;
  Out = translateNvccCommand({"nvcc", "-optf", "/no/such/file", "a.cu"},
                             &Dropped);
  EXPECT_EQ(Out, (Args{"clang++", "a.cu"}));
  EXPECT_TRUE(has(Dropped, "-optf /no/such/file"));
}

TEST(CompileArgsTest, NvccOptionsFilesAreSplitAsNvccSplitsThem) {
  EXPECT_EQ(tokenizeNvccOptionsFile("-c  k.cu\t-o\r\nk.o\n"),
            (Args{"-c", "k.cu", "-o", "k.o"}));
  // Double quotes group anywhere in an option and are removed.
  EXPECT_EQ(tokenizeNvccOptionsFile("\"-DA=x y\" -DB=\"1 2\"3 -o \"\""),
            (Args{"-DA=x y", "-DB=1 23", "-o", ""}));
  // Single quotes are ordinary characters (clang's and GCC's @FILE group
  // with them).
  EXPECT_EQ(tokenizeNvccOptionsFile("-DA=it's 'a b'"),
            (Args{"-DA=it's", "'a", "b'"}));
  // A backslash makes the next character literal, but a double quote after
  // it is dropped all the same.
  EXPECT_EQ(tokenizeNvccOptionsFile("a\\ b a\\\\b a\\b \"a\\\"b\" c\\\"d"),
            (Args{"a b", "a\\b", "ab", "ab", "cd"}));
  EXPECT_EQ(tokenizeNvccOptionsFile(""), Args{});
  EXPECT_EQ(tokenizeNvccOptionsFile("  \n "), Args{});
}

TEST(CompileArgsTest, NvccOptionsFilesAreExpandedInPlace) {
  llvm::SmallString<128> File;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("opts", "txt", File));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "-c k.cu -DN='1'\n";
  }
  EXPECT_EQ(expandNvccOptionFiles(
                {"nvcc", "-O2", "-optf", std::string(File), "-o", "k.o"}),
            (Args{"nvcc", "-O2", "-c", "k.cu", "-DN='1'", "-o", "k.o"}));
  llvm::sys::fs::remove(File);
}

TEST(CompileArgsTest, GpuArchitecturesOfNvcc) {
  EXPECT_EQ(gpuArchitectures({"nvcc", "-arch=sm_90", "a.cu"}), (Args{"sm_90"}));
  EXPECT_EQ(gpuArchitectures({"nvcc", "-arch", "compute_80", "a.cu"}),
            (Args{"sm_80"}));
  EXPECT_EQ(gpuArchitectures({"nvcc", "--gpu-architecture=compute_80",
                              "--gpu-code=sm_80,sm_86,compute_80", "a.cu"}),
            (Args{"sm_80", "sm_86"}));
  EXPECT_EQ(
      gpuArchitectures({"nvcc", "-gencode", "arch=compute_75,code=sm_75",
                        "-gencode", "arch=compute_90,code=[sm_90,compute_90]",
                        "-gencode=arch=compute_100,code=compute_100", "a.cu"}),
      (Args{"sm_75", "sm_90", "sm_100"}));
  EXPECT_EQ(
      gpuArchitectures({"nvcc", "-gencode", "arch=compute_80,code=sm_80",
                        "-gencode", "arch=compute_80,code=sm_80", "a.cu"}),
      (Args{"sm_80"}));
  std::vector<std::string> Unresolved;
  EXPECT_TRUE(gpuArchitectures({"nvcc", "-arch=all-major", "a.cu"}, &Unresolved)
                  .empty());
  EXPECT_EQ(Unresolved, (Args{"all-major"}));
  EXPECT_TRUE(gpuArchitectures({"nvcc", "a.cu"}).empty());
}

TEST(CompileArgsTest, GpuArchitecturesOfClang) {
  EXPECT_EQ(gpuArchitectures({"clang++", "--cuda-gpu-arch=sm_80",
                              "--cuda-gpu-arch=sm_90a", "a.cu"}),
            (Args{"sm_80", "sm_90a"}));
  std::vector<std::string> Unresolved;
  EXPECT_EQ(gpuArchitectures(
                {"clang++", "--offload-arch=sm_86,native,gfx90a", "a.cu"},
                &Unresolved),
            (Args{"sm_86"}));
  EXPECT_EQ(Unresolved, (Args{"native", "gfx90a"}));
}

TEST(CompileArgsTest, DropsCompilationDatabaseFragments) {
  // clang writes -MJ's file even with -fsyntax-only.
  ParseSetup S;
  Args Out = adjustCommand(
      {"clang++", "-MJ", "a.json", "-MJb.json", "-MD", "a.cpp"}, "a.cpp", S);
  EXPECT_FALSE(has(Out, "-MJ"));
  EXPECT_FALSE(has(Out, "a.json"));
  EXPECT_FALSE(has(Out, "-MJb.json"));
  EXPECT_TRUE(has(Out, "-MD")); // the tool's dependency-file adjuster's
}
