// Unit tests of the thread-index expression DAG and its evaluator
// (warplint/Model/ThreadExpr.h).
#include "warplint/Model/ThreadExpr.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace warplint::model;

namespace {

/// An environment for thread (X, Y, Z) of a block of shape Block.
EvalEnv envFor(Dim3 Block, uint64_t X, uint64_t Y = 0, uint64_t Z = 0) {
  EvalEnv E;
  E.Block = Block;
  E.Tid[0] = X;
  E.Tid[1] = Y;
  E.Tid[2] = Z;
  return E;
}

/// The constant N evaluates to, or nullopt when it is unknown or symbolic.
std::optional<int64_t> constantOf(const ExprPool &P, NodeId N,
                                  const EvalEnv &E) {
  auto V = evaluate(P, N, E);
  if (!V || !V->isConstant())
    return std::nullopt;
  return V->C;
}

using Terms = std::vector<std::pair<unsigned, int64_t>>;

Terms termsOf(const LinearValue &V) {
  return Terms(V.Terms.begin(), V.Terms.end());
}

const IntType I8{8, true}, U8{8, false}, I16{16, true}, U16{16, false},
    I32 = IntType::i32(), U32 = IntType::u32(), I64 = IntType::i64(),
    U64{64, false};

} // namespace

//===----------------------------------------------------------------------===//
// IntType::wrap
//===----------------------------------------------------------------------===//

TEST(ThreadExprTest, WrapEightBits) {
  EXPECT_EQ(I8.wrap(127), 127);
  EXPECT_EQ(I8.wrap(128), -128);
  EXPECT_EQ(I8.wrap(255), -1);
  EXPECT_EQ(I8.wrap(256), 0);
  EXPECT_EQ(I8.wrap(-129), 127);
  EXPECT_EQ(U8.wrap(-1), 255);
  EXPECT_EQ(U8.wrap(256), 0);
  EXPECT_EQ(U8.wrap(300), 44);
}

TEST(ThreadExprTest, WrapSixteenBits) {
  EXPECT_EQ(I16.wrap(0x7fff), 32767);
  EXPECT_EQ(I16.wrap(0x8000), -32768);
  EXPECT_EQ(I16.wrap(0x1ffff), -1);
  EXPECT_EQ(U16.wrap(-1), 65535);
  EXPECT_EQ(U16.wrap(0x10005), 5);
}

TEST(ThreadExprTest, WrapThirtyTwoBits) {
  EXPECT_EQ(I32.wrap(0x7fffffff), INT32_MAX);
  EXPECT_EQ(I32.wrap(0x80000000), INT32_MIN);
  EXPECT_EQ(I32.wrap(0x100000005), 5);
  EXPECT_EQ(I32.wrap(-1), -1);
  EXPECT_EQ(U32.wrap(-1), 4294967295);
  EXPECT_EQ(U32.wrap(0x100000000), 0);
  EXPECT_EQ(U32.wrap(-2147483648LL), 2147483648LL);
}

TEST(ThreadExprTest, WrapSixtyFourBitsKeepsEveryBit) {
  EXPECT_EQ(I64.wrap(INT64_MIN), INT64_MIN);
  EXPECT_EQ(I64.wrap(INT64_MAX), INT64_MAX);
  // An unsigned 64-bit value is kept as its two's complement bit pattern.
  EXPECT_EQ(U64.wrap(-1), -1);
  EXPECT_EQ(U64.wrap(12345), 12345);
}

//===----------------------------------------------------------------------===//
// Constants, threadIdx and blockDim
//===----------------------------------------------------------------------===//

TEST(ThreadExprTest, ConstantsAreWrappedToTheirType) {
  ExprPool P;
  EvalEnv E = envFor({32, 1, 1}, 0);
  EXPECT_EQ(constantOf(P, P.constant(42, I32), E), 42);
  EXPECT_EQ(constantOf(P, P.constant(-1, U32), E), 4294967295);
  EXPECT_EQ(constantOf(P, P.constant(200, I8), E), -56);
  EXPECT_EQ(P[P.constant(0x100000007, I32)].Value, 7);
}

TEST(ThreadExprTest, ThreadIdxAndBlockDimPerThread) {
  ExprPool P;
  Dim3 Block{16, 4, 2};
  EvalEnv E = envFor(Block, 3, 2, 1);
  EXPECT_EQ(constantOf(P, P.threadIdx(0), E), 3);
  EXPECT_EQ(constantOf(P, P.threadIdx(1), E), 2);
  EXPECT_EQ(constantOf(P, P.threadIdx(2), E), 1);
  EXPECT_EQ(constantOf(P, P.blockDim(0), E), 16);
  EXPECT_EQ(constantOf(P, P.blockDim(1), E), 4);
  EXPECT_EQ(constantOf(P, P.blockDim(2), E), 2);
  // The linear thread id x + y*Bx + z*Bx*By.
  NodeId Id = P.binary(
      Op::Add,
      P.binary(Op::Add, P.threadIdx(0),
               P.binary(Op::Mul, P.threadIdx(1), P.blockDim(0), U32), U32),
      P.binary(Op::Mul, P.threadIdx(2),
               P.binary(Op::Mul, P.blockDim(0), P.blockDim(1), U32), U32),
      U32);
  EXPECT_EQ(constantOf(P, Id, E), 3 + 2 * 16 + 1 * 64);
  EXPECT_EQ(constantOf(P, Id, envFor(Block, 15, 3, 1)), 127);
}

TEST(ThreadExprTest, ThreadIdxAndBlockDimAreUnsigned32) {
  ExprPool P;
  EXPECT_EQ(P[P.threadIdx(1)].Type.Width, 32);
  EXPECT_FALSE(P[P.threadIdx(1)].Type.Signed);
  EXPECT_EQ(P[P.blockDim(2)].Type.Width, 32);
  EXPECT_FALSE(P[P.blockDim(2)].Type.Signed);
}

