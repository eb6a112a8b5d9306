// Unit tests of warplint-launch's pure parts
// (warplint/Driver/LauncherCommand.h): its command line, what it analyses in
// a compile command, and nvcc's report pass; and of its decisions
// (warplint/Driver/Launcher.h): its environment, the compiler and warplint
// it finds, whether findings fail the build, warplint's command, what
// warplint's run means, and what it prints.
#include "warplint/Driver/Launcher.h"
#include "ScratchDir.h"
#include "warplint/Driver/LauncherCommand.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <map>

using namespace warplint::launcher;
using Args = std::vector<std::string>;
using warplint::test::ScratchDir;

static bool has(const Args &A, const std::string &S) {
  return llvm::is_contained(A, S);
}

static std::vector<std::string> sourcePaths(const CompilePlan &P) {
  std::vector<std::string> Out;
  for (const SourceFile &S : P.Sources)
    Out.push_back(S.Path);
  return Out;
}

TEST(LauncherTest, PtxasStepsOfADryRun) {
  // nvcc -dryrun's lines for two architectures, with the user's options,
  // a quoted path with a blank, and lines that are not ptxas's.
  std::string DryRun =
      "#$ _NVVM_BRANCH_=nvvm\n"
      "#$ \"$CICC_PATH/cicc\" -arch compute_80 -o \"/tmp/a b/x.ptx\"\n"
      "#$ \"$CICC_PATH/cicc\" -arch=compute_75 -o y.ptx\n"
      "#$ ptxas -arch=sm_80 -m64 -maxrregcount=40 \"/tmp/a b/x.ptx\"  -o "
      "\"/tmp/a b/x.sm_80.cubin\" \n"
      "#$ /opt/cuda/bin/ptxas -arch sm_90 -m64 --generate-line-info "
      "\"x.ptx\" --output-file=x.cubin\n"
      "#$ ptxas -m64 \"y.ptx\" -o y.cubin\n"               // no arch
      "#$ ptxas -arch=sm_75 -m64 a.ptx b.ptx -o y.cubin\n" // two inputs
      "#$ fatbinary --create=\"x.fatbin\" -64\n";
  std::vector<PtxasStep> S = ptxasSteps(DryRun);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].Program, "ptxas");
  EXPECT_EQ(S[0].Arch, "sm_80");
  EXPECT_EQ(S[0].Args, Args({"-arch=sm_80", "-m64", "-maxrregcount=40"}));
  EXPECT_EQ(S[0].Virtual, "compute_80"); // cicc wrote its input
  EXPECT_EQ(S[1].Virtual, "");           // no cicc line writes x.ptx
  EXPECT_EQ(S[1].Program, "/opt/cuda/bin/ptxas");
  EXPECT_EQ(S[1].Arch, "sm_90");
  EXPECT_EQ(S[1].Args,
            Args({"-arch", "sm_90", "-m64", "--generate-line-info"}));
  EXPECT_TRUE(ptxasSteps("").empty());
  EXPECT_TRUE(ptxasSteps("ptxas -arch=sm_80 x.ptx -o y\n").empty()); // no #$
}

TEST(LauncherTest, LauncherOptionsEndAtTheCompiler) {
  auto L = parseLauncherArgs({"--werror", "--checks=-*,warplint-block-size",
                              "--arch=sm_90", "--warplint=/opt/w", "--verbose",
                              "--no-ptxas", "nvcc", "--werror", "-c", "k.cu"});
  ASSERT_TRUE(bool(L)) << llvm::toString(L.takeError());
  EXPECT_TRUE(L->Werror);
  EXPECT_TRUE(L->Verbose);
  EXPECT_TRUE(L->NoPtxas);
  EXPECT_EQ(L->Warplint, std::optional<std::string>("/opt/w"));
  EXPECT_EQ(L->Forwarded,
            (Args{"--checks=-*,warplint-block-size", "--arch=sm_90"}));
  EXPECT_EQ(L->Compiler, (Args{"nvcc", "--werror", "-c", "k.cu"}));
  EXPECT_TRUE(L->forwards("arch"));
  EXPECT_TRUE(L->forwards("--checks"));
  EXPECT_FALSE(L->forwards("format"));
}

TEST(LauncherTest, UnknownOptionsAreForwardedUnchecked) {
  auto L = parseLauncherArgs({"--config=x.yaml", "--fail-on=error",
                              "--format=github", "-j=2", "clang++", "a.cu"});
  ASSERT_TRUE(bool(L));
  EXPECT_EQ(L->Forwarded, (Args{"--config=x.yaml", "--fail-on=error",
                                "--format=github", "-j=2"}));
  EXPECT_TRUE(L->forwards("format"));
  EXPECT_EQ(L->forwardedValue("config"), std::optional<std::string>("x.yaml"));
  EXPECT_EQ(L->forwardedValue("--fail-on"),
            std::optional<std::string>("error"));
  EXPECT_EQ(L->forwardedValue("checks"), std::nullopt);
}

TEST(LauncherTest, PtxasReportOnlyForTheChecksThatReadIt) {
  auto Report = [](Args A) {
    A.push_back("nvcc");
    return wantsPtxasReport(*parseLauncherArgs(A));
  };
  EXPECT_TRUE(Report({}));
  EXPECT_TRUE(Report({"--checks=warplint-*"}));
  EXPECT_TRUE(Report({"--checks=-*,warplint-register-spill"}));
  EXPECT_FALSE(Report({"--checks=warplint-block-size"}));
  EXPECT_FALSE(Report({"--checks=-*,warplint-bank-conflict"}));
  EXPECT_TRUE(Report({"--checks=[broken"})); // warplint reports that one
}

