// Unit tests of the parts of the analysis that read a Clang AST, which the
// lit tests reach only end to end: the index of a translation unit
// (warplint/Analysis/TUIndex.h), the values the code fixes
// (warplint/Analysis/ValueEngine.h) and the discovery of shared-memory
// accesses (warplint/Analysis/SharedAccess.h). Each parses a small CUDA
// file against the mock header of test/Inputs.
#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/ArchConditionals.h"
#include "warplint/Analysis/BankConflicts.h"
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Analysis/CheckRegistry.h"
#include "warplint/Analysis/LaunchShapes.h"
#include "warplint/Analysis/SharedAccess.h"
#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEngine.h"
#include "warplint/Checks/AllChecks.h"
#include "warplint/Core/Options.h"
#include "warplint/Pipeline/PreludeCache.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace warplint;

namespace {

std::unique_ptr<ASTUnit> parse(llvm::StringRef Code) {
  std::vector<std::string> Args = {"-x",
                                   "cuda",
                                   "-nocudainc",
                                   "-nocudalib",
                                   "--cuda-host-only",
                                   "--cuda-gpu-arch=sm_80",
                                   "-Wno-unknown-cuda-version",
                                   "-resource-dir",
                                   WARPLINT_CLANG_RESOURCE_DIR,
                                   "-isystem",
                                   WARPLINT_TEST_INPUTS};
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      ("#include <cuda.h>\n" + Code).str(), Args, "input.cu");
  EXPECT_TRUE(AST);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  return AST;
}

const FunctionDecl *named(const TUIndex &I, llvm::StringRef Name) {
  for (const FunctionDecl *F : I.DeviceFunctions)
    if (functionName(F) == Name)
      return F;
  return nullptr;
}

} // namespace

TEST(PreludeCacheTest, LeadingDirectives) {
  using V = std::vector<std::string>;
  auto Lines = [](StringRef Text, bool Header = false) {
    return leadingDirectives(Text, Header).Lines;
  };
  // Comments (line, block, over lines) and blank lines between them; the
  // list ends at the first line that is anything else; an include with
  // quotes ends it and is named.
  LeadingDirectives D =
      leadingDirectives("// A kernel.\n/* two\n lines */\n\n"
                        "#include <stdio.h>\n"
                        "  #  include   <cuda/std/cstdint>  \n"
                        "/* x */ #include <cooperative_groups.h>\n"
                        "#define ENABLE_BF16\n#  undef  NDEBUG\n"
                        "#include \"mine.h\"\n#include <late.h>\n");
  EXPECT_EQ(D.Lines, V({"#include <stdio.h>", "#include <cuda/std/cstdint>",
                        "#include <cooperative_groups.h>",
                        "#define ENABLE_BF16", "#undef NDEBUG"}));
  EXPECT_EQ(D.Quoted, "mine.h");
  // Definitions of one line are kept in their place; what could change
  // what the includes mean otherwise ends it: a conditional, a continued
  // line, a comment after the name or in a definition, a token.
  EXPECT_EQ(Lines("#define X 1\n#include <a.h>\n"),
            V({"#define X 1", "#include <a.h>"}));
  EXPECT_EQ(Lines("#include <a.h>\n#ifdef X\n#include <b.h>\n"),
            V{"#include <a.h>"});
  EXPECT_EQ(Lines("#include <a.h> \\\n#include <b.h>\n"), V{});
  EXPECT_EQ(Lines("#include <a.h> // why\n"), V{});
  EXPECT_EQ(Lines("#define X 1 // why\n#include <a.h>\n"), V{});
  EXPECT_EQ(Lines("#define X \\\n 1\n#include <a.h>\n"), V{});
  EXPECT_EQ(Lines("#define 1\n"), V{});
  EXPECT_EQ(Lines("#include <>\n"), V{});
  EXPECT_EQ(Lines("int x;\n#include <a.h>\n"), V{});
  EXPECT_EQ(Lines(""), V{});
  EXPECT_EQ(leadingDirectives("#include \"a.h\" x\n").Quoted, "");
  // A header's guard or #pragma once at its start is passed over; a guard
  // with a reserved name (a system header's) or another definition after
  // the #ifndef is not a guard; a source's guard-like lines end the list.
  EXPECT_EQ(Lines("#pragma once\n#include <a.h>\n", true), V{"#include <a.h>"});
  EXPECT_EQ(Lines("#ifndef COMMON_H\n#define COMMON_H\n#include <a.h>\n", true),
            V{"#include <a.h>"});
  EXPECT_EQ(Lines("#ifndef _A_H\n#define _A_H\n#include <a.h>\n", true), V{});
  EXPECT_EQ(Lines("#ifndef A_H\n#define B_H\n#include <a.h>\n", true), V{});
  EXPECT_EQ(Lines("#pragma once\n#include <a.h>\n"), V{});
  // A header included with quotes that is not the user's is taken as a
  // system header, in its place; the next one that is ends the list.
  D = leadingDirectives(
      "#include <stdio.h>\n#include \"assert.h\"\n#define X 1\n"
      "#include \"mine.h\"\n#include <late.h>\n",
      false, [](StringRef Name) { return Name != "mine.h"; });
  EXPECT_EQ(D.Lines,
            V({"#include <stdio.h>", "#include <assert.h>", "#define X 1"}));
  EXPECT_EQ(D.Quoted, "mine.h");
}