//===----------------------------------------------------------------------===//
// Binary operators on constants: C semantics
//===----------------------------------------------------------------------===//

namespace {
struct BinaryCase {
  const char *Name;
  Op O;
  int64_t A, B;
  IntType OperandType, ResultType;
  std::optional<int64_t> Expected;
};

void PrintTo(const BinaryCase &C, std::ostream *OS) { *OS << C.Name; }

class ThreadExprBinaryTest : public testing::TestWithParam<BinaryCase> {};
} // namespace

TEST_P(ThreadExprBinaryTest, EvaluatesLikeC) {
  const BinaryCase &C = GetParam();
  ExprPool P;
  NodeId N = P.binary(C.O, P.constant(C.A, C.OperandType),
                      P.constant(C.B, C.OperandType), C.ResultType);
  auto V = evaluate(P, N, envFor({32, 1, 1}, 0));
  if (!C.Expected) {
    EXPECT_FALSE(V.has_value());
    return;
  }
  ASSERT_TRUE(V.has_value());
  EXPECT_TRUE(V->isConstant());
  EXPECT_EQ(V->C, *C.Expected);
}

static const BinaryCase BinaryCases[] = {
    {"AddI32", Op::Add, 2, 3, I32, I32, 5},
    {"AddI32Overflows", Op::Add, INT32_MAX, 1, I32, I32, INT32_MIN},
    {"SubI32", Op::Sub, 2, 3, I32, I32, -1},
    {"SubU32WrapsAround", Op::Sub, 2, 3, U32, U32, 4294967295},
    {"SubU8WrapsAround", Op::Sub, 0, 1, U8, U8, 255},
    {"MulI32", Op::Mul, -4, 5, I32, I32, -20},
    {"MulU32Wraps", Op::Mul, 65536, 65536, U32, U32, 0},
    {"MulU32WrapsToLowBits", Op::Mul, 65537, 65537, U32, U32, 131073},
    {"DivI32TruncatesTowardZero", Op::Div, -7, 2, I32, I32, -3},
    {"DivI32NegativeDivisor", Op::Div, 7, -2, I32, I32, -3},
    {"RemI32TakesTheDividendsSign", Op::Rem, -7, 2, I32, I32, -1},
    {"RemI32NegativeDivisor", Op::Rem, 7, -2, I32, I32, 1},
    {"DivU32", Op::Div, 7, 2, U32, U32, 3},
    {"DivU32OfMinusSeven", Op::Div, -7, 2, U32, U32, 2147483644},
    {"RemU32OfMinusSeven", Op::Rem, -7, 2, U32, U32, 1},
    {"DivByZeroIsUnknown", Op::Div, 7, 0, I32, I32, std::nullopt},
    {"RemByZeroIsUnknown", Op::Rem, 7, 0, I32, I32, std::nullopt},
    {"DivU32ByZeroIsUnknown", Op::Div, 7, 0, U32, U32, std::nullopt},
    {"ShlI32", Op::Shl, 1, 4, I32, I32, 16},
    {"ShlI32IntoTheSignBit", Op::Shl, 1, 31, I32, I32, INT32_MIN},
    {"ShlU32DropsHighBits", Op::Shl, 3, 31, U32, U32, 2147483648LL},
    {"ShlByTheWidthIsUnknown", Op::Shl, 1, 32, I32, I32, std::nullopt},
    {"ShlByANegativeAmountIsUnknown", Op::Shl, 1, -1, I32, I32, std::nullopt},
    {"ShrI32IsArithmetic", Op::Shr, -8, 1, I32, I32, -4},
    {"ShrU32IsLogical", Op::Shr, -8, 1, U32, U32, 2147483644},
    {"ShrI8IsArithmetic", Op::Shr, -128, 7, I8, I8, -1},
    {"ShrByTheWidthIsUnknown", Op::Shr, 8, 32, U32, U32, std::nullopt},
    {"And", Op::And, 12, 10, I32, I32, 8},
    {"Or", Op::Or, 12, 10, I32, I32, 14},
    {"Xor", Op::Xor, 12, 10, I32, I32, 6},
    {"XorU32WithAllOnes", Op::Xor, 5, -1, U32, U32, 4294967290},
    {"AndNegativeMask", Op::And, 37, -32, I32, I32, 32},
    {"LTSigned", Op::LT, -1, 0, I32, I32, 1},
    {"LTUnsigned", Op::LT, -1, 0, U32, I32, 0},
    {"GTSigned", Op::GT, 3, 2, I32, I32, 1},
    {"GTEqualIsFalse", Op::GT, 2, 2, I32, I32, 0},
    {"GTUnsigned", Op::GT, -1, 0, U32, I32, 1},
    {"LEEqual", Op::LE, 2, 2, I32, I32, 1},
    {"LELarger", Op::LE, 3, 2, I32, I32, 0},
    {"GEEqual", Op::GE, 2, 2, I32, I32, 1},
    {"GESmaller", Op::GE, 1, 2, I32, I32, 0},
    {"EQ", Op::EQ, 5, 5, I32, I32, 1},
    {"EQDifferent", Op::EQ, 5, 6, I32, I32, 0},
    {"NE", Op::NE, 5, 6, I32, I32, 1},
    {"NESame", Op::NE, 5, 5, I32, I32, 0},
    {"MinSigned", Op::Min, -1, 0, I32, I32, -1},
    {"MinUnsigned", Op::Min, -1, 0, U32, U32, 0},
    {"MaxSigned", Op::Max, -1, 0, I32, I32, 0},
    {"MaxUnsigned", Op::Max, -1, 0, U32, U32, 4294967295},
    {"LAndBothTrue", Op::LAnd, 2, 5, I32, I32, 1},
    {"LAndOneFalse", Op::LAnd, 2, 0, I32, I32, 0},
    {"LOrBothFalse", Op::LOr, 0, 0, I32, I32, 0},
    {"LOrOneTrue", Op::LOr, 0, -3, I32, I32, 1},
};

