// Unit tests of the parts of the analysis that read a Clang AST, which the
// lit tests reach only end to end: the index of a translation unit
// (warplint/Analysis/TUIndex.h), the values the code fixes
// (warplint/Analysis/ValueEval.h) and the discovery of shared-memory
// accesses (warplint/Analysis/SharedAccess.h). Each parses a small CUDA
// file against the mock header of test/Inputs.
#include "warplint/Analysis/SharedAccess.h"
#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEval.h"

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
  ValueEvaluator Eval(AST->getASTContext());
  EXPECT_EQ(I.Launches[0].How, LaunchSite::TripleChevron);
  EXPECT_EQ(functionName(I.Launches[0].Kernel), "tk<128>");
  auto D0 = I.Launches[0].blockDim(Eval);
  ASSERT_TRUE(D0);
  EXPECT_EQ(D0->X, 128u);
  auto D1 = I.Launches[1].blockDim(Eval);
  ASSERT_TRUE(D1);
  EXPECT_EQ(D1->X, 16u);
  EXPECT_EQ(D1->Y, 8u);
  EXPECT_EQ(D1->Z, 1u);
  EXPECT_EQ(I.Launches[2].How, LaunchSite::LaunchKernel);
  EXPECT_EQ(I.Launches[2].Api, "cudaLaunchKernel");
  // A block size the host reads at run time has no value.
  EXPECT_FALSE(I.Launches[2].blockDim(Eval));
}

TEST(ValueEvalTest, ReachingDefinitionsAndBranches) {
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
  ValueEvaluator Eval(AST->getASTContext());
  auto T = I.Launches[0].blockDim(Eval);
  ASSERT_TRUE(T);
  EXPECT_EQ(T->X, 256u);
  // Either of two values: not one the evaluator may give.
  EXPECT_FALSE(I.Launches[1].blockDim(Eval));
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
  ValueEvaluator Eval(Ctx);
  SharedAccessFinder Finder(Ctx, Eval);
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
  ValueEvaluator Eval(Ctx);
  for (const LaunchSite &S : I.Launches) {
    EXPECT_EQ(S.How, LaunchSite::LaunchKernelEx);
    auto D = S.blockDim(Eval);
    ASSERT_TRUE(D);
    EXPECT_EQ(D->X * D->Y, 128u);
  }
  // The value each launch reads: the assignment that reaches it.
  const Expr *First = I.Launches[0].configField(Eval, "dynamicSmemBytes");
  ASSERT_TRUE(First);
  auto V = Eval.evalInt(First);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->getExtValue(), 4096);
  const Expr *Second = I.Launches[1].configField(Eval, "dynamicSmemBytes");
  ASSERT_TRUE(Second);
  EXPECT_FALSE(Eval.evalInt(Second));
  EXPECT_FALSE(I.Launches[0].configField(Eval, "noSuchField"));
}