TEST(ArchConditionalsTest, SameDeviceCodeComparesTheRangesThatHoldIt) {
  // The host side's conditionals: a kernel body at lines 10-30; a range of
  // macro definitions (2-4), one of statements in the body (12-14), one
  // declaring a device function (40-44).
  ArchConditionals Host;
  SourceSpan Macros{"k.cu", 2, 1, 4, 7}, InBody{"k.cu", 12, 1, 14, 7},
      Declares{"k.cu", 40, 1, 44, 7}, Includes{"k.cu", 50, 1, 52, 7};
  Host.DeviceBodies = {{"k.cu", 10, 40, 30, 1}};
  Host.Skipped = {Macros, InBody, Declares};
  Host.SkippedDeviceText = {Declares};
  // The device side skips the same: the same code.
  ArchConditionals Device = Host;
  Device.DeviceBodies.clear();
  EXPECT_TRUE(sameDeviceCode(Host, Device));
  // It chooses another macro value: still the same device code.
  Device.Skipped = {InBody, Declares};
  EXPECT_TRUE(sameDeviceCode(Host, Device));
  // It keeps the statements of the kernel body, or the declarations.
  Device.Skipped = {Macros, Declares};
  EXPECT_FALSE(sameDeviceCode(Host, Device));
  Device.Skipped = {Macros, InBody};
  EXPECT_FALSE(sameDeviceCode(Host, Device));
  // It skips what the host side kept: device text of its own, or part of a
  // kernel body the host side parsed.
  Device.Skipped = {Macros, InBody, Declares, Includes};
  Device.SkippedDeviceText = {Declares, Includes};
  EXPECT_FALSE(sameDeviceCode(Host, Device));
  Device.Skipped = {Macros, InBody, Declares, {"k.cu", 20, 1, 22, 7}};
  Device.SkippedDeviceText = {Declares};
  EXPECT_FALSE(sameDeviceCode(Host, Device));
  // In another file, the same lines are other code.
  Device.Skipped = {Macros, InBody, Declares, {"other.cu", 20, 1, 22, 7}};
  EXPECT_TRUE(sameDeviceCode(Host, Device));
}