INSTANTIATE_TEST_SUITE_P(ThreadExprTest, ThreadExprBinaryTest,
                         testing::ValuesIn(BinaryCases),
                         [](const testing::TestParamInfo<BinaryCase> &I) {
                           return std::string(I.param.Name);
                         });

//===----------------------------------------------------------------------===//
// Unary operators, logical operators, select and cast
//===----------------------------------------------------------------------===//

TEST(ThreadExprTest, UnaryOperators) {
  ExprPool P;
  EvalEnv E = envFor({32, 1, 1}, 0);
  EXPECT_EQ(constantOf(P, P.unary(Op::Neg, P.constant(5, I32), I32), E), -5);
  EXPECT_EQ(constantOf(P, P.unary(Op::Neg, P.constant(5, U32), U32), E),
            4294967291);
  EXPECT_EQ(constantOf(P, P.unary(Op::Not, P.constant(0, I32), I32), E), -1);
  EXPECT_EQ(constantOf(P, P.unary(Op::Not, P.constant(0, U32), U32), E),
            4294967295);
  EXPECT_EQ(constantOf(P, P.unary(Op::Not, P.constant(5, U8), U8), E), 250);
  EXPECT_EQ(constantOf(P, P.unary(Op::LNot, P.constant(0, I32), I32), E), 1);
  EXPECT_EQ(constantOf(P, P.unary(Op::LNot, P.constant(7, I32), I32), E), 0);
}

/// An operation on uniform values only that the evaluator cannot compute
/// is an opaque uniform value: the symbol of its node, alone.
static bool isOpaque(const ExprPool &P, NodeId N, const EvalEnv &E) {
  auto V = evaluate(P, N, E);
  return V && V->C == 0 && V->Terms.size() == 1 &&
         V->Terms[0].first == P.opaqueSymbol(N) && V->Terms[0].second == 1;
}

TEST(ThreadExprTest, LogicalAndShortCircuitsOnAFalseLeftSide) {
  ExprPool P;
  EvalEnv E = envFor({32, 1, 1}, 0);
  NodeId Unknown =
      P.binary(Op::Div, P.constant(1, I32), P.constant(0, I32), I32);
  ASSERT_FALSE(evaluate(P, Unknown, E).has_value());
  NodeId Zero = P.constant(0, I32), One = P.constant(1, I32);
  EXPECT_EQ(constantOf(P, P.binary(Op::LAnd, Zero, Unknown, I32), E), 0);
  // A true left side leaves the answer to the unknown right side.
  EXPECT_FALSE(evaluate(P, P.binary(Op::LAnd, One, Unknown, I32), E));
  // An unknown left side is unknown, whatever the right side.
  EXPECT_FALSE(evaluate(P, P.binary(Op::LAnd, Unknown, Zero, I32), E));
}

TEST(ThreadExprTest, LogicalOrShortCircuitsOnATrueLeftSide) {
  ExprPool P;
  EvalEnv E = envFor({32, 1, 1}, 0);
  unsigned S = P.addSymbol("n");
  NodeId Sym = P.symbol(S, I32);
  NodeId Zero = P.constant(0, I32), One = P.constant(1, I32);
  EXPECT_EQ(constantOf(P, P.binary(Op::LOr, One, Sym, I32), E), 1);
  // A false left side leaves a uniform answer the evaluator cannot give.
  EXPECT_TRUE(isOpaque(P, P.binary(Op::LOr, Zero, Sym, I32), E));
  // && with a false left side ignores a symbolic right side too.
  EXPECT_EQ(constantOf(P, P.binary(Op::LAnd, Zero, Sym, I32), E), 0);
}

TEST(ThreadExprTest, LogicalOperatorsPerThread) {
  ExprPool P;
  // threadIdx.x < 4 || threadIdx.x >= 30
  NodeId Tx = P.threadIdx(0);
  NodeId Cond = P.binary(Op::LOr, P.binary(Op::LT, Tx, P.constant(4, U32), I32),
                         P.binary(Op::GE, Tx, P.constant(30, U32), I32), I32);
  Dim3 B{32, 1, 1};
  EXPECT_EQ(constantOf(P, Cond, envFor(B, 3)), 1);
  EXPECT_EQ(constantOf(P, Cond, envFor(B, 4)), 0);
  EXPECT_EQ(constantOf(P, Cond, envFor(B, 29)), 0);
  EXPECT_EQ(constantOf(P, Cond, envFor(B, 30)), 1);
}

TEST(ThreadExprTest, SelectEvaluatesOnlyTheChosenArm) {
  ExprPool P;
  EvalEnv E = envFor({32, 1, 1}, 0);
  NodeId Unknown =
      P.binary(Op::Div, P.constant(1, I32), P.constant(0, I32), I32);
  NodeId Seven = P.constant(7, I32), Nine = P.constant(9, I32);
  EXPECT_EQ(constantOf(P, P.select(P.constant(1, I32), Seven, Unknown, I32), E),
            7);
  EXPECT_EQ(constantOf(P, P.select(P.constant(0, I32), Unknown, Nine, I32), E),
            9);
  EXPECT_FALSE(
      evaluate(P, P.select(P.constant(1, I32), Unknown, Nine, I32), E));
  // A uniform unknown condition makes the select an opaque uniform value;
  // a lane-dependent select with such a condition is unknown.
  NodeId Sym = P.symbol(P.addSymbol("c"), I32);
  EXPECT_TRUE(isOpaque(P, P.select(Sym, Seven, Nine, I32), E));
  NodeId Tx = P.cast(P.threadIdx(0), I32);
  EXPECT_FALSE(evaluate(P, P.select(Sym, Tx, Nine, I32), E));
}

