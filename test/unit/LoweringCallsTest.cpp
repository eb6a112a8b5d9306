// Calls in the lowering (lib/Analysis/LowerCalls.cpp, Lowering::callValue,
// returnValue, parameter, and the lambda and function-object rules): values
// returned by device functions, the parameters of a function reached by a
// chain of calls from a kernel, recursion and the call-depth limit,
// lambdas (captures by copy, by reference, init captures, generic
// lambdas), function objects and `this`. Line numbers in reasons count the
// line of `R"(` as 1.
#include "AnalysisTestSupport.h"
#include "gtest/gtest.h"

using namespace warplint::test;

namespace {

// ---- returned values -------------------------------------------------------

TEST(LoweringCallsTest, TheValueACallReturns) {
  EXPECT_EQ(lowered(R"(
__device__ int twice(int x) { return 2 * x; }
__global__ void k() {
  __shared__ int s[1024];
  s[twice(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(2 * (i32)threadIdx.x) * 4))");
  EXPECT_EQ(lowered(R"(
__device__ int one(int x) { return x + 1; }
__global__ void k() {
  __shared__ int s[1024];
  s[one(one(threadIdx.x))] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(((i32)threadIdx.x + 1) + 1) * 4))");
  // Local variables of the callee, in its own frame.
  EXPECT_EQ(lowered(R"(
__device__ int f(int x) {
  int r = x * 2;
  r += 1;
  return r;
}
__global__ void k() {
  __shared__ float s[1024];
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(((i32)threadIdx.x * 2) + 1) * 4))");
}

TEST(LoweringCallsTest, IfReturnChainsAreSelects) {
  EXPECT_EQ(lowered(R"(
__device__ int pick(int x) {
  if (x < 16)
    return x;
  return x - 16;
}
__global__ void k() {
  __shared__ int s[1024];
  s[pick(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(((i32)threadIdx.x < 16) ? "
            "(i32)threadIdx.x : ((i32)threadIdx.x - 16)) * 4))");
  EXPECT_EQ(lowered(R"(
__device__ int pick(int x) {
  if (x < 16)
    return x;
  else
    return 0;
}
__global__ void k() {
  __shared__ int s[1024];
  s[pick(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(((i32)threadIdx.x < 16) ? "
            "(i32)threadIdx.x : 0) * 4))");
}

TEST(LoweringCallsTest, SwitchReturnsAreSelects) {
  // An unknown value: a Select per case, the default last; labels that
  // share a body share its value.
  EXPECT_EQ(lowered(R"(
__device__ int pick(int x) {
  switch (x % 4) {
  case 0:
  case 2:
    return x;
  case 1:
    return 2 * x;
  default:
    return 0;
  }
}
__global__ void k() {
  __shared__ int s[1024];
  s[pick(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((((i32)threadIdx.x % 4) == 0) ? "
            "(i32)threadIdx.x : ((((i32)threadIdx.x % 4) == 2) ? "
            "(i32)threadIdx.x : ((((i32)threadIdx.x % 4) == 1) ? "
            "(2 * (i32)threadIdx.x) : 0))) * 4))");
  // A break goes on after the switch (the argument 5 is the parameter's
  // value, which the model folds; a constant in the condition itself
  // takes its case alone, the lit test returns-switch.cu).
  EXPECT_EQ(lowered(R"(
__device__ int pick(int x, int m) {
  switch (m) {
  case 5:
    break;
  default:
    return x;
  }
  return 3 * x;
}
__global__ void k() {
  __shared__ int s[1024];
  s[pick(threadIdx.x, 5)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((5 == 5) ? (3 * (i32)threadIdx.x) "
            ": (i32)threadIdx.x) * 4))");
  // A break under a condition is not followed.
  EXPECT_EQ(lowered(R"(
__device__ int pick(int x) {
  switch (x) {
  case 1:
    if (x > 0)
      break;
    return x;
  default:
    return 0;
  }
  return 1;
}
__global__ void k() {
  __shared__ int s[1024];
  s[pick(threadIdx.x)] = 0; // ACCESS
}
)"),
            "unknown: a return in a switch the analysis does not follow on "
            "line 3");
}

TEST(LoweringCallsTest, ReturnsTheAnalysisDoesNotFollow) {
  EXPECT_EQ(lowered(R"(
__device__ int pick(int x) {
  int r = 0;
  for (int i = 0; i < 4; ++i)
    if (i == x) return i;
  return r;
}
__global__ void k() {
  __shared__ int s[1024];
  s[pick(threadIdx.x)] = 0; // ACCESS
}
)"),
            "unknown: a return the analysis does not follow on line 4");
  EXPECT_EQ(lowered(R"(
__device__ int f(int x) {
  if (x > 3) {
    return 1;
  }
}
__global__ void k() {
  __shared__ float s[1024];
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "unknown: 'f' can end without returning a value");
}

TEST(LoweringCallsTest, CallsThatAreNotFollowed) {
  EXPECT_EQ(lowered(R"(
__device__ int fact(int x) { return x ? x * fact(x - 1) : 1; }
__global__ void k() {
  __shared__ int s[1024];
  s[fact(threadIdx.x)] = 0; // ACCESS
}
)"),
            "unknown: a recursive call of 'fact'");
  EXPECT_EQ(lowered(R"(
__device__ int ext(int x);
__global__ void k() {
  __shared__ int s[1024];
  s[ext(threadIdx.x)] = 0; // ACCESS
}
)"),
            "unknown: a call of 'ext', whose body is not in this file");
  EXPECT_EQ(lowered(R"(
__device__ int (*fp)(int);
__global__ void k() {
  __shared__ int s[1024];
  s[fp(threadIdx.x)] = 0; // ACCESS
}
)"),
            "unknown: a call through a function pointer in the address");
  EXPECT_EQ(lowered(R"(
__device__ int f(int x, ...) { return x; }
__global__ void k() {
  __shared__ float s[1024];
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "unknown: a call of 'f' the analysis does not follow");
}

TEST(LoweringCallsTest, APointerAFunctionReturns) {
  EXPECT_EQ(lowered(R"(
__device__ float *sh() {
  __shared__ float s[64];
  return s;
}
__global__ void k(float *out) {
  out[0] = sh()[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)threadIdx.x * 4))");
  // SharedMemory<T>'s conversion operator, as in CUDA's samples.
  EXPECT_EQ(lowered(R"(
template <class T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
__global__ void k(float *out) {
  float *s = SharedMemory<float>();
  out[0] = s[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: (&__smem + ((i64)threadIdx.x * 4))");
}

// A helper that returns a pointer or a reference derived from its
// parameters or its object (`row(s, r)[c]`, `at(s, i)`, a member function
// returning `p[i]`): RootFinder::ofReturns leaves the root to the lowering,
// which follows the parameters to the arguments.
TEST(LoweringCallsTest, APointerDerivedFromAParameterAndReturned) {
  EXPECT_EQ(lowered(R"(
__device__ float *row(float *base, int r) { return base + r * 32; }
__global__ void k(float *out) {
  __shared__ float s[1024];
  out[0] = row(s, threadIdx.y)[threadIdx.x]; // ACCESS
}
)"),
            "load 4 bytes: ((&s + ((i64)((i32)threadIdx.y * 32) * 4)) + "
            "((i64)threadIdx.x * 4))");
}
TEST(LoweringCallsTest, AReferenceDerivedFromAParameterAndReturned) {
  EXPECT_EQ(lowered(R"(
__device__ float &at(float *base, int i) { return base[i]; }
__global__ void k(float *out) {
  __shared__ float s[1024];
  out[0] = at(s, threadIdx.x); // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)(i32)threadIdx.x * 4))");
}
TEST(LoweringCallsTest, AReferenceAMemberFunctionReturns) {
  EXPECT_EQ(lowered(R"(
struct Tile {
  float *p;
  int stride;
  __device__ float &at(int r, int c) { return p[r * stride + c]; }
};
__global__ void k(float *out) {
  __shared__ float s[1024];
  Tile t{s, 33};
  out[0] = t.at(threadIdx.y, threadIdx.x); // ACCESS
}
)"),
            "load 4 bytes: (&s + ((i64)(((i32)threadIdx.y * 33) + "
            "(i32)threadIdx.x) * 4))");
}

TEST(LoweringCallsTest, AnAccessThroughThisInAMemberFunction) {
  // `d[r][c]` in Tile::set's body: the object is the one each call is
  // made on (a shared Tile here), as a pointer parameter's argument.
  EXPECT_EQ(
      lowered(R"(
struct Tile {
  float d[32][32];
  __device__ void set(int r, int c, float v) {
    d[r][c] = v; // ACCESS
  }
};
__global__ void k() {
  __shared__ Tile t;
  t.set(threadIdx.x, 1, 0.f);
}
)"),
      "store 4 bytes: (((&t + 0) + ((i64)(i32)threadIdx.x * 128)) + (1 * 4))");
  // Called on an object in local memory only: not shared memory, unlisted.
  EXPECT_EQ(lowered(R"(
struct Acc {
  float v[4];
  __device__ void add(int i, float x) {
    v[i] += x; // ACCESS
  }
};
__global__ void k(float *out) {
  Acc a = {};
  a.add(threadIdx.x % 4, 1.f);
  out[0] = a.v[0];
}
)"),
            "not shared");
}

// ---- parameters along chains of calls --------------------------------------

TEST(LoweringCallsTest, AParameterIsItsArgument) {
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int i) {
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  store(s, threadIdx.x * 2);
}
)"),
            "store 4 bytes: (&s + ((i64)(i32)(threadIdx.x * 2) * 4))");
  // Changed in the callee.
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int i) {
  i += 1;
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  store(s, threadIdx.x);
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x + 1) * 4))");
  // A default argument.
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int i = 5) {
  p[i + threadIdx.x] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  store(s);
}
)"),
            "store 4 bytes: (&s + ((i64)(5 + threadIdx.x) * 4))");
}

TEST(LoweringCallsTest, AChainOfCallsFromAKernel) {
  EXPECT_EQ(lowered(R"(
__device__ void inner(float *p, int i) {
  p[i] = 0; // ACCESS
}
__device__ void mid(float *p, int i) { inner(p, i + 1); }
__device__ void outer(float *p, int i) { mid(p, i * 2); }
__global__ void k() {
  __shared__ float s[1024];
  outer(s, threadIdx.x);
}
)"),
            "store 4 bytes: (&s + ((i64)(((i32)threadIdx.x * 2) + 1) * 4))");
}

TEST(LoweringCallsTest, APointerParameterGivenGlobalMemory) {
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int i) {
  p[i] = 0; // ACCESS
}
__global__ void k(float *g) {
  store(g, threadIdx.x * 2);
}
)"),
            "not shared");
}

TEST(LoweringCallsTest, AFunctionNoKernelReaches) {
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int i) {
  p[i] = 0; // ACCESS
}
)"),
            "unknown: 'p' is a parameter of a device function with no caller "
            "in this file");
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int i) {
  p[i] = 0; // ACCESS
}
__device__ void caller(float *p) { store(p, 1); }
)"),
            "unknown: 'p' is a parameter of a device function whose callers no "
            "kernel in this file reaches");
}

TEST(LoweringCallsTest, TheCallDepthLimit) {
  // Thirteen calls from the kernel to f1: one more than the limit.
  EXPECT_EQ(lowered(R"(
__device__ void f1(float *p, int i) {
  p[i] = 0; // ACCESS
}
__device__ void f2(float *p, int i) { f1(p, i); }
__device__ void f3(float *p, int i) { f2(p, i); }
__device__ void f4(float *p, int i) { f3(p, i); }
__device__ void f5(float *p, int i) { f4(p, i); }
__device__ void f6(float *p, int i) { f5(p, i); }
__device__ void f7(float *p, int i) { f6(p, i); }
__device__ void f8(float *p, int i) { f7(p, i); }
__device__ void f9(float *p, int i) { f8(p, i); }
__device__ void f10(float *p, int i) { f9(p, i); }
__device__ void f11(float *p, int i) { f10(p, i); }
__device__ void f12(float *p, int i) { f11(p, i); }
__device__ void f13(float *p, int i) { f12(p, i); }
__global__ void k() {
  __shared__ float s[1024];
  f13(s, threadIdx.x);
}
)"),
            "unknown: 'p' is a parameter of a device function that no chain of "
            "up to 12 calls from a kernel reaches: the analysis reached its "
            "call-depth limit (12 calls, fixed; no option raises it) before "
            "finding a longer one");
}

TEST(LoweringCallsTest, TheBoundOnPartialChains) {
  // Twelve levels of two functions, each calling both of the level below:
  // 2^12 partial chains up from the access, none from a kernel. The search
  // stops at its bound, and says so.
  std::string Code = "__device__ void a0(float *p, int i) {\n"
                     "  p[i] = 0; // ACCESS\n}\n"
                     "__device__ void b0(float *p, int i) { a0(p, i); }\n";
  for (int L = 1; L <= 12; ++L)
    for (char F : {'a', 'b'})
      Code += "__device__ void " + std::string(1, F) + std::to_string(L) +
              "(float *p, int i) { a" + std::to_string(L - 1) + "(p, i); b" +
              std::to_string(L - 1) + "(p, i); }\n";
  EXPECT_EQ(lowered(Code),
            "unknown: 'p' is a parameter of a device function for which no "
            "chain of calls from a kernel was found among the first 4096 "
            "partial chains of its callers (a fixed limit; no option raises "
            "it)");
}

TEST(LoweringCallsTest, AParameterPassedByReference) {
  // A reference to const is its argument's value where the call is made.
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, const int &i) {
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  int t = threadIdx.x;
  store(s, t);
}
)"),
            "store 4 bytes: (&s + ((i64)(i32)threadIdx.x * 4))");
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, const int &i) {
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  store(s, threadIdx.x + 1);
}
)"),
            "store 4 bytes: (&s + ((i64)(i32)(threadIdx.x + 1) * 4))");
  // One the callee may write through: a local of the caller, passed once,
  // holds what it held when the call started until the callee writes it.
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int &i) {
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  int t = threadIdx.x;
  store(s, t);
}
)"),
            "store 4 bytes: (&s + ((i64)(i32)threadIdx.x * 4))");
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int &i) {
  i += 2;
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  int t = threadIdx.x;
  store(s, t);
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x + 2) * 4))");
  // The same variable passed twice (two names of one object), or an
  // object that is not a local of the caller: not followed.
  EXPECT_EQ(lowered(R"(
__device__ void store(float *p, int &i, int &j) {
  j = 5;
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  int t = threadIdx.x;
  store(s, t, t);
}
)"),
            "unknown: 'i' is passed by reference");
  EXPECT_EQ(lowered(R"(
__device__ int g;
__device__ void store(float *p, int &i) {
  p[i] = 0; // ACCESS
}
__global__ void k() {
  __shared__ float s[1024];
  store(s, g);
}
)"),
            "unknown: 'i' is passed by reference");
}

// What a callee writes through a non-const reference is the variable's
// value after the call.
TEST(LoweringCallsTest, AnOutParameter) {
  EXPECT_EQ(lowered(R"(
__device__ void pick(int n, int &i) {
  if (n > 4)
    i = n * 2;
  else
    i = n;
}
__global__ void k() {
  __shared__ float s[1024];
  int t = 0;
  pick(8, t);
  s[threadIdx.x + t] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x + (u32)((8 > 4) ? (8 * 2) "
            ": 8)) * 4))");
  // Not written by the callee: the value before the call.
  EXPECT_EQ(lowered(R"(
__device__ void look(int &i) { int x = i; (void)x; }
__global__ void k() {
  __shared__ float s[1024];
  int t = 3;
  look(t);
  s[threadIdx.x + t] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x + 3) * 4))");
  // A callee that can return early, or whose body is not in the file.
  EXPECT_EQ(lowered(R"(
__device__ void pick(int n, int &i) {
  if (n > 4)
    return;
  i = n;
}
__global__ void k() {
  __shared__ float s[1024];
  int t = 0;
  pick(8, t);
  s[threadIdx.x + t] = 0; // ACCESS
}
)"),
            "unknown: 't' is passed by reference to 'pick' on line 10, which "
            "can return before its end on line 3");
  EXPECT_EQ(lowered(R"(
__device__ void pick(int n, int &i);
__global__ void k() {
  __shared__ float s[1024];
  int t = 0;
  pick(8, t);
  s[threadIdx.x + t] = 0; // ACCESS
}
)"),
            "unknown: 't' has its address taken or is bound to a reference on "
            "line 6");
}

// ---- lambdas ---------------------------------------------------------------

TEST(LoweringCallsTest, ALambdaCalledInTheKernel) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  auto f = [](int i) { return i * 2; };
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x * 2) * 4))");
  // Generic: its parameter has the argument's type.
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  auto f = [](auto i) { return i + 1; };
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(threadIdx.x + 1) * 4))");
}

TEST(LoweringCallsTest, ACaptureByCopyIsTakenWhereTheLambdaIsWritten) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  int base = threadIdx.y * 32;
  auto f = [=](int i) { return base + i; };
  base = 5;
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)(threadIdx.y * 32) + "
            "(i32)threadIdx.x) * 4))");
}

TEST(LoweringCallsTest, ACaptureByReferenceIsTakenWhereTheLambdaIsCalled) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  int base = threadIdx.y * 32;
  auto f = [&](int i) { return base + i; };
  base = 5;
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)(5 + (i32)threadIdx.x) * 4))");
}

