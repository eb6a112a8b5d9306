//===-- BankModelFuzzer.cpp - the bank-conflict model ---------------------===//
///
/// Builds a random address expression (and a random guard) over threadIdx,
/// blockDim and constants, with every operator and integer type the
/// lowering produces, and runs analyzeAccess for a random block shape and
/// access width. Two modes, chosen by the first byte:
///
/// - exact: no symbols and no loops. Each thread's address is then a plain
///   integer, which this file computes with its own interpreter of C's
///   rules, and the degree with its own count of distinct words per bank.
///   Whenever analyzeAccess answers, it must give exactly that degree:
///   a difference is a wrong finding (or a missed one).
/// - symbolic: uniform symbols (with alignment and sign facts) and a loop
///   counter too. No reference here; the result must be well-formed (a
///   degree between 1 and 32, phases the access width allows).
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Model/BankModel.h"
#include <map>
#include <set>

using namespace warplint;
using namespace warplint::model;

namespace {

const IntType Types[] = {IntType::i32(), IntType::u32(), IntType::i64()};
const Op Binaries[] = {Op::Add, Op::Sub,  Op::Mul, Op::Div, Op::Rem,
                       Op::Shl, Op::Shr,  Op::And, Op::Or,  Op::Xor,
                       Op::LT,  Op::GT,   Op::LE,  Op::GE,  Op::EQ,
                       Op::NE,  Op::LAnd, Op::LOr, Op::Min, Op::Max};

IntType common(IntType A, IntType B) {
  if (A.Width != B.Width)
    return A.Width > B.Width ? A : B;
  return A.Signed ? B : A; // unsigned wins at equal width
}

/// Builds expressions from the bytes: a stack machine whose stack holds
/// nodes.
struct Builder {
  ExprPool &P;
  fuzz::Bytes &In;
  bool Symbolic;
  std::optional<unsigned> LoopId;
  std::vector<NodeId> Stack;

  NodeId as(NodeId N, IntType T) {
    const Node &X = P[N];
    if (X.Type.Width == T.Width && X.Type.Signed == T.Signed)
      return N;
    return P.cast(N, T);
  }
  NodeId pop() {
    if (Stack.empty())
      return P.constant(int64_t(In.u8()) * 4, IntType::i32());
    NodeId N = Stack.back();
    Stack.pop_back();
    return N;
  }

  NodeId build(unsigned Steps) {
    for (unsigned I = 0; I < Steps && !In.empty(); ++I) {
      uint8_t Code = In.u8();
      IntType T = Types[(Code >> 4) % 3];
      switch (Code % 9) {
      case 0:
        Stack.push_back(P.constant(int8_t(In.u8()), T));
        break;
      case 1:
        Stack.push_back(P.constant(int64_t(In.u64() >> (In.u8() % 64)), T));
        break;
      case 2:
        Stack.push_back(as(P.threadIdx(In.u8() % 3), T));
        break;
      case 3:
        Stack.push_back(as(P.blockDim(In.u8() % 3), T));
        break;
      case 4: {
        uint8_t K = In.u8();
        NodeId A = pop();
        IntType AT = P[A].Type;
        if (K % 4 == 3)
          Stack.push_back(P.cast(A, Types[(K >> 2) % 3]));
        else
          Stack.push_back(P.unary(K % 4 == 0   ? Op::Neg
                                  : K % 4 == 1 ? Op::Not
                                               : Op::LNot,
                                  A, K % 4 == 2 ? IntType::i32() : AT));
        break;
      }
      case 5:
      case 6: {
        Op O = Binaries[In.u8() % std::size(Binaries)];
        NodeId B = pop(), A = pop();
        IntType AT = P[A].Type, BT = P[B].Type;
        if (O == Op::Shl || O == Op::Shr)
          Stack.push_back(P.binary(O, A, B, AT));
        else if (O == Op::LAnd || O == Op::LOr)
          Stack.push_back(P.binary(O, A, B, IntType::i32()));
        else {
          IntType C = common(AT, BT);
          Stack.push_back(P.binary(O, as(A, C), as(B, C), C));
        }
        break;
      }
      case 7: {
        NodeId C = pop(), B = pop(), A = pop();
        IntType T2 = common(P[B].Type, P[C].Type);
        Stack.push_back(P.select(A, as(B, T2), as(C, T2), T2));
        break;
      }
      case 8:
        if (!Symbolic)
          break;
        if (In.u8() % 2 == 0) {
          uint8_t K = In.u8();
          unsigned S = P.addSymbol("s" + std::to_string(P.numSymbols()),
                                   uint64_t(1) << (K % 8), K & 0x80, K & 0x40);
          Stack.push_back(P.symbol(S, T));
        } else {
          if (!LoopId)
            LoopId = P.addLoop("i");
          Stack.push_back(as(P.loopVar(*LoopId, IntType::i32()), T));
        }
        break;
      }
    }
    return pop();
  }

