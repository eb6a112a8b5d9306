//===-- AccessAnalysis.h - The enumeration behind analyzeAccess -*- C++ -*-===//
//
// analyzeAccess() (BankModel.h) runs an AccessAnalysis for one block shape:
// it enumerates every combination of the values of the loops the access
// reads, every arm of the branches on unknown uniform conditions, every warp
// and every lane, and keeps the worst warp (AccessAnalysis.cpp). How each
// loop is taken (enumerated value by value, through the states it cycles,
// iteration by iteration from each thread's own start, or as an induction
// loop) is the loop plan (LoopPlan.cpp). Private to lib/Model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_MODEL_ACCESSANALYSIS_H
#define WARPLINT_LIB_MODEL_ACCESSANALYSIS_H

#include "warplint/Model/BankModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint::model::detail {

/// The loops the address reads whose iterations can only shift every
/// lane's address alike, with the first value of each: a loop group whose
/// counters step by a fixed amount from a start the code fixes, that runs
/// at least once, that no guard, other loop, loop exit value or branch
/// condition the address reads depends on. The analysis takes such a loop
/// as an induction loop (its first value plus a uniform count of steps)
/// and checks that a step moves the lanes by whole words; where it cannot
/// show that, it enumerates the loop as before.
std::vector<std::pair<unsigned, int64_t>> shiftOnlyLoops(const AccessSpec &A,
                                                         const Dim3 &Block);

/// analyzeAccess() without its parametric step: the fast pass with the
/// shift-only loops, else the full one. *Varying, when given, is set to
/// the full pass's VaryingSym.
AccessResult analyzeOnce(const AccessSpec &A, const Dim3 &Block,
                         std::optional<unsigned> *Varying);

/// The degree of A as a function of symbol S (ParametricDegree.cpp), whose
/// coefficient differs between lanes: std::nullopt, with the reason in Why,
/// where the analysis cannot prove the periodicity it needs or cannot
/// compute a value's degree.
std::optional<ParametricDegree> parametricDegree(const AccessSpec &A,
                                                 const Dim3 &Block, unsigned S,
                                                 std::string &Why);

/// What else symbol S decides besides the address (ParametricDomain.cpp):
/// the uniform loops it bounds (each with its first value) and the
/// uniform conditions that read it (the guards, and those loops'
/// conditions), each with the value it must have for the access to run.
struct UniformUses {
  std::vector<std::pair<unsigned, int64_t>> Loops;
  std::vector<std::pair<NodeId, bool>> Conditions;
};

/// Finds U; the reason the parametric degree cannot be proven where S is
/// read in another way (a guard that reads the thread index, a loop whose
/// values it decides, a branch of the address); empty otherwise.
std::string usesOf(const AccessSpec &A, unsigned S, const Dim3 &Block,
                   UniformUses &U);

/// Whether the access runs, as a function of S: periodic with period
/// Period (a power of two) for the values below the first break and for
/// those above the last one.
struct DomainShape {
  unsigned Period = 1;
  std::vector<int64_t> Breaks;         ///< sorted
  std::vector<std::string> Conditions; ///< as the pool prints them
};

/// The shape of U's conditions, and of the bound loops' conditions at
/// their first Iterations values (which of those iterations run):
/// std::nullopt, with the reason in Why, where one reads S in a way it does
/// not follow.
std::optional<DomainShape> domainShape(const AccessSpec &A, unsigned S,
                                       const Dim3 &Block, const UniformUses &U,
                                       unsigned Iterations, std::string &Why);

/// The one symbol whose coefficient differs between X and Y (a missing term
/// is a coefficient of 0); std::nullopt when none or several do.
std::optional<unsigned>
onlyDifference(llvm::ArrayRef<std::pair<unsigned, int64_t>> X,
               llvm::ArrayRef<std::pair<unsigned, int64_t>> Y);