TEST(LoweringCallsTest, AnInitCapture) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  auto f = [j = threadIdx.y * 2](int i) { return j + i; };
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((threadIdx.y * 2) + "
            "(u32)(i32)threadIdx.x) * 4))");
}

TEST(LoweringCallsTest, AnAccessInALambda) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  auto f = [&](int i) {
    s[i] = 0; // ACCESS
  };
  f(threadIdx.x + 1);
}
)"),
            "store 4 bytes: (&s + ((i64)(i32)(threadIdx.x + 1) * 4))");
  // Passed to a template that calls it.
  EXPECT_EQ(lowered(R"(
template <typename F> __device__ void apply(F f) { f(threadIdx.x); }
__global__ void k() {
  __shared__ float s[1024];
  apply([&](int i) {
    s[i * 2] = 0; // ACCESS
  });
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x * 2) * 4))");
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  auto f = [&](int i) {
    s[i] = 0; // ACCESS
  };
}
)"),
            "unknown: 'i' is a parameter of a lambda that is not called in "
            "this file");
}

TEST(LoweringCallsTest, ALambdaCopiedOrPassedByReference) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  int base = threadIdx.x;
  auto f = [&]() { return base * 2; };
  auto g = f;
  s[g()] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x * 2) * 4))");
  EXPECT_EQ(lowered(R"(
template <typename F> __device__ int call(F &f) { return f(); }
__global__ void k() {
  __shared__ float s[1024];
  int base = threadIdx.x;
  auto f = [=]() { return base * 2; };
  s[call(f)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x * 2) * 4))");
}