TEST(TUIndexTest, KernelsCallsAndLaunches) {
  auto AST = parse(R"(
__device__ int twice(int x) { return 2 * x; }
template <int N> __global__ void __launch_bounds__(N) tk(int *p) {
  p[0] = twice(N);
}
__global__ void k(int *p) { p[threadIdx.x] = twice(1); }
void host(int *p, int n) {
  tk<128><<<1, 128>>>(p);
  k<<<n, dim3(16, 8)>>>(p);
  void *args[] = {&p};
  cudaLaunchKernel((void *)k, dim3(1), dim3(n), args, 0, 0);
}
)");
  TUIndex I(AST->getASTContext(), {});
  // The template's instantiation, not the template.
  EXPECT_TRUE(named(I, "tk<128>"));
  EXPECT_TRUE(named(I, "k"));
  EXPECT_TRUE(named(I, "twice"));
  EXPECT_EQ(I.DeviceFunctions.size(), 3u);
  EXPECT_EQ(I.BoundedKernels.size(), 1u);
  // twice is called from both kernels.
  unsigned Calls = 0;
  for (const TUIndex::DeviceCall &C : I.DeviceCalls)
    Calls += functionName(C.Callee) == "twice";
  EXPECT_EQ(Calls, 2u);

  ASSERT_EQ(I.Launches.size(), 3u);
  ValueEngine Values(AST->getASTContext());
  auto BlockOf = [&](const LaunchSite &S) {
    return launchBlock(Values, S, Assumptions::hostIn(S.Enclosing));
  };
  EXPECT_EQ(I.Launches[0].How, LaunchSite::TripleChevron);
  EXPECT_EQ(functionName(I.Launches[0].Kernel), "tk<128>");
  auto D0 = BlockOf(I.Launches[0]);
  ASSERT_TRUE(D0);
  EXPECT_EQ(D0->X, 128u);
  auto D1 = BlockOf(I.Launches[1]);
  ASSERT_TRUE(D1);
  EXPECT_EQ(D1->X, 16u);
  EXPECT_EQ(D1->Y, 8u);
  EXPECT_EQ(D1->Z, 1u);
  EXPECT_EQ(I.Launches[2].How, LaunchSite::LaunchKernel);
  EXPECT_EQ(I.Launches[2].Api, "cudaLaunchKernel");
  // A block size the host reads at run time has no value.
  EXPECT_FALSE(BlockOf(I.Launches[2]));
}

TEST(ValueEngineTest, ReachingDefinitionsAndBranches) {
  auto AST = parse(R"(
__global__ void k() {}
void host(bool big) {
  int t = 64;
  t = t * 4;
  k<<<1, t>>>();
  int u = 32;
  if (big)
    u = 1024;
  k<<<1, u>>>();
}
)");
  TUIndex I(AST->getASTContext(), {});
  ASSERT_EQ(I.Launches.size(), 2u);
  ValueEngine Values(AST->getASTContext());
  auto BlockOf = [&](const LaunchSite &S) {
    return launchBlock(Values, S, Assumptions::hostIn(S.Enclosing));
  };
  auto T = BlockOf(I.Launches[0]);
  ASSERT_TRUE(T);
  EXPECT_EQ(T->X, 256u);
  // Either of two values: not one the evaluator may give.
  EXPECT_FALSE(BlockOf(I.Launches[1]));
}

TEST(SharedAccessTest, FindsEachAccessWithItsKindAndWidth) {
  auto AST = parse(R"(
__global__ void k(float *out) {
  __shared__ float s[32][33];
  __shared__ double d[64];
  float *q = &s[0][0];
  s[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];
  d[threadIdx.x] += 1.0;
  out[0] = q[threadIdx.x];
  float local[4];
  local[threadIdx.x % 4] = 0;
}
)");
  ASTContext &Ctx = AST->getASTContext();
  TUIndex I(Ctx, {});
  const FunctionDecl *K = named(I, "k");
  ASSERT_TRUE(K);
  ValueEngine Values(Ctx);
  SharedAccessFinder Finder(Values);
  std::vector<SharedAccess> A = Finder.find(K);
  // The two accesses of s and the read through q (which points into s),
  // the read-modify-write of d; not the global memory of the kernel's
  // parameter, nor the local array.
  unsigned OfS = 0, OfD = 0;
  for (const SharedAccess &X : A) {
    ASSERT_TRUE(X.Root);
    if (X.Root->getName() == "s") {
      ++OfS;
      EXPECT_EQ(X.Bytes, 4u);
    } else if (X.Root->getName() == "d") {
      ++OfD;
      EXPECT_EQ(X.How, SharedAccess::LoadStore);
      EXPECT_EQ(X.Bytes, 8u);
    }
  }
  EXPECT_EQ(OfS, 3u);
  EXPECT_EQ(OfD, 1u);
  EXPECT_EQ(A.size(), 4u);
}

