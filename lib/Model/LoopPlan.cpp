//===-- LoopPlan.cpp - How the analysis takes the loops around an access --===//
//
// The loops an access reads decide how many combinations of values
// analyzeAccess() enumerates (AccessAnalysis.cpp). Each loop group is taken
// in one of these ways, the first that applies:
//
// - as a shift (shiftOnlyLoops): its iterations only move every lane's
//   address alike, so one evaluation with the counter as its first value
//   plus a uniform count of steps stands for all of them;
// - value by value (loopValues): the code fixes its values, which are run
//   from its start under the outer loops' current values;
// - through the states it cycles (cycleValues): a trip count the code does
//   not fix, but variables that cycle through a few values whatever it is;
// - iteration by iteration from each thread's own start (laneEnumerable,
//   tripCounts);
// - as an induction loop: its start plus a uniform count of steps.
//
// The order of the groups (outer loops first), and the values a loop whose
// trip count is not known may leave its variables with (exitSets,
// exitGroups), are here too.
//
//===----------------------------------------------------------------------===//
#include "AccessAnalysis.h"
#include "PoolWalk.h"
#include "llvm/ADT/STLExtras.h"
#include <map>

namespace warplint::model::detail {

namespace {

constexpr unsigned MaxLoopValues = 1024; // iterations of one enumerated loop

/// Appends the loops that loop L's definition reads (its start, condition,
/// next value and step) to Deps.
void loopsReadByDefinition(const ExprPool &P, unsigned L,
                           llvm::SmallVectorImpl<unsigned> &Deps) {
  const Loop &Lp = P.loop(L);
  for (NodeId N : {Lp.Init, Lp.Cond, Lp.Next})
    P.loopsRead(N, Deps);
  if (Lp.Step)
    P.loopsRead(*Lp.Step, Deps);
}

/// A guard (condition, the value it must have) that reads the loops of one
/// group only, and that group.
using LoopGuard = std::pair<std::pair<NodeId, bool>, unsigned>;

/// The loops that cannot be taken as shifts, whatever their values: the
/// loops that guards reading the thread index or several loop groups read,
/// the loops whose exit values the address reads, and the loops the
/// conditions of its branches read. The other guards that read a loop (the
/// loop's own condition, `if (k < 8)`) are added to LoopGuards, to be
/// checked against each of its values.
llvm::SmallVector<unsigned, 4>
excludedFromShifts(const AccessSpec &A, std::vector<LoopGuard> &LoopGuards) {
  const ExprPool &P = *A.Pool;
  llvm::SmallVector<unsigned, 4> Excluded;
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
  walkPool(P, {A.Address}, [&](NodeId, const Node &X, WalkStack &) {
    if (X.Kind == Op::LoopExit)
      Excluded.push_back(X.Index);
    if (X.Kind == Op::Select)
      P.loopsRead(X.A, Excluded);
    return WalkNext::Operands;
  });
  return Excluded;
}

/// Is loop group G (members Ms) shaped like a shift: each member complete,
/// with a known condition and a step, not Excluded, its start, condition,
/// next value and step reading no thread index and no other loop; and no
/// other loop reading it?
bool shiftShaped(const ExprPool &P, unsigned G, llvm::ArrayRef<unsigned> Ms,
                 llvm::ArrayRef<unsigned> Excluded) {
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
    loopsReadByDefinition(P, M, Deps);
    OK &= llvm::none_of(Deps, [&](unsigned D) { return P.loop(D).Group == G; });
  }
  return OK;
}

/// The first value of each member of loop group G (members Ms), when the
/// group runs at least once and fewer than 1024 times and every guard of
/// LoopGuards on it holds in each iteration (else the iterations differ in
/// which lanes run); std::nullopt otherwise. Env: thread 0 (the loops read
/// no thread index).
std::optional<llvm::SmallVector<std::pair<unsigned, int64_t>, 2>>
shiftFirstValues(const ExprPool &P, const EvalEnv &Env, unsigned G,
                 llvm::ArrayRef<unsigned> Ms,
                 llvm::ArrayRef<LoopGuard> LoopGuards) {
  bool OK = true;
  // Its first values, and at least one iteration.
  std::vector<std::optional<int64_t>> Values(P.numLoops());
  llvm::SmallVector<std::pair<unsigned, int64_t>, 2> First;
  for (unsigned M : Ms) {
    auto I = evaluate(P, P.loop(M).Init, Env);
    if (!I || !I->isConstant())
      return std::nullopt;
    Values[M] = I->C;
    First.push_back({M, I->C});
  }
  // Its values, iteration by iteration: at least one, and every guard on
  // it holds in each.
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
    return std::nullopt;
  return First;
}

} // namespace

std::vector<std::pair<unsigned, int64_t>> shiftOnlyLoops(const AccessSpec &A,
                                                         const Dim3 &Block) {
  const ExprPool &P = *A.Pool;
  std::vector<std::pair<unsigned, int64_t>> Out;
  if (P.numLoops() == 0 || A.Remap)
    return Out;
  llvm::SmallVector<unsigned, 4> Read;
  P.loopsRead(A.Address, Read);
  std::vector<LoopGuard> LoopGuards;
  llvm::SmallVector<unsigned, 4> Excluded = excludedFromShifts(A, LoopGuards);
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
    if (!shiftShaped(P, G, Ms, Excluded))
      continue;
    if (auto First = shiftFirstValues(P, Env, G, Ms, LoopGuards))
      Out.insert(Out.end(), First->begin(), First->end());
  }
  return Out;
}