/// The threadIdx of the thread of linear id Id in a block of shape Block.
inline std::array<uint64_t, 3> threadOf(uint64_t Id, const Dim3 &Block) {
  return {Id % Block.X, (Id / Block.X) % Block.Y, Id / (Block.X * Block.Y)};
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

  /// After run() failed because lanes' addresses read one symbol with
  /// different coefficients (and otherwise the same symbols): that symbol
  /// (a candidate for parametricDegree()).
  std::optional<unsigned> VaryingSym;
  /// The probe of parametricDegree(): with ProbeSym set, lanes may read
  /// that symbol with different coefficients; the run then only learns,
  /// per warp, the values of it for which two lanes of different
  /// coefficients share a word (Exceptional), and the gcd of the
  /// coefficients (CoeffGcd) and of their differences within a warp
  /// (DiffGcd). Its degrees stand for nothing.
  std::optional<unsigned> ProbeSym;
  std::vector<int64_t> Exceptional;
  uint64_t CoeffGcd = 0, DiffGcd = 0;
  bool ProbeFailed = false; ///< an opaque value, too many exceptions
  /// The enumeration stopped at MaxCombinations.
  bool TooMany = false;
  /// Take no loop's trip count as known: each counter an opaque uniform
  /// value (the fallback when the known counts are too many to enumerate).
  bool ForgetBounds = false;
  /// The loops ProbeSym bounds (UniformUses::Loops); BoundUnaligned, after
  /// the probe, when one moves a lane's address by other than a multiple
  /// of max(4, access size) bytes per iteration.
  std::vector<unsigned> BoundLoops;
  bool BoundUnaligned = false;

  /// The answer for the block: a pass per residue of the unknown uniform
  /// part of the address that the first pass allows, which must agree.
  AccessResult run();
  /// The worst warp over every combination of loop values, with Residue
  /// added to every lane's address.
  AccessResult pass(int64_t Residue);

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
  /// The one loop the access reads, when it is enumerated through the
  /// values it cycles (see AccessResult::ByCycleValue).
  std::optional<unsigned> CycleMember;
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

  /// The nodes the access reads: its address, then its guards.
  llvm::SmallVector<NodeId, 4> roots() const {
    llvm::SmallVector<NodeId, 4> Roots{A.Address};
    for (const auto &G : A.Guards)
      Roots.push_back(G.first);
    return Roots;
  }

  /// Does linear thread Id run the current iteration of every loop
  /// enumerated iteration by iteration (see LaneLoopsActive)?
  bool inLaneLoops(uint64_t Id) const {
    bool Active = true;
    for (const LaneLoop *LL : LaneLoopsActive)
      Active &= LL->K < int64_t(LL->Trips[Id]);
    return Active;
  }

  //===--------------------------------------------------------------------===//
  // The loop plan (LoopPlan.cpp): what the loops the access reads are, and
  // the values they take.
  //===--------------------------------------------------------------------===//

  /// Orders the groups of the loops Read into Order, outer loops first (a
  /// group whose expressions read another comes after it); false when the
  /// groups read each other.
  bool orderGroups(llvm::ArrayRef<unsigned> Read);
  std::optional<std::vector<std::vector<int64_t>>> loopValues(unsigned G);
  llvm::SmallVector<unsigned, 2> valueMembers(unsigned G,
                                              llvm::ArrayRef<NodeId> Seeds);
  std::optional<std::vector<int64_t>> startsOf(llvm::ArrayRef<unsigned> Set);
  std::optional<std::vector<std::vector<int64_t>>>
  cycleOf(llvm::ArrayRef<unsigned> Set);
  std::optional<std::pair<llvm::SmallVector<unsigned, 2>,
                          std::vector<std::vector<int64_t>>>>
  cycleValues(unsigned G);
  std::vector<ExitSet> exitSets();
  /// The states the exit sets' variables may leave their loops with, for
  /// the loops that cannot be run to their end (the trip count is not
  /// known) but whose variables cycle: the value after the loop is one of
  /// the cycle's. Under the outer loops' current values.
  struct ExitGroup {
    llvm::SmallVector<unsigned, 2> Members;
    std::vector<std::vector<int64_t>> States;
  };
  std::vector<ExitGroup> exitGroups();
  bool laneEnumerable(llvm::ArrayRef<unsigned> Ms) const;
  std::optional<LaneLoop> tripCounts(llvm::ArrayRef<unsigned> Ms);
  bool condReadsOnlyCounters(NodeId Cond, llvm::ArrayRef<unsigned> Ms) const;

  //===--------------------------------------------------------------------===//
  // The enumeration (AccessAnalysis.cpp): loop values, branch arms, warps,
  // lanes.
  //===--------------------------------------------------------------------===//

  /// The branches on unknown uniform conditions the address and guards
  /// read, into UniformSelects; false when there are more than the
  /// analysis tries.
  bool findUniformSelects();
  void enumerate(size_t I);
  void enumerateStates(size_t I, llvm::ArrayRef<unsigned> Ms,
                       llvm::ArrayRef<std::vector<int64_t>> States);
  void enumerateLaneLoop(size_t I, llvm::ArrayRef<unsigned> Ms, LaneLoop &LL);
  void enumerateInduction(size_t I, llvm::ArrayRef<unsigned> Ms,
                          bool AllMembers);
  void endLeaf();
  void leaf();
  void prepareEvaluators();
  void leafWarps();
  bool wholeWarp(uint64_t W, LaneAddresses &Lanes,
                 std::optional<LinearValue> &Sym);
  bool laneByLane(uint64_t W, LaneAddresses &Lanes,
                  std::optional<LinearValue> &Sym);
  bool remap(llvm::ArrayRef<std::pair<unsigned, int64_t>> Terms, int64_t &C);
  void noteWarp(uint64_t W, LaneAddresses &Lanes, const LinearValue &Sym);
  void failingPath(NodeId N, const EvalEnv &E, std::vector<NodeId> &Path);
  void note(const WarpBanks &B, const LaneAddresses &Lanes, unsigned Warp);
  /// ProbeSym's coefficient in each lane of the warp being evaluated.
  std::array<int64_t, 32> ProbeCoeff{};
  void noteProbeCoeff(unsigned Lane,
                      llvm::ArrayRef<std::pair<unsigned, int64_t>> Terms);
  void probeWarp(const LaneAddresses &Lanes);
};

} // namespace warplint::model::detail

#endif // WARPLINT_LIB_MODEL_ACCESSANALYSIS_H