TEST(LauncherTest, PtxasReportAsTheConfigurationFileDecides) {
  // warplint reads the nearest .warplint.yaml: its Checks decide too,
  // unless --checks (which wins over it) or --no-config is forwarded.
  ScratchDir Dir;
  Dir.write(".warplint.yaml", "Checks: '-*,warplint-bank-conflict'\n");
  std::string Src = Dir.write("k.cu", "");
  std::string Other =
      Dir.write("spill.yaml", "Checks: '-*,warplint-register-spill'\n");
  auto Wants = [&](Args A, bool Spills = false) {
    A.push_back("nvcc");
    auto L = *parseLauncherArgs(A);
    return Spills ? wantsSpills(L, Src) : wantsPtxasReport(L, Src);
  };
  EXPECT_FALSE(Wants({}));
  EXPECT_FALSE(Wants({}, /*Spills=*/true));
  EXPECT_TRUE(Wants({"--checks=warplint-occupancy"}));
  EXPECT_TRUE(Wants({"--no-config"}));
  EXPECT_TRUE(Wants({"--config=" + Other}));
  EXPECT_TRUE(Wants({"--config=" + Other}, /*Spills=*/true));
  // A file warplint cannot read: it says so; the launcher assumes all.
  Dir.write(".warplint.yaml", "Checks: [\n");
  EXPECT_TRUE(Wants({}));
}

TEST(LauncherTest, DoubleDashEndsTheLauncherOptions) {
  auto L = parseLauncherArgs({"--werror", "--", "-weird-compiler", "a.cu"});
  ASSERT_TRUE(bool(L));
  EXPECT_EQ(L->Compiler, (Args{"-weird-compiler", "a.cu"}));
}

TEST(LauncherTest, LauncherUsageErrors) {
  auto NoCompiler = parseLauncherArgs({"--werror"});
  ASSERT_FALSE(bool(NoCompiler));
  EXPECT_EQ(llvm::toString(NoCompiler.takeError()),
            "no compiler command; usage: warplint-launch [LAUNCHER OPTIONS] "
            "COMPILER [COMPILER ARGS...]");
  auto NoPath = parseLauncherArgs({"--warplint", "nvcc"});
  ASSERT_FALSE(bool(NoPath));
  EXPECT_EQ(llvm::toString(NoPath.takeError()),
            "option '--warplint' needs a path: --warplint=PATH");
  auto Value = parseLauncherArgs({"--werror=1", "nvcc"});
  ASSERT_FALSE(bool(Value));
  EXPECT_EQ(llvm::toString(Value.takeError()),
            "option '--werror' takes no value");
  auto Help = parseLauncherArgs({"--help"});
  ASSERT_TRUE(bool(Help));
  EXPECT_TRUE(Help->Help);
}

static bool envSwitch(std::optional<std::string> V) {
  auto B = parseEnvSwitch("WARPLINT_WERROR", std::move(V));
  EXPECT_TRUE(bool(B)) << llvm::toString(B.takeError());
  return B && *B;
}

TEST(LauncherTest, EnvironmentSwitches) {
  EXPECT_TRUE(envSwitch(std::string("1")));
  EXPECT_TRUE(envSwitch(std::string("TRUE")));
  EXPECT_TRUE(envSwitch(std::string(" yes ")));
  EXPECT_TRUE(envSwitch(std::string("on")));
  EXPECT_FALSE(envSwitch(std::string("0")));
  EXPECT_FALSE(envSwitch(std::string("Off")));
  EXPECT_FALSE(envSwitch(std::string("no")));
  EXPECT_FALSE(envSwitch(std::string("")));
  EXPECT_FALSE(envSwitch(std::string("  ")));
  EXPECT_FALSE(envSwitch(std::nullopt));
}

TEST(LauncherTest, EnvironmentSwitchesWithAnotherValueAreErrors) {
  for (const char *V : {"garbage", "2", "-1", "y", "enabled"}) {
    auto B = parseEnvSwitch("WARPLINT_WERROR", std::string(V));
    ASSERT_FALSE(bool(B)) << V;
    EXPECT_EQ(llvm::toString(B.takeError()),
              "WARPLINT_WERROR='" + std::string(V) +
                  "' is neither on (1, true, yes, on) nor off (0, false, "
                  "no, off, or empty)");
  }
}

TEST(LauncherTest, EnvironmentSeconds) {
  auto S = [](std::optional<std::string> V) {
    return parseEnvSeconds("WARPLINT_LAUNCH_TIMEOUT", std::move(V), 300);
  };
  EXPECT_EQ(*S(std::nullopt), 300u);
  EXPECT_EQ(*S(std::string("")), 300u);
  EXPECT_EQ(*S(std::string("7")), 7u);
  EXPECT_EQ(*S(std::string(" 12 ")), 12u);
  for (const char *V : {"0", "-3", "1.5", "ten", "99999999999999999999"}) {
    auto R = S(std::string(V));
    ASSERT_FALSE(bool(R)) << V;
    EXPECT_EQ(llvm::toString(R.takeError()),
              "WARPLINT_LAUNCH_TIMEOUT='" + std::string(V) +
                  "' is not a number of seconds (a whole number from 1 up)");
  }
}

TEST(LauncherTest, CompilerKinds) {
  EXPECT_EQ(compilerKind("/usr/local/cuda/bin/nvcc"), CompilerKind::Nvcc);
  EXPECT_EQ(compilerKind("clang++-22"), CompilerKind::Clang);
  EXPECT_EQ(compilerKind("/usr/bin/clang"), CompilerKind::Clang);
  EXPECT_EQ(compilerKind("x86_64-linux-gnu-clang++"), CompilerKind::Clang);
  EXPECT_EQ(compilerKind("clang-cl"), CompilerKind::Other);
  EXPECT_EQ(compilerKind("g++"), CompilerKind::Other);
}

TEST(LauncherTest, NvccCompileOfOneSource) {
  CompilePlan P =
      planCompile({"/usr/local/cuda/bin/nvcc", "-Iinc", "-o", "k.cu.o", "-MD",
                   "-MT", "k.cu.o", "-MF", "k.cu.o.d", "-x", "cu", "-c",
                   "src/k.cu", "-arch=sm_90"});
  EXPECT_EQ(P.Kind, CompilerKind::Nvcc);
  EXPECT_TRUE(P.RunOnly.empty()) << P.RunOnly;
  ASSERT_EQ(P.Sources.size(), 1u);
  EXPECT_EQ(P.Sources[0].Path, "src/k.cu");
  EXPECT_TRUE(P.Sources[0].Cuda);
  EXPECT_EQ(P.Archs, (Args{"sm_90"}));
  EXPECT_FALSE(P.PrintsPtxasReport);
}

