// Unit tests of the degree as a function of a run-time value
// (BankModel.h, ParametricDegree; lib/Model/ParametricDegree.cpp).
#include "warplint/Model/BankModel.h"
#include "gtest/gtest.h"
#include <random>

using namespace warplint::model;

namespace {

const IntType I32 = IntType::i32();

/// The degree D predicts for the value V.
std::pair<unsigned, unsigned> predicted(const ParametricDegree &D, int64_t V) {
  for (const auto &[E, W, P] : D.Exceptions)
    if (E == V)
      return {W, P};
  unsigned R = unsigned(((V % D.Period) + D.Period) % D.Period);
  const auto &Classes = D.Below && V < *D.Below ? D.BelowClasses : D.Classes;
  EXPECT_TRUE(Classes[R].has_value()) << "value " << V;
  return Classes[R].value_or(std::pair<unsigned, unsigned>{0, 0});
}

/// The degree of A with symbol S the constant V, by the ordinary analysis.
std::pair<unsigned, unsigned> bruteForce(const AccessSpec &A, unsigned S,
                                         int64_t V, const Dim3 &Block) {
  ExprPool Q = A.Pool->withSymbolValue(S, V);
  AccessSpec B = A;
  B.Pool = &Q;
  AccessResult R = analyzeAccess(B, Block);
  EXPECT_NE(R.State, AccessResult::Unknown) << R.Why;
  if (R.State == AccessResult::NeverRuns)
    return {0, 0};
  return {R.Wavefronts, R.Phases};
}

bool sameDegree(std::pair<unsigned, unsigned> X,
                std::pair<unsigned, unsigned> Y) {
  if (!X.second || !Y.second)
    return X.second == Y.second;
  return uint64_t(X.first) * Y.second == uint64_t(Y.first) * X.second;
}

/// Kj[tx * d + x], floats: (&Kj + 4 * (tx * d + 3)).
struct StrideAccess {
  ExprPool P;
  unsigned D = P.addSymbol("d");
  unsigned Base = P.addSymbol("&Kj", 16, true, true);
  NodeId Addr = P.binary(
      Op::Add, P.symbol(Base, IntType::i64()),
      P.cast(P.binary(Op::Mul,
                      P.binary(Op::Add,
                               P.binary(Op::Mul, P.cast(P.threadIdx(0), I32),
                                        P.symbol(D, I32), I32),
                               P.constant(3, I32), I32),
                      P.constant(4, I32), I32),
             IntType::i64()),
      IntType::i64());
  AccessSpec spec() {
    AccessSpec S;
    S.Pool = &P;
    S.Address = Addr;
    S.Bytes = 4;
    return S;
  }
};

} // namespace

