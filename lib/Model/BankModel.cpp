//===-- BankModel.cpp - Shared-memory bank conflicts of one access --------===//
//
// analyzeAccess() is exhaustive rather than symbolic: for a block shape it
// evaluates the address of every lane of every warp, for every value of the
// enumerable loop counters the access reads. Blocks have at most 1024
// threads and such loops rarely more than a few dozen iterations, so this is
// cheap, and it is exact for every expression the evaluator can compute
// (XOR swizzles, shifts, divisions, masks), where a stride-based formula would
// only cover affine addresses.
//
// The unknown uniform part of an address (the array's base, blockIdx, a
// kernel parameter) is the same in every lane. Adding the same multiple of 4
// bytes to every lane rotates the banks without changing how many distinct
// words any bank serves, so only the uniform part modulo 4 matters; it is
// enumerated over the residues its known factors allow (element sizes below 4
// bytes), and the answer stands only when they all agree.
//
//===----------------------------------------------------------------------===//
#include "warplint/Model/BankModel.h"
#include "PoolWalk.h"
#include "llvm/ADT/STLExtras.h"
#include <map>
#include <numeric>

namespace warplint::model {

using namespace detail;

TileBound tileBound(unsigned Rows, unsigned RowBytes, uint64_t Stride) {
  TileBound B;
  if (Rows == 0 || RowBytes == 0)
    return B;
  // The words of each bank; a 32-byte aligned start only rotates banks.
  std::array<std::vector<uint64_t>, NumBanks> Words;
  for (uint64_t R = 0; R < Rows; ++R)
    for (uint64_t W = 0; W < (RowBytes + BankBytes - 1) / BankBytes; ++W) {
      uint64_t Word = (R * Stride) / BankBytes + W;
      Words[Word % NumBanks].push_back(Word);
    }
  for (unsigned K = 0; K < NumBanks; ++K) {
    llvm::sort(Words[K]);
    Words[K].erase(std::unique(Words[K].begin(), Words[K].end()),
                   Words[K].end());
    unsigned N = unsigned(Words[K].size());
    B.BanksUsed += N > 0;
    if (N > B.MaxWords) {
      B.MaxWords = N;
      B.Bank = K;
    }
  }
  uint64_t Bytes = uint64_t(Rows) * RowBytes;
  B.Ideal = unsigned(std::max<uint64_t>(1, (Bytes + NumBanks * BankBytes - 1) /
                                               (NumBanks * BankBytes)));
  return B;
}

unsigned phasesFor(unsigned Bytes) { return Bytes <= 4 ? 1 : Bytes / 4; }

static int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  if ((A % B != 0) && ((A < 0) != (B < 0)))
    --Q;
  return Q;
}

static unsigned bankOf(int64_t Word) {
  int64_t B = Word % int64_t(NumBanks);
  return unsigned(B < 0 ? B + NumBanks : B);
}

WarpBanks warpBanks(const LaneAddresses &Lanes, unsigned AccessBytes,
                    std::vector<WavefrontRow> *Rows) {
  WarpBanks R;
  unsigned Phases = phasesFor(AccessBytes);
  unsigned LanesPerPhase = 32 / Phases;
  for (unsigned Ph = 0; Ph < Phases; ++Ph) {
    // Per bank: the distinct words, in the order lanes first ask for them,
    // and the lanes that want each.
    struct WordLanes {
      int64_t Word;
      llvm::SmallVector<unsigned, 2> Lanes;
    };
    std::array<llvm::SmallVector<WordLanes, 2>, NumBanks> Banks;
    bool Any = false;
    for (unsigned L = Ph * LanesPerPhase; L < (Ph + 1) * LanesPerPhase; ++L) {
      if (!Lanes[L])
        continue;
      Any = true;
      int64_t First = floorDiv(*Lanes[L], BankBytes);
      int64_t Last = floorDiv(*Lanes[L] + AccessBytes - 1, BankBytes);
      for (int64_t W = First; W <= Last; ++W) {
        auto &B = Banks[bankOf(W)];
        auto It =
            llvm::find_if(B, [&](const WordLanes &X) { return X.Word == W; });
        if (It == B.end())
          B.push_back({W, {L}});
        else if (It->Lanes.empty() || It->Lanes.back() != L)
          It->Lanes.push_back(L);
      }
    }
    if (!Any)
      continue;
    ++R.Phases;
    unsigned Max = 0, MaxBank = 0;
    for (unsigned B = 0; B < NumBanks; ++B)
      if (Banks[B].size() > Max) {
        Max = Banks[B].size();
        MaxBank = B;
      }
    // The worst bank overall: the first bank of the first phase that needs
    // the most words.
    if (Max > R.WorstWords) {
      R.WorstBank = MaxBank;
      R.WorstPhase = Ph;
      R.WorstWords = Max;
    }
    R.Wavefronts += Max;
    if (Rows)
      for (unsigned Row = 0; Row < Max; ++Row) {
        WavefrontRow W;
        W.Phase = Ph;
        for (unsigned B = 0; B < NumBanks; ++B)
          if (Row < Banks[B].size()) {
            W.Word[B] = Banks[B][Row].Word;
            W.Lanes[B] = Banks[B][Row].Lanes;
          }
        Rows->push_back(std::move(W));
      }
  }
  return R;
}

std::string formatDegree(unsigned Wavefronts, unsigned Phases) {
  if (!Phases)
    return "0";
  if (Wavefronts % Phases == 0)
    return std::to_string(Wavefronts / Phases);
  // Phases is 2 or 4: at most two decimals.
  unsigned Hundredths = Wavefronts * 100 / Phases;
  std::string S = std::to_string(Hundredths / 100) + ".";
  unsigned Frac = Hundredths % 100;
  if (Frac % 10 == 0)
    S += std::to_string(Frac / 10);
  else
    S += (Frac < 10 ? "0" : "") + std::to_string(Frac);
  return S;
}

std::string shapeText(const Dim3 &D) {
  std::string S = std::to_string(D.X) + "x" + std::to_string(D.Y);
  if (D.Z != 1)
    S += "x" + std::to_string(D.Z);
  return S;
}

