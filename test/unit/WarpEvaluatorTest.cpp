// Property tests of the warp evaluator (warplint/Model/ThreadExpr.h): on
// random expression pools over the thread index, constants, symbols, loop
// values and uniform choices, wherever WarpEvaluator gives a warp's values
// they are evaluate()'s, lane by lane, and ThreadEvaluator's too.
#include "warplint/Model/ThreadExpr.h"
#include "gtest/gtest.h"
#include <random>

using namespace warplint::model;

namespace {

const IntType Types[] = {{8, true},  {8, false},  {16, true}, {16, false},
                         {32, true}, {32, false}, {64, true}, {64, false}};

const Op Binary[] = {Op::Add, Op::Sub,  Op::Mul, Op::Div, Op::Rem,
                     Op::Shl, Op::Shr,  Op::And, Op::Or,  Op::Xor,
                     Op::LT,  Op::GT,   Op::LE,  Op::GE,  Op::EQ,
                     Op::NE,  Op::LAnd, Op::LOr, Op::Min, Op::Max};

/// A random pool: leaves first, then operators over earlier nodes; the
/// roots are the last few nodes built.
struct RandomPool {
  ExprPool P;
  std::vector<NodeId> Roots;
  std::vector<NodeId> Selects;
  unsigned Loop = 0;

  explicit RandomPool(std::mt19937 &R) {
    auto Pick = [&](unsigned N) {
      return unsigned(std::uniform_int_distribution<unsigned>(0, N - 1)(R));
    };
    auto Type = [&] { return Types[Pick(8)]; };
    unsigned S0 = P.addSymbol("base", 16, true, true);
    unsigned S1 = P.addSymbol("n", 1, Pick(2), false);
    Loop = P.addLoop("j");
    std::vector<NodeId> Ns;
    for (unsigned D = 0; D < 3; ++D)
      Ns.push_back(P.threadIdx(D));
    for (unsigned D = 0; D < 2; ++D)
      Ns.push_back(P.blockDim(D));
    static const int64_t Consts[] = {
        0, 1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 33, -1, -4, 255, 65536, INT64_MIN};
    for (unsigned I = 0; I < 6; ++I)
      Ns.push_back(P.constant(Consts[Pick(17)], Type()));
    Ns.push_back(P.symbol(S0, IntType::i64()));
    Ns.push_back(P.symbol(S1, Type()));
    NodeId J = P.loopVar(Loop, IntType::i32());
    Ns.push_back(J);
    // j = 0; j < 5; ++j: a loop every thread runs alike.
    warplint::model::Loop &Lp = P.loop(Loop);
    Lp.Init = P.constant(0, IntType::i32());
    Lp.Cond =
        P.binary(Op::LT, J, P.constant(5, IntType::i32()), IntType::i32());
    Lp.Next =
        P.binary(Op::Add, J, P.constant(1, IntType::i32()), IntType::i32());
    Lp.Complete = true;
    unsigned Count = 4 + Pick(24);
    for (unsigned I = 0; I < Count; ++I) {
      NodeId A = Ns[Pick(Ns.size())], B = Ns[Pick(Ns.size())];
      IntType T = Type();
      switch (Pick(8)) {
      case 0:
        Ns.push_back(P.cast(A, T));
        break;
      case 1: {
        static const Op Un[] = {Op::Neg, Op::Not, Op::LNot};
        Ns.push_back(P.unary(Un[Pick(3)], A, T));
        break;
      }
      case 2: {
        NodeId C = Ns[Pick(Ns.size())];
        NodeId S = P.select(A, B, C, T);
        Selects.push_back(S);
        Ns.push_back(S);
        break;
      }
      default:
        Ns.push_back(P.binary(Binary[Pick(20)], A, B, T));
        break;
      }
    }
    // An address-like root: the base plus an offset, and two more.
    Roots.push_back(P.binary(Op::Add, Ns[11], // the base symbol
                             P.cast(Ns.back(), IntType::i64()),
                             IntType::i64()));
    Roots.push_back(Ns[Ns.size() - 1 - Pick(std::min<size_t>(Ns.size(), 4))]);
    Roots.push_back(Ns[Pick(Ns.size())]);
  }
};

bool sameValue(const std::optional<LinearValue> &V, const WarpEvaluator &W,
               NodeId N, unsigned L) {
  if (!V)
    return !W.known(N, L);
  if (!W.known(N, L) || W.constant(N, L) != V->C)
    return false;
  auto T = W.terms(N);
  return std::equal(T.begin(), T.end(), V->Terms.begin(), V->Terms.end());
}

/// The thread indices of warp Warp of Block.
std::vector<std::array<uint64_t, 3>> warpThreads(const Dim3 &Block,
                                                 uint64_t Warp) {
  std::vector<std::array<uint64_t, 3>> Tids;
  uint64_t Threads = Block.threads();
  for (uint64_t Id = Warp * 32; Id < Threads && Id < Warp * 32 + 32; ++Id)
    Tids.push_back(
        {Id % Block.X, (Id / Block.X) % Block.Y, Id / (Block.X * Block.Y)});
  return Tids;
}

} // namespace