TEST(ThreadExprTest, SelectPerThread) {
  ExprPool P;
  NodeId Tx = P.threadIdx(0);
  NodeId Sel = P.select(P.binary(Op::LT, Tx, P.constant(4, U32), I32),
                        P.binary(Op::Mul, Tx, P.constant(2, U32), U32),
                        P.constant(100, U32), U32);
  Dim3 B{32, 1, 1};
  EXPECT_EQ(constantOf(P, Sel, envFor(B, 3)), 6);
  EXPECT_EQ(constantOf(P, Sel, envFor(B, 4)), 100);
}

TEST(ThreadExprTest, CastOfAConstantFolds) {
  ExprPool P;
  NodeId C = P.cast(P.constant(300, I32), U8);
  EXPECT_EQ(P[C].Kind, Op::Const);
  EXPECT_EQ(P[C].Value, 44);
  // A cast to the same type is the operand itself.
  NodeId Tx = P.threadIdx(0);
  EXPECT_EQ(P.cast(Tx, U32), Tx);
}

TEST(ThreadExprTest, CastNarrowsAndWidensPerThread) {
  ExprPool P;
  Dim3 B{256, 1, 1};
  NodeId Tx = P.threadIdx(0);
  NodeId Narrow = P.cast(Tx, I8);
  ASSERT_EQ(P[Narrow].Kind, Op::Cast);
  EXPECT_EQ(constantOf(P, Narrow, envFor(B, 200)), -56);
  EXPECT_EQ(constantOf(P, Narrow, envFor(B, 100)), 100);
  EXPECT_EQ(constantOf(P, P.cast(Tx, U8), envFor(B, 255)), 255);
  // (long)((int)threadIdx.x - 5) keeps the sign; (unsigned) wraps it.
  NodeId Diff = P.binary(Op::Sub, P.cast(Tx, I32), P.constant(5, I32), I32);
  EXPECT_EQ(constantOf(P, P.cast(Diff, I64), envFor(B, 3)), -2);
  EXPECT_EQ(constantOf(P, P.cast(Diff, U32), envFor(B, 3)), 4294967294);
  EXPECT_EQ(constantOf(P, P.cast(P.cast(Diff, U32), I64), envFor(B, 3)),
            4294967294);
  EXPECT_EQ(constantOf(P, P.cast(Diff, U16), envFor(B, 3)), 65534);
}

//===----------------------------------------------------------------------===//
// Linear values with uniform symbols
//===----------------------------------------------------------------------===//

TEST(ThreadExprTest, SymbolPlusThreadIdxStaysLinear) {
  ExprPool P;
  unsigned S = P.addSymbol("base");
  NodeId N = P.binary(Op::Add, P.symbol(S, U32), P.threadIdx(0), U32);
  auto V = evaluate(P, N, envFor({32, 1, 1}, 5));
  ASSERT_TRUE(V);
  EXPECT_FALSE(V->isConstant());
  EXPECT_EQ(V->C, 5);
  EXPECT_EQ(termsOf(*V), (Terms{{S, 1}}));
}

TEST(ThreadExprTest, SymbolTimesAConstantScales) {
  ExprPool P;
  unsigned S = P.addSymbol("n");
  NodeId Sym = P.symbol(S, I32);
  EvalEnv E = envFor({32, 1, 1}, 0);
  auto V = evaluate(P, P.binary(Op::Mul, Sym, P.constant(3, I32), I32), E);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->C, 0);
  EXPECT_EQ(termsOf(*V), (Terms{{S, 3}}));
  // The constant on the left, and a constant part scaled too.
  NodeId SPlus2 = P.binary(Op::Add, Sym, P.constant(2, I32), I32);
  V = evaluate(P, P.binary(Op::Mul, P.constant(3, I32), SPlus2, I32), E);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->C, 6);
  EXPECT_EQ(termsOf(*V), (Terms{{S, 3}}));
  // << by a constant is a multiplication.
  V = evaluate(P, P.binary(Op::Shl, SPlus2, P.constant(2, I32), I32), E);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->C, 8);
  EXPECT_EQ(termsOf(*V), (Terms{{S, 4}}));
  // Negation flips the coefficient.
  V = evaluate(P, P.unary(Op::Neg, SPlus2, I32), E);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->C, -2);
  EXPECT_EQ(termsOf(*V), (Terms{{S, -1}}));
  // Times zero, the symbol is gone.
  V = evaluate(P, P.binary(Op::Mul, SPlus2, P.constant(0, I32), I32), E);
  ASSERT_TRUE(V);
  EXPECT_TRUE(V->isConstant());
  EXPECT_EQ(V->C, 0);
}

TEST(ThreadExprTest, NonLinearOperationsOnSymbolsAreOpaqueOrUnknown) {
  ExprPool P;
  NodeId Sym = P.symbol(P.addSymbol("n"), I32);
  NodeId Tx = P.cast(P.threadIdx(0), I32);
  EvalEnv E = envFor({32, 1, 1}, 3);
  // On uniform values only: the same in every lane, an opaque value.
  EXPECT_TRUE(isOpaque(P, P.binary(Op::Mul, Sym, Sym, I32), E));
  EXPECT_TRUE(isOpaque(P, P.binary(Op::Div, Sym, P.constant(2, I32), I32), E));
  EXPECT_TRUE(isOpaque(P, P.binary(Op::Rem, Sym, P.constant(2, I32), I32), E));
  EXPECT_TRUE(isOpaque(P, P.binary(Op::And, Sym, P.constant(1, I32), I32), E));
  EXPECT_TRUE(isOpaque(P, P.binary(Op::Shr, Sym, P.constant(1, I32), I32), E));
  EXPECT_TRUE(isOpaque(P, P.binary(Op::Shl, P.constant(1, I32), Sym, I32), E));
  EXPECT_TRUE(isOpaque(P, P.unary(Op::Not, Sym, I32), E));
  EXPECT_TRUE(isOpaque(P, P.unary(Op::LNot, Sym, I32), E));
  // Mixed with the thread index: unknown.
  EXPECT_FALSE(evaluate(P, P.binary(Op::Xor, Sym, Tx, I32), E));
  EXPECT_FALSE(evaluate(P, P.binary(Op::Div, Tx, Sym, I32), E));
  // On constants an operation that is undefined stays unknown.
  EXPECT_FALSE(evaluate(
      P, P.binary(Op::Div, P.constant(1, I32), P.constant(0, I32), I32), E));
}