std::string formatLanes(llvm::ArrayRef<unsigned> Lanes) {
  size_t N = Lanes.size();
  if (N == 0)
    return "no lanes";
  if (N == 1)
    return "lane " + std::to_string(Lanes[0]);
  if (N == 2)
    return "lanes " + std::to_string(Lanes[0]) + " and " +
           std::to_string(Lanes[1]);
  bool AP = true;
  int64_t D = int64_t(Lanes[1]) - Lanes[0];
  for (size_t I = 2; I < N; ++I)
    AP &= int64_t(Lanes[I]) - Lanes[I - 1] == D;
  if (AP && D == 1)
    return "lanes " + std::to_string(Lanes[0]) + ".." +
           std::to_string(Lanes[N - 1]);
  std::string S = "lanes ";
  if (N <= 4) {
    for (size_t I = 0; I < N; ++I)
      S += (I == 0       ? ""
            : I + 1 == N ? " and "
                         : ", ") +
           std::to_string(Lanes[I]);
    return S;
  }
  if (AP)
    return S + std::to_string(Lanes[0]) + ", " + std::to_string(Lanes[1]) +
           ", ..., " + std::to_string(Lanes[N - 1]);
  return S + std::to_string(Lanes[0]) + ", " + std::to_string(Lanes[1]) + ", " +
         std::to_string(Lanes[2]) + " and " + std::to_string(N - 3) + " more";
}

std::string describeConflict(const AccessResult &R, unsigned Bytes) {
  unsigned Phases = phasesFor(Bytes);
  unsigned PerPhase = 32 / Phases;
  unsigned Ph = R.Banks.WorstPhase, Bank = R.Banks.WorstBank;
  llvm::SmallVector<unsigned, 32> Lanes;
  for (unsigned L = Ph * PerPhase; L < (Ph + 1) * PerPhase; ++L) {
    if (!R.Lanes[L])
      continue;
    int64_t First = floorDiv(*R.Lanes[L], BankBytes);
    int64_t Last = floorDiv(*R.Lanes[L] + Bytes - 1, BankBytes);
    for (int64_t W = First; W <= Last; ++W)
      if (bankOf(W) == Bank) {
        Lanes.push_back(L);
        break;
      }
  }
  std::string S = formatLanes(Lanes) + " hit bank " + std::to_string(Bank);
  // A constant stride between the lanes of the warp names the cause.
  std::optional<int64_t> Stride;
  std::optional<std::pair<unsigned, int64_t>> Prev;
  bool AP = true;
  for (unsigned L = 0; L < 32 && AP; ++L) {
    if (!R.Lanes[L])
      continue;
    if (Prev) {
      int64_t DL = int64_t(L) - Prev->first;
      int64_t DA = *R.Lanes[L] - Prev->second;
      if (DA % DL != 0 || (Stride && *Stride != DA / DL))
        AP = false;
      else
        Stride = DA / DL;
    }
    Prev = {L, *R.Lanes[L]};
  }
  if (AP && Stride && *Stride != 0) {
    int64_t A = *Stride < 0 ? -*Stride : *Stride;
    if (A % BankBytes == 0)
      S += " with a stride of " + std::to_string(A / BankBytes) +
           (A == BankBytes ? " word" : " words");
    else
      S += " with a stride of " + std::to_string(A) + " bytes";
  } else {
    S += " in " + std::to_string(R.Banks.WorstWords) + " different words";
  }
  return S;
}

//===----------------------------------------------------------------------===//
// analyzeAccess
//===----------------------------------------------------------------------===//

namespace {

constexpr unsigned MaxLoopValues = 1024; // iterations of one enumerated loop
constexpr unsigned MaxCombinations = 2048;
constexpr unsigned MaxChoices = 6; // uniform branches tried both ways

/// Is A worse than B: more wavefronts per phase?
bool worse(unsigned WA, unsigned PA, unsigned WB, unsigned PB) {
  return uint64_t(WA) * PB > uint64_t(WB) * PA;
}

class AccessAnalysis {
public:
  /// Shifted: loops (by index) whose variables only shift every lane's
  /// address alike (see shiftOnlyLoops()): they are taken as induction
  /// loops instead of being enumerated, each with its first value.
  AccessAnalysis(const AccessSpec &A, const Dim3 &Block,
                 llvm::ArrayRef<std::pair<unsigned, int64_t>> Shifted = {})
      : A(A), P(*A.Pool), Block(Block), LoopValues(P.numLoops()),
        Induction(P.numLoops(), false), Iterations(P.numLoops()),
        ExitValues(P.numLoops()), Shifted(P.numLoops()) {
    for (auto [L, First] : Shifted)
      this->Shifted[L] = First;
  }

  /// After run() with shifted loops: whether a shifted loop moved a lane's
  /// address by other than a multiple of max(4, access size) per
  /// iteration, where its iterations might differ (the answer then stands
  /// for nothing).
  bool ShiftUnaligned = false;

  AccessResult run() {
    llvm::SmallVector<unsigned, 4> Read;
    P.loopsRead(A.Address, Read);
    for (const auto &G : A.Guards)
      P.loopsRead(G.first, Read);
    // The variables one source loop carries step together: a group is
    // enumerated as one loop, whichever of its members the access reads.
    llvm::SmallVector<unsigned, 4> Groups;
    for (unsigned L : Read)
      if (!llvm::is_contained(Groups, P.loop(L).Group))
        Groups.push_back(P.loop(L).Group);
    auto GroupOf = [&](unsigned L) { return P.loop(L).Group; };
    // Outer loops first: a group whose expressions read another comes after
    // it.
    Order.clear();
    llvm::SmallVector<unsigned, 4> Left(Groups.begin(), Groups.end());
    while (!Left.empty()) {
      bool Progress = false;
      for (size_t I = 0; I < Left.size(); ++I) {
        llvm::SmallVector<unsigned, 4> Deps;
        for (unsigned M : members(Left[I])) {
          const Loop &L = P.loop(M);
          for (NodeId N : {L.Init, L.Cond, L.Next})
            P.loopsRead(N, Deps);
          if (L.Step)
            P.loopsRead(*L.Step, Deps);
        }
        bool Ready = llvm::all_of(Deps, [&](unsigned D) {
          return GroupOf(D) == Left[I] || llvm::is_contained(Order, GroupOf(D));
        });
        if (Ready) {
          Order.push_back(Left[I]);
          Left.erase(Left.begin() + I);
          Progress = true;
          break;
        }
      }
      if (!Progress)
        return unknown("the loops around the access depend on each other");
    }
    for (unsigned L : Read) {
      if (!P.loop(L).Complete)
        return unknown("a loop counter the access reads is not a plain "
                       "for-loop counter");
      Needed.push_back(L);
    }
    // Branches on a uniform condition the analysis cannot compute: every
    // lane takes the same arm, and each arm is tried.
    llvm::SmallVector<NodeId, 4> Selects;
    P.selectsRead(A.Address, Selects);
    for (const auto &G : A.Guards)
      P.selectsRead(G.first, Selects);
    for (NodeId S : Selects)
      if (!P.readsThreadIdx(P[S].A) && !llvm::is_contained(UniformSelects, S))
        UniformSelects.push_back(S);
    if (UniformSelects.size() > MaxChoices)
      return unknown("the address depends on more branches of unknown "
                     "uniform conditions than the analysis tries");
    AddressUniform = !P.readsThreadIdx(A.Address);
    ExitSets = exitSets();
    // The first pass, with the unknown uniform part of the address taken as
    // 0 modulo 4, also learns which residues that part can have; the block's
    // answer stands only when every residue gives the same one.
    // A residue that would misalign an access the program makes (a
    // 16-byte ldmatrix row on a 2-byte boundary) is not one the unknown
    // part can have: the hardware requires natural alignment.
    AccessResult First = pass(0);
    if (Failed || First.State != AccessResult::Ok)
      return First;
    std::optional<AccessResult> Answer;
    if (!Misaligned)
      Answer = First;
    uint64_t Step = ResidueStep;
    for (uint64_t R = Step; R < BankBytes; R += Step) {
      AccessResult Other = pass(int64_t(R));
      if (Failed)
        return Other;
      if (Misaligned)
        continue;
      if (!Answer) {
        Answer = Other;
        continue;
      }
      if (Other.Wavefronts != Answer->Wavefronts ||
          Other.Phases != Answer->Phases)
        return unknown("the conflict depends on the alignment of an unknown "
                       "offset in the address");
    }
    return Answer ? *Answer : First;
  }