bool AccessAnalysis::orderGroups(llvm::ArrayRef<unsigned> Read) {
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
      for (unsigned M : members(Left[I]))
        loopsReadByDefinition(P, M, Deps);
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
      return false;
  }
  return true;
}

/// The values of loop group G's variables, iteration by iteration, under
/// the outer loops' current values, when the code fixes them;
/// std::nullopt when it does not.
std::optional<std::vector<std::vector<int64_t>>>
AccessAnalysis::loopValues(unsigned G) {
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

/// The members of loop group G whose values Seeds read, through the
/// starts and next values of loop variables (not through loop conditions:
/// a trip count decides how many states are reached, not which), with
/// the members those read in turn; empty when one of them reads the
/// thread index.
llvm::SmallVector<unsigned, 2>
AccessAnalysis::valueMembers(unsigned G, llvm::ArrayRef<NodeId> Seeds) {
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
std::optional<std::vector<int64_t>>
AccessAnalysis::startsOf(llvm::ArrayRef<unsigned> Set) {
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
AccessAnalysis::cycleOf(llvm::ArrayRef<unsigned> Set) {
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
AccessAnalysis::cycleValues(unsigned G) {
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
std::vector<AccessAnalysis::ExitSet> AccessAnalysis::exitSets() {
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

/// The states the exit sets' variables may leave their loops with (see
/// ExitGroup), under the outer loops' current values.
std::vector<AccessAnalysis::ExitGroup> AccessAnalysis::exitGroups() {
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
bool AccessAnalysis::laneEnumerable(llvm::ArrayRef<unsigned> Ms) const {
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

/// Whether Cond reads the thread only through the counters of group Ms
/// (no thread index, no other loop's counter or exit value but those of
/// loops enumerated value by value, the same in every thread): threads
/// whose counters start alike then run as many iterations.
bool AccessAnalysis::condReadsOnlyCounters(NodeId Cond,
                                           llvm::ArrayRef<unsigned> Ms) const {
  bool Only = true;
  walkPool(P, {Cond}, [&](NodeId, const Node &X, WalkStack &) {
    switch (X.Kind) {
    case Op::ThreadIdx:
    case Op::LoopExit:
      Only = false;
      return WalkNext::Stop;
    case Op::LoopVar:
      if (!llvm::is_contained(Ms, X.Index) &&
          !(X.Index < LoopValues.size() && LoopValues[X.Index])) {
        Only = false;
        return WalkNext::Stop;
      }
      return WalkNext::Skip;
    default:
      return WalkNext::Operands;
    }
  });
  return Only;
}

/// How many iterations of loop group Ms each thread of the block runs,
/// when the condition gives a constant for every thread and iteration.
/// Where the condition reads the thread only through the group's counters
/// (condReadsOnlyCounters), the threads whose counters start alike share
/// one count (a warp-strided loop: 32 starts for the whole block). The
/// evaluations the loop would have made still count toward its limit, so
/// the answer is the one of evaluating every thread.
std::optional<AccessAnalysis::LaneLoop>
AccessAnalysis::tripCounts(llvm::ArrayRef<unsigned> Ms) {
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
  bool ByStart = condReadsOnlyCounters(Head.Cond, Ms);
  std::map<llvm::SmallVector<int64_t, 2>, uint32_t> TripsByStart;
  for (uint64_t Id = 0; Id < Threads; ++Id) {
    std::array<uint64_t, 3> Tid = threadOf(Id, Block);
    llvm::SmallVector<int64_t, 2> Start;
    for (unsigned M : Ms) {
      if (!ByStart)
        break;
      auto I = evaluate(P, P.loop(M).Init, env(Tid.data()));
      if (!I || !I->isConstant()) {
        Start.clear();
        break;
      }
      Start.push_back(I->C);
    }
    if (!Start.empty())
      if (auto It = TripsByStart.find(Start); It != TripsByStart.end()) {
        // The evaluations the thread's own loop makes: one per iteration,
        // and the one that ends a loop whose condition comes first.
        uint32_t K = It->second;
        Evaluations += uint64_t(K) + (Head.CondAfterBody ? 0 : 1);
        if (Evaluations > MaxEvaluations) {
          Restore();
          return std::nullopt;
        }
        LL.Trips[Id] = K;
        continue;
      }
    uint32_t K = 0;
    while (true) {
      if (K == MaxLoopValues || ++Evaluations > MaxEvaluations) {
        Restore();
        return std::nullopt;
      }
      for (unsigned M : Ms)
        Iterations[M] = K;
      auto C = evaluate(P, Head.Cond, env(Tid.data()));
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
    if (!Start.empty())
      TripsByStart[Start] = K;
  }
  Restore();
  return LL;
}

} // namespace warplint::model::detail
