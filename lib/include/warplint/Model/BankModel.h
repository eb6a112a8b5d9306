//===-- BankModel.h - Shared-memory bank conflicts of one access -*- C++
//-*-===//
///
/// The hardware model behind warplint-bank-conflict (docs/checks/
/// warplint-bank-conflict.md):
///
/// - shared memory has 32 banks of 4 bytes; the bank of a byte address is
///   (address / 4) mod 32;
/// - a warp is 32 consecutive linear thread ids, id = x + y*Bx + z*Bx*By;
/// - an access of at most 4 bytes is served in one phase of 32 lanes, an
///   8-byte access in two phases of 16 lanes, a 16-byte access in four phases
///   of 8 lanes;
/// - in a phase, the number of wavefronts is the largest number of distinct
///   4-byte words that any one bank must serve: lanes reading the same word
///   are served together (a broadcast);
/// - the conflict degree of a warp is its wavefronts divided by its phases
///   (phases in which no lane takes part are not issued); the degree of an
///   access is that of its worst warp. Only lanes that execute the access
///   count: the lanes past the end of a partial last warp, and lanes a
///   condition on the thread index switches off.
///
/// analyzeAccess() applies it to an access described by a ThreadExpr address
/// and its guards, for one block shape: every warp, every value of the loop
/// counters the access reads (when the code fixes them), and every alignment
/// the unknown uniform part of the address may have. When these do not all
/// give one answer the result is Unknown: warplint reports only what it is
/// sure of.
///
/// (lib/Model: BankModel.cpp, the hardware rules; BankText.cpp, the words;
/// AccessAnalysis.cpp and LoopPlan.cpp, analyzeAccess.)
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_BANKMODEL_H
#define WARPLINT_MODEL_BANKMODEL_H

#include "warplint/Model/ThreadExpr.h"
#include <array>
#include <functional>
#include <memory>
#include <tuple>