TEST(SharedAccessTest, ArraysWhoseElementsAreOnlyReadAndWrittenInOneFunction) {
  // The bank analysis drops the kept lowerings of such an array once its
  // function has no conflict on it: nothing outside the function can
  // reach it.
  auto AST = parse(R"(
__device__ float use(float &x) { return x; }
__device__ float usePtr(const float *p) { return p[threadIdx.x]; }
extern __shared__ float dyn[];
__global__ void k(float *out) {
  __shared__ float plain[64];
  __shared__ float tile[32][33];
  __shared__ float byRef[64];
  __shared__ float byPtr[64];
  __shared__ float half[32][33];
  __shared__ float bound[64];
  __shared__ float2 vec[64];
  __shared__ float pre[64];
  plain[threadIdx.x] = out[threadIdx.x];
  plain[threadIdx.x] += (plain[threadIdx.x + 1]);
  plain[threadIdx.x]++;
  tile[threadIdx.y][threadIdx.x] = plain[threadIdx.x];
  out[0] = tile[threadIdx.x][threadIdx.y];
  byRef[threadIdx.x] = 0;
  out[1] = use(byRef[threadIdx.x]);
  out[2] = usePtr(byPtr);
  out[3] = usePtr(half[threadIdx.x]);
  float &r = bound[threadIdx.x];
  r = 1;
  vec[threadIdx.x].x = 1;
  ++pre[threadIdx.x];
  dyn[threadIdx.x] = 1;
}
__global__ void k2(float *out) { dyn[threadIdx.x] = out[0]; }
)");
  ASTContext &Ctx = AST->getASTContext();
  TUIndex I(Ctx, {});
  const FunctionDecl *K = named(I, "k");
  ASSERT_TRUE(K);
  ValueEngine Values(Ctx);
  SharedAccessFinder Finder(Values);
  auto Only = [&](llvm::StringRef Name) {
    for (const auto &[V, Refs] : I.SharedRefs)
      if (V->getName() == Name)
        return Finder.elementsOnlyIn(V, K, Refs);
    ADD_FAILURE() << "no references of " << Name.str();
    return false;
  };
  EXPECT_TRUE(Only("plain"));
  EXPECT_TRUE(Only("tile"));
  // A reference or a pointer to it leaves the expression.
  EXPECT_FALSE(Only("byRef"));
  EXPECT_FALSE(Only("byPtr"));
  EXPECT_FALSE(Only("half"));
  EXPECT_FALSE(Only("bound"));
  EXPECT_FALSE(Only("pre"));
  // Not a scalar element; used in another function too.
  EXPECT_FALSE(Only("vec"));
  EXPECT_FALSE(Only("dyn"));
}

TEST(AnalyzerTest, FindingsKeepTheirPropertiesOnlyWhenAsked) {
  // The compiler front ends print diagnostics and set
  // FindingProperties = false: the same findings, without the numbers
  // JSON and SARIF output carry.
  auto AST = parse(R"(
__global__ void k(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = out[threadIdx.x];
}
void host(float *p) { k<<<1, dim3(32, 32)>>>(p); }
)");
  CheckRegistry Checks;
  registerAllChecks(Checks);
  Options Opts;
  AnalysisResult With =
      analyzeTranslationUnit(AST->getASTContext(), Checks, Opts);
  Opts.FindingProperties = false;
  AnalysisResult Without =
      analyzeTranslationUnit(AST->getASTContext(), Checks, Opts);
  ASSERT_EQ(With.Findings.size(), Without.Findings.size());
  bool Conflict = false;
  for (size_t I = 0; I < With.Findings.size(); ++I) {
    EXPECT_EQ(With.Findings[I].Message, Without.Findings[I].Message);
    EXPECT_TRUE(Without.Findings[I].Properties.empty());
    if (With.Findings[I].Check == CheckId::BankConflict) {
      Conflict = true;
      EXPECT_TRUE(With.Findings[I].Properties.get("degree"))
          << With.Findings[I].Message;
    }
  }
  EXPECT_TRUE(Conflict);
}

/// A finding as text: its place, check, message, notes and fix-its.
std::string findingText(const AstFinding &F, const SourceManager &SM) {
  std::string S = std::to_string(SM.getExpansionLineNumber(F.Loc)) + ":" +
                  std::to_string(SM.getExpansionColumnNumber(F.Loc)) + " " +
                  std::to_string(unsigned(F.Check)) + " " + F.Message;
  for (const AstNote &N : F.Notes) {
    S += "\n  note " + std::to_string(SM.getExpansionLineNumber(N.Loc)) + ": " +
         N.Message;
    for (const AstFixIt &X : N.FixIts)
      S += " [fix-it '" + X.Text + "']";
  }
  return S;
}

