//===-- BoundedWork.cpp - The bank analysis's work, bounded ---------------===//
#include "BoundedWork.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/xxhash.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

std::string BoundedWork::keyOf(const AccessSpec &Spec, const Dim3 &Block) {
  // The same address over the same block (a template instantiated twice,
  // a kernel launched twice with one shape, a padding tried again) has the
  // same answer: the pool, the access and the shape make the key.
  std::string Key;
  if ((Spec.Remap && Spec.RemapKey.empty()) || !Spec.Pool)
    return Key;
  Spec.Pool->appendKey(Key);
  // The fields after the pool's hash, gathered where appending a few bytes
  // is inline.
  llvm::SmallVector<char, 256> Rest(Key.begin(), Key.end());
  auto Raw = [&](const auto &V) {
    const char *B = reinterpret_cast<const char *>(&V);
    Rest.append(B, B + sizeof(V));
  };
  if (Spec.Remap) {
    // A relayout tried on the same address (searchLayout): its name and
    // the symbol it remaps from.
    Raw(Spec.RemapBase);
    Raw(uint64_t(Spec.RemapKey.size()));
    Rest.append(Spec.RemapKey.begin(), Spec.RemapKey.end());
  }
  Raw(Spec.Address);
  Raw(Spec.Bytes);
  Raw(Spec.AddressLanes);
  for (const auto &[G, Want] : Spec.Guards) {
    Raw(G);
    Raw(Want);
  }
  Raw(Block.X);
  Raw(Block.Y);
  Raw(Block.Z);
  // Kept as a 128-bit hash of the key and its length.
  size_t Length = Rest.size();
  llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::ArrayRef(
      reinterpret_cast<const uint8_t *>(Rest.data()), Rest.size()));
  Key.assign(reinterpret_cast<const char *>(&H), sizeof(H));
  Key += std::to_string(Length);
  return Key;
}

AccessResult BoundedWork::analyze(AccessSpec Spec, const Dim3 &Block,
                                  uint64_t Cap, bool *Deferred) {
  std::string Key = keyOf(Spec, Block);
  if (!Key.empty())
    if (auto It = Answers.find(Key); It != Answers.end())
      return It->second;
  uint64_t MaxSteps = Settings.MaxSteps, MaxFileSteps = Settings.MaxFileSteps;
  uint64_t Left = FileSteps < MaxFileSteps ? MaxFileSteps - FileSteps : 0;
  bool FileBound = Left <= MaxSteps;
  // A first pass's share, smaller than what is left: past it the run is
  // deferred (Deferred), not skipped.
  bool Share = Cap && Cap < std::min(MaxSteps, Left);
  AccessResult R;
  if (Left == 0) {
    R.State = AccessResult::Unknown;
    R.TooComplex = true;
  } else {
    WorkBudget B;
    B.Limit = Share ? Cap : std::min(MaxSteps, Left);
    Spec.Budget = &B;
    R = analyzeAccess(Spec, Block);
    FileSteps += std::min(B.Used, B.Limit);
    if (R.TooComplex && Share) {
      *Deferred = true;
      return R;
    }
    if (R.TooComplex && FileBound)
      FileSteps = MaxFileSteps;
  }
  if (R.TooComplex)
    R.Why = tooComplex(FileBound);
  else if (!Key.empty())
    Answers.emplace(std::move(Key), R);
  return R;
}

std::string BoundedWork::tooComplex(bool FileBound) const {
  auto Option = [](const std::string &Name) {
    return Name.empty() ? std::string() : " (" + Name + ")";
  };
  return FileBound ? "skipped: too complex: the analysis of this file reached "
                     "its limit of " +
                         std::to_string(Settings.MaxFileSteps) + " steps" +
                         Option(Settings.MaxFileStepsOption)
                   : "skipped: too complex: the analysis of this access "
                     "needs more than " +
                         std::to_string(Settings.MaxSteps) + " steps" +
                         Option(Settings.MaxStepsOption);
}

std::optional<LoweredAccess> BoundedWork::lower(SharedAccessFinder &Finder,
                                                const SharedAccess &A,
                                                const Assumptions &As,
                                                ValueTrace &Trace) {
  uint64_t MaxSteps = Settings.MaxSteps, MaxFileSteps = Settings.MaxFileSteps;
  uint64_t Left = FileSteps < MaxFileSteps ? MaxFileSteps - FileSteps : 0;
  bool FileBound = Left <= MaxSteps;
  if (Left == 0) {
    Trace.Why = tooComplex(true);
    return std::nullopt;
  }
  WorkBudget B;
  B.Limit = std::min(MaxSteps, Left);
  std::optional<LoweredAccess> L = Finder.lower(A, As, Trace, &B);
  FileSteps += std::min(B.Used, B.Limit);
  if (!B.spent())
    return L;
  // What the lowering concluded once its budget ran out stands for nothing.
  if (FileBound)
    FileSteps = MaxFileSteps;
  Trace.Why = tooComplex(FileBound);
  return std::nullopt;
}

} // namespace warplint