TEST(LauncherTest, NvccLanguageFlagAppliesToEveryInput) {
  CompilePlan P = planCompile({"nvcc", "a.cpp", "-x", "cu", "-c", "b.cc"});
  ASSERT_EQ(P.Sources.size(), 2u);
  EXPECT_TRUE(P.Sources[0].Cuda);
  EXPECT_TRUE(P.Sources[1].Cuda);
  CompilePlan Host = planCompile({"nvcc", "-c", "host.cpp"});
  ASSERT_EQ(Host.Sources.size(), 1u);
  EXPECT_FALSE(Host.Sources[0].Cuda);
}

TEST(LauncherTest, ClangLanguageFlagAppliesToLaterInputs) {
  CompilePlan P = planCompile(
      {"clang++", "a.cpp", "-x", "cuda", "b.cpp", "-x", "none", "c.c"});
  EXPECT_EQ(sourcePaths(P), (Args{"a.cpp", "b.cpp"}));
  EXPECT_FALSE(P.Sources[0].Cuda);
  EXPECT_TRUE(P.Sources[1].Cuda);
  CompilePlan C = planCompile({"clang++", "-xc", "a.cpp"});
  EXPECT_EQ(C.RunOnly, "no C++ or CUDA source (a link step?)");
}

TEST(LauncherTest, AnEmptyArgumentIsNoSource) {
  // `clang++ -x cuda ""` (fuzz-nvcc-args): the compiler reports the empty
  // name; the launcher has nothing to analyse.
  CompilePlan P = planCompile({"clang++", "-x", "cuda", "", "-c", "k.cu"});
  EXPECT_EQ(sourcePaths(P), (Args{"k.cu"}));
}

TEST(LauncherTest, OptionValuesAreNotSources) {
  CompilePlan P = planCompile({"clang++", "-include", "pre.cpp", "-MT", "x.cpp",
                               "-o", "out.cpp", "-c", "k.cu"});
  EXPECT_EQ(sourcePaths(P), (Args{"k.cu"}));
  CompilePlan N = planCompile({"nvcc", "-Xcompiler", "x.cpp", "-odir", "d.cu",
                               "-Werror", "all-warnings", "-c", "k.cu"});
  EXPECT_EQ(sourcePaths(N), (Args{"k.cu"}));
}

TEST(LauncherTest, CommandsWithoutASourceOnlyRunTheCompiler) {
  EXPECT_EQ(planCompile({"nvcc", "k.o", "-o", "app"}).RunOnly,
            "no C++ or CUDA source (a link step?)");
  EXPECT_EQ(planCompile({"nvcc", "--version"}).RunOnly, "--version");
  EXPECT_EQ(planCompile({"nvcc", "-E", "k.cu"}).RunOnly,
            "preprocessing only (-E)");
  EXPECT_EQ(planCompile({"nvcc", "-M", "k.cu"}).RunOnly,
            "dependencies only (-M)");
  EXPECT_EQ(planCompile({"clang++", "-E", "-x", "cuda", "k.cu"}).RunOnly,
            "preprocessing only (-E)");
  EXPECT_EQ(planCompile({"clang++", "-MM", "k.cu"}).RunOnly,
            "dependencies only (-MM)");
  // -MD writes dependencies while compiling: analysed.
  EXPECT_TRUE(planCompile({"clang++", "-MD", "-c", "k.cu"}).RunOnly.empty());
  EXPECT_TRUE(planCompile({"nvcc", "-MD", "-c", "k.cu"}).RunOnly.empty());
  EXPECT_EQ(planCompile({"nvcc", "-dlink", "a.o", "b.o", "-o", "d.o"}).RunOnly,
            "no C++ or CUDA source (a link step?)");
  EXPECT_EQ(planCompile({"nvcc", "-c",
                         "/b/CMakeFiles/CMakeScratch/TryCompile-x/src.cu"})
                .RunOnly,
            "a CMake compiler probe "
            "(/b/CMakeFiles/CMakeScratch/TryCompile-x/src.cu)");
}

TEST(LauncherTest, TheSourceOnStandardInputIsSkippedWithAReason) {
  for (const Args &Cmd : {Args{"clang++", "-x", "cuda", "-c", "-", "-o", "k.o"},
                          Args{"nvcc", "-x", "cu", "-c", "-", "-o", "k.o"}}) {
    CompilePlan P = planCompile(Cmd);
    EXPECT_TRUE(P.RunOnly.empty()) << P.RunOnly;
    ASSERT_EQ(P.Sources.size(), 1u) << Cmd.front();
    EXPECT_EQ(P.Sources[0].Path, "-");
    EXPECT_TRUE(P.Sources[0].Cuda);
    EXPECT_EQ(P.Sources[0].Skip,
              "the source comes from standard input, which only the compiler "
              "reads; warplint analyses files");
  }
  // Beside a source file: that one is analysed.
  CompilePlan Two = planCompile({"clang++", "-x", "cuda", "-c", "a.cu", "-"});
  ASSERT_EQ(Two.Sources.size(), 2u);
  EXPECT_TRUE(Two.Sources[0].Skip.empty());
  EXPECT_FALSE(Two.Sources[1].Skip.empty());
  // Without a language, standard input is no C++ or CUDA source.
  EXPECT_EQ(planCompile({"clang++", "-c", "-"}).RunOnly,
            "no C++ or CUDA source (a link step?)");
  // Preprocessing it only runs the compiler, as any -E does.
  EXPECT_EQ(planCompile({"clang++", "-x", "cuda", "-E", "-"}).RunOnly,
            "preprocessing only (-E)");
}

/// A file with Text in a new temporary directory, removed with it.
struct TempFiles {
  llvm::SmallString<128> Dir;
  TempFiles() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("launch-test", Dir));
  }
  ~TempFiles() { llvm::sys::fs::remove_directories(Dir); }
  std::string add(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC);
    OS << Text;
    return std::string(P);
  }
};