  void finishLoop() {
    if (!LoopId)
      return;
    Loop &L = P.loop(*LoopId);
    NodeId V = P.loopVar(*LoopId, IntType::i32());
    L.Init = In.u8() % 2 ? P.constant(int8_t(In.u8()), IntType::i32())
                         : P.cast(P.threadIdx(0), IntType::i32());
    NodeId Step = P.constant(int8_t(In.u8() | 1), IntType::i32());
    // Each byte read in a statement of its own: the order of a call's
    // arguments is not fixed, and an input must mean the same expression
    // whichever compiler built the fuzzer.
    Op CondOp = In.u8() % 2 ? Op::LT : Op::NE;
    NodeId Bound = P.constant(int8_t(In.u8()), IntType::i32());
    L.Cond = P.binary(CondOp, V, Bound, IntType::i32());
    L.Next = P.binary(Op::Add, V, Step, IntType::i32());
    L.Step = Step;
    L.Complete = true;
  }
};

/// C's value of node N for one thread (the reference interpreter);
/// std::nullopt where C leaves it undefined (x / 0, a shift by the width).
struct Reference {
  const ExprPool &P;
  Dim3 Block;
  uint64_t Tid[3];
  std::map<NodeId, std::optional<int64_t>> Memo;

  std::optional<int64_t> eval(NodeId N) {
    auto It = Memo.find(N);
    if (It != Memo.end())
      return It->second;
    std::optional<int64_t> V = compute(P[N]);
    if (V)
      V = P[N].Type.wrap(*V);
    Memo[N] = V;
    return V;
  }