TEST(ThreadExprTest, DivisionPassesNonNegativeMultiplesOfTheDivisor) {
  ExprPool P;
  unsigned B = P.addSymbol("blockIdx.x", 1, /*NonNegative=*/true);
  unsigned N = P.addSymbol("n"); // sign unknown
  NodeId Tx = P.cast(P.threadIdx(0), I32);
  // (blockIdx.x * 64 + threadIdx.x) / 32 and % 32, >> 5, & 31
  NodeId Idx = P.binary(
      Op::Add, P.binary(Op::Mul, P.symbol(B, I32), P.constant(64, I32), I32),
      Tx, I32);
  EvalEnv E = envFor({32, 1, 1}, 7);
  auto D = evaluate(P, P.binary(Op::Div, Idx, P.constant(32, I32), I32), E);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->C, 0);
  EXPECT_EQ(termsOf(*D), (Terms{{B, 2}}));
  EXPECT_EQ(constantOf(P, P.binary(Op::Rem, Idx, P.constant(32, I32), I32), E),
            7);
  EXPECT_EQ(constantOf(P, P.binary(Op::And, Idx, P.constant(31, I32), I32), E),
            7);
  auto S = evaluate(P, P.binary(Op::Shr, Idx, P.constant(5, I32), I32), E);
  ASSERT_TRUE(S);
  EXPECT_EQ(termsOf(*S), (Terms{{B, 2}}));
  // A coefficient the divisor does not divide, or a symbol that may be
  // negative, leaves the lane's share unknown.
  NodeId Odd = P.binary(
      Op::Add, P.binary(Op::Mul, P.symbol(B, I32), P.constant(48, I32), I32),
      Tx, I32);
  EXPECT_FALSE(
      evaluate(P, P.binary(Op::Div, Odd, P.constant(32, I32), I32), E));
  NodeId Signed = P.binary(
      Op::Add, P.binary(Op::Mul, P.symbol(N, I32), P.constant(64, I32), I32),
      Tx, I32);
  EXPECT_FALSE(
      evaluate(P, P.binary(Op::Rem, Signed, P.constant(32, I32), I32), E));
}

TEST(ThreadExprTest, SymbolsCancel) {
  ExprPool P;
  NodeId Sym = P.symbol(P.addSymbol("n"), I32);
  NodeId Tx = P.cast(P.threadIdx(0), I32);
  NodeId N = P.binary(Op::Sub, P.binary(Op::Add, Sym, Tx, I32), Sym, I32);
  auto V = evaluate(P, N, envFor({32, 1, 1}, 9));
  ASSERT_TRUE(V);
  EXPECT_TRUE(V->isConstant());
  EXPECT_EQ(V->C, 9);
  // A constant left once the symbols cancel is wrapped to the node's type.
  NodeId U = P.binary(
      Op::Sub, P.symbol(0, U32),
      P.binary(Op::Add, P.symbol(0, U32), P.constant(1, U32), U32), U32);
  EXPECT_EQ(constantOf(P, U, envFor({32, 1, 1}, 0)), 4294967295);
}

TEST(ThreadExprTest, TermsAreSortedBySymbol) {
  ExprPool P;
  unsigned A = P.addSymbol("a"), B = P.addSymbol("b");
  NodeId N = P.binary(
      Op::Add, P.binary(Op::Mul, P.symbol(B, I32), P.constant(2, I32), I32),
      P.symbol(A, I32), I32);
  auto V = evaluate(P, N, envFor({32, 1, 1}, 0));
  ASSERT_TRUE(V);
  EXPECT_EQ(termsOf(*V), (Terms{{A, 1}, {B, 2}}));
}

TEST(ThreadExprTest, ComparisonsOfEqualSymbolicPartsCompareConstants) {
  ExprPool P;
  NodeId Sym = P.symbol(P.addSymbol("base"), I32);
  NodeId Tx = P.cast(P.threadIdx(0), I32);
  // base + tx < base + 4
  NodeId Cond = P.binary(Op::LT, P.binary(Op::Add, Sym, Tx, I32),
                         P.binary(Op::Add, Sym, P.constant(4, I32), I32), I32);
  Dim3 B{32, 1, 1};
  EXPECT_EQ(constantOf(P, Cond, envFor(B, 3)), 1);
  EXPECT_EQ(constantOf(P, Cond, envFor(B, 4)), 0);
  EXPECT_EQ(constantOf(P, P.binary(Op::EQ, Sym, Sym, I32), envFor(B, 0)), 1);
  // Min of two values with the same symbols keeps the symbols.
  auto M =
      evaluate(P,
               P.binary(Op::Min, P.binary(Op::Add, Sym, Tx, I32),
                        P.binary(Op::Add, Sym, P.constant(4, I32), I32), I32),
               envFor(B, 7));
  ASSERT_TRUE(M);
  EXPECT_EQ(M->C, 4);
  EXPECT_EQ(M->Terms.size(), 1u);
}