  AccessResult pass(int64_t Residue) {
    this->Residue = Residue;
    Misaligned = false;
    Result = AccessResult();
    Combinations = 0;
    AnyActive = false;
    HaveWorst = false;
    FirstDegree.reset();
    enumerate(0);
    if (Failed)
      return Result;
    if (!AnyActive) {
      Result.State = AccessResult::NeverRuns;
      return Result;
    }
    Result.State = AccessResult::Ok;
    if (!Result.DependsOnLoops)
      Result.LoopValues.clear();
    return Result;
  }

private:
  const AccessSpec &A;
  const ExprPool &P;
  Dim3 Block;
  std::vector<std::optional<int64_t>> LoopValues;
  std::vector<char> Induction;
  /// Loops enumerated iteration by iteration, each thread from its own
  /// start (see EvalEnv::Iterations), and for each the iterations every
  /// thread of the block runs, by linear thread id.
  std::vector<std::optional<int64_t>> Iterations;
  /// Per loop: the value after the loop being tried (see leaf()).
  std::vector<std::optional<int64_t>> ExitValues;
  /// Per loop: its first value, for a loop taken as a shift (see the
  /// constructor).
  std::vector<std::optional<int64_t>> Shifted;
  struct LaneLoop {
    std::vector<uint32_t> Trips;
    int64_t K = 0;
  };
  llvm::SmallVector<LaneLoop *, 2> LaneLoopsActive;
  llvm::SmallVector<unsigned, 4> Order;  ///< loop groups, outer first
  llvm::SmallVector<unsigned, 4> Needed; ///< loops the access reads
  llvm::SmallVector<NodeId, 4> UniformSelects;
  /// The values after a loop the address reads, by the loop's group (see
  /// exitSets()), found once per access.
  struct ExitSet {
    llvm::SmallVector<NodeId, 2> Nodes;     ///< the LoopExit nodes read
    llvm::SmallVector<unsigned, 2> Members; ///< the variables that cycle
  };
  std::vector<ExitSet> ExitSets;
  /// Per loop group: the members whose values the address reads (see
  /// valueMembers()), found once per access.
  std::map<unsigned, llvm::SmallVector<unsigned, 2>> CycleMembers;
  std::vector<std::pair<NodeId, bool>> Choices;
  bool AddressUniform = false;
  bool Misaligned = false; ///< a lane's address is not naturally aligned
  /// The evaluator of the lanes of leafWarps(), kept between leaves.
  std::optional<ThreadEvaluator> LaneEval;
  /// All lanes of a warp at once, where it can (see wholeWarp()).
  std::optional<WarpEvaluator> WarpEval;

  /// The loops of group G.
  llvm::SmallVector<unsigned, 2> members(unsigned G) const {
    return P.groupMembers(G);
  }
  unsigned Combinations = 0;
  bool Failed = false;
  bool AnyActive = false;
  bool HaveWorst = false;
  /// The block's worst (wavefronts, phases): of the first combination of
  /// loop values, and of the current one.
  std::optional<std::pair<unsigned, unsigned>> FirstDegree, LeafWorst;
  int64_t Residue = 0;              ///< added to every lane's address
  uint64_t ResidueStep = BankBytes; ///< the residues the uniform part allows
  AccessResult Result;

  AccessResult unknown(const std::string &Why) {
    Failed = true;
    Result = AccessResult();
    Result.State = AccessResult::Unknown;
    Result.Why = Why;
    return Result;
  }

  EvalEnv env(const uint64_t Tid[3]) const {
    EvalEnv E;
    E.Block = Block;
    E.Tid[0] = Tid[0];
    E.Tid[1] = Tid[1];
    E.Tid[2] = Tid[2];
    E.LoopValues = LoopValues;
    E.Induction = Induction;
    E.Iterations = Iterations;
    E.Choices = Choices;
    E.ExitValues = ExitValues;
    E.Budget = A.Budget;
    return E;
  }

  /// Stops the analysis once the budget is spent (analyzeAccess then gives
  /// the reason).
  bool outOfBudget() {
    if (!A.Budget || !A.Budget->spent())
      return false;
    unknown("too complex");
    return true;
  }