TEST(ParametricDegreeTest, AStrideIsGcdOfTheValueAnd32Way) {
  StrideAccess C;
  AccessResult R = analyzeAccess(C.spec(), {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Unknown);
  ASSERT_TRUE(R.Parametric) << R.Why;
  const ParametricDegree &D = *R.Parametric;
  EXPECT_EQ(D.Name, "d");
  EXPECT_EQ(D.Period, 32u);
  for (unsigned V = 1; V < 32; ++V) {
    unsigned G = std::gcd(V, 32u);
    EXPECT_EQ(D.Classes[V], std::make_pair(G, 1u)) << V;
  }
  EXPECT_EQ(D.Classes[0], std::make_pair(32u, 1u));
  // d = 0: every lane reads one word (a broadcast).
  ASSERT_EQ(D.Exceptions.size(), 1u);
  EXPECT_EQ(std::get<0>(D.Exceptions[0]), 0);
  EXPECT_EQ(D.Min, std::make_pair(1u, 1u));
  EXPECT_EQ(D.Max, std::make_pair(32u, 1u));
  EXPECT_FALSE(D.conflictsForEvery());
  EXPECT_TRUE(D.conflictsForSome());
  EXPECT_EQ(D.Text,
            "32-way when 'd' is a multiple of 32; 16-way when 'd' is 16 times "
            "an odd number; 8-way when 'd' is 8 times an odd number; 4-way "
            "when 'd' is 4 times an odd number; 2-way when 'd' is 2 times an "
            "odd number; conflict-free when 'd' is odd; except 'd' = 0: "
            "conflict-free");
  EXPECT_NE(R.Why.find("the degree depends on 'd'"), std::string::npos);
}

TEST(ParametricDegreeTest, AKnownMultipleLeavesOnlyItsClasses) {
  StrideAccess C;
  ExprPool &P = C.P;
  unsigned D8 = P.addSymbol("h", 8, true);
  AccessSpec S = C.spec();
  // &Kj + 4 * (tx * h)
  S.Address =
      P.binary(Op::Add, P.symbol(C.Base, IntType::i64()),
               P.cast(P.binary(Op::Mul,
                               P.binary(Op::Mul, P.cast(P.threadIdx(0), I32),
                                        P.symbol(D8, I32), I32),
                               P.constant(4, I32), I32),
                      IntType::i64()),
               IntType::i64());
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_TRUE(R.Parametric) << R.Why;
  EXPECT_FALSE(R.Parametric->Classes[1]);
  EXPECT_FALSE(R.Parametric->Classes[4]);
  EXPECT_EQ(R.Parametric->Classes[8], std::make_pair(8u, 1u));
  EXPECT_EQ(R.Parametric->Min, std::make_pair(1u, 1u)); // h = 0
  EXPECT_EQ(R.Parametric->Text.rfind("('h' is a multiple of 8) 32-way when "
                                     "'h' is a multiple of 32",
                                     0),
            0u)
      << R.Parametric->Text;
}

TEST(ParametricDegreeTest, EveryValueConflicts) {
  // 4 * tx * (32 * d + 2): a stride of twice an odd number of words.
  ExprPool P;
  unsigned D = P.addSymbol("d");
  NodeId Stride = P.binary(
      Op::Add, P.binary(Op::Mul, P.constant(32, I32), P.symbol(D, I32), I32),
      P.constant(2, I32), I32);
  AccessSpec S;
  S.Pool = &P;
  S.Address = P.binary(
      Op::Mul, P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), Stride, I32),
      P.constant(4, I32), I32);
  AccessResult R = analyzeAccess(S, {64, 1, 1});
  ASSERT_TRUE(R.Parametric) << R.Why;
  EXPECT_TRUE(R.Parametric->conflictsForEvery());
  EXPECT_EQ(R.Parametric->Min, std::make_pair(2u, 1u));
  EXPECT_EQ(R.Parametric->Max, std::make_pair(2u, 1u));
  EXPECT_EQ(R.Parametric->Text, "2-way for every value of 'd'");
}

TEST(ParametricDegreeTest, AGuardThatReadsTheValueStaysUnknown) {
  StrideAccess C;
  AccessSpec S = C.spec();
  S.Guards.push_back({C.P.binary(Op::LT, C.P.cast(C.P.threadIdx(0), I32),
                                 C.P.symbol(C.D, I32), I32),
                      true});
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Unknown);
  EXPECT_FALSE(R.Parametric);
  EXPECT_NE(R.Why.find("its degree as a function of 'd' is not known: 'd' "
                       "also decides which threads execute the access"),
            std::string::npos)
      << R.Why;
}