TEST(WarpEvaluatorTest, AgreesWithTheThreadEvaluatorOnRandomPools) {
  std::mt19937 R(12345);
  const Dim3 Shapes[] = {{32, 1, 1}, {64, 1, 1}, {33, 1, 1}, {16, 4, 1},
                         {32, 8, 1}, {8, 8, 4},  {5, 6, 7},  {1, 32, 1}};
  unsigned Warps = 0, Agreed = 0;
  for (unsigned Case = 0; Case < 10000; ++Case) {
    RandomPool RP(R);
    const Dim3 &Block = Shapes[Case % 8];
    WarpEvaluator W(RP.P, RP.Roots, Block);
    ASSERT_TRUE(W.supported()); // no loop here depends on the thread
    std::vector<std::optional<int64_t>> LoopValues{int64_t(Case % 5)};
    std::vector<std::pair<NodeId, bool>> Choices;
    for (NodeId S : RP.Selects)
      Choices.push_back({S, (S + Case) % 2 == 0});
    EvalEnv Env;
    Env.Block = Block;
    Env.LoopValues = LoopValues;
    Env.Choices = Choices;
    W.reset(Env);
    ThreadEvaluator T(RP.P, Env);
    uint64_t Threads = Block.threads();
    for (uint64_t Warp = 0; Warp * 32 < Threads; ++Warp) {
      std::vector<std::array<uint64_t, 3>> Tids = warpThreads(Block, Warp);
      ++Warps;
      if (!W.run(Tids))
        continue;
      ++Agreed;
      for (unsigned L = 0; L < Tids.size(); ++L) {
        EvalEnv E = Env;
        E.Tid[0] = Tids[L][0];
        E.Tid[1] = Tids[L][1];
        E.Tid[2] = Tids[L][2];
        T.setThread(E.Tid);
        for (NodeId N : RP.Roots) {
          std::optional<LinearValue> V = evaluate(RP.P, N, E);
          ASSERT_TRUE(sameValue(V, W, N, L))
              << "case " << Case << ", warp " << Warp << ", lane " << L << ": "
              << RP.P.str(N);
          std::optional<LinearValue> TV = T.eval(N);
          ASSERT_EQ(TV.has_value(), V.has_value()) << RP.P.str(N);
          if (V) {
            EXPECT_EQ(TV->C, V->C);
            EXPECT_TRUE(TV->sameSymbols(*V));
          }
        }
      }
    }
  }
  // The fast path must answer for most warps, or it saves nothing.
  EXPECT_GT(Agreed, Warps / 2) << Agreed << " of " << Warps;
  RecordProperty("warps", int(Warps));
  RecordProperty("fast", int(Agreed));
}