TEST(ThreadExprTest, ComparisonsOfDifferentSymbolicPartsAreUnknown) {
  ExprPool P;
  NodeId Sym = P.symbol(P.addSymbol("n"), I32);
  NodeId Tx = P.cast(P.threadIdx(0), I32);
  EvalEnv E = envFor({32, 1, 1}, 0);
  EXPECT_FALSE(evaluate(P, P.binary(Op::LT, Tx, Sym, I32), E));
  // Uniform on both sides: an opaque uniform truth value.
  EXPECT_TRUE(isOpaque(P, P.binary(Op::EQ, Sym, P.constant(0, I32), I32), E));
  NodeId TwoSym = P.binary(Op::Mul, Sym, P.constant(2, I32), I32);
  EXPECT_TRUE(isOpaque(P, P.binary(Op::GE, TwoSym, Sym, I32), E));
}

TEST(ThreadExprTest, CastKeepsSymbolsOnlyWhenItKeepsEveryBit) {
  ExprPool P;
  unsigned S = P.addSymbol("n");
  NodeId Sym = P.symbol(S, I32);
  EvalEnv E = envFor({32, 1, 1}, 0);
  auto Wide = evaluate(P, P.cast(Sym, I64), E);
  ASSERT_TRUE(Wide);
  EXPECT_EQ(termsOf(*Wide), (Terms{{S, 1}}));
  // A narrowing cast of a uniform value: opaque, still uniform.
  EXPECT_TRUE(isOpaque(P, P.cast(Sym, I16), E));
}

//===----------------------------------------------------------------------===//
// Loop variables
//===----------------------------------------------------------------------===//

TEST(ThreadExprTest, LoopVarWithAGivenValue) {
  ExprPool P;
  unsigned L = P.addLoop("i");
  NodeId I = P.loopVar(L, I32);
  // i * 4 + threadIdx.x
  NodeId N = P.binary(Op::Add, P.binary(Op::Mul, I, P.constant(4, I32), I32),
                      P.cast(P.threadIdx(0), I32), I32);
  std::optional<int64_t> Values[] = {5};
  EvalEnv E = envFor({32, 1, 1}, 3);
  E.LoopValues = Values;
  EXPECT_EQ(constantOf(P, N, E), 23);
  // Without a value and not an induction loop, a counter the same in every
  // thread is an opaque uniform value; one that reads the thread index is
  // unknown.
  auto V = evaluate(P, N, envFor({32, 1, 1}, 3));
  ASSERT_TRUE(V);
  EXPECT_EQ(V->C, 3);
  EXPECT_EQ(termsOf(*V), (Terms{{P.opaqueSymbol(I), 4}}));
  ExprPool Q;
  unsigned M = Q.addLoop("j");
  Q.loop(M).Init = Q.cast(Q.threadIdx(0), I32);
  EXPECT_FALSE(evaluate(Q, Q.loopVar(M, I32), envFor({32, 1, 1}, 3)));
}

TEST(ThreadExprTest, LoopVarAsAnInductionLoop) {
  ExprPool P;
  unsigned L = P.addLoop("i");
  NodeId I = P.loopVar(L, I32);
  NodeId Tx = P.cast(P.threadIdx(0), I32);
  Loop &Lp = P.loop(L);
  Lp.Init = Tx;
  Lp.Cond = P.binary(Op::LT, I, P.symbol(P.addSymbol("n"), I32), I32);
  Lp.Step = P.cast(P.blockDim(0), I32);
  Lp.Next = P.binary(Op::Add, I, *Lp.Step, I32);
  Lp.Complete = true;
  // The step is blockDim.x, 32 here: the counter is Init + 32 * k, with k
  // the count of iterations (never negative).
  unsigned K = P.loop(L).CountSym;
  EXPECT_TRUE(P.symbolInfo(K).NonNegative);
  char Induction[] = {1};
  EvalEnv E = envFor({32, 1, 1}, 7);
  E.Induction = Induction;
  auto V = evaluate(P, I, E);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->C, 7);
  EXPECT_EQ(termsOf(*V), (Terms{{K, 32}}));
  // i * 8: Init and the iteration symbol both scale.
  V = evaluate(P, P.binary(Op::Mul, I, P.constant(8, I32), I32), E);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->C, 56);
  EXPECT_EQ(termsOf(*V), (Terms{{K, 256}}));
  // A given value takes precedence over the induction form.
  std::optional<int64_t> Values[] = {40};
  E.LoopValues = Values;
  EXPECT_EQ(constantOf(P, I, E), 40);
}

TEST(ThreadExprTest, AddLoopCreatesItsIterationSymbol) {
  ExprPool P;
  unsigned S = P.addSymbol("n");
  unsigned L = P.addLoop("k");
  EXPECT_EQ(L, 0u);
  EXPECT_EQ(P.numLoops(), 1u);
  EXPECT_EQ(P.numSymbols(), 3u); // n, k * step and k
  EXPECT_NE(P.loop(L).IterationSym, S);
  EXPECT_NE(P.loop(L).CountSym, P.loop(L).IterationSym);
  EXPECT_EQ(P.symbolInfo(P.loop(L).IterationSym).Multiple, 1u);
  EXPECT_EQ(P.loop(L).Name, "k");
  EXPECT_FALSE(P.loop(L).Complete);
  // A multiple of 0 means nothing is known: 1.
  EXPECT_EQ(P.symbolInfo(P.addSymbol("z", 0)).Multiple, 1u);
  EXPECT_EQ(P.symbolInfo(P.addSymbol("w", 16)).Multiple, 16u);
}

//===----------------------------------------------------------------------===//
// The pool
//===----------------------------------------------------------------------===//

TEST(ThreadExprTest, HashConsingReusesIdenticalNodes) {
  ExprPool P;
  NodeId C1 = P.constant(5, I32);
  NodeId Tx = P.threadIdx(0);
  NodeId Sum = P.binary(Op::Add, Tx, C1, U32);
  size_t Size = P.size();
  EXPECT_EQ(P.constant(5, I32), C1);
  EXPECT_EQ(P.threadIdx(0), Tx);
  EXPECT_EQ(P.binary(Op::Add, Tx, P.constant(5, I32), U32), Sum);
  EXPECT_EQ(P.size(), Size);
  // A different type, value, operator or operand order is a different node.
  EXPECT_NE(P.constant(5, U32), C1);
  EXPECT_NE(P.constant(6, I32), C1);
  EXPECT_NE(P.binary(Op::Sub, Tx, C1, U32), Sum);
  EXPECT_NE(P.binary(Op::Add, C1, Tx, U32), Sum);
  EXPECT_NE(P.threadIdx(1), Tx);
  EXPECT_EQ(P.size(), Size + 5);
}