TEST(LauncherTest, SourcesInNvccOptionsFilesAreAnalysed) {
  TempFiles T;
  std::string Inner = T.add("inner.txt", "-arch=sm_90 \"sub dir/b.cu\"\n");
  std::string Outer =
      T.add("outer.txt", "-c a.cu -o 'a.o' -MF a.d -optf " + Inner + "\n");
  CompilePlan P = planCompile({"nvcc", "--options-file", Outer});
  EXPECT_TRUE(P.RunOnly.empty()) << P.RunOnly;
  EXPECT_EQ(sourcePaths(P), (Args{"a.cu", "sub dir/b.cu"}));
  EXPECT_EQ(P.Archs, (Args{"sm_90"}));
  // The command is the expanded one, so that the report pass leaves out the
  // options file's output and dependency file (nvcc keeps the single
  // quotes: the output is 'a.o').
  EXPECT_EQ(P.Command, (Args{"nvcc", "-c", "a.cu", "-o", "'a.o'", "-MF", "a.d",
                             "-arch=sm_90", "sub dir/b.cu"}));
  EXPECT_EQ(nvccReportCommand(P.Command, "a.cu", "o"),
            (Args{"nvcc", "-arch=sm_90", "-fatbin", "-Xptxas=-v", "-o", "o",
                  "a.cu"}));
  // -optf=FILE, and a mode in the file.
  std::string Pre = T.add("pre.txt", "-E k.cu\n");
  EXPECT_EQ(planCompile({"nvcc", "-optf=" + Pre}).RunOnly,
            "preprocessing only (-E)");
  // A file that cannot be read stays in the command; nvcc fails on it.
  CompilePlan Missing = planCompile({"nvcc", "-optf", "/no/such/file"});
  EXPECT_EQ(Missing.Command, (Args{"nvcc", "-optf", "/no/such/file"}));
  EXPECT_EQ(Missing.RunOnly, "no C++ or CUDA source (a link step?)");
}

TEST(LauncherTest, SourcesInResponseFilesAreAnalysed) {
  TempFiles T;
  std::string Inner = T.add("inner.rsp", "'c d.cu' -DQ=\"x y\"\n");
  std::string Outer =
      T.add("outer.rsp", "-x cuda -c a.cu \"b c.cu\" @" + Inner + "\n");
  CompilePlan P = planCompile({"clang++", "@" + Outer, "-o", "k.o"});
  EXPECT_EQ(sourcePaths(P), (Args{"a.cu", "b c.cu", "c d.cu"}));
  EXPECT_TRUE(P.Sources[0].Cuda);
  EXPECT_EQ(P.Command, (Args{"clang++", "-x", "cuda", "-c", "a.cu", "b c.cu",
                             "c d.cu", "-DQ=x y", "-o", "k.o"}));
  EXPECT_EQ(analysisArgs(P), (Args{"-x", "cuda", "-c", "a.cu", "b c.cu",
                                   "c d.cu", "-DQ=x y", "-o", "k.o"}));
  // GCC and other compilers read them the same way.
  EXPECT_EQ(sourcePaths(planCompile({"g++", "@" + Outer})),
            (Args{"a.cu", "b c.cu", "c d.cu"}));
  // An -MJ inside one is left out of the analysis too.
  std::string Mj = T.add("mj.rsp", "-MJ k.json -c k.cu");
  EXPECT_EQ(analysisArgs(planCompile({"clang++", "@" + Mj})),
            (Args{"-c", "k.cu"}));
  // --rsp-quoting=windows: backslashes are not escapes.
  std::string Win = T.add("win.rsp", "-c C:\\src\\k.cu");
  EXPECT_EQ(
      sourcePaths(planCompile({"clang++", "--rsp-quoting=windows", "@" + Win})),
      (Args{"C:\\src\\k.cu"}));
  // An @FILE that names no file is left as it is (clang then fails on it),
  // and so is a command whose files include themselves.
  EXPECT_EQ(expandResponseFiles({"clang++", "@/no/such.rsp", "-c", "k.cu"}),
            (Args{"clang++", "@/no/such.rsp", "-c", "k.cu"}));
  std::string Self =
      T.add("self.rsp", "-c k.cu @" + T.Dir.str().str() + "/self.rsp\n");
  EXPECT_EQ(expandResponseFiles({"clang++", "@" + Self}),
            (Args{"clang++", "@" + Self}));
}

TEST(LauncherTest, CMakeProbes) {
  EXPECT_TRUE(isCMakeProbe("/b/CMakeFiles/3.25.1/CompilerIdCUDA/"
                           "CMakeCUDACompilerId.cu"));
  EXPECT_TRUE(
      isCMakeProbe("/usr/share/cmake-3.25/Modules/CMakeCUDACompilerABI.cu"));
  EXPECT_TRUE(isCMakeProbe("/b/CMakeFiles/CMakeTmp/src.cu"));
  EXPECT_FALSE(isCMakeProbe("/src/CMakeLists.cu"));
  EXPECT_FALSE(isCMakeProbe("/b/kernels.cu"));
}

TEST(LauncherTest, ALauncherInFrontOfItselfLeavesTheAnalysisToTheInnerOne) {
  EXPECT_EQ(planCompile(
                {"/usr/bin/warplint-launch", "--werror", "nvcc", "-c", "k.cu"})
                .RunOnly,
            "the compiler is warplint-launch itself");
}

TEST(LauncherTest, CompilerCachesAreSeenThrough) {
  CompilePlan P = planCompile({"ccache", "nvcc", "-c", "k.cu"});
  EXPECT_EQ(P.Kind, CompilerKind::Nvcc);
  EXPECT_EQ(P.Command, (Args{"nvcc", "-c", "k.cu"}));
  EXPECT_EQ(sourcePaths(P), (Args{"k.cu"}));
}

TEST(LauncherTest, PtxasReportRequests) {
  for (Args A : {Args{"nvcc", "-Xptxas", "-v", "-c", "k.cu"},
                 Args{"nvcc", "-Xptxas=-v", "-c", "k.cu"},
                 Args{"nvcc", "-Xptxas", "-O3,-v", "-c", "k.cu"},
                 Args{"nvcc", "--ptxas-options=--verbose", "-c", "k.cu"},
                 Args{"nvcc", "--ptxas-options", "-v", "-c", "k.cu"},
                 Args{"nvcc", "--resource-usage", "-c", "k.cu"},
                 Args{"nvcc", "-res-usage", "-c", "k.cu"},
                 Args{"clang++", "-Xcuda-ptxas", "-v", "-c", "k.cu"}})
    EXPECT_TRUE(planCompile(A).PrintsPtxasReport) << A[1];
  for (Args A :
       {Args{"nvcc", "-Xptxas", "-O3", "-c", "k.cu"},
        Args{"nvcc", "-v", "-c", "k.cu"}, Args{"clang++", "-v", "-c", "k.cu"}})
    EXPECT_FALSE(planCompile(A).PrintsPtxasReport) << A[1];
}