TEST(ParametricDegreeTest, ANonAffineUseStaysUnknown) {
  // (tx * d) >> 1: not affine in d.
  StrideAccess C;
  AccessSpec S = C.spec();
  ExprPool &P = C.P;
  S.Address = P.binary(Op::Mul,
                       P.binary(Op::Shr,
                                P.binary(Op::Mul, P.cast(P.threadIdx(0), I32),
                                         P.symbol(C.D, I32), I32),
                                P.constant(1, I32), I32),
                       P.constant(4, I32), I32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_EQ(R.State, AccessResult::Unknown);
  EXPECT_FALSE(R.Parametric);
}

// The property: for random affine addresses in a run-time value d (strides
// and offsets mixing threadIdx.x and threadIdx.y, element sizes, guards on
// the thread index, block shapes), the degree the parametric analysis gives
// for each d equals the ordinary analysis of the access with d a constant,
// for every d from -64 to 256, and its least degree is no greater than any.
TEST(ParametricDegreeTest, MatchesEnumerationOfTheValue) {
  std::mt19937 Rng(2207);
  auto Pick = [&](int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  };
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 4, 1},
                         {8, 8, 1},  {96, 1, 1}, {4, 8, 2}};
  const unsigned Sizes[] = {4, 8, 16, 4, 2};
  unsigned Parametric = 0;
  for (unsigned Case = 0; Case < 48; ++Case) {
    ExprPool P;
    unsigned D = P.addSymbol("d");
    NodeId Tx = P.cast(P.threadIdx(0), I32), Ty = P.cast(P.threadIdx(1), I32);
    auto K = [&](int V) { return P.constant(V, I32); };
    auto Mul = [&](NodeId A, NodeId B) { return P.binary(Op::Mul, A, B, I32); };
    auto Add = [&](NodeId A, NodeId B) { return P.binary(Op::Add, A, B, I32); };
    // (a1 tx + a2 ty) * (k d + m) + b1 tx + b2 ty + c, in elements.
    NodeId Lane = Add(Mul(K(Pick(1, 3)), Tx), Mul(K(Pick(0, 3)), Ty));
    NodeId Stride =
        Add(Mul(K(1 << Pick(0, 3)), P.symbol(D, I32)), K(Pick(-2, 3)));
    NodeId Elem = Add(Add(Mul(Lane, Stride), Mul(K(Pick(0, 33)), Tx)),
                      Add(Mul(K(Pick(0, 5)), Ty), K(Pick(0, 7))));
    unsigned Bytes = Sizes[Pick(0, 4)];
    AccessSpec S;
    S.Pool = &P;
    S.Address = Mul(Elem, K(int(Bytes)));
    S.Bytes = Bytes;
    if (Pick(0, 2) == 0)
      S.Guards.push_back({P.binary(Op::LT, Tx, K(Pick(1, 20)), I32), true});
    Dim3 Block = Blocks[Pick(0, 5)];
    AccessResult R = analyzeAccess(S, Block);
    if (R.State != AccessResult::Unknown)
      continue; // d happened to cancel out
    ASSERT_TRUE(R.Parametric) << "case " << Case << ": " << R.Why;
    ++Parametric;
    const ParametricDegree &PD = *R.Parametric;
    for (int64_t V = -64; V <= 256; ++V) {
      auto Want = bruteForce(S, D, V, Block);
      auto Got = predicted(PD, V);
      ASSERT_TRUE(sameDegree(Want, Got))
          << "case " << Case << ", d = " << V << ": " << P.str(S.Address)
          << " in block " << shapeText(Block) << ": enumeration " << Want.first
          << "/" << Want.second << ", parametric " << Got.first << "/"
          << Got.second << " (" << PD.Text << ")";
      if (Want.second && PD.Min.second) {
        EXPECT_LE(uint64_t(PD.Min.first) * Want.second,
                  uint64_t(Want.first) * PD.Min.second);
      }
    }
  }
  EXPECT_GE(Parametric, 40u);
}