  /// The values of loop group G's variables, iteration by iteration, under
  /// the outer loops' current values, when the code fixes them;
  /// std::nullopt when it does not.
  std::optional<std::vector<std::vector<int64_t>>> loopValues(unsigned G) {
    llvm::SmallVector<unsigned, 2> Ms = members(G);
    const Loop &Head = P.loop(Ms.front());
    if (!Head.CondKnown)
      return std::nullopt;
    llvm::SmallVector<unsigned, 4> Deps;
    for (unsigned M : Ms) {
      const Loop &Lp = P.loop(M);
      for (NodeId N : {Lp.Init, Lp.Cond, Lp.Next}) {
        if (P.readsThreadIdx(N))
          return std::nullopt;
        P.loopsRead(N, Deps);
      }
    }
    for (unsigned D : Deps)
      if (P.loop(D).Group != G && !LoopValues[D])
        return std::nullopt;
    uint64_t Zero[3] = {0, 0, 0};
    std::optional<std::vector<int64_t>> Starts = startsOf(Ms);
    if (!Starts)
      return std::nullopt;
    std::vector<int64_t> V = std::move(*Starts);
    std::vector<std::vector<int64_t>> Values;
    std::vector<std::optional<int64_t>> Saved = LoopValues;
    auto Fail = [&] {
      LoopValues = Saved;
      return std::nullopt;
    };
    auto Holds = [&]() -> std::optional<bool> {
      auto C = evaluate(P, Head.Cond, env(Zero));
      if (!C || !C->isConstant())
        return std::nullopt;
      return C->C != 0;
    };
    while (true) {
      for (size_t I = 0; I < Ms.size(); ++I)
        LoopValues[Ms[I]] = V[I];
      if (!Head.CondAfterBody) {
        auto C = Holds();
        if (!C)
          return Fail();
        if (!*C)
          break;
      }
      if (Values.size() == MaxLoopValues)
        return Fail();
      Values.push_back(V);
      if (Head.CondAfterBody) {
        auto C = Holds();
        if (!C)
          return Fail();
        if (!*C)
          break;
      }
      for (size_t I = 0; I < Ms.size(); ++I) {
        auto N = evaluate(P, P.loop(Ms[I]).Next, env(Zero));
        if (!N || !N->isConstant())
          return Fail();
        V[I] = N->C;
      }
    }
    LoopValues = Saved;
    return Values;
  }

  void enumerate(size_t I) {
    if (Failed)
      return;
    if (outOfBudget())
      return;
    if (I == Order.size()) {
      if (++Combinations > MaxCombinations) {
        unknown("the loops around the access run too many iterations to "
                "enumerate");
        return;
      }
      leaf();
      return;
    }
    unsigned G = Order[I];
    llvm::SmallVector<unsigned, 2> Ms = members(G);
    if (Shifted[G]) {
      // Every iteration moves every lane alike: one evaluation with the
      // counter as its first value plus a uniform count of steps.
      for (unsigned M : Ms)
        Induction[M] = true;
      enumerate(I + 1);
      for (unsigned M : Ms)
        Induction[M] = false;
      return;
    }
    if (auto Values = loopValues(G)) {
      for (const std::vector<int64_t> &V : *Values) {
        for (size_t K = 0; K < Ms.size(); ++K)
          LoopValues[Ms[K]] = V[K];
        enumerate(I + 1);
        if (Failed)
          return;
      }
      for (unsigned M : Ms)
        LoopValues[M].reset();
      return;
    }
    // A trip count the code does not fix, but variables that cycle through
    // a few values whatever it is (a stage index `(s + 1) % STAGES`, a
    // double buffer `off ^= SIZE`): each value of the cycle.
    if (auto Cycle = cycleValues(G)) {
      for (const std::vector<int64_t> &V : Cycle->second) {
        for (size_t K = 0; K < Cycle->first.size(); ++K)
          LoopValues[Cycle->first[K]] = V[K];
        enumerate(I + 1);
        if (Failed)
          return;
      }
      for (unsigned M : Cycle->first)
        LoopValues[M].reset();
      return;
    }
    // Not enumerable: each variable the access reads must step by a
    // uniform amount (the induction form), or be the same in every thread
    // (its unknown value is then an opaque uniform value, exact wherever it
    // only shifts every lane's address alike).
    bool Uniform = llvm::all_of(Ms, [&](unsigned M) {
      const Loop &L = P.loop(M);
      return !P.readsThreadIdx(L.Init) && !P.readsThreadIdx(L.Next) &&
             (!L.CondKnown || !P.readsThreadIdx(L.Cond));
    });
    for (unsigned M : Ms)
      if (!P.loop(M).Step && !Uniform && llvm::is_contained(Needed, M)) {
        unknown("the loop counter '" + P.loop(M).Name +
                "' takes values the analysis cannot enumerate");
        return;
      }
    // A start that depends on the thread, a uniform step and a trip count
    // the code fixes: iteration by iteration, each thread from its own
    // start, the threads that have left the loop idle.
    if (laneEnumerable(Ms))
      if (std::optional<LaneLoop> LL = tripCounts(Ms)) {
        uint32_t Most = 0;
        for (uint32_t T : LL->Trips)
          Most = std::max(Most, T);
        LaneLoopsActive.push_back(&*LL);
        for (uint32_t K = 0; K < Most && !Failed; ++K) {
          LL->K = K;
          for (unsigned M : Ms)
            Iterations[M] = K;
          enumerate(I + 1);
        }
        LaneLoopsActive.pop_back();
        for (unsigned M : Ms)
          Iterations[M].reset();
        return;
      }
    for (unsigned M : Ms)
      Induction[M] = P.loop(M).Step.has_value();
    enumerate(I + 1);
    for (unsigned M : Ms)
      Induction[M] = false;
  }

  /// The members of loop group G whose values Seeds read, through the
  /// starts and next values of loop variables (not through loop conditions:
  /// a trip count decides how many states are reached, not which), with
  /// the members those read in turn; empty when one of them reads the
  /// thread index.
  llvm::SmallVector<unsigned, 2> valueMembers(unsigned G,
                                              llvm::ArrayRef<NodeId> Seeds) {
    llvm::SmallVector<unsigned, 2> Set;
    bool ReadsThread = false;
    walkPool(P, Seeds, [&](NodeId, const Node &X, WalkStack &Work) {
      if (X.Kind == Op::LoopVar || X.Kind == Op::LoopExit) {
        const Loop &L = P.loop(X.Index);
        // Other groups' variables are followed to the members of G their
        // starts and steps read.
        if (L.Group == G && X.Kind == Op::LoopVar &&
            !llvm::is_contained(Set, X.Index)) {
          Set.push_back(X.Index);
          if (P.readsThreadIdx(L.Init) || P.readsThreadIdx(L.Next)) {
            ReadsThread = true;
            return WalkNext::Stop;
          }
        }
        if (X.Kind == Op::LoopVar || L.Group != G)
          Work.append({L.Init, L.Next});
      }
      return WalkNext::Operands;
    });
    if (ReadsThread)
      return {};
    return Set;
  }