TEST(LauncherTest, ArchitecturesOfTheCommand) {
  CompilePlan G =
      planCompile({"nvcc", "-gencode", "arch=compute_80,code=sm_80", "-gencode",
                   "arch=compute_90a,code=[sm_90a,compute_90a]", "-c", "k.cu"});
  EXPECT_EQ(G.Archs, (Args{"sm_80", "sm_90a"}));
  CompilePlan Clang = planCompile({"clang++", "--cuda-gpu-arch=sm_80",
                                   "--offload-arch=sm_86,sm_90", "-c", "k.cu"});
  EXPECT_EQ(Clang.Archs, (Args{"sm_80", "sm_86", "sm_90"}));
  CompilePlan Native = planCompile({"nvcc", "-arch=native", "-c", "k.cu"});
  EXPECT_TRUE(Native.Archs.empty());
  EXPECT_EQ(Native.UnresolvedArchs, (Args{"native"}));
  EXPECT_EQ(
      planCompile({"clang++", "--cuda-path=/opt/cuda", "-c", "k.cu"}).CudaPath,
      "/opt/cuda");
}

TEST(LauncherTest, AnalysisArgsOfNvccAreClangs) {
  std::vector<std::string> Dropped;
  CompilePlan P = planCompile({"nvcc", "-Iinc", "-DX=1", "-O3", "-arch=sm_90",
                               "-c", "k.cu", "-o", "k.o"});
  Args A = analysisArgs(P, &Dropped);
  EXPECT_EQ(A, (Args{"-Iinc", "-DX=1", "k.cu", "--cuda-gpu-arch=sm_90"}));
  EXPECT_TRUE(has(Dropped, "-O3"));
  EXPECT_TRUE(has(Dropped, "-o k.o"));
  CompilePlan C =
      planCompile({"clang++", "-x", "cuda", "-c", "k.cu", "-o", "k.o"});
  EXPECT_EQ(analysisArgs(C), (Args{"-x", "cuda", "-c", "k.cu", "-o", "k.o"}));
}

TEST(LauncherTest, AnalysisArgsLeaveOutCompilationDatabaseFragments) {
  std::vector<std::string> Dropped;
  CompilePlan C =
      planCompile({"clang++", "-MJ", "k.json", "-c", "k.cu", "-MJother.json"});
  EXPECT_EQ(analysisArgs(C, &Dropped), (Args{"-c", "k.cu"}));
  EXPECT_EQ(Dropped, (Args{"-MJ k.json", "-MJother.json"}));
}

TEST(LauncherTest, NvccReportCommandWritesOnlyItsOutput) {
  Args Cmd = nvccReportCommand({"/usr/local/cuda/bin/nvcc",
                                "-DX",
                                "-I",
                                "inc",
                                "-x",
                                "cu",
                                "-c",
                                "k.cu",
                                "-o",
                                "k.o",
                                "-MD",
                                "-MT",
                                "k.o",
                                "-MF",
                                "k.o.d",
                                "-gencode",
                                "arch=compute_80,code=sm_80",
                                "-gencode",
                                "arch=compute_90,code=sm_90",
                                "--keep",
                                "--keep-dir",
                                "kd",
                                "-time",
                                "t.csv",
                                "-odir",
                                "od",
                                "-Xcompiler",
                                "-fPIC,-MD,-MF,h.d",
                                "-Xlinker",
                                "-rpath",
                                "-lcublas",
                                "--save-temps",
                                "-rdc=true",
                                "other.o",
                                "-Xptxas",
                                "-O3"},
                               "k.cu", "/tmp/x/0.fatbin");
  Args Want = {"/usr/local/cuda/bin/nvcc",
               "-DX",
               "-I",
               "inc",
               "-x",
               "cu",
               "-gencode",
               "arch=compute_80,code=sm_80",
               "-gencode",
               "arch=compute_90,code=sm_90",
               "-Xcompiler=-fPIC",
               "-lcublas",
               "-rdc=true",
               "-Xptxas",
               "-O3",
               "-fatbin",
               "-Xptxas=-v",
               "-o",
               "/tmp/x/0.fatbin",
               "k.cu"};
  EXPECT_EQ(Cmd, Want);
}

TEST(LauncherTest, NvccReportCommandOfOneOfSeveralSources) {
  Args Cmd = nvccReportCommand({"nvcc", "-c", "a.cu", "b.cu"}, "b.cu", "o");
  EXPECT_EQ(Cmd, (Args{"nvcc", "-fatbin", "-Xptxas=-v", "-o", "o", "b.cu"}));
  // Host-compiler options that are only dependency flags go entirely.
  Cmd =
      nvccReportCommand({"nvcc", "-Xcompiler=-MD", "-c", "a.cu"}, "a.cu", "o");
  EXPECT_EQ(Cmd, (Args{"nvcc", "-fatbin", "-Xptxas=-v", "-o", "o", "a.cu"}));
  // -dc compiles relocatable device code: the report pass does too.
  Cmd = nvccReportCommand({"nvcc", "-dc", "a.cu"}, "a.cu", "o");
  EXPECT_EQ(Cmd, (Args{"nvcc", "-rdc=true", "-fatbin", "-Xptxas=-v", "-o", "o",
                       "a.cu"}));
}

//===----------------------------------------------------------------------===//
// What the launcher decides and reads (warplint/Driver/Launcher.h).
//===----------------------------------------------------------------------===//

namespace {

LauncherArgs launcherArgs(Args A) {
  A.push_back("nvcc");
  auto L = parseLauncherArgs(A);
  EXPECT_TRUE(bool(L)) << llvm::toString(L.takeError());
  return L ? std::move(*L) : LauncherArgs();
}

} // namespace