TEST(ThreadExprTest, ReadsThreadIdx) {
  ExprPool P;
  NodeId Tx = P.threadIdx(1);
  EXPECT_TRUE(P.readsThreadIdx(Tx));
  EXPECT_TRUE(P.readsThreadIdx(P.binary(Op::Add, P.constant(1, U32), Tx, U32)));
  EXPECT_TRUE(P.readsThreadIdx(
      P.select(P.constant(1, I32), P.constant(0, U32), Tx, U32)));
  EXPECT_FALSE(P.readsThreadIdx(P.blockDim(0)));
  NodeId Sym = P.symbol(P.addSymbol("n"), I32);
  EXPECT_FALSE(
      P.readsThreadIdx(P.binary(Op::Add, Sym, P.constant(1, I32), I32)));
}

TEST(ThreadExprTest, ReadsThreadIdxThroughALoop) {
  ExprPool P;
  unsigned A = P.addLoop("a"), B = P.addLoop("b");
  NodeId VA = P.loopVar(A, I32), VB = P.loopVar(B, I32);
  // for (a = 0; a < 4; ++a)
  P.loop(A).Init = P.constant(0, I32);
  P.loop(A).Cond = P.binary(Op::LT, VA, P.constant(4, I32), I32);
  P.loop(A).Next = P.binary(Op::Add, VA, P.constant(1, I32), I32);
  EXPECT_FALSE(P.readsThreadIdx(VA));
  // for (b = threadIdx.x; b < 64; b += 32)
  P.loop(B).Init = P.cast(P.threadIdx(0), I32);
  P.loop(B).Cond = P.binary(Op::LT, VB, P.constant(64, I32), I32);
  P.loop(B).Next = P.binary(Op::Add, VB, P.constant(32, I32), I32);
  EXPECT_TRUE(P.readsThreadIdx(VB));
  EXPECT_TRUE(P.readsThreadIdx(P.binary(Op::Mul, VB, P.constant(4, I32), I32)));
}

TEST(ThreadExprTest, LoopsReadDirectlyAndThroughOtherLoops) {
  ExprPool P;
  unsigned Outer = P.addLoop("i"), Inner = P.addLoop("j"),
           Other = P.addLoop("k");
  NodeId I = P.loopVar(Outer, I32), J = P.loopVar(Inner, I32);
  P.loop(Outer).Init = P.constant(0, I32);
  P.loop(Outer).Cond = P.binary(Op::LT, I, P.constant(4, I32), I32);
  P.loop(Outer).Next = P.binary(Op::Add, I, P.constant(1, I32), I32);
  // for (j = i; j < 8; ++j): j reads i.
  P.loop(Inner).Init = I;
  P.loop(Inner).Cond = P.binary(Op::LT, J, P.constant(8, I32), I32);
  P.loop(Inner).Next = P.binary(Op::Add, J, P.constant(1, I32), I32);

  llvm::SmallVector<unsigned, 4> Out;
  P.loopsRead(P.binary(Op::Mul, J, P.constant(4, I32), I32), Out);
  std::sort(Out.begin(), Out.end());
  EXPECT_EQ(std::vector<unsigned>(Out.begin(), Out.end()),
            (std::vector<unsigned>{Outer, Inner}));

  Out.clear();
  P.loopsRead(I, Out);
  EXPECT_EQ(std::vector<unsigned>(Out.begin(), Out.end()),
            (std::vector<unsigned>{Outer}));

  Out.clear();
  P.loopsRead(P.binary(Op::Add, P.threadIdx(0), P.constant(1, U32), U32), Out);
  EXPECT_TRUE(Out.empty());
  (void)Other;
}

TEST(ThreadExprTest, StrIsReadable) {
  ExprPool P;
  NodeId Tx = P.threadIdx(0);
  NodeId Sym = P.symbol(P.addSymbol("base"), U32);
  NodeId N = P.binary(Op::Add, Sym,
                      P.binary(Op::Mul, Tx, P.constant(4, U32), U32), U32);
  EXPECT_EQ(P.str(N), "(base + (threadIdx.x * 4))");
  EXPECT_EQ(P.str(P.cast(Tx, I8)), "(i8)threadIdx.x");
  EXPECT_EQ(P.str(P.binary(Op::Min, Tx, P.blockDim(1), U32)),
            "min(threadIdx.x, blockDim.y)");
  EXPECT_EQ(P.str(P.select(P.binary(Op::LT, Tx, P.constant(4, U32), I32), Tx,
                           P.constant(0, U32), U32)),
            "((threadIdx.x < 4) ? threadIdx.x : 0)");
}

TEST(ThreadExprTest, LoopExitRunsTheLoopToItsEnd) {
  // for (i = 0; i < 5; i += 2) {}  leaves i == 6; as a do loop with the
  // same condition tested after the body, the same.
  for (bool After : {false, true}) {
    ExprPool P;
    unsigned L = P.addLoop("i");
    NodeId I = P.loopVar(L, I32);
    Loop &Lp = P.loop(L);
    Lp.Init = P.constant(0, I32);
    Lp.Next = P.binary(Op::Add, I, P.constant(2, I32), I32);
    Lp.Cond = P.binary(Op::LT, After ? Lp.Next : I, P.constant(5, I32), I32);
    Lp.CondAfterBody = After;
    Lp.Complete = true;
    EXPECT_EQ(constantOf(P, P.loopExit(L, I32), envFor({32, 1, 1}, 0)), 6);
  }
  // A trip count that depends on the thread: each thread's own end.
  ExprPool Q;
  unsigned M = Q.addLoop("w");
  NodeId W = Q.loopVar(M, I32);
  Loop &Lq = Q.loop(M);
  Lq.Init = Q.constant(1, I32);
  Lq.Next = Q.binary(Op::Mul, W, Q.constant(2, I32), I32);
  Lq.Cond = Q.binary(Op::LT, W, Q.cast(Q.threadIdx(0), I32), I32);
  Lq.Complete = true;
  EXPECT_EQ(constantOf(Q, Q.loopExit(M, I32), envFor({32, 1, 1}, 5)), 8);
  EXPECT_EQ(constantOf(Q, Q.loopExit(M, I32), envFor({32, 1, 1}, 0)), 1);
}