TEST(LoweringCallsTest, AVariableALambdaChanges) {
  EXPECT_EQ(lowered(R"(
__global__ void k() {
  __shared__ float s[1024];
  int n = 0;
  auto f = [&](int i) { n += i; };
  f(1);
  s[n] = 0; // ACCESS
}
)"),
            "unknown: 'n' is changed by a lambda that captures it, on line 5");
}

// ---- function objects and this ----------------------------------------------

TEST(LoweringCallsTest, AFunctionObjectsMembers) {
  EXPECT_EQ(lowered(R"(
struct Idx {
  int off;
  __device__ int operator()(int i) const { return i + off; }
};
__global__ void k() {
  __shared__ float s[1024];
  Idx f{4};
  s[f(threadIdx.x)] = 0; // ACCESS
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x + 4) * 4))");
}

TEST(LoweringCallsTest, ALambdaCapturingThis) {
  EXPECT_EQ(lowered(R"(
struct K {
  int off;
  __device__ void operator()(float *s) const {
    auto f = [this, s](int i) {
      s[i + off] = 0; // ACCESS
    };
    f(threadIdx.x);
  }
};
__global__ void k() {
  __shared__ float s[1024];
  K o{3};
  o(s);
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x + 3) * 4))");
}

// A member function called with `.` on a local object (`t.put(...)`,
// `o.run(s)`) that leaves the object as it is (const, or reading only its
// fields) is a read of the object for the field rule.
TEST(LoweringCallsTest, AConstMemberFunctionLeavesTheObject) {
  EXPECT_EQ(lowered(R"(
struct Tile {
  float *p;
  int stride;
  __device__ void put(int r, int c) const {
    p[r * stride + c] = 0; // ACCESS
  }
};
__global__ void k() {
  __shared__ float s[1024];
  Tile t{s, 33};
  t.put(threadIdx.y, threadIdx.x);
}
)"),
            "store 4 bytes: (&s + ((i64)(((i32)threadIdx.y * 33) + "
            "(i32)threadIdx.x) * 4))");
}
TEST(LoweringCallsTest, DISABLED_AMemberFunctionWhoseLambdaCapturesThis) {
  EXPECT_EQ(lowered(R"(
struct K {
  int off;
  __device__ void run(float *s) {
    auto f = [this, s](int i) {
      s[i + off] = 0; // ACCESS
    };
    f(threadIdx.x);
  }
};
__global__ void k() {
  __shared__ float s[1024];
  K o{3};
  o.run(s);
}
)"),
            "store 4 bytes: (&s + ((i64)((i32)threadIdx.x + 3) * 4))");
}

TEST(LoweringCallsTest, AMemberFunctionCalledThroughAPointer) {
  EXPECT_EQ(lowered(R"(
struct Tile {
  float *p;
  int stride;
  __device__ void put(int r, int c) {
    p[r * stride + c] = 0; // ACCESS
  }
};
__global__ void k() {
  __shared__ float s[1024];
  Tile t{s, 33};
  Tile *q = &t;
  q->put(threadIdx.y, threadIdx.x);
}
)"),
            "unknown: the member function called on line 13 is called through "
            "a pointer");
}

} // namespace