TEST(LauncherTest, TheEnvironmentsSettings) {
  std::map<std::string, std::string> Vars;
  auto Get = [&](llvm::StringRef Name) -> std::optional<std::string> {
    auto It = Vars.find(Name.str());
    if (It == Vars.end())
      return std::nullopt;
    return It->second;
  };
  auto E = readEnvironment(Get);
  ASSERT_TRUE(bool(E));
  EXPECT_FALSE(E->Werror);
  EXPECT_FALSE(E->Disabled);
  EXPECT_EQ(E->TimeoutSeconds, 300u);
  Vars = {{"WARPLINT_WERROR", "yes"},
          {"WARPLINT_LAUNCH_DISABLE", "1"},
          {"WARPLINT_LAUNCH_TIMEOUT", "9"}};
  E = readEnvironment(Get);
  ASSERT_TRUE(bool(E));
  EXPECT_TRUE(E->Werror);
  EXPECT_TRUE(E->Disabled);
  EXPECT_EQ(E->TimeoutSeconds, 9u);
  // The first variable with a value that means nothing is the error.
  Vars = {{"WARPLINT_LAUNCH_DISABLE", "maybe"},
          {"WARPLINT_LAUNCH_TIMEOUT", "0"}};
  E = readEnvironment(Get);
  ASSERT_FALSE(bool(E));
  EXPECT_EQ(llvm::toString(E.takeError()).rfind("WARPLINT_LAUNCH_DISABLE=", 0),
            0u);
  Vars = {{"WARPLINT_LAUNCH_TIMEOUT", "0"}};
  E = readEnvironment(Get);
  ASSERT_FALSE(bool(E));
  EXPECT_EQ(llvm::toString(E.takeError()).rfind("WARPLINT_LAUNCH_TIMEOUT=", 0),
            0u);
}

TEST(LauncherTest, FindingTheCompiler) {
  EXPECT_EQ(findCompiler("/bin/sh"), "/bin/sh");
  // A path is taken as it is when something is there, executable or not.
  ScratchDir D("warplint-launch-test");
  std::string Plain = D.write("cc", "not a program");
  EXPECT_EQ(findCompiler(Plain), Plain);
  EXPECT_EQ(findCompiler("/nonexistent/nvcc"), "");
  std::string Sh = findCompiler("sh");
  EXPECT_EQ(llvm::sys::path::filename(Sh), "sh");
  EXPECT_EQ(findCompiler("no-such-compiler-warplint-test"), "");
}

TEST(LauncherTest, FindingWarplint) {
  ScratchDir D("warplint-launch-test");
  // The one beside the launcher is trusted.
  std::string Beside = D.write("warplint", "#!/bin/sh\n", /*Executable=*/true);
  WarplintLocation W = findWarplint(launcherArgs({}), D.Path);
  EXPECT_EQ(W.Path, Beside);
  EXPECT_TRUE(W.Beside);
  EXPECT_EQ(W.Missing, "");
  // --warplint=PATH is not, and must be there and executable.
  W = findWarplint(launcherArgs({"--warplint=" + Beside}), "/nonexistent");
  EXPECT_EQ(W.Path, Beside);
  EXPECT_FALSE(W.Beside);
  auto Missing = [](const std::string &Named) {
    WarplintLocation W =
        findWarplint(launcherArgs({"--warplint=" + Named}), "/nonexistent");
    EXPECT_EQ(W.Path, "");
    return W.Missing;
  };
  EXPECT_EQ(Missing("/nonexistent/warplint"),
            "cannot run warplint '/nonexistent/warplint' (--warplint): no "
            "such file");
  EXPECT_EQ(Missing(std::string(D.Path)), "cannot run warplint '" +
                                              std::string(D.Path) +
                                              "' (--warplint): a directory");
  std::string Text = D.write("text", "warplint");
  EXPECT_EQ(Missing(Text),
            "cannot run warplint '" + Text + "' (--warplint): not executable");
  EXPECT_EQ(Missing("no-such-warplint-test"),
            "cannot run warplint 'no-such-warplint-test' (--warplint): not "
            "found on PATH");
  // A name without '/' comes from PATH.
  W = findWarplint(launcherArgs({"--warplint=sh"}), D.Path);
  EXPECT_EQ(llvm::sys::path::filename(W.Path), "sh");
  EXPECT_FALSE(W.Beside);
}

TEST(LauncherTest, WhetherFindingsFailTheBuild) {
  ScratchDir D("warplint-launch-test");
  std::string Src = D.write("k.cu", "");
  WerrorDecision W = decideWerror(launcherArgs({}), false, Src);
  EXPECT_FALSE(W.Werror);
  W = decideWerror(launcherArgs({"--werror"}), true, Src);
  EXPECT_TRUE(W.Werror);
  EXPECT_EQ(W.Why, "--werror");
  W = decideWerror(launcherArgs({}), true, Src);
  EXPECT_EQ(W.Why, "WARPLINT_WERROR");
  // The configuration warplint reads for the source.
  std::string Config = D.write(".warplint.yaml", "Werror: true\n");
  W = decideWerror(launcherArgs({}), false, Src);
  EXPECT_TRUE(W.Werror);
  EXPECT_EQ(W.Why, "Werror: true in " + Config);
  EXPECT_EQ(W.Failure, "");
  // The command line comes first; --no-config and another --config= leave
  // the file out.
  W = decideWerror(launcherArgs({"--werror"}), false, Src);
  EXPECT_EQ(W.Why, "--werror");
  W = decideWerror(launcherArgs({"--no-config"}), false, Src);
  EXPECT_FALSE(W.Werror);
  std::string Other = D.write("other.yaml", "Werror: false\n");
  W = decideWerror(launcherArgs({"--config=" + Other}), false, Src);
  EXPECT_FALSE(W.Werror);
  // A configuration that cannot be read fails the analysis; an opt-in from
  // the command line stands.
  D.write(".warplint.yaml", "Werror: [\n");
  W = decideWerror(launcherArgs({"--werror"}), false, Src);
  EXPECT_TRUE(W.Werror);
  EXPECT_NE(W.Failure.find(".warplint.yaml"), std::string::npos) << W.Failure;
  EXPECT_EQ(W.Failure.find('\n'), std::string::npos);
}