  /// The values the loops of Set start with, when each is a constant.
  std::optional<std::vector<int64_t>> startsOf(llvm::ArrayRef<unsigned> Set) {
    uint64_t Zero[3] = {0, 0, 0};
    std::vector<int64_t> V;
    for (unsigned M : Set) {
      auto Init = evaluate(P, P.loop(M).Init, env(Zero));
      if (!Init || !Init->isConstant())
        return std::nullopt;
      V.push_back(Init->C);
    }
    return V;
  }

  /// The states Set (variables of one loop group) goes through from their
  /// starts, when they repeat within 64 steps; the starts and next values
  /// must read only each other, constants and loops with known values.
  std::optional<std::vector<std::vector<int64_t>>>
  cycleOf(llvm::ArrayRef<unsigned> Set) {
    constexpr size_t MaxCycle = 64;
    uint64_t Zero[3] = {0, 0, 0};
    std::optional<std::vector<int64_t>> Starts = startsOf(Set);
    if (!Starts)
      return std::nullopt;
    std::vector<int64_t> V = std::move(*Starts);
    std::vector<std::optional<int64_t>> Saved = LoopValues;
    std::vector<std::vector<int64_t>> States;
    while (!llvm::is_contained(States, V)) {
      if (States.size() == MaxCycle) {
        LoopValues = Saved;
        return std::nullopt; // a counter, not a cycle
      }
      States.push_back(V);
      for (size_t I = 0; I < Set.size(); ++I)
        LoopValues[Set[I]] = V[I];
      for (size_t I = 0; I < Set.size(); ++I) {
        auto N = evaluate(P, P.loop(Set[I]).Next, env(Zero));
        if (!N || !N->isConstant()) {
          LoopValues = Saved;
          return std::nullopt;
        }
        V[I] = N->C;
      }
    }
    LoopValues = Saved;
    return States;
  }

  /// The states of loop group G's variables that the address reads, when
  /// they cycle whatever the trip count (see cycleOf): every iteration of
  /// the loop has one of them. The members, and each state.
  std::optional<std::pair<llvm::SmallVector<unsigned, 2>,
                          std::vector<std::vector<int64_t>>>>
  cycleValues(unsigned G) {
    auto [It, New] = CycleMembers.try_emplace(G);
    if (New)
      It->second = valueMembers(G, {A.Address});
    const llvm::SmallVector<unsigned, 2> &Set = It->second;
    if (Set.empty())
      return std::nullopt;
    auto States = cycleOf(Set);
    if (!States)
      return std::nullopt;
    return std::make_pair(Set, std::move(*States));
  }

  /// The values after a loop that the address reads, by the loop's group:
  /// the LoopExit nodes, and the variables of the group their starts and
  /// steps read (the exit variables among them). Groups whose variables
  /// read the thread index are left out.
  std::vector<ExitSet> exitSets() {
    std::vector<ExitSet> Out;
    std::map<unsigned, ExitSet> ByGroup;
    walkPool(P, {A.Address}, [&](NodeId N, const Node &X, WalkStack &Work) {
      if (X.Kind == Op::LoopExit) {
        ExitSet &E = ByGroup[P.loop(X.Index).Group];
        E.Nodes.push_back(N);
        if (!llvm::is_contained(E.Members, X.Index))
          E.Members.push_back(X.Index);
      }
      if (X.Kind == Op::LoopVar)
        Work.append({P.loop(X.Index).Init, P.loop(X.Index).Next});
      return WalkNext::Operands;
    });
    for (auto &[G, E] : ByGroup) {
      llvm::SmallVector<NodeId, 4> FromExits;
      for (unsigned M : E.Members) {
        FromExits.push_back(P.loop(M).Init);
        FromExits.push_back(P.loop(M).Next);
      }
      for (unsigned M : valueMembers(G, FromExits))
        if (!llvm::is_contained(E.Members, M))
          E.Members.push_back(M);
      if (llvm::none_of(E.Members, [&](unsigned M) {
            return P.readsThreadIdx(P.loop(M).Init) ||
                   P.readsThreadIdx(P.loop(M).Next);
          }))
        Out.push_back(std::move(E));
    }
    return Out;
  }

  /// The states the exit sets' variables may leave their loops with, for
  /// the loops that cannot be run to their end (the trip count is not
  /// known) but whose variables cycle: the value after the loop is one of
  /// the cycle's. Under the outer loops' current values.
  struct ExitGroup {
    llvm::SmallVector<unsigned, 2> Members;
    std::vector<std::vector<int64_t>> States;
  };
  std::vector<ExitGroup> exitGroups() {
    std::vector<ExitGroup> Out;
    uint64_t Zero[3] = {0, 0, 0};
    for (const ExitSet &E : ExitSets) {
      // A loop that can be run to its end gives its exit values itself.
      bool Runs = llvm::all_of(E.Nodes, [&](NodeId N) {
        auto V = evaluate(P, N, env(Zero));
        return V && V->isConstant(); // else an opaque uniform value at best
      });
      if (Runs)
        continue;
      if (auto States = cycleOf(E.Members))
        Out.push_back({E.Members, std::move(*States)});
    }
    return Out;
  }

  /// Can loop group Ms be enumerated iteration by iteration with each
  /// thread starting from its own value: every variable steps by an amount
  /// the same in every thread, the condition is known, and some start
  /// depends on the thread.
  bool laneEnumerable(llvm::ArrayRef<unsigned> Ms) const {
    if (!P.loop(Ms.front()).CondKnown)
      return false;
    bool ThreadStart = false;
    for (unsigned M : Ms) {
      const Loop &L = P.loop(M);
      if (!L.Step || P.readsThreadIdx(*L.Step))
        return false;
      ThreadStart |= P.readsThreadIdx(L.Init);
    }
    return ThreadStart;
  }