TEST(WarpEvaluatorTest, LoopsThatDependOnTheThreadAgreeWithTheThreadEvaluator) {
  // A loop i whose start reads the thread (a random node of a random pool,
  // often with a uniform symbol), built after the counter that reads it,
  // with a step that is a constant, the block's width or a symbol: in each
  // of the ways the analysis runs it (iteration k of each thread, the
  // induction form, not known), wherever WarpEvaluator gives a warp's
  // values they are evaluate()'s.
  std::mt19937 R(4242);
  const Dim3 Shapes[] = {
      {32, 1, 1}, {64, 1, 1}, {33, 1, 1}, {16, 4, 1}, {8, 8, 4}};
  unsigned Warps[3] = {0, 0, 0}, Agreed[3] = {0, 0, 0};
  for (unsigned Case = 0; Case < 6000; ++Case) {
    RandomPool RP(R);
    ExprPool &P = RP.P;
    const Dim3 &Block = Shapes[Case % 5];
    IntType T = Types[(Case / 5) % 8];
    unsigned L = P.addLoop("i");
    NodeId I = P.loopVar(L, T);
    NodeId Start = P.cast(RP.Roots[Case % RP.Roots.size()], T);
    NodeId Step;
    switch (Case % 4) {
    case 0:
      Step = P.constant(4, T);
      break;
    case 1:
      Step = P.constant(-3, T);
      break;
    case 2:
      Step = P.cast(P.blockDim(0), T);
      break;
    default:
      Step = P.symbol(P.addSymbol("s"), T);
      break;
    }
    Loop &Lp = P.loop(L);
    Lp.Init = Start;
    Lp.Step = Step;
    Lp.Next = P.binary(Op::Add, I, Step, T);
    Lp.Cond = P.binary(Op::LT, I, P.constant(100, T), IntType::i32());
    Lp.Complete = true;
    std::vector<NodeId> Roots{
        P.binary(Op::Add, I, P.cast(RP.Roots.back(), T), T),
        P.binary(Op::Mul, I, P.constant(2, T), T), I};
    WarpEvaluator W(P, Roots, Block);
    ASSERT_TRUE(W.supported());
    unsigned Mode = (Case / 40) % 3; // 0: iteration k, 1: induction, 2: none
    std::vector<std::optional<int64_t>> LoopValues{int64_t(Case % 5),
                                                   std::nullopt};
    std::vector<std::optional<int64_t>> Iterations(2);
    std::vector<char> Induction(2, 0);
    if (Mode == 0)
      Iterations[1] = int64_t(Case % 7);
    if (Mode == 1)
      Induction[1] = 1;
    EvalEnv Env;
    Env.Block = Block;
    Env.LoopValues = LoopValues;
    Env.Iterations = Iterations;
    Env.Induction = Induction;
    W.reset(Env);
    uint64_t Threads = Block.threads();
    for (uint64_t Warp = 0; Warp * 32 < Threads; ++Warp) {
      std::vector<std::array<uint64_t, 3>> Tids = warpThreads(Block, Warp);
      ++Warps[Mode];
      if (!W.run(Tids))
        continue;
      ++Agreed[Mode];
      for (unsigned Lane = 0; Lane < Tids.size(); ++Lane) {
        EvalEnv E = Env;
        E.Tid[0] = Tids[Lane][0];
        E.Tid[1] = Tids[Lane][1];
        E.Tid[2] = Tids[Lane][2];
        for (NodeId N : Roots)
          ASSERT_TRUE(sameValue(evaluate(P, N, E), W, N, Lane))
              << "case " << Case << ", mode " << Mode << ", warp " << Warp
              << ", lane " << Lane << ": " << P.str(N);
      }
    }
  }
  // Iteration k of each thread is what the lane-by-lane loops of the
  // analysis ask for: the fast path must answer for most of those warps.
  EXPECT_GT(Agreed[0], Warps[0] / 2) << Agreed[0] << " of " << Warps[0];
  EXPECT_GT(Agreed[1], 0u);
}

TEST(WarpEvaluatorTest, GivesWayToExitValuesThatDependOnTheThread) {
  // The value i has after `for (i = threadIdx.x; i < 8; ++i)`: each thread
  // runs the loop to its end, which only the scalar evaluator does.
  ExprPool P;
  unsigned L = P.addLoop("i");
  Loop &Lp = P.loop(L);
  Lp.Init = P.threadIdx(0);
  Lp.Next = P.binary(Op::Add, P.loopVar(L, IntType::i32()),
                     P.constant(1, IntType::i32()), IntType::i32());
  Lp.Cond = P.binary(Op::LT, P.loopVar(L, IntType::i32()),
                     P.constant(8, IntType::i32()), IntType::i32());
  Lp.Complete = true;
  NodeId Root = P.binary(Op::Add, P.loopExit(L, IntType::i32()), P.threadIdx(0),
                         IntType::i32());
  WarpEvaluator W(P, {Root}, Dim3{32, 1, 1});
  EXPECT_FALSE(W.supported());
}

TEST(WarpEvaluatorTest, SymbolsThatDifferBetweenLanesGiveWay) {
  // n * threadIdx.x: each lane a different multiple of an unknown value.
  ExprPool P;
  unsigned N = P.addSymbol("n");
  NodeId Root = P.binary(Op::Mul, P.symbol(N, IntType::i32()), P.threadIdx(0),
                         IntType::i32());
  Dim3 Block{32, 1, 1};
  WarpEvaluator W(P, {Root}, Block);
  EvalEnv Env;
  Env.Block = Block;
  W.reset(Env);
  std::vector<std::array<uint64_t, 3>> Tids;
  for (uint64_t X = 0; X < 32; ++X)
    Tids.push_back({X, 0, 0});
  EXPECT_FALSE(W.run(Tids));
  // n * threadIdx.y in a 32x8 block: the same multiple in every lane.
  NodeId PerWarp = P.binary(Op::Mul, P.symbol(N, IntType::i32()),
                            P.threadIdx(1), IntType::i32());
  Dim3 Rows{32, 8, 1};
  WarpEvaluator V(P, {PerWarp}, Rows);
  Env.Block = Rows;
  V.reset(Env);
  for (auto &T : Tids)
    T[1] = 3;
  ASSERT_TRUE(V.run(Tids));
  EXPECT_EQ(V.constant(PerWarp, 5), 0);
  ASSERT_EQ(V.terms(PerWarp).size(), 1u);
  EXPECT_EQ(V.terms(PerWarp)[0].second, 3);
}