TEST(LauncherTest, TheAnalysisOfACompileCommand) {
  Context C;
  C.L = launcherArgs({});
  C.L.Compiler = {"nvcc", "-arch=sm_90", "-arch=native", "-Xptxas", "-v",
                  "-c",   "k.cu",        "-o",           "k.o"};
  C.Plan = planCompile(C.L.Compiler);
  C.TempDir = "/tmp/warplint-launch-x";
  LauncherEnvironment Env;
  Env.TimeoutSeconds = 7;
  std::vector<std::string> Notes;
  std::vector<Job> Jobs =
      prepareAnalysis(C, Env, "/usr/bin/nvcc", "/nonexistent", Notes);
  EXPECT_EQ(C.TimeoutSeconds, 7u);
  EXPECT_EQ(C.PassCompiler, "/usr/bin/nvcc");
  EXPECT_EQ(C.Archs, (Args{"sm_90"}));
  EXPECT_TRUE(has(Notes, "GPU architectures not passed to warplint: native"));
  // The command prints its own report: it is read from its standard error.
  EXPECT_EQ(C.CompilerStderrFile, "/tmp/warplint-launch-x/compiler.err");
  EXPECT_EQ(C.CompilerReportFile, "/tmp/warplint-launch-x/compiler.report.txt");
  ASSERT_EQ(Jobs.size(), 1u);
  EXPECT_EQ(Jobs[0].Src.Path, "k.cu");
  EXPECT_EQ(C.tempPath(Jobs[0], "report.txt"),
            "/tmp/warplint-launch-x/0.report.txt");
}

TEST(LauncherTest, TheWarplintCommand) {
  Context C;
  C.L = launcherArgs({"--checks=warplint-occupancy"});
  C.Warplint.Path = "/w/warplint";
  C.Archs = {"sm_80", "sm_90"};
  C.AnalysisArgs = {"-x", "cuda", "-c", "k.cu"};
  C.Plan.CudaPath = "/cuda";
  Job J;
  J.Src.Path = "k.cu";
  EXPECT_EQ(warplintCommand(C, J, "", false),
            (Args{"/w/warplint", "--format=text", "--arch=sm_80,sm_90",
                  "--checks=warplint-occupancy", "k.cu", "--", "-x", "cuda",
                  "-c", "k.cu"}));
  EXPECT_EQ(warplintCommand(C, J, "/t/0.report.txt", false),
            (Args{"/w/warplint", "--format=text", "--arch=sm_80,sm_90",
                  "--ptxas-report=/t/0.report.txt", "--ptxas-report-pending",
                  "--checks=warplint-occupancy", "k.cu", "--", "-x", "cuda",
                  "-c", "k.cu"}));
  // Forwarded options replace the launcher's.
  C.L = launcherArgs({"--format=json", "--arch=sm_75", "--cuda-path=/c"});
  EXPECT_EQ(warplintCommand(C, J, "", true),
            (Args{"/w/warplint", "--run-ptxas", "--format=json", "--arch=sm_75",
                  "--cuda-path=/c", "k.cu", "--", "-x", "cuda", "-c", "k.cu"}));
  C.L = launcherArgs({});
  C.Archs.clear();
  EXPECT_EQ(
      warplintCommand(C, J, "", true),
      (Args{"/w/warplint", "--format=text", "--run-ptxas", "--cuda-path=/cuda",
            "k.cu", "--", "-x", "cuda", "-c", "k.cu"}));
}

namespace {

warplint::process::RunResult exited(int Status) {
  warplint::process::RunResult R;
  R.Started = true;
  R.Status = Status;
  return R;
}

llvm::Expected<warplint::RunStatus> noStatus() {
  return llvm::createStringError("cannot read 'x': No such file or directory");
}

} // namespace

TEST(LauncherTest, WhatWarplintsRunMeans) {
  Context C;
  C.Warplint.Path = "/w/warplint";
  C.TimeoutSeconds = 5;
  auto Take = [&](const warplint::process::RunResult &R, llvm::StringRef Stderr,
                  llvm::Expected<warplint::RunStatus> S) {
    Job J;
    J.Src.Path = "k.cu";
    takeWarplintRun(C, J, R, "k.cu:1:1: warning: w [c]\n", Stderr,
                    std::move(S));
    return J;
  };
  // Findings, warplint's notes kept for the output, the rest for --verbose.
  Job J = Take(exited(1),
               "warplint: 1 clang error in k.cu, 0 functions not analysed\n"
               "warplint: note: k.cu: no ptxas report for sm_90\n",
               warplint::RunStatus());
  EXPECT_EQ(J.Failure, "");
  EXPECT_EQ(J.WarplintStatus, 1);
  EXPECT_EQ(J.Findings, "k.cu:1:1: warning: w [c]\n");
  EXPECT_EQ(J.Notices,
            (Args{"warplint: note: k.cu: no ptxas report for sm_90"}));
  EXPECT_EQ(J.Notes, (Args{"warplint said:\nwarplint: 1 clang error in "
                           "k.cu, 0 functions not analysed"}));
  // Without a status, findings are still findings.
  J = Take(exited(0), "", noStatus());
  EXPECT_EQ(J.WarplintStatus, 0);
  EXPECT_EQ(J.Failure, "");
  // A --run-ptxas that failed, from the status (the last architecture's).
  warplint::RunStatus S;
  S.Files.push_back({"k.cu", "", "", {"for sm_80", "for sm_90"}});
  J = Take(exited(1), "warplint: --run-ptxas: k.cu: other\n", S);
  EXPECT_EQ(J.PtxasFailure, "for sm_90");
  // Failures: the status's, else the first line warplint said.
  S = warplint::RunStatus();
  S.StoppedBy = "bad baseline";
  EXPECT_EQ(Take(exited(2), "warplint: error: other\n", S).Failure,
            "bad baseline");
  S = warplint::RunStatus();
  S.Files.push_back({"k.cu", "2 clang errors", "", {}});
  EXPECT_EQ(Take(exited(2), "", S).Failure,
            "cannot analyse k.cu: 2 clang errors");
  EXPECT_EQ(Take(exited(2), "\nwarplint: error: something\nmore\n", noStatus())
                .Failure,
            "something");
  EXPECT_EQ(Take(exited(3), "", warplint::RunStatus()).Failure,
            "warplint exited with status 3");
  // A crash is a crash, whatever status it left.
  warplint::process::RunResult Crash = exited(-2);
  Crash.Error = "Segmentation fault";
  S.StoppedBy = "stale";
  EXPECT_EQ(Take(Crash, "", S).Failure,
            "warplint crashed (Segmentation fault)");
  EXPECT_EQ(Take(Crash, "Stack dump:\n", noStatus()).Failure,
            "warplint crashed (Segmentation fault): Stack dump:");
  // It could not start, or ran too long.
  warplint::process::RunResult NotStarted;
  NotStarted.Error = "Argument list too long";
  EXPECT_EQ(Take(NotStarted, "", noStatus()).Failure,
            "cannot run warplint '/w/warplint': Argument list too long");
  warplint::process::RunResult Late = exited(-1);
  Late.TimedOut = true;
  EXPECT_EQ(Take(Late, "", noStatus()).Failure,
            "timed out (5 s after the compiler finished)");
}