namespace {

/// for (x = Init; x < d + Off; x += Step) around the access, its condition
/// a guard of the access; the loop's variable.
NodeId addBoundLoop(ExprPool &P, AccessSpec &S, unsigned D, int64_t Init,
                    int64_t Off, int64_t Step) {
  unsigned L = P.addLoop("x");
  NodeId X = P.loopVar(L, I32);
  NodeId Cond = P.binary(
      Op::LT, X, P.binary(Op::Add, P.symbol(D, I32), P.constant(Off, I32), I32),
      I32);
  NodeId Init0 = P.constant(Init, I32), Step0 = P.constant(Step, I32);
  NodeId Next = P.binary(Op::Add, X, Step0, I32);
  Loop &Lp = P.loop(L);
  Lp.Init = Init0;
  Lp.Cond = Cond;
  Lp.Next = Next;
  Lp.Step = Step0;
  Lp.Complete = true;
  S.Guards.push_back({Cond, true});
  return X;
}

/// Kj[tx * d + x] (4-byte elements) with x bounded by d: the spec.
AccessSpec boundLoopAccess(StrideAccess &C, unsigned Bytes = 4) {
  ExprPool &P = C.P;
  AccessSpec S = C.spec();
  S.Bytes = Bytes;
  NodeId X = addBoundLoop(P, S, C.D, 0, 0, 1);
  NodeId Elem = P.binary(
      Op::Add,
      P.binary(Op::Mul, P.cast(P.threadIdx(0), I32), P.symbol(C.D, I32), I32),
      X, I32);
  S.Address =
      P.binary(Op::Add, P.symbol(C.Base, IntType::i64()),
               P.cast(P.binary(Op::Mul, Elem, P.constant(Bytes, I32), I32),
                      IntType::i64()),
               IntType::i64());
  return S;
}

/// Every value of d in -64..256: the parametric degree D predicts the
/// ordinary analysis with d that constant.
void expectMatches(const AccessSpec &S, unsigned D, const ParametricDegree &PD,
                   const Dim3 &Block, const std::string &Case) {
  for (int64_t V = -64; V <= 256; ++V) {
    auto Want = bruteForce(S, D, V, Block);
    auto Got = predicted(PD, V);
    ASSERT_TRUE(sameDegree(Want, Got))
        << Case << ", d = " << V << ": " << S.Pool->str(S.Address)
        << " in block " << shapeText(Block) << ": enumeration " << Want.first
        << "/" << Want.second << ", parametric " << Got.first << "/"
        << Got.second << " (" << PD.Text << ")";
    if (Want.second && PD.Min.second)
      EXPECT_LE(uint64_t(PD.Min.first) * Want.second,
                uint64_t(Want.first) * PD.Min.second)
          << Case << ", d = " << V;
  }
}

} // namespace

// flash-attention's inner product: for (x = 0; x < d; x++) ... Kj[tx*d + x].
// The loop only shifts every lane alike by whole words: gcd(d, 32)-way
// where it runs, and no access at all for d <= 0.
TEST(ParametricDegreeTest, ALoopTheValueBoundsOnlyDecidesWhetherItRuns) {
  StrideAccess C;
  AccessSpec S = boundLoopAccess(C);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_TRUE(R.Parametric) << R.Why;
  const ParametricDegree &D = *R.Parametric;
  EXPECT_EQ(D.Period, 32u);
  EXPECT_EQ(D.Classes[0], std::make_pair(32u, 1u));
  EXPECT_EQ(D.Classes[6], std::make_pair(2u, 1u));
  ASSERT_TRUE(D.Below);
  EXPECT_EQ(*D.Below, 1);
  EXPECT_TRUE(D.Exceptions.empty());
  EXPECT_TRUE(D.NeverForSome);
  EXPECT_EQ(D.Min, std::make_pair(1u, 1u));
  EXPECT_EQ(D.Max, std::make_pair(32u, 1u));
  EXPECT_FALSE(D.conflictsForEvery());
  EXPECT_EQ(D.Text,
            "32-way when 'd' is a multiple of 32; 16-way when 'd' is 16 times "
            "an odd number; 8-way when 'd' is 8 times an odd number; 4-way "
            "when 'd' is 4 times an odd number; 2-way when 'd' is 2 times an "
            "odd number; conflict-free when 'd' is odd; no thread executes "
            "it when 'd' < 1");
  ASSERT_EQ(D.Conditions.size(), 1u);
  EXPECT_EQ(D.Conditions[0], "(x < (d + 0))");
  expectMatches(S, C.D, D, {32, 1, 1}, "loop");
}