  /// How many iterations of loop group Ms each thread of the block runs,
  /// when the condition gives a constant for every thread and iteration.
  std::optional<LaneLoop> tripCounts(llvm::ArrayRef<unsigned> Ms) {
    constexpr uint64_t MaxEvaluations = 1 << 18;
    const Loop &Head = P.loop(Ms.front());
    uint64_t Threads = Block.threads();
    LaneLoop LL;
    LL.Trips.resize(Threads);
    uint64_t Evaluations = 0;
    auto Restore = [&] {
      for (unsigned M : Ms)
        Iterations[M].reset();
    };
    for (uint64_t Id = 0; Id < Threads; ++Id) {
      uint64_t Tid[3] = {Id % Block.X, (Id / Block.X) % Block.Y,
                         Id / (Block.X * Block.Y)};
      uint32_t K = 0;
      while (true) {
        if (K == MaxLoopValues || ++Evaluations > MaxEvaluations) {
          Restore();
          return std::nullopt;
        }
        for (unsigned M : Ms)
          Iterations[M] = K;
        auto C = evaluate(P, Head.Cond, env(Tid));
        if (!C || !C->isConstant()) {
          Restore();
          return std::nullopt;
        }
        // A do-while runs iteration K, then its condition decides K + 1.
        if (Head.CondAfterBody) {
          ++K;
          if (!C->C)
            break;
        } else {
          if (!C->C)
            break;
          ++K;
        }
      }
      LL.Trips[Id] = K;
    }
    Restore();
    return LL;
  }

  /// After each combination of loop values: does the block's worst degree
  /// differ from the first combination's?
  void endLeaf() {
    if (!LeafWorst)
      return;
    if (FirstDegree && uint64_t(FirstDegree->first) * LeafWorst->second !=
                           uint64_t(LeafWorst->first) * FirstDegree->second)
      Result.DependsOnLoops = !Order.empty();
    if (!FirstDegree)
      FirstDegree = LeafWorst;
  }

  void leaf() {
    LeafWorst.reset();
    // The values loops whose trip count is not known may leave their
    // cycling variables with: one of them is read, which one is not known.
    std::vector<ExitGroup> Exits =
        ExitSets.empty() ? std::vector<ExitGroup>() : exitGroups();
    uint64_t Combos = 1;
    for (const ExitGroup &E : Exits)
      Combos *= E.States.size();
    if (Combos > 64) {
      Exits.clear();
      Combos = 1;
    }
    ExitValues.assign(P.numLoops(), std::nullopt);
    for (uint64_t Combo = 0; Combo < Combos; ++Combo) {
      uint64_t R = Combo;
      for (const ExitGroup &E : Exits) {
        const std::vector<int64_t> &S = E.States[R % E.States.size()];
        R /= E.States.size();
        for (size_t K = 0; K < E.Members.size(); ++K)
          ExitValues[E.Members[K]] = S[K];
      }
      // Every combination of arms of the uniform branches.
      for (uint64_t Mask = 0; Mask < (uint64_t(1) << UniformSelects.size());
           ++Mask) {
        Choices.clear();
        for (size_t I = 0; I < UniformSelects.size(); ++I)
          Choices.push_back({UniformSelects[I], (Mask >> I & 1) != 0});
        std::optional<std::pair<unsigned, unsigned>> Before = LeafWorst;
        LeafWorst.reset();
        leafWarps();
        if (Failed)
          return;
        // The arms, and the values after a loop, must agree: which one
        // the program has is not known.
        if (Before && LeafWorst &&
            uint64_t(Before->first) * LeafWorst->second !=
                uint64_t(LeafWorst->first) * Before->second) {
          unknown(Mask == 0 && Combo > 0
                      ? "the conflict depends on the value '" +
                            P.loop(Exits.front().Members.front()).Name +
                            "' has after its loop, whose trip count is not "
                            "known at compile time"
                      : "the conflict depends on a branch whose condition "
                        "is not known at compile time");
          return;
        }
        if (!LeafWorst)
          LeafWorst = Before;
      }
    }
    ExitValues.assign(P.numLoops(), std::nullopt);
    Choices.clear();
    endLeaf();
  }

  void leafWarps() {
    uint64_t Threads = Block.threads();
    uint64_t Warps = (Threads + 31) / 32;
    uint64_t Zero[3] = {0, 0, 0};
    EvalEnv E = env(Zero);
    if (!LaneEval)
      LaneEval.emplace(P, E);
    else
      LaneEval->reset(E);
    if (!WarpEval) {
      llvm::SmallVector<NodeId, 4> Roots{A.Address};
      for (const auto &G : A.Guards)
        Roots.push_back(G.first);
      WarpEval.emplace(P, Roots, Block);
    }
    if (WarpEval->supported())
      WarpEval->reset(E);
    for (uint64_t W = 0; W < Warps; ++W) {
      if (outOfBudget())
        return;
      LaneAddresses Lanes;
      std::optional<LinearValue> Sym; // the uniform part, from the first lane
      if (WarpEval->supported() && wholeWarp(W, Lanes, Sym)) {
        if (Failed)
          return;
      } else
        for (unsigned L = 0; L < 32; ++L) {
          uint64_t Id = W * 32 + L;
          if (Id >= Threads || L >= A.AddressLanes)
            break;
          uint64_t Tid[3] = {Id % Block.X, (Id / Block.X) % Block.Y,
                             Id / (Block.X * Block.Y)};
          bool Active = true;
          for (const LaneLoop *LL : LaneLoopsActive)
            Active &= LL->K < int64_t(LL->Trips[Id]);
          if (!Active)
            continue;
          LaneEval->setThread(Tid);
          for (const auto &[G, Want] : A.Guards) {
            auto V = LaneEval->eval(G);
            if (V && V->isConstant() && (V->C != 0) != Want) {
              Active = false;
              break;
            }
          }
          if (!Active)
            continue;
          auto Addr = LaneEval->eval(A.Address);
          if (!Addr && AddressUniform) {
            // Not computable, but the same in every lane (blockIdx.x % n, a
            // parameter's square): one word, a broadcast, whatever it is.
            Addr = LinearValue();
          }
          if (!Addr) {
            std::vector<NodeId> Path;
            EvalEnv Here = env(Tid);
            failingPath(A.Address, Here, Path);
            unknown("the address is not a function of the thread index the "
                    "analysis can compute");
            Result.FailedPath = std::move(Path);
            return;
          }
          if (A.Remap) {
            if (Addr->Terms.size() != 1 ||
                Addr->Terms[0].first != A.RemapBase ||
                Addr->Terms[0].second != 1) {
              unknown("the relayout applies to an address that is not the "
                      "array's start plus an offset");
              return;
            }
            Addr->C = A.Remap(Addr->C);
          }
          if (!Sym) {
            Sym = *Addr;
          } else if (!Sym->sameSymbols(*Addr)) {
            unknown("the address mixes the thread index with a value unknown "
                    "at compile time");
            return;
          }
          Lanes[L] = Addr->C;
        }
      if (!Sym)
        continue;
      AnyActive = true;

      // A shifted loop's step must move every lane by whole words (and
      // keep the access's alignment): then every iteration has the same
      // wavefronts.
      for (auto [S, C] : Sym->Terms)
        for (unsigned L = 0; L < P.numLoops(); ++L)
          if (Shifted[P.loop(L).Group] &&
              (S == P.loop(L).CountSym || S == P.loop(L).IterationSym) &&
              C % int64_t(std::max(A.Bytes, BankBytes)) != 0)
            ShiftUnaligned = true;
      // The uniform part modulo 4: which residues can it have?
      uint64_t G = 0;
      for (auto [S, C] : Sym->Terms) {
        uint64_t M = P.symbolInfo(S).Multiple;
        uint64_t AbsC = C < 0 ? 0 - uint64_t(C) : uint64_t(C);
        G = std::gcd(G, AbsC * M);
      }
      uint64_t Step = G == 0 ? BankBytes : std::gcd(G, uint64_t(BankBytes));
      ResidueStep = std::min(ResidueStep, Step);
      unsigned Align = std::min(A.Bytes, BankBytes);
      for (auto &X : Lanes)
        if (X) {
          *X += Residue;
          if (Align > 1 && *X % int64_t(Align) != 0)
            Misaligned = true;
        }
      // The lanes' addresses with the uniform part's residue: its banks.
      note(warpBanks(Lanes, A.Bytes), Lanes, unsigned(W));
    }
  }