TEST(AnalyzerTest, StreamedBankReportsGiveTheSameFindings) {
  // The compiler front ends set StreamBankReports: the bank check reports
  // the accesses of a function as soon as nothing later can change them
  // and the analysis drops them. Arrays used by one function are settled
  // there; an array two kernels use (dyn), or one passed to a device
  // function (rows), waits for the end of the file. The findings, their
  // notes and fix-its, and the coverage of the accesses are the same.
  auto AST = parse(R"(
extern __shared__ float dyn[];
__device__ float rowSum(float (*rows)[32]) {
  return rows[threadIdx.x][0];
}
__global__ void alone(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = out[threadIdx.x];
  out[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
__global__ void viaCall(float *out) {
  __shared__ float rows[32][32];
  rows[threadIdx.y][threadIdx.x] = 1;
  out[threadIdx.x] = rowSum(rows);
}
__shared__ float g[32][32];
__global__ void gA(float *out) { out[threadIdx.x] = g[threadIdx.x][0]; }
__global__ void gB(float *out) { out[threadIdx.x] = g[threadIdx.x][threadIdx.x]; }
__global__ void first(float *out) { dyn[threadIdx.x * 2] = out[0]; }
__global__ void second(float *out) { out[0] = dyn[threadIdx.x * 4]; }
template <int S> __global__ void strided(float *out) {
  __shared__ float s[32 * S];
  out[threadIdx.x] = s[threadIdx.x * S];
}
__global__ void unknown(float *out, int *idx) {
  __shared__ float u[1024];
  out[threadIdx.x] = u[idx[threadIdx.x]];
}
__global__ void assumed(float *out) {
  __shared__ float a[64];
  out[threadIdx.x] = a[threadIdx.x * 2];
}
void host(float *p) {
  alone<<<1, dim3(32, 32)>>>(p);
  viaCall<<<1, dim3(32, 32)>>>(p);
  first<<<1, 32, 4096>>>(p);
  second<<<1, 32, 4096>>>(p);
  strided<2><<<1, 32>>>(p);
  strided<4><<<1, 32>>>(p);
  unknown<<<1, 32>>>(p, nullptr);
  gA<<<1, 32>>>(p);
  gB<<<1, 32>>>(p);
}
)");
  ASTContext &Ctx = AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  CheckRegistry Checks;
  registerAllChecks(Checks);
  Options Opts;
  Opts.FindingProperties = false;
  AnalysisResult Kept = analyzeTranslationUnit(Ctx, Checks, Opts);
  Opts.StreamBankReports = true;
  AnalysisResult Streamed = analyzeTranslationUnit(Ctx, Checks, Opts);
  std::string KeptText, StreamedText;
  for (const AstFinding &F : Kept.Findings)
    KeptText += findingText(F, SM) + "\n";
  for (const AstFinding &F : Streamed.Findings)
    StreamedText += findingText(F, SM) + "\n";
  EXPECT_EQ(KeptText, StreamedText);
  // What the test is about: conflicts with fixes, on every kind of array.
  EXPECT_NE(KeptText.find("fix-it"), std::string::npos) << KeptText;
  EXPECT_NE(KeptText.find("'dyn["), std::string::npos) << KeptText;
  EXPECT_NE(KeptText.find("'rows["), std::string::npos) << KeptText;
  EXPECT_NE(KeptText.find("strided<4>"), std::string::npos) << KeptText;
  EXPECT_NE(KeptText.find("'g[threadIdx.x][0]'"), std::string::npos)
      << KeptText;
  const AccessCoverage &A = Kept.Accesses, &B = Streamed.Accesses;
  EXPECT_EQ(A.Total, B.Total);
  EXPECT_EQ(A.WithDegree, B.WithDegree);
  EXPECT_EQ(A.AssumedOnly, B.AssumedOnly);
  EXPECT_EQ(A.Unknown, B.Unknown);
  EXPECT_GT(A.Unknown, 0u);
  EXPECT_GT(A.AssumedOnly, 0u);
  auto Notes = [&](const AccessCoverage &C) {
    std::vector<std::string> Out;
    for (const auto &[Loc, Text] : C.Notes)
      Out.push_back(std::to_string(SM.getExpansionLineNumber(Loc)) + " " +
                    Text);
    llvm::sort(Out);
    return Out;
  };
  EXPECT_EQ(Notes(A), Notes(B));

  // Which reports the analysis settled as it went, and which it kept.
  TUIndex I(Ctx, {});
  Options StreamOpts;
  CheckContext C(I, StreamOpts, &Checks);
  C.StreamBankReports = true;
  std::vector<std::string> Settled;
  BankConflictAnalysis &Bank =
      C.bankConflicts([&](BankConflictAnalysis &An, size_t B, size_t E) {
        for (size_t J = B; J < E; ++J)
          Settled.push_back(An.reports()[J].Text);
      });
  std::vector<std::string> Left;
  for (const AccessReport &R : Bank.reports())
    Left.push_back(R.Text);
  auto Has = [](const std::vector<std::string> &V, llvm::StringRef T) {
    return llvm::is_contained(V, T.str());
  };
  EXPECT_TRUE(Has(Settled, "tile[threadIdx.x][threadIdx.y]"));
  EXPECT_TRUE(Has(Settled, "u[idx[threadIdx.x]]"));
  EXPECT_TRUE(Has(Left, "dyn[threadIdx.x * 2]"));
  EXPECT_TRUE(Has(Left, "dyn[threadIdx.x * 4]"));
  EXPECT_TRUE(Has(Left, "rows[threadIdx.y][threadIdx.x]"));
  EXPECT_FALSE(Has(Settled, "dyn[threadIdx.x * 2]"));
  EXPECT_FALSE(Has(Settled, "rows[threadIdx.y][threadIdx.x]"));
  EXPECT_TRUE(Has(Left, "g[threadIdx.x][0]"));

  // Once a file has spent half its steps (StreamSteps) it hands nothing
  // more over: the fixes searched for the notes would spend what its
  // accesses may need. With a bound of one step, only what the first
  // function with accesses settles before spending any can be.
  ValueEngine TightValues(Ctx);
  BankAnalysisSettings Tight;
  Tight.StreamSteps = 1;
  BankConflictAnalysis TightBank(I, TightValues, LaunchExchange(), Tight);
  size_t HandedOver = 0, Calls = 0;
  TightBank.run([&](size_t B, size_t E) {
    HandedOver += E - B;
    ++Calls;
  });
  EXPECT_LE(Calls, 1u);
  EXPECT_LT(HandedOver, Settled.size());
  EXPECT_EQ(HandedOver + TightBank.reports().size(),
            Settled.size() + Left.size());
}

TEST(TUIndexTest, TheFieldsOfALaunchConfiguration) {
  auto AST = parse(R"(
__global__ void k(float *p) {}
void host(float *p, int n) {
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(64, 2);
  cfg.dynamicSmemBytes = 4096;
  cudaLaunchKernelEx(&cfg, k, p);
  cfg.dynamicSmemBytes = n;
  cudaLaunchKernelEx(&cfg, k, p);
}
)");
  ASTContext &Ctx = AST->getASTContext();
  TUIndex I(Ctx, {});
  ASSERT_EQ(I.Launches.size(), 2u);
  ValueEngine Values(Ctx);
  for (const LaunchSite &S : I.Launches) {
    EXPECT_EQ(S.How, LaunchSite::LaunchKernelEx);
    auto D = launchBlock(Values, S, Assumptions::hostIn(S.Enclosing));
    ASSERT_TRUE(D);
    EXPECT_EQ(D->X * D->Y, 128u);
  }
  // The value each launch reads: the assignment that reaches it.
  const Expr *First =
      launchConfigField(Values, I.Launches[0], "dynamicSmemBytes");
  ASSERT_TRUE(First);
  Assumptions InHost = Assumptions::hostIn(I.Launches[0].Enclosing);
  auto V = Values.integer(First, InHost);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->getExtValue(), 4096);
  const Expr *Second =
      launchConfigField(Values, I.Launches[1], "dynamicSmemBytes");
  ASSERT_TRUE(Second);
  EXPECT_FALSE(Values.integer(Second, InHost));
  EXPECT_FALSE(launchConfigField(Values, I.Launches[0], "noSuchField"));
}