// 2-byte elements: an iteration moves the lanes by half a word, so the
// iterations may differ (with a period of 2); the degree is the worst of
// those that run, and the conditions say for which values of d the first
// iterations run. Against enumeration of d, in two block shapes.
TEST(ParametricDegreeTest, ALoopThatMovesByHalfAWordTakesTheWorstIteration) {
  for (Dim3 Block : {Dim3{32, 1, 1}, Dim3{64, 1, 1}}) {
    StrideAccess C;
    AccessSpec S = boundLoopAccess(C, 2);
    AccessResult R = analyzeAccess(S, Block);
    ASSERT_TRUE(R.Parametric) << R.Why;
    EXPECT_TRUE(R.Parametric->NeverForSome);
    expectMatches(S, C.D, *R.Parametric, Block, "half words");
  }
}

// A loop whose start the value decides is not a shift: unknown.
TEST(ParametricDegreeTest, ALoopThatStartsFromTheValueStaysUnknown) {
  StrideAccess C;
  AccessSpec S = boundLoopAccess(C);
  ExprPool &P = C.P;
  P.loop(0).Init = P.symbol(C.D, I32);
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_FALSE(R.Parametric);
  EXPECT_NE(R.Why.find("'d' also decides the values of the loop counter 'x'"),
            std::string::npos)
      << R.Why;
}

// What the code proves about d: `if (d % 32 != 0) return;` leaves the
// multiples of 32 (32-way, but d = 0, a broadcast); `d % 2 == 1` the
// positive odd values, conflict-free.
TEST(ParametricDegreeTest, ConditionsOnTheValueRestrictIt) {
  {
    StrideAccess C;
    AccessSpec S = C.spec();
    ExprPool &P = C.P;
    S.Guards.push_back({P.binary(Op::NE,
                                 P.binary(Op::Rem, P.symbol(C.D, I32),
                                          P.constant(32, I32), I32),
                                 P.constant(0, I32), I32),
                        false});
    AccessResult R = analyzeAccess(S, {32, 1, 1});
    ASSERT_TRUE(R.Parametric) << R.Why;
    EXPECT_EQ(R.Parametric->Text,
              "32-way when 'd' is a multiple of 32; no thread executes it "
              "when 'd' is not a multiple of 32; except 'd' = 0: "
              "conflict-free");
    EXPECT_FALSE(R.Parametric->Below);
    EXPECT_FALSE(R.Parametric->conflictsForEvery());
    expectMatches(S, C.D, *R.Parametric, {32, 1, 1}, "d % 32");
    // And d > 0 too: 32-way whenever it runs, a warning.
    S.Guards.push_back(
        {P.binary(Op::GT, P.symbol(C.D, I32), P.constant(0, I32), I32), true});
    R = analyzeAccess(S, {32, 1, 1});
    ASSERT_TRUE(R.Parametric) << R.Why;
    EXPECT_TRUE(R.Parametric->conflictsForEvery());
    EXPECT_EQ(R.Parametric->Min, std::make_pair(32u, 1u));
    expectMatches(S, C.D, *R.Parametric, {32, 1, 1}, "d % 32, d > 0");
  }
  {
    StrideAccess C;
    AccessSpec S = C.spec();
    ExprPool &P = C.P;
    S.Guards.push_back({P.binary(Op::EQ,
                                 P.binary(Op::Rem, P.symbol(C.D, I32),
                                          P.constant(2, I32), I32),
                                 P.constant(1, I32), I32),
                        true});
    AccessResult R = analyzeAccess(S, {32, 1, 1});
    ASSERT_TRUE(R.Parametric) << R.Why;
    EXPECT_EQ(R.Parametric->Max, std::make_pair(1u, 1u));
    EXPECT_FALSE(R.Parametric->conflictsForSome());
    expectMatches(S, C.D, *R.Parametric, {32, 1, 1}, "d % 2 == 1");
  }
}