  /// Warp W's lanes through WarpEval, all lanes at once: false when it
  /// cannot say (leafWarps() then evaluates lane by lane, as it does for
  /// a lane whose address is unknown, to give the reason).
  bool wholeWarp(uint64_t W, LaneAddresses &Lanes,
                 std::optional<LinearValue> &Sym) {
    uint64_t Threads = Block.threads();
    std::array<std::array<uint64_t, 3>, 32> Tids;
    unsigned N = 0;
    for (; N < 32; ++N) {
      uint64_t Id = W * 32 + N;
      if (Id >= Threads || N >= A.AddressLanes)
        break;
      Tids[N] = {Id % Block.X, (Id / Block.X) % Block.Y,
                 Id / (Block.X * Block.Y)};
    }
    if (!WarpEval->run(llvm::ArrayRef(Tids.data(), N)))
      return false;
    llvm::ArrayRef<std::pair<unsigned, int64_t>> Terms =
        WarpEval->terms(A.Address);
    for (unsigned L = 0; L < N; ++L) {
      uint64_t Id = W * 32 + L;
      bool Active = true;
      for (const LaneLoop *LL : LaneLoopsActive)
        Active &= LL->K < int64_t(LL->Trips[Id]);
      if (!Active)
        continue;
      for (const auto &[G, Want] : A.Guards)
        if (WarpEval->known(G, L) && WarpEval->terms(G).empty() &&
            (WarpEval->constant(G, L) != 0) != Want) {
          Active = false;
          break;
        }
      if (!Active)
        continue;
      // Unknown: the lane by lane pass takes the address as a broadcast
      // (the same in every lane), or gives the reason.
      if (!WarpEval->known(A.Address, L)) {
        Lanes = LaneAddresses();
        Sym.reset();
        return false;
      }
      int64_t C = WarpEval->constant(A.Address, L);
      if (A.Remap) {
        if (Terms.size() != 1 || Terms[0].first != A.RemapBase ||
            Terms[0].second != 1) {
          unknown("the relayout applies to an address that is not the "
                  "array's start plus an offset");
          return true;
        }
        C = A.Remap(C);
      }
      if (!Sym) {
        Sym.emplace();
        Sym->Terms.assign(Terms.begin(), Terms.end());
      }
      Lanes[L] = C;
    }
    return true;
  }

  /// From N (whose value E cannot compute) down to the first node that
  /// fails while every operand it reads succeeds.
  void failingPath(NodeId N, const EvalEnv &E, std::vector<NodeId> &Path) {
    while (Path.size() < 256) {
      Path.push_back(N);
      const Node &X = P[N];
      unsigned K = arity(X.Kind);
      std::optional<NodeId> Next;
      for (NodeId O : {X.A, X.B, X.C}) {
        if (K-- == 0)
          break;
        if (!evaluate(P, O, E)) {
          Next = O;
          break;
        }
      }
      if (!Next)
        return;
      N = *Next;
    }
  }