TEST(LauncherTest, WhatTheReportPassSaysWentWrong) {
  EXPECT_EQ(passFailure("ptxas info    : 0 bytes gmem\n"
                        "ptxas         Used 3 registers\n"
                        "nvcc fatal   : boom\n"),
            "nvcc fatal   : boom");
  EXPECT_EQ(passFailure("\n  ptxas info : only\n"), "ptxas info : only");
  EXPECT_EQ(passFailure(""), "");
}

TEST(LauncherTest, CommandsAreQuotedAsAShellReadsThem) {
  EXPECT_EQ(quoteCommand({"nvcc", "-DX=1", "a b", "it's", ""}),
            "nvcc -DX=1 'a b' 'it'\\''s' ''");
}

TEST(LauncherTest, TheOutcomeAfterTheCompilersOutput) {
  Context C;
  C.L = launcherArgs({"--verbose"});
  std::vector<Job> Jobs(4);
  Jobs[0].Src.Path = "a.cu";
  Jobs[0].Werror = {true, "--werror", ""};
  Jobs[0].WarplintStatus = 1;
  Jobs[0].Findings = "a.cu:1:1: warning: w [c]\n";
  Jobs[0].Notices = {"warplint: note: a.cu: n"};
  Jobs[0].Notes = {"analysis: warplint a.cu"};
  Jobs[0].PtxasFailure = "ptxas failed";
  Jobs[1].Src.Path = "b.cu";
  Jobs[1].Failure = "warplint crashed (Killed)";
  Jobs[1].Notices = {"warplint: note: not printed"};
  Jobs[2].Src.Path = "-";
  Jobs[2].Src.Skip = "the source comes from standard input";
  Jobs[3].Src.Path = "d.cu";
  Jobs[3].Werror = {true, "WARPLINT_WERROR", ""};
  Jobs[3].Failure = "not warplint";
  Jobs[3].CannotRun = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EXPECT_TRUE(printOutcome(OS, C, Jobs));
  EXPECT_EQ(Out,
            "warplint-launch: a.cu: findings fail the build (--werror)\n"
            "warplint-launch: a.cu: analysis: warplint a.cu\n"
            "a.cu:1:1: warning: w [c]\n"
            "warplint: note: a.cu: n\n"
            "warplint-launch: analysis of a.cu failed: no ptxas report: "
            "ptxas failed; the other checks ran\n"
            "warplint-launch: b.cu: findings do not fail the build\n"
            "warplint-launch: analysis of b.cu failed: warplint crashed "
            "(Killed)\n"
            "warplint-launch: analysis of - skipped: the source comes from "
            "standard input\n"
            "warplint-launch: d.cu: findings fail the build "
            "(WARPLINT_WERROR)\n"
            "warplint-launch: analysis of d.cu failed: not warplint\n"
            "warplint-launch: error: warplint findings in a.cu fail the "
            "build (--werror)\n"
            "warplint-launch: error: warplint could not run on d.cu, which "
            "fails the build (WARPLINT_WERROR)\n");
  // Without --verbose, and nothing that fails the build.
  C.L = launcherArgs({});
  Jobs[0].Werror = {};
  Jobs.resize(1);
  Out.clear();
  EXPECT_FALSE(printOutcome(OS, C, Jobs));
  EXPECT_EQ(Out, "a.cu:1:1: warning: w [c]\n"
                 "warplint: note: a.cu: n\n"
                 "warplint-launch: analysis of a.cu failed: no ptxas "
                 "report: ptxas failed; the other checks ran\n");
}

TEST(LauncherTest, TheObjectAnNvccCompileWrites) {
  EXPECT_EQ(compiledObject(Args{"nvcc", "-c", "k.cu", "-o", "out/k.o"}, "k.cu"),
            "out/k.o");
  EXPECT_EQ(
      compiledObject(Args{"nvcc", "--output-file=x.o", "-dc", "k.cu"}, "k.cu"),
      "x.o");
  // nvcc's own name: the source's stem, .o, in the current directory.
  EXPECT_EQ(compiledObject(Args{"nvcc", "-c", "src/k.cu"}, "src/k.cu"), "k.o");
  // Not an object, or not one the launcher can find: none.
  EXPECT_EQ(compiledObject(Args{"nvcc", "k.cu", "-o", "app"}, "k.cu"), "");
  EXPECT_EQ(compiledObject(Args{"nvcc", "-cubin", "-c", "k.cu"}, "k.cu"), "");
  EXPECT_EQ(compiledObject(Args{"nvcc", "-c", "-odir", "d", "k.cu"}, "k.cu"),
            "");
  EXPECT_EQ(compiledObject(Args{"nvcc", "-c", "k.cu", "-o"}, "k.cu"), "");
}

TEST(LauncherTest, SpillsWantedUnlessTheChecksLeaveTheSpillCheckOut) {
  auto Spills = [](Args A) {
    A.push_back("nvcc");
    return wantsSpills(*parseLauncherArgs(A));
  };
  EXPECT_TRUE(Spills({}));
  EXPECT_TRUE(Spills({"--checks=-*,warplint-register-spill"}));
  EXPECT_FALSE(Spills({"--checks=warplint-occupancy"}));
  EXPECT_TRUE(Spills({"--checks=[broken"})); // warplint reports that one
}