// A condition that reads another run-time value: not followed.
TEST(ParametricDegreeTest, AConditionOnAnotherValueStaysUnknown) {
  StrideAccess C;
  AccessSpec S = C.spec();
  ExprPool &P = C.P;
  unsigned N = P.addSymbol("n");
  S.Guards.push_back(
      {P.binary(Op::LT, P.symbol(C.D, I32), P.symbol(N, I32), I32), true});
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  EXPECT_FALSE(R.Parametric);
  EXPECT_NE(R.Why.find("whether the access runs depends on 'd' through"),
            std::string::npos)
      << R.Why;
}

// The property with what the code decides about d: random affine
// addresses, a loop d bounds (its start, offset and step random) and
// random uniform conditions on d (remainders, masks, comparisons), against
// the ordinary analysis of each value of d from -64 to 256.
TEST(ParametricDegreeTest, MatchesEnumerationWithLoopsAndConditions) {
  std::mt19937 Rng(2211);
  auto Pick = [&](int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  };
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 4, 1}, {96, 1, 1}};
  unsigned Parametric = 0, WithLoop = 0, WithBelow = 0, WithExceptions = 0,
           SubWordLoop = 0;
  for (unsigned Case = 0; Case < 40; ++Case) {
    ExprPool P;
    unsigned D = P.addSymbol("d");
    NodeId Tx = P.cast(P.threadIdx(0), I32), Ty = P.cast(P.threadIdx(1), I32);
    NodeId Dv = P.symbol(D, I32);
    auto K = [&](int V) { return P.constant(V, I32); };
    auto Mul = [&](NodeId A, NodeId B) { return P.binary(Op::Mul, A, B, I32); };
    auto Add = [&](NodeId A, NodeId B) { return P.binary(Op::Add, A, B, I32); };
    AccessSpec S;
    S.Pool = &P;
    NodeId Lane = Add(Mul(K(Pick(1, 3)), Tx), Mul(K(Pick(0, 2)), Ty));
    NodeId Stride = Add(Mul(K(1 << Pick(0, 2)), Dv), K(Pick(-1, 3)));
    NodeId Elem =
        Add(Mul(Lane, Stride), Add(Mul(K(Pick(0, 9)), Tx), K(Pick(0, 7))));
    if (Pick(0, 3) != 0) {
      NodeId X = addBoundLoop(P, S, D, Pick(-2, 2), Pick(-3, 3), Pick(1, 2));
      Elem = Add(Elem, Mul(K(Pick(1, 2)), X));
    }
    const unsigned Sizes[] = {4, 8, 2, 4, 1};
    unsigned Bytes = Sizes[Pick(0, 4)];
    for (int G = Pick(0, 2); G > 0; --G) {
      NodeId Cond;
      switch (Pick(0, 5)) {
      case 0:
        Cond = P.binary(Op::NE, P.binary(Op::Rem, Dv, K(1 << Pick(1, 5)), I32),
                        K(0), I32);
        break;
      case 1:
        Cond = P.binary(Op::EQ, P.binary(Op::Rem, Dv, K(2), I32), K(1), I32);
        break;
      case 2:
        Cond = P.binary(Op::GT, Dv, K(Pick(-5, 40)), I32);
        break;
      case 3:
        Cond = P.binary(Op::EQ, P.binary(Op::And, Dv, K(Pick(1, 15)), I32),
                        K(0), I32);
        break;
      case 4:
        Cond = P.binary(Op::NE, Dv, K(Pick(-3, 70)), I32);
        break;
      default:
        Cond = P.binary(Op::LAnd, P.binary(Op::GE, Dv, K(Pick(-20, 10)), I32),
                        P.binary(Op::LT, Dv, K(Pick(20, 200)), I32), I32);
      }
      S.Guards.push_back({Cond, Pick(0, 1) == 1});
    }
    S.Address = Mul(Elem, K(int(Bytes)));
    S.Bytes = Bytes;
    Dim3 Block = Blocks[Pick(0, 3)];
    AccessResult R = analyzeAccess(S, Block);
    if (R.State != AccessResult::Unknown || !R.Parametric)
      continue; // d cancelled out, or no value runs it
    ++Parametric;
    WithLoop += P.numLoops() > 0;
    SubWordLoop += P.numLoops() > 0 && Bytes < 4;
    WithBelow += R.Parametric->Below.has_value();
    WithExceptions += !R.Parametric->Exceptions.empty();
    expectMatches(S, D, *R.Parametric, Block, "case " + std::to_string(Case));
  }
  EXPECT_GE(Parametric, 30u);
  EXPECT_GE(WithLoop, 15u);
  EXPECT_GE(WithBelow, 10u);
  EXPECT_GE(WithExceptions, 5u);
  EXPECT_GE(SubWordLoop, 3u);
}