  std::optional<int64_t> compute(const Node &X) {
    switch (X.Kind) {
    case Op::Const:
      return X.Value;
    case Op::ThreadIdx:
      return int64_t(Tid[X.Index]);
    case Op::BlockDim:
      return int64_t(Block[X.Index]);
    case Op::Select: {
      auto C = eval(X.A);
      if (!C)
        return std::nullopt;
      return eval(*C ? X.B : X.C);
    }
    case Op::LAnd:
    case Op::LOr: {
      auto A = eval(X.A);
      if (!A)
        return std::nullopt;
      if ((X.Kind == Op::LAnd) != (*A != 0))
        return int64_t(*A != 0);
      auto B = eval(X.B);
      if (!B)
        return std::nullopt;
      return int64_t(*B != 0);
    }
    default:
      break;
    }
    auto A = eval(X.A);
    if (!A)
      return std::nullopt;
    uint64_t UA = uint64_t(*A);
    switch (X.Kind) {
    case Op::Cast:
      return A;
    case Op::Neg:
      return int64_t(0 - UA);
    case Op::Not:
      return int64_t(~UA);
    case Op::LNot:
      return int64_t(*A == 0);
    default:
      break;
    }
    auto B = eval(X.B);
    if (!B)
      return std::nullopt;
    uint64_t UB = uint64_t(*B);
    bool Signed = P[X.A].Type.Signed;
    bool Less = Signed ? *A < *B : UA < UB;
    switch (X.Kind) {
    case Op::Add:
      return int64_t(UA + UB);
    case Op::Sub:
      return int64_t(UA - UB);
    case Op::Mul:
      return int64_t(UA * UB);
    case Op::And:
      return int64_t(UA & UB);
    case Op::Or:
      return int64_t(UA | UB);
    case Op::Xor:
      return int64_t(UA ^ UB);
    case Op::Shl:
    case Op::Shr:
      if (*B < 0 || *B >= X.Type.Width)
        return std::nullopt;
      if (X.Kind == Op::Shl)
        return int64_t(UA << *B);
      return X.Type.Signed ? *A >> *B : int64_t(UA >> *B);
    case Op::Div:
    case Op::Rem:
      if (*B == 0 || (X.Type.Signed && *A == INT64_MIN && *B == -1))
        return std::nullopt;
      if (X.Type.Signed)
        return X.Kind == Op::Div ? *A / *B : *A % *B;
      return int64_t(X.Kind == Op::Div ? UA / UB : UA % UB);
    case Op::LT:
      return int64_t(Less);
    case Op::GT:
      return int64_t(!Less && *A != *B);
    case Op::LE:
      return int64_t(Less || *A == *B);
    case Op::GE:
      return int64_t(!Less);
    case Op::EQ:
      return int64_t(*A == *B);
    case Op::NE:
      return int64_t(*A != *B);
    case Op::Min:
      return Less ? *A : *B;
    case Op::Max:
      return Less ? *B : *A;
    default:
      return std::nullopt;
    }
  }
};

int64_t floorDiv(int64_t A, int64_t B) {
  return A / B - ((A % B != 0) && ((A < 0) != (B < 0)));
}

/// The wavefronts and phases of one warp, counted directly: per phase, the
/// distinct words each bank serves.
std::pair<unsigned, unsigned>
countWavefronts(const std::vector<std::optional<int64_t>> &Lanes,
                unsigned Bytes) {
  unsigned Phases = Bytes <= 4 ? 1 : Bytes / 4;
  unsigned PerPhase = 32 / Phases, Wavefronts = 0, Issued = 0;
  for (unsigned Ph = 0; Ph < Phases; ++Ph) {
    std::map<int64_t, std::set<int64_t>> Words; // bank -> words
    bool Any = false;
    for (unsigned L = Ph * PerPhase; L < (Ph + 1) * PerPhase; ++L) {
      if (!Lanes[L])
        continue;
      Any = true;
      for (int64_t W = floorDiv(*Lanes[L], 4);
           W <= floorDiv(*Lanes[L] + Bytes - 1, 4); ++W)
        Words[((W % 32) + 32) % 32].insert(W);
    }
    if (!Any)
      continue;
    ++Issued;
    size_t Most = 0;
    for (const auto &[Bank, Ws] : Words)
      Most = std::max(Most, Ws.size());
    Wavefronts += Most;
  }
  return {Wavefronts, Issued};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::Bytes In(Data, Size);
  uint8_t Mode = In.u8();
  bool Symbolic = Mode & 1;
  const unsigned Widths[] = {1, 2, 4, 8, 16};
  unsigned Bytes = Widths[(Mode >> 1) % 5];
  Dim3 Block{In.range(1, 128), In.range(1, 16), In.range(1, 4)};
  if (Block.threads() > 1024)
    Block.Z = 1;
  if (Block.threads() > 1024)
    Block.Y = 1024 / Block.X;

  ExprPool P;
  Builder B{P, In, Symbolic, std::nullopt, {}};
  AccessSpec S;
  S.Pool = &P;
  S.Bytes = Bytes;
  bool Guarded = Mode & 0x40;
  if (Guarded)
    S.Guards.push_back({B.build(In.range(1, 12)), bool(Mode & 0x80)});
  S.Address = B.build(48);
  B.finishLoop();
  if (Symbolic && (Mode & 0x20))
    S.AddressLanes = 8 * unsigned(In.range(1, 4));

  // Bounded as the tool bounds every access, with a smaller budget (the
  // sanitizers make each step slow): the fuzzer finds work the budget does
  // not bound, and answers wrong within it.
  WorkBudget Budget;
  Budget.Limit = 2'000'000;
  S.Budget = &Budget;
  AccessResult R = analyzeAccess(S, Block);
  WARPLINT_FUZZ_CHECK(!Budget.spent() || R.TooComplex,
                      "a spent budget, yet an answer");
  uint64_t Warps = (Block.threads() + 31) / 32;
  if (R.State == AccessResult::Ok) {
    unsigned MaxPhases = phasesFor(Bytes);
    WARPLINT_FUZZ_CHECK(R.Phases >= 1 && R.Phases <= MaxPhases,
                        std::to_string(R.Phases) + " phases");
    WARPLINT_FUZZ_CHECK(R.Wavefronts >= R.Phases &&
                            R.Wavefronts <= 32 * R.Phases,
                        std::to_string(R.Wavefronts) + " wavefronts in " +
                            std::to_string(R.Phases) + " phases");
    WARPLINT_FUZZ_CHECK(R.Warp < Warps, std::to_string(R.Warp));
  } else if (R.State == AccessResult::Unknown) {
    WARPLINT_FUZZ_CHECK(!R.Why.empty(), "unknown without a reason");
  }
  if (Symbolic || R.State == AccessResult::Unknown)
    return 0;

  // Exact mode: every thread's address by the reference interpreter.
  unsigned WorstW = 0, WorstP = 0;
  bool AnyActive = false;
  for (uint64_t W = 0; W < Warps; ++W) {
    std::vector<std::optional<int64_t>> Lanes(32);
    for (unsigned L = 0; L < 32; ++L) {
      uint64_t Id = W * 32 + L;
      if (Id >= Block.threads())
        break;
      Reference Ref{
          P,
          Block,
          {Id % Block.X, (Id / Block.X) % Block.Y, Id / (Block.X * Block.Y)},
          {}};
      bool Active = true;
      for (const auto &[G, Want] : S.Guards) {
        auto V = Ref.eval(G);
        // A condition C leaves undefined (a shift past the width): whether
        // the lane runs is not defined either; nothing to compare with.
        if (!V)
          return 0;
        if ((*V != 0) != Want)
          Active = false;
      }
      if (!Active)
        continue;
      auto A = Ref.eval(S.Address);
      // C leaves the address undefined, or the access would fault on a GPU
      // (misaligned): nothing to compare with.
      if (!A || *A % int64_t(Bytes) != 0)
        return 0;
      Lanes[L] = A;
      AnyActive = true;
    }
    auto [Wf, Ph] = countWavefronts(Lanes, Bytes);
    if (Ph && uint64_t(Wf) * (WorstP ? WorstP : 1) > uint64_t(WorstW) * Ph) {
      WorstW = Wf;
      WorstP = Ph;
    }
  }
  if (!AnyActive) {
    WARPLINT_FUZZ_CHECK(
        R.State == AccessResult::NeverRuns,
        "no lane executes the access, but the model says " +
            std::string(R.State == AccessResult::Ok ? "Ok" : "?"));
    return 0;
  }
  std::string Guards;
  for (const auto &[G, Want] : S.Guards)
    Guards += std::string(Want ? " if " : " unless ") + P.str(G);
  WARPLINT_FUZZ_CHECK(R.State == AccessResult::Ok,
                      "lanes execute the access, but the model says " +
                          std::string(R.State == AccessResult::NeverRuns
                                          ? "it never runs"
                                          : "unknown: " + R.Why) +
                          ": block " + Block.str() + ", address " +
                          P.str(S.Address) + Guards);
  WARPLINT_FUZZ_CHECK(
      uint64_t(R.Wavefronts) * WorstP == uint64_t(WorstW) * R.Phases,
      "model " + std::to_string(R.Wavefronts) + "/" + std::to_string(R.Phases) +
          ", reference " + std::to_string(WorstW) + "/" +
          std::to_string(WorstP) + " for block " + Block.str() + ", " +
          std::to_string(Bytes) + " bytes, address " + P.str(S.Address));
  return 0;
}