namespace warplint::model {

constexpr unsigned NumBanks = 32;
constexpr unsigned BankBytes = 4;

/// The lanes of one warp: the byte address each active lane accesses.
/// (Kept with every run of every access: 264 bytes, not the 512 of 32
/// std::optional<int64_t>.)
class LaneAddresses {
public:
  /// Lane L's address; none when L does not execute the access. (A
  /// const value: `Lanes[L] = A` or `Lanes[L].reset()` do not compile,
  /// where they would change a copy.)
  const std::optional<int64_t> operator[](unsigned L) const {
    if (!(Active >> L & 1))
      return std::nullopt;
    return Addr[L];
  }
  void set(unsigned L, int64_t A) {
    Addr[L] = A;
    Active |= uint32_t(1) << L;
  }
  void clear(unsigned L) { Active &= ~(uint32_t(1) << L); }
  /// The lanes that execute it, a bit each.
  uint32_t active() const { return Active; }

private:
  std::array<int64_t, 32> Addr{};
  uint32_t Active = 0;
};

/// One wavefront row of one phase: per bank, the word served and the lanes.
struct WavefrontRow {
  unsigned Phase = 0;
  std::array<std::optional<int64_t>, NumBanks> Word;
  std::array<llvm::SmallVector<unsigned, 2>, NumBanks> Lanes;
};

struct WarpBanks {
  unsigned Wavefronts = 0;
  unsigned Phases = 0; ///< phases with at least one active lane
  /// The bank and phase that needed the most wavefronts (the first such).
  unsigned WorstBank = 0;
  unsigned WorstPhase = 0;
  unsigned WorstWords = 0; ///< the distinct words that bank served
  double degree() const { return Phases ? double(Wavefronts) / Phases : 0; }
};

/// Wavefronts of one warp's access of AccessBytes (1, 2, 4, 8 or 16) bytes
/// at naturally aligned addresses.
WarpBanks warpBanks(const LaneAddresses &Lanes, unsigned AccessBytes,
                    std::vector<WavefrontRow> *Rows = nullptr);

/// Phases and lanes per phase of an access of Bytes bytes.
unsigned phasesFor(unsigned Bytes);

struct AccessSpec {
  const ExprPool *Pool = nullptr;
  NodeId Address = 0; ///< byte address
  unsigned Bytes = 4; ///< 1, 2, 4, 8 or 16
  /// Conditions that must hold (Second = true) or fail (false) for a thread
  /// to execute the access. A condition the analysis cannot evaluate for a
  /// thread counts as letting it through: a subset of a warp's lanes never
  /// needs more wavefronts than the whole warp.
  std::vector<std::pair<NodeId, bool>> Guards;
  /// Only lanes 0..AddressLanes-1 of each warp give an address: ldmatrix
  /// and stmatrix .x1/.x2/.x4 read the row addresses of lanes 0..7, 0..15
  /// and 0..31 (the other lanes take part in the instruction, not in the
  /// access).
  unsigned AddressLanes = 32;
  /// A relayout to try: each lane's offset from the symbol RemapBase (the
  /// address must be that symbol plus an offset) is replaced by
  /// Remap(offset). warplint uses it to test a swizzle or a padding of an
  /// array before suggesting it; the address must then read no other
  /// unknown value, or the result is Unknown.
  std::function<int64_t(int64_t)> Remap;
  unsigned RemapBase = 0;
  /// What Remap does, as a key ("pad 128 16"): two specs with the same
  /// non-empty RemapKey remap alike, so their answers can be shared
  /// (BoundedWork's memo). Empty: Remap has no name and nothing is shared.
  std::string RemapKey;
  /// Charged for the evaluations: once it is spent the result is Unknown
  /// with TooComplex set. Without one, analyzeAccess bounds the access by
  /// WorkBudget::DefaultLimit steps: no address runs unbounded.
  WorkBudget *Budget = nullptr;
};

/// The degree of an access as a function of one run-time value: an address
/// known except for a warp-uniform value v (a kernel parameter such as a
/// stride) that multiplies the thread index (`Kj[tx * d + x]`). Each lane's
/// byte address is then a_l + c_l * v with integer a_l and c_l the analysis
/// computes, so the banks repeat with a period of at most 128 in v, and two
/// lanes of different c_l share a word only for a few values of v, which
/// are found and tried one by one. The degree for every value of v is
/// therefore the degree of one representative of each residue class of v
/// modulo Period, except for the listed Exceptions. (ParametricDegree.cpp;
/// docs/design/bank-model.md, "The degree as a function of a run-time
/// value".)
struct ParametricDegree {
  std::string Name;         ///< the value's name ("d")
  uint64_t Multiple = 1;    ///< v is known to be a multiple of this
  bool NonNegative = false; ///< v is known not to be negative
  unsigned Period = 1;      ///< a power of two, at most 128
  /// Per residue r of v modulo Period: (wavefronts, phases) of the worst
  /// warp for the values v = r (mod Period) other than the exceptions;
  /// (0, 0) where no thread executes the access; std::nullopt where v
  /// cannot have that residue (Multiple).
  std::vector<std::optional<std::pair<unsigned, unsigned>>> Classes;
  /// Values of v whose degree differs from their class's: (v, wavefronts,
  /// phases).
  std::vector<std::tuple<int64_t, unsigned, unsigned>> Exceptions;
  /// Where conditions the code tests on v decide whether the access runs
  /// (a uniform loop v bounds, `if (v % 32 != 0) return;`): the values
  /// below Below, when set, take their degree from BelowClasses (per
  /// residue modulo Period) instead of Classes; Conditions are those
  /// conditions as the analysis read them, and NeverForSome says that for
  /// some values no thread executes the access.
  std::optional<int64_t> Below;
  std::vector<std::optional<std::pair<unsigned, unsigned>>> BelowClasses;
  std::vector<std::string> Conditions;
  bool NeverForSome = false;
  /// The least and the greatest degree over every value v can have for
  /// which the access runs, as (wavefronts, phases); (0, 0) when none.
  std::pair<unsigned, unsigned> Min{0, 1}, Max{0, 1};
  /// E.g. "32-way when 'd' is a multiple of 32; ...; conflict-free when
  /// 'd' is odd; except 'd' = 0: conflict-free".
  std::string Text;
  /// Every value v can have gives a conflict: the least degree is a real
  /// finding.
  bool conflictsForEvery() const {
    return Min.second && Min.first > Min.second;
  }
  bool conflictsForSome() const { return Max.second && Max.first > Max.second; }
};

struct AccessResult {
  enum Status { Ok, Unknown, NeverRuns } State = Unknown;
  std::string Why; ///< for Unknown
  unsigned Wavefronts = 0, Phases = 0;
  unsigned Warp = 0;   ///< the worst warp (the first of the worst)
  LaneAddresses Lanes; ///< its lanes' addresses (alignment residue applied)
  WarpBanks Banks;
  /// The loop counters' values for the worst warp, when the loops were
  /// enumerated and the degree depends on them: (loop name, value).
  std::vector<std::pair<std::string, int64_t>> LoopValues;
  bool DependsOnLoops = false;
  /// Where the access reads one loop, whose trip count the code does not
  /// fix (its bound is a run-time value) but whose counter goes through a
  /// few values whatever it is (`for (offset = 1; offset < n; offset *=
  /// 2)`), and the degree depends on them: the counter's name and the
  /// block's degree, (wavefronts, phases), for each value in the order the
  /// loop takes them. Which of them the program reaches depends on the
  /// bound: the degree is the worst of all.
  std::string CycleLoop;
  std::vector<std::pair<int64_t, std::pair<unsigned, unsigned>>> ByCycleValue;
  /// Unknown because AccessSpec::Budget was spent before an answer.
  bool TooComplex = false;
  /// For an address the evaluator could not compute: the nodes from the
  /// address down to the first one that fails while its operands do not,
  /// so that the caller can name the source expression that stopped it.
  std::vector<NodeId> FailedPath;
  /// Unknown because the address reads a run-time value: the degree for
  /// each value it may have, where the analysis could compute it exactly.
  /// (Shared, not held: few results have one, and every run keeps its
  /// result.)
  std::shared_ptr<const ParametricDegree> Parametric;
  double degree() const { return Phases ? double(Wavefronts) / Phases : 0; }
  bool conflicts() const { return State == Ok && Wavefronts > Phases; }
};

/// The worst warp of a block of shape Block executing the access.
AccessResult analyzeAccess(const AccessSpec &A, const Dim3 &Block);

/// What any lane mapping must pay to move a tile of Rows rows of RowBytes
/// contiguous bytes, Stride bytes apart, starting 32-byte aligned (WMMA's
/// load_matrix_sync and store_matrix_sync, whose lane mapping is not
/// documented): a wavefront serves at most one 4-byte word per bank, so it
/// needs at least MaxWords wavefronts (the most distinct words one bank
/// holds), where a conflict-free mapping needs Ideal = bytes / 128.
struct TileBound {
  unsigned MaxWords = 0;
  unsigned Ideal = 0;
  unsigned Bank = 0;      ///< the first bank that holds MaxWords words
  unsigned BanksUsed = 0; ///< banks that hold any word of the tile
};
TileBound tileBound(unsigned Rows, unsigned RowBytes, uint64_t Stride);

/// "32", "1.5": the degree as warplint prints it.
std::string formatDegree(unsigned Wavefronts, unsigned Phases);

/// "lanes 0..31", "lanes 0 and 16", "lanes 0, 8, 16 and 24",
/// "lanes 0, 2, ..., 30".
std::string formatLanes(llvm::ArrayRef<unsigned> Lanes);

/// Why the worst warp of R conflicts, e.g. "lanes 0..31 hit bank 0 with a
/// stride of 32 words" or "lanes 0, 5 and 9 hit bank 3 in 3 different
/// words".
std::string describeConflict(const AccessResult &R, unsigned Bytes);

/// For a result with ByCycleValue: "'offset' stops at a bound known only
/// at run time; the degree is the worst over the values it takes, in
/// order: 2-way at 1, 4-way at 2, ...".
std::string cycleValuesText(const AccessResult &R);

/// "32x8" (z omitted when 1), the shape as bank-conflict messages print it.
std::string shapeText(const Dim3 &D);

} // namespace warplint::model

#endif // WARPLINT_MODEL_BANKMODEL_H
