//===-- AccessAnalysis.cpp - The enumeration behind analyzeAccess ---------===//
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
// How each loop is taken is the loop plan (LoopPlan.cpp); the banks of one
// warp are the hardware rules (BankModel.cpp).
//
//===----------------------------------------------------------------------===//
#include "AccessAnalysis.h"
#include "warplint/Model/BankModel.h"
#include "llvm/ADT/STLExtras.h"
#include <numeric>

namespace warplint::model::detail {

namespace {

constexpr unsigned MaxCombinations = 2048;
constexpr unsigned MaxChoices = 6; // uniform branches tried both ways

/// Is A worse than B: more wavefronts per phase?
bool worse(unsigned WA, unsigned PA, unsigned WB, unsigned PB) {
  return uint64_t(WA) * PB > uint64_t(WB) * PA;
}

/// Do two (wavefronts, phases) give the same degree?
bool sameDegree(const std::pair<unsigned, unsigned> &X,
                const std::pair<unsigned, unsigned> &Y) {
  return uint64_t(X.first) * Y.second == uint64_t(Y.first) * X.second;
}

} // namespace

AccessResult AccessAnalysis::run() {
  llvm::SmallVector<unsigned, 4> Read;
  for (NodeId R : roots())
    P.loopsRead(R, Read);
  if (!orderGroups(Read))
    return unknown("the loops around the access depend on each other");
  for (unsigned L : Read) {
    if (!P.loop(L).Complete)
      return unknown("a loop counter the access reads is not a plain "
                     "for-loop counter");
    Needed.push_back(L);
  }
  if (!findUniformSelects())
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

AccessResult AccessAnalysis::pass(int64_t Residue) {
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
  if (!Result.DependsOnLoops) {
    Result.LoopValues.clear();
    Result.ByCycleValue.clear();
  } else if (CycleMember) {
    Result.CycleLoop = P.loop(*CycleMember).Name;
  }
  return Result;
}

bool AccessAnalysis::findUniformSelects() {
  // Branches on a uniform condition the analysis cannot compute: every
  // lane takes the same arm, and each arm is tried.
  llvm::SmallVector<NodeId, 4> Selects;
  for (NodeId R : roots())
    P.selectsRead(R, Selects);
  for (NodeId S : Selects)
    if (!P.readsThreadIdx(P[S].A) && !llvm::is_contained(UniformSelects, S))
      UniformSelects.push_back(S);
  return UniformSelects.size() <= MaxChoices;
}

/// Enumerates the loop groups Order[I], Order[I + 1]... (each as the loop
/// plan allows), then, for each combination of their values, leaf().
void AccessAnalysis::enumerate(size_t I) {
  if (Failed)
    return;
  if (outOfBudget())
    return;
  if (I == Order.size()) {
    if (++Combinations > MaxCombinations) {
      TooMany = true;
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
    enumerateInduction(I, Ms, /*AllMembers=*/true);
    return;
  }
  if (auto Values = ForgetBounds ? std::nullopt : loopValues(G)) {
    enumerateStates(I, Ms, *Values);
    return;
  }
  // A trip count the code does not fix, but variables that cycle through
  // a few values whatever it is (a stage index `(s + 1) % STAGES`, a
  // double buffer `off ^= SIZE`): each value of the cycle.
  if (auto Cycle = cycleValues(G)) {
    if (Order.size() == 1 && Cycle->first.size() == 1)
      CycleMember = Cycle->first.front();
    enumerateStates(I, Cycle->first, Cycle->second);
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
  if (!ForgetBounds && laneEnumerable(Ms))
    if (std::optional<LaneLoop> LL = tripCounts(Ms)) {
      enumerateLaneLoop(I, Ms, *LL);
      return;
    }
  enumerateInduction(I, Ms, /*AllMembers=*/false);
}

/// Loop group Ms (Order[I]) through each of States, a value per member.
void AccessAnalysis::enumerateStates(
    size_t I, llvm::ArrayRef<unsigned> Ms,
    llvm::ArrayRef<std::vector<int64_t>> States) {
  for (const std::vector<int64_t> &V : States) {
    for (size_t K = 0; K < Ms.size(); ++K)
      LoopValues[Ms[K]] = V[K];
    enumerate(I + 1);
    if (Failed)
      return;
  }
  for (unsigned M : Ms)
    LoopValues[M].reset();
}

/// Loop group Ms (Order[I]) iteration by iteration, each thread from its
/// own start, until the thread that runs the most iterations (LL) is done.
void AccessAnalysis::enumerateLaneLoop(size_t I, llvm::ArrayRef<unsigned> Ms,
                                       LaneLoop &LL) {
  uint32_t Most = 0;
  for (uint32_t T : LL.Trips)
    Most = std::max(Most, T);
  LaneLoopsActive.push_back(&LL);
  for (uint32_t K = 0; K < Most && !Failed; ++K) {
    LL.K = K;
    for (unsigned M : Ms)
      Iterations[M] = K;
    enumerate(I + 1);
  }
  LaneLoopsActive.pop_back();
  for (unsigned M : Ms)
    Iterations[M].reset();
}

/// Loop group Ms (Order[I]) as induction loops: each member (or, without
/// AllMembers, each member with a step) is its start plus a uniform count
/// of steps.
void AccessAnalysis::enumerateInduction(size_t I, llvm::ArrayRef<unsigned> Ms,
                                        bool AllMembers) {
  for (unsigned M : Ms)
    Induction[M] = AllMembers || P.loop(M).Step.has_value();
  enumerate(I + 1);
  for (unsigned M : Ms)
    Induction[M] = false;
}

/// After each combination of loop values: does the block's worst degree
/// differ from the first combination's?
void AccessAnalysis::endLeaf() {
  if (CycleMember && LoopValues[*CycleMember])
    Result.ByCycleValue.push_back(
        {*LoopValues[*CycleMember],
         LeafWorst.value_or(std::pair<unsigned, unsigned>{0, 0})});
  if (!LeafWorst)
    return;
  if (FirstDegree && !sameDegree(*FirstDegree, *LeafWorst))
    Result.DependsOnLoops = !Order.empty();
  if (!FirstDegree)
    FirstDegree = LeafWorst;
}

/// One combination of loop values: every value after a loop that may
/// cycle, every arm of the uniform branches, every warp.
void AccessAnalysis::leaf() {
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
      if (Before && LeafWorst && !sameDegree(*Before, *LeafWorst)) {
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

/// The evaluators of leafWarps(), for the current environment.
void AccessAnalysis::prepareEvaluators() {
  uint64_t Zero[3] = {0, 0, 0};
  EvalEnv E = env(Zero);
  if (!LaneEval)
    LaneEval.emplace(P, E);
  else
    LaneEval->reset(E);
  if (!WarpEval)
    WarpEval.emplace(P, roots(), Block);
  if (WarpEval->supported())
    WarpEval->reset(E);
}

/// Every warp of the block, under the current loop values and choices.
void AccessAnalysis::leafWarps() {
  uint64_t Warps = (Block.threads() + 31) / 32;
  prepareEvaluators();
  for (uint64_t W = 0; W < Warps; ++W) {
    if (outOfBudget())
      return;
    LaneAddresses Lanes;
    std::optional<LinearValue> Sym; // the uniform part, from the first lane
    if (WarpEval->supported() && wholeWarp(W, Lanes, Sym)) {
      if (Failed)
        return;
    } else if (!laneByLane(W, Lanes, Sym)) {
      return;
    }
    if (!Sym)
      continue;
    AnyActive = true;
    noteWarp(W, Lanes, *Sym);
  }
}

/// Warp W's lanes through WarpEval, all lanes at once: false when it
/// cannot say (leafWarps() then evaluates lane by lane, as it does for
/// a lane whose address is unknown, to give the reason).
bool AccessAnalysis::wholeWarp(uint64_t W, LaneAddresses &Lanes,
                               std::optional<LinearValue> &Sym) {
  uint64_t Threads = Block.threads();
  std::array<std::array<uint64_t, 3>, 32> Tids;
  unsigned N = 0;
  for (; N < 32; ++N) {
    uint64_t Id = W * 32 + N;
    if (Id >= Threads || N >= A.AddressLanes)
      break;
    Tids[N] = threadOf(Id, Block);
  }
  if (!WarpEval->run(llvm::ArrayRef(Tids.data(), N)))
    return false;
  llvm::ArrayRef<std::pair<unsigned, int64_t>> Terms =
      WarpEval->terms(A.Address);
  for (unsigned L = 0; L < N; ++L) {
    uint64_t Id = W * 32 + L;
    if (!inLaneLoops(Id))
      continue;
    bool Active = true;
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
    if (!remap(Terms, C))
      return true;
    if (ProbeSym)
      noteProbeCoeff(L, Terms);
    if (!Sym) {
      Sym.emplace();
      Sym->Terms.assign(Terms.begin(), Terms.end());
    }
    Lanes.set(L, C);
  }
  return true;
}

/// Warp W's lanes one by one through LaneEval: false when the analysis
/// fails (an address it cannot compute, or one whose symbols differ
/// between lanes).
bool AccessAnalysis::laneByLane(uint64_t W, LaneAddresses &Lanes,
                                std::optional<LinearValue> &Sym) {
  uint64_t Threads = Block.threads();
  for (unsigned L = 0; L < 32; ++L) {
    uint64_t Id = W * 32 + L;
    if (Id >= Threads || L >= A.AddressLanes)
      break;
    std::array<uint64_t, 3> Tid = threadOf(Id, Block);
    if (!inLaneLoops(Id))
      continue;
    LaneEval->setThread(Tid.data());
    bool Active = true;
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
      EvalEnv Here = env(Tid.data());
      failingPath(A.Address, Here, Path);
      unknown("the address is not a function of the thread index the "
              "analysis can compute");
      Result.FailedPath = std::move(Path);
      return false;
    }
    if (!remap(Addr->Terms, Addr->C))
      return false;
    if (ProbeSym)
      noteProbeCoeff(L, Addr->Terms);
    if (!Sym) {
      Sym = *Addr;
    } else if (!Sym->sameSymbols(*Addr)) {
      std::optional<unsigned> D = onlyDifference(Sym->Terms, Addr->Terms);
      if (!ProbeSym || D != ProbeSym) {
        if (D && *D < P.numSymbols())
          VaryingSym = D;
        unknown("the address mixes the thread index with a value unknown "
                "at compile time");
        return false;
      }
    }
    Lanes.set(L, Addr->C);
  }
  return true;
}

/// Applies the relayout (AccessSpec::Remap), when there is one, to a
/// lane's address of symbols Terms and constant part C: false, the
/// analysis failed, when the address is not the array's start plus an
/// offset.
bool AccessAnalysis::remap(llvm::ArrayRef<std::pair<unsigned, int64_t>> Terms,
                           int64_t &C) {
  if (!A.Remap)
    return true;
  if (Terms.size() != 1 || Terms[0].first != A.RemapBase ||
      Terms[0].second != 1) {
    unknown("the relayout applies to an address that is not the "
            "array's start plus an offset");
    return false;
  }
  C = A.Remap(C);
  return true;
}

/// Warp W's lanes' addresses (their uniform part Sym): what they say of
/// the shifted loops and of the residues of the uniform part, then their
/// banks.
void AccessAnalysis::noteWarp(uint64_t W, LaneAddresses &Lanes,
                              const LinearValue &Sym) {
  if (ProbeSym) {
    // A loop the probed value bounds must move every lane by whole words
    // per iteration (a constant step counts its iterations, CountSym).
    for (auto [S, C] : Sym.Terms)
      for (unsigned L : BoundLoops)
        if (S == P.loop(L).IterationSym ||
            (S == P.loop(L).CountSym &&
             C % int64_t(std::max(A.Bytes, BankBytes)) != 0))
          BoundUnaligned = true;
    probeWarp(Lanes);
    return;
  }
  // A shifted loop's step must move every lane by whole words (and
  // keep the access's alignment): then every iteration has the same
  // wavefronts.
  for (auto [S, C] : Sym.Terms)
    for (unsigned L = 0; L < P.numLoops(); ++L)
      if (Shifted[P.loop(L).Group] &&
          (S == P.loop(L).CountSym || S == P.loop(L).IterationSym) &&
          C % int64_t(std::max(A.Bytes, BankBytes)) != 0)
        ShiftUnaligned = true;
  // The uniform part modulo 4: which residues can it have?
  uint64_t G = 0;
  for (auto [S, C] : Sym.Terms) {
    uint64_t M = P.symbolInfo(S).Multiple;
    uint64_t AbsC = C < 0 ? 0 - uint64_t(C) : uint64_t(C);
    G = std::gcd(G, AbsC * M);
  }
  uint64_t Step = G == 0 ? BankBytes : std::gcd(G, uint64_t(BankBytes));
  ResidueStep = std::min(ResidueStep, Step);
  unsigned Align = std::min(A.Bytes, BankBytes);
  for (unsigned L = 0; L < 32; ++L)
    if (std::optional<int64_t> X = Lanes[L]) {
      Lanes.set(L, *X + Residue);
      if (Align > 1 && (*X + Residue) % int64_t(Align) != 0)
        Misaligned = true;
    }
  // The lanes' addresses with the uniform part's residue: its banks.
  note(warpBanks(Lanes, A.Bytes), Lanes, unsigned(W));
}

/// From N (whose value E cannot compute) down to the first node that
/// fails while every operand it reads succeeds.
void AccessAnalysis::failingPath(NodeId N, const EvalEnv &E,
                                 std::vector<NodeId> &Path) {
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

/// Warp Warp's banks B: the worst of this combination, and of the block.
void AccessAnalysis::note(const WarpBanks &B, const LaneAddresses &Lanes,
                          unsigned Warp) {
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

} // namespace warplint::model::detail

namespace warplint::model {

using namespace detail;

AccessResult detail::analyzeOnce(const AccessSpec &A, const Dim3 &Block,
                                 std::optional<unsigned> *Varying) {
  AccessResult R;
  bool Done = false;
  if (std::vector<std::pair<unsigned, int64_t>> Shifted =
          shiftOnlyLoops(A, Block);
      !Shifted.empty()) {
    AccessAnalysis Fast(A, Block, Shifted);
    R = Fast.run();
    Done = R.State != AccessResult::Unknown && !Fast.ShiftUnaligned;
  }
  if (!Done && !(A.Budget && A.Budget->spent())) {
    AccessAnalysis Full(A, Block);
    R = Full.run();
    if (Varying)
      *Varying = Full.VaryingSym;
    // Trip counts the code fixes but too many iterations to enumerate: as
    // if the counts were not known, each counter a uniform value (exact
    // where it only shifts every lane's address alike, else unknown).
    if (Full.TooMany && !(A.Budget && A.Budget->spent())) {
      AccessAnalysis Opaque(A, Block);
      Opaque.ForgetBounds = true;
      AccessResult O = Opaque.run();
      if (O.State != AccessResult::Unknown)
        R = O;
    }
  }
  return R;
}

AccessResult analyzeAccess(const AccessSpec &Spec, const Dim3 &Block) {
  // Every analysis is bounded: a caller's budget, or the default one.
  WorkBudget Default;
  Default.Limit = WorkBudget::DefaultLimit;
  AccessSpec Bounded;
  const AccessSpec *Given = &Spec;
  if (!Spec.Budget) {
    Bounded = Spec;
    Bounded.Budget = &Default;
    Given = &Bounded;
  }
  const AccessSpec &A = *Given;
  if (!A.Pool || Block.threads() == 0 || Block.threads() > 1024)
    return AccessResult();
  if (A.Bytes != 1 && A.Bytes != 2 && A.Bytes != 4 && A.Bytes != 8 &&
      A.Bytes != 16) {
    AccessResult R;
    R.Why = "an access of " + std::to_string(A.Bytes) + " bytes";
    return R;
  }
  std::optional<unsigned> Varying;
  AccessResult R = analyzeOnce(A, Block, &Varying);
  // An address that multiplies the thread index by one run-time value: its
  // degree for every value that value may have.
  if (R.State == AccessResult::Unknown && Varying && !A.Remap &&
      !(A.Budget && A.Budget->spent())) {
    std::string Why;
    if (std::optional<ParametricDegree> D =
            parametricDegree(A, Block, *Varying, Why)) {
      R.Why = "the degree depends on '" + D->Name +
              "', a value known only at run time: " + D->Text;
      R.Parametric = std::make_shared<const ParametricDegree>(std::move(*D));
    } else if (!Why.empty()) {
      R.Why += "; its degree as a function of '" +
               A.Pool->symbolInfo(*Varying).Name + "' is not known: " + Why;
    }
  }
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