TEST(ThreadExprTest, LoopsReadFollowsEachExitValueOnce) {
  // Two loops, each starting from the other's exit value (an outer loop
  // that carries both): the walk ends, and reports the loops read.
  ExprPool P;
  IntType T = IntType::i32();
  NodeId Zero = P.constant(0, T);
  unsigned A = P.addLoop("a"), B = P.addLoop("b");
  P.loop(A).Init = P.loopExit(B, T);
  P.loop(B).Init = P.loopExit(A, T);
  for (unsigned L : {A, B}) {
    NodeId V = P.loopVar(L, T);
    P.loop(L).Cond = P.binary(Op::LT, V, P.constant(4, T), T);
    P.loop(L).Next = P.binary(Op::Add, V, P.constant(1, T), T);
    P.loop(L).Complete = true;
  }
  llvm::SmallVector<unsigned, 4> Out;
  P.loopsRead(P.binary(Op::Add, P.loopVar(A, T), Zero, T), Out);
  EXPECT_TRUE(llvm::is_contained(Out, A));
  Out.clear();
  // Only through an exit value: that loop is run to its end, not read.
  P.loopsRead(P.loopExit(A, T), Out);
  EXPECT_FALSE(llvm::is_contained(Out, A));
}

TEST(ThreadExprTest, ACoefficientThatOverflowsMakesTheValueOpaque) {
  // n * 2^62 * 4: the coefficient of n does not fit 64 bits. The value is
  // still the same in every thread, so it is an opaque uniform value of its
  // own, not n times a wrapped coefficient.
  ExprPool P;
  unsigned N = P.addSymbol("n");
  NodeId Big = P.binary(Op::Mul, P.symbol(N, I64),
                        P.constant(int64_t(1) << 62, I64), I64);
  NodeId Over = P.binary(Op::Mul, Big, P.constant(4, I64), I64);
  auto V = evaluate(P, Over, envFor({32, 1, 1}, 0));
  ASSERT_TRUE(V.has_value());
  ASSERT_EQ(V->Terms.size(), 1u);
  EXPECT_EQ(V->Terms[0].first, P.opaqueSymbol(Over));
  // n * INT64_MAX added to itself: the sum's coefficient overflows too.
  NodeId Lane = P.binary(
      Op::Add,
      P.binary(Op::Mul, P.symbol(N, I64), P.constant(INT64_MAX, I64), I64),
      P.binary(Op::Mul, P.symbol(N, I64), P.constant(INT64_MAX, I64), I64),
      I64);
  auto W = evaluate(P, Lane, envFor({32, 1, 1}, 3));
  ASSERT_TRUE(W.has_value());
  EXPECT_EQ(W->Terms[0].first, P.opaqueSymbol(Lane));
}

//===----------------------------------------------------------------------===//
// ExprPool::appendKey: the memo's key of a pool, kept until the pool changes
//===----------------------------------------------------------------------===//

namespace {
std::string keyOf(const ExprPool &P) {
  std::string K;
  P.appendKey(K);
  return K;
}
} // namespace

TEST(ThreadExprTest, KeyOfEqualPoolsIsEqual) {
  auto Build = [] {
    ExprPool P;
    NodeId X = P.threadIdx(0);
    P.binary(Op::Mul, X, P.constant(4, I32), I32);
    return P;
  };
  ExprPool A = Build(), B = Build();
  EXPECT_EQ(keyOf(A), keyOf(B));
  // Asked again, the kept key is the same.
  EXPECT_EQ(keyOf(A), keyOf(A));
}

TEST(ThreadExprTest, KeyChangesWithEveryChangeOfThePool) {
  ExprPool P;
  NodeId X = P.threadIdx(0);
  std::string K0 = keyOf(P);
  // A new node.
  NodeId M = P.binary(Op::Mul, X, P.constant(4, I32), I32);
  std::string K1 = keyOf(P);
  EXPECT_NE(K0, K1);
  // A node equal to one built just before is not built again: no change.
  EXPECT_EQ(P.binary(Op::Mul, X, P.constant(4, I32), I32), M);
  EXPECT_EQ(keyOf(P), K1);
  // A symbol.
  unsigned S = P.addSymbol("n");
  std::string K2 = keyOf(P);
  EXPECT_NE(K1, K2);
  // A loop, then a change of it through loop().
  unsigned L = P.addLoop("j");
  std::string K3 = keyOf(P);
  EXPECT_NE(K2, K3);
  P.loop(L).Step = P.constant(1, I32);
  std::string K4 = keyOf(P);
  EXPECT_NE(K3, K4);
  P.loop(L).Complete = true;
  EXPECT_NE(keyOf(P), K4);
  // A copy with a symbol's value: its own key, the original's unchanged.
  std::string Before = keyOf(P);
  P.symbol(S, I32);
  std::string WithSym = keyOf(P);
  ExprPool Q = P.withSymbolValue(S, 7);
  EXPECT_NE(keyOf(Q), WithSym);
  EXPECT_EQ(keyOf(P), WithSym);
  EXPECT_NE(Before, WithSym);
}