  void note(const WarpBanks &B, const LaneAddresses &Lanes, unsigned Warp) {
    if (!LeafWorst ||
        worse(B.Wavefronts, B.Phases, LeafWorst->first, LeafWorst->second))
      LeafWorst = {B.Wavefronts, B.Phases};
    if (HaveWorst &&
        !worse(B.Wavefronts, B.Phases, Result.Wavefronts, Result.Phases))
      return;
    HaveWorst = true;
    Result.Wavefronts = B.Wavefronts;
    Result.Phases = B.Phases;
    Result.Warp = Warp;
    Result.Lanes = Lanes;
    Result.Banks = B;
    Result.LoopValues.clear();
    for (unsigned G : Order)
      for (unsigned L : members(G)) {
        if (!llvm::is_contained(Needed, L))
          continue;
        if (LoopValues[L])
          Result.LoopValues.push_back({P.loop(L).Name, *LoopValues[L]});
        else if (Shifted[P.loop(L).Group])
          // The first worst combination has the shifted loop's first value.
          Result.LoopValues.push_back({P.loop(L).Name, *Shifted[L]});
        else if (Iterations[L])
          Result.LoopValues.push_back(
              {"iteration of '" + P.loop(L).Name + "'", *Iterations[L]});
      }
  }
};

/// The loops the address reads whose iterations can only shift every
/// lane's address alike, with the first value of each: a loop group whose
/// counters step by a fixed amount from a start the code fixes, that runs
/// at least once, that no guard, other loop, loop exit value or branch
/// condition the address reads depends on. The analysis takes such a loop
/// as an induction loop (its first value plus a uniform count of steps)
/// and checks that a step moves the lanes by whole words; where it cannot
/// show that, it enumerates the loop as before.
std::vector<std::pair<unsigned, int64_t>> shiftOnlyLoops(const AccessSpec &A,
                                                         const Dim3 &Block) {
  const ExprPool &P = *A.Pool;
  std::vector<std::pair<unsigned, int64_t>> Out;
  if (P.numLoops() == 0 || A.Remap)
    return Out;
  llvm::SmallVector<unsigned, 4> Read;
  P.loopsRead(A.Address, Read);
  // Guards that read a loop: those that also read the thread index or
  // another loop group exclude the loops they read; the others (the loop's
  // own condition, `if (k < 8)`) are checked against each of its values
  // below.
  llvm::SmallVector<unsigned, 4> Excluded;
  std::vector<std::pair<std::pair<NodeId, bool>, unsigned>> LoopGuards;
  for (const auto &G : A.Guards) {
    llvm::SmallVector<unsigned, 4> Deps;
    P.loopsRead(G.first, Deps);
    if (Deps.empty())
      continue;
    unsigned Group = P.loop(Deps.front()).Group;
    if (P.readsThreadIdx(G.first) || llvm::any_of(Deps, [&](unsigned D) {
          return P.loop(D).Group != Group;
        }))
      Excluded.append(Deps.begin(), Deps.end());
    else
      LoopGuards.push_back({G, Group});
  }
  // The loops whose exit values the address reads, and the loops the
  // conditions of its branches read.
  walkPool(P, {A.Address}, [&](NodeId, const Node &X, WalkStack &) {
    if (X.Kind == Op::LoopExit)
      Excluded.push_back(X.Index);
    if (X.Kind == Op::Select)
      P.loopsRead(X.A, Excluded);
    return WalkNext::Operands;
  });
  EvalEnv Env; // thread 0: the loops read no thread index
  Env.Block = Block;
  Env.Budget = A.Budget;
  llvm::SmallVector<unsigned, 4> Done;
  for (unsigned L : Read) {
    unsigned G = P.loop(L).Group;
    if (llvm::is_contained(Done, G))
      continue;
    Done.push_back(G);
    llvm::SmallVector<unsigned, 2> Ms = P.groupMembers(G);
    bool OK = true;
    for (unsigned M : Ms) {
      const Loop &Lp = P.loop(M);
      OK &= Lp.Complete && Lp.CondKnown && Lp.Step.has_value() &&
            !llvm::is_contained(Excluded, M);
      if (!OK)
        break;
      // Its start, condition and step read no thread index and no other
      // loop.
      for (NodeId N : {Lp.Init, Lp.Cond, Lp.Next, *Lp.Step}) {
        llvm::SmallVector<unsigned, 4> Deps;
        P.loopsRead(N, Deps);
        OK &= !P.readsThreadIdx(N) && llvm::all_of(Deps, [&](unsigned D) {
          return P.loop(D).Group == G;
        });
      }
    }
    // No other loop reads it.
    for (unsigned M = 0; OK && M < P.numLoops(); ++M) {
      const Loop &Lp = P.loop(M);
      if (Lp.Group == G)
        continue;
      llvm::SmallVector<unsigned, 4> Deps;
      for (NodeId N : {Lp.Init, Lp.Cond, Lp.Next})
        P.loopsRead(N, Deps);
      if (Lp.Step)
        P.loopsRead(*Lp.Step, Deps);
      OK &=
          llvm::none_of(Deps, [&](unsigned D) { return P.loop(D).Group == G; });
    }
    if (!OK)
      continue;
    // Its first values, and at least one iteration.
    std::vector<std::optional<int64_t>> Values(P.numLoops());
    llvm::SmallVector<std::pair<unsigned, int64_t>, 2> First;
    for (unsigned M : Ms) {
      auto I = evaluate(P, P.loop(M).Init, Env);
      if (!I || !I->isConstant()) {
        OK = false;
        break;
      }
      Values[M] = I->C;
      First.push_back({M, I->C});
    }
    if (!OK)
      continue;
    // Its values, iteration by iteration: at least one, and every guard on
    // it holds in each (else the iterations differ in which lanes run).
    const Loop &Head = P.loop(G);
    auto Holds = [&](NodeId N, bool Want) {
      EvalEnv E = Env;
      E.LoopValues = Values;
      auto C = evaluate(P, N, E);
      return C && C->isConstant() && (C->C != 0) == Want;
    };
    unsigned Count = 0;
    for (; Count < 1024 && OK; ++Count) {
      bool More = Head.CondAfterBody || Holds(Head.Cond, true);
      if (!More)
        break;
      for (const auto &[Guard, Group] : LoopGuards)
        if (Group == G && !Holds(Guard.first, Guard.second))
          OK = false;
      if (Head.CondAfterBody && !Holds(Head.Cond, true)) {
        ++Count;
        break;
      }
      std::vector<std::optional<int64_t>> Next = Values;
      for (unsigned M : Ms) {
        EvalEnv E = Env;
        E.LoopValues = Values;
        auto N = evaluate(P, P.loop(M).Next, E);
        if (!N || !N->isConstant()) {
          OK = false;
          break;
        }
        Next[M] = N->C;
      }
      Values = std::move(Next);
    }
    if (!OK || Count == 0 || Count == 1024)
      continue;
    Out.insert(Out.end(), First.begin(), First.end());
  }
  return Out;
}

} // namespace

AccessResult analyzeAccess(const AccessSpec &A, const Dim3 &Block) {
  if (!A.Pool || Block.threads() == 0 || Block.threads() > 1024)
    return AccessResult();
  if (A.Bytes != 1 && A.Bytes != 2 && A.Bytes != 4 && A.Bytes != 8 &&
      A.Bytes != 16) {
    AccessResult R;
    R.Why = "an access of " + std::to_string(A.Bytes) + " bytes";
    return R;
  }
  AccessResult R;
  bool Done = false;
  if (std::vector<std::pair<unsigned, int64_t>> Shifted =
          shiftOnlyLoops(A, Block);
      !Shifted.empty()) {
    AccessAnalysis Fast(A, Block, Shifted);
    R = Fast.run();
    Done = R.State != AccessResult::Unknown && !Fast.ShiftUnaligned;
  }
  if (!Done && !(A.Budget && A.Budget->spent()))
    R = AccessAnalysis(A, Block).run();
  // A spent budget makes evaluations fail: whatever the analysis concluded
  // from them stands for nothing.
  if (A.Budget && A.Budget->spent()) {
    R = AccessResult();
    R.State = AccessResult::Unknown;
    R.TooComplex = true;
    R.Why = "the analysis needs more than " + std::to_string(A.Budget->Limit) +
            " steps";
  }
  return R;
}

} // namespace warplint::model