// A scan's up-sweep, for (offset = 1; offset < n; offset *= 2) with n a
// run-time value: the degree is the worst over the values offset takes,
// and ByCycleValue gives each, equal to the analysis of the access with
// offset that constant.
TEST(ParametricDegreeTest, AScanGivesTheDegreeForEachValueOfItsCounter) {
  ExprPool P;
  unsigned N = P.addSymbol("n");
  unsigned L = P.addLoop("offset");
  NodeId Off = P.loopVar(L, I32);
  NodeId Init = P.constant(1, I32);
  NodeId Cond = P.binary(Op::LT, Off, P.symbol(N, I32), I32);
  NodeId Next = P.binary(Op::Mul, Off, P.constant(2, I32), I32);
  Loop &Lp = P.loop(L);
  Lp.Init = Init;
  Lp.Cond = Cond;
  Lp.Next = Next;
  Lp.Complete = true;
  auto Address = [](ExprPool &Q, NodeId O) {
    NodeId Odd = Q.binary(
        Op::Add,
        Q.binary(Op::Mul, Q.constant(2, I32), Q.cast(Q.threadIdx(0), I32), I32),
        Q.constant(1, I32), I32);
    return Q.binary(Op::Mul,
                    Q.binary(Op::Sub, Q.binary(Op::Mul, O, Odd, I32),
                             Q.constant(1, I32), I32),
                    Q.constant(4, I32), I32);
  };
  AccessSpec S;
  S.Pool = &P;
  S.Address = Address(P, Off);
  S.Guards.push_back({Cond, true});
  AccessResult R = analyzeAccess(S, {32, 1, 1});
  ASSERT_EQ(R.State, AccessResult::Ok) << R.Why;
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.CycleLoop, "offset");
  ASSERT_GE(R.ByCycleValue.size(), 5u);
  EXPECT_EQ(R.ByCycleValue[0],
            std::make_pair(int64_t(1), std::make_pair(2u, 1u)));
  EXPECT_EQ(R.ByCycleValue[4],
            std::make_pair(int64_t(16), std::make_pair(32u, 1u)));
  for (const auto &[V, D] : R.ByCycleValue) {
    ExprPool Q;
    AccessSpec One;
    One.Pool = &Q;
    One.Address = Address(Q, Q.constant(V, I32));
    AccessResult W = analyzeAccess(One, {32, 1, 1});
    ASSERT_EQ(W.State, AccessResult::Ok) << V;
    EXPECT_TRUE(sameDegree({W.Wavefronts, W.Phases}, D)) << "offset = " << V;
  }
  EXPECT_EQ(cycleValuesText(R).rfind("'offset' stops at a bound known only at "
                                     "run time; the degree is the worst over "
                                     "the values it takes, in order: 2-way at "
                                     "1, 4-way at 2, 8-way at 4, 16-way at 8, "
                                     "32-way at 16, ...",
                                     0),
            0u)
      << cycleValuesText(R);
}
