//===-- Relayout.cpp - Fixes of a conflicting shared array ----------------===//
//
// What the check warplint-bank-conflict suggests for a shared array with a
// conflict, each tried on every access's exact addresses in every run: a
// padding of its innermost dimension that a fix-it can make (paddingFix),
// else a padding or an XOR swizzle of its rows described in a note
// (layoutHint).
//
//===----------------------------------------------------------------------===//
#include "BoundedWork.h"
#include "warplint/Analysis/BankConflicts.h"
#include <functional>

using namespace clang;
using namespace warplint::model;

namespace warplint {

namespace {
/// The innermost dimension of an array of arrays (one row): its array
/// type, its element's size and its size in bytes; a null Type when T is
/// not an array of constant-size arrays.
struct InnerRow {
  const ConstantArrayType *Type = nullptr;
  int64_t ElemBytes = 0, Bytes = 0;
};

InnerRow innerRow(ASTContext &Ctx, QualType T) {
  InnerRow R;
  const auto *CAT = Ctx.getAsConstantArrayType(T);
  if (!CAT || !Ctx.getAsConstantArrayType(CAT->getElementType()))
    return R;
  while (const auto *In = Ctx.getAsConstantArrayType(CAT->getElementType()))
    CAT = In;
  R.Type = CAT;
  R.ElemBytes = Ctx.getTypeSizeInChars(CAT->getElementType()).getQuantity();
  R.Bytes = R.ElemBytes * int64_t(CAT->getZExtSize());
  return R;
}

/// Rows of RowBytes each padded by PadBytes: an offset moves by PadBytes
/// per row before it. Set on Spec with the name the memo keys on.
void padRows(AccessSpec &Spec, int64_t RowBytes, int64_t PadBytes) {
  Spec.Remap = [=](int64_t Off) {
    int64_t Row = Off >= 0 ? Off / RowBytes : -1;
    return Off + Row * PadBytes;
  };
  Spec.RemapKey =
      "pad " + std::to_string(RowBytes) + " " + std::to_string(PadBytes);
}
} // namespace

unsigned BankConflictAnalysis::paddingFix(const VarDecl *V, FixedRuns *After) {
  auto It = Paddings.find(V);
  if (It == Paddings.end()) {
    FixedRuns Fixed;
    unsigned Extra = searchPadding(V, Fixed);
    Values.forgetFacts(KeptFacts); // as run() does
    It = Paddings.insert({V, {Extra, std::move(Fixed)}}).first;
  }
  if (After)
    *After = It->second.second;
  return It->second.first;
}

std::string BankConflictAnalysis::layoutHint(const VarDecl *V,
                                             FixedRuns *After) {
  auto It = Layouts.find(V);
  if (It == Layouts.end()) {
    FixedRuns Fixed;
    std::string Hint = searchLayout(V, Fixed);
    It = Layouts.insert({V, {std::move(Hint), std::move(Fixed)}}).first;
  }
  if (After)
    *After = It->second.second;
  return It->second.first;
}

uint64_t BankConflictAnalysis::innerExtent(const VarDecl *V) const {
  uint64_t Inner = 0;
  for (const auto *CAT = Index.Ctx.getAsConstantArrayType(V->getType()); CAT;
       CAT = Index.Ctx.getAsConstantArrayType(CAT->getElementType()))
    Inner = CAT->getZExtSize();
  return Inner;
}

bool BankConflictAnalysis::mayLeaveBounds(const LoweredAccess &L,
                                          const Dim3 &Block) {
  if (!L.InBounds)
    return false;
  // Some thread that runs the access has a subscript outside its bounds
  // unless the access guarded by the opposite never runs.
  AccessSpec Outside = L.Spec;
  Outside.Guards.push_back({*L.InBounds, false});
  return Work->analyze(Outside, Block).State != AccessResult::NeverRuns;
}

unsigned BankConflictAnalysis::searchPadding(const VarDecl *V,
                                             FixedRuns &After) {
  const auto *CAT = Index.Ctx.getAsConstantArrayType(V->getType());
  if (!CAT || !Index.Ctx.getAsConstantArrayType(CAT->getElementType()))
    return 0;
  auto Refs = Index.SharedRefs.find(V);
  if (Refs == Index.SharedRefs.end() ||
      !Finder.onlyFullySubscripted(V, Refs->second))
    return 0;
  // Every access of V, and every run of it, must be known.
  std::vector<const AccessReport *> Mine;
  for (unsigned I : reportsOf(V)) {
    const AccessReport &R = Reports[I];
    if (R.Array != V)
      continue;
    if (R.Runs.empty())
      return 0;
    for (const AccessRun &Run : R.Runs)
      if (Run.Result.State == AccessResult::Unknown)
        return 0;
    Mine.push_back(&R);
  }
  if (Mine.empty())
    return 0;
  InnerRow Row = innerRow(Index.Ctx, V->getType());
  for (unsigned Extra = 1; Extra <= 4; ++Extra) {
    // Decided on the kept lowerings where they can tell; lowered again with
    // the array padded where they cannot.
    if (Row.ElemBytes > 0 && Row.Bytes > 0) {
      FixedRuns Kept;
      PaddingVerdict Verdict =
          paddingOnKept(Mine, Row.Bytes, Row.ElemBytes * Extra, Kept);
      if (Verdict == PaddingVerdict::LeavesConflict)
        continue;
      if (Verdict == PaddingVerdict::ConflictFree) {
        After = std::move(Kept);
        return Extra;
      }
    }
    ArrayPadding Pad{V, Extra};
    bool Works = true;
    FixedRuns Fixed;
    for (const AccessReport *R : Mine) {
      for (const AccessRun &Run : R->Runs) {
        Assumptions As;
        As.Chain = Run.Chain;
        As.KernelArgs = Run.Args;
        As.Pad = &Pad;
        ValueTrace T;
        std::optional<LoweredAccess> L = Work->lower(Finder, R->Access, As, T);
        if (!L) {
          Works = false;
          break;
        }
        AccessResult Res = Work->analyze(L->Spec, Run.Block);
        if (Res.State == AccessResult::Unknown || Res.conflicts() ||
            (Res.State == AccessResult::NeverRuns) !=
                (Run.Result.State == AccessResult::NeverRuns)) {
          Works = false;
          break;
        }
        Fixed[{R, size_t(&Run - R->Runs.data())}] = std::move(Res);
      }
      if (!Works)
        break;
    }
    if (Works) {
      After = std::move(Fixed);
      return Extra;
    }
  }
  return 0;
}

BankConflictAnalysis::PaddingVerdict
BankConflictAnalysis::paddingOnKept(llvm::ArrayRef<const AccessReport *> Mine,
                                    int64_t RowBytes, int64_t PadBytes,
                                    FixedRuns &Fixed) {
  // Each row moved by PadBytes per row before it: the padded array's
  // address of every element whose subscripts lie within their bounds.
  // Where the lowering says what its subscripts are (InBounds) and no
  // thread that runs the access has one outside its bounds (the access
  // guarded by the opposite never runs), the answer is the padded array's.
  // Otherwise a subscript out of its bounds (`t[r][n]` for `t[r + 1][0]`)
  // may move otherwise than padding moves it: a conflict shown then only
  // skips the padding, and no answer is taken from here.
  bool Sure = true;
  for (const AccessReport *R : Mine)
    for (const AccessRun &Run : R->Runs) {
      const LoweredAccess *L = Run.Lowered.get();
      if (!L || !L->RootSymbol) {
        Sure = false;
        continue;
      }
      AccessSpec Spec = L->Spec;
      Spec.RemapBase = *L->RootSymbol;
      padRows(Spec, RowBytes, PadBytes);
      AccessResult Res = Work->analyze(Spec, Run.Block);
      if (Res.State == AccessResult::Ok && Res.conflicts())
        return PaddingVerdict::LeavesConflict;
      if (Res.State == AccessResult::Unknown || !L->InBounds ||
          mayLeaveBounds(*L, Run.Block)) {
        Sure = false;
        continue;
      }
      Fixed[{R, size_t(&Run - R->Runs.data())}] = std::move(Res);
    }
  return Sure ? PaddingVerdict::ConflictFree : PaddingVerdict::Unsure;
}

std::string BankConflictAnalysis::searchLayout(const VarDecl *V,
                                               FixedRuns &After) {
  InnerRow Row = innerRow(Index.Ctx, V->getType());
  const ConstantArrayType *CAT = Row.Type;
  int64_t ElemBytes = Row.ElemBytes, RowBytes = Row.Bytes;
  if (!CAT || ElemBytes <= 0 || RowBytes <= 0)
    return "";
  // Every run of every access of V, each known: an access that may reach
  // V but did not lower leaves the answer open.
  std::vector<std::pair<const AccessReport *, const AccessRun *>> Mine;
  unsigned MaxBytes = 0;
  for (unsigned I : reportsOf(V)) {
    const AccessReport &R = Reports[I];
    bool Mentions = R.Array == V || R.Access.Root == V;
    for (const AccessRun &Run : R.Runs) {
      if (Run.Array != V)
        continue;
      Mentions = true;
      if (Run.Result.State == AccessResult::Unknown)
        return "";
      Mine.push_back({&R, &Run});
      MaxBytes = std::max(MaxBytes, R.Access.Bytes);
    }
    if (Mentions && !R.WhyUnknown.empty())
      return "";
  }
  if (Mine.empty() || MaxBytes == 0 || MaxBytes > 16)
    return "";
  // Every relayout tried on each run's own lowering.
  std::vector<std::pair<AccessSpec, Dim3>> Lowered;
  std::vector<std::pair<const AccessReport *, size_t>> LoweredRun;
  for (const auto &[R, Run] : Mine) {
    if (Run->Result.State == AccessResult::NeverRuns)
      continue;
    const LoweredAccess *L = Run->Lowered.get();
    if (!L || !L->RootSymbol)
      return "";
    // `t[0][threadIdx.x * 32]` for `t[threadIdx.x][0]`: padding or
    // swizzling the declared rows does not move it as the relayout would.
    if (mayLeaveBounds(*L, Run->Block))
      return "";
    AccessSpec Spec = L->Spec;
    Spec.RemapBase = *L->RootSymbol;
    Lowered.push_back({std::move(Spec), Run->Block});
    LoweredRun.push_back({R, size_t(Run - R->Runs.data())});
  }
  // The results of the first relayout that works, for After.
  FixedRuns Fixed;
  auto Works = [&](llvm::function_ref<void(AccessSpec &)> Relayout) {
    FixedRuns These;
    for (size_t K = 0; K < Lowered.size(); ++K) {
      auto &[Spec, Block] = Lowered[K];
      Relayout(Spec);
      AccessResult Res = Work->analyze(Spec, Block);
      if (Res.State != AccessResult::Ok || Res.conflicts())
        return false;
      These[LoweredRun[K]] = std::move(Res);
    }
    if (Fixed.empty())
      Fixed = std::move(These);
    return true;
  };
  std::vector<std::string> Ways;
  // Padding each row by the least number of bytes that keeps every access
  // aligned, up to 16.
  int64_t Step = std::max<int64_t>(ElemBytes, MaxBytes);
  for (int64_t Pad = Step; Pad <= 16; Pad += Step) {
    if (Works([&](AccessSpec &S) { padRows(S, RowBytes, Pad); })) {
      int64_t Elems = Pad / ElemBytes;
      Ways.push_back("with each row padded by " + std::to_string(Pad) +
                     " bytes (" + std::to_string(CAT->getZExtSize() + Elems) +
                     " elements instead of " +
                     std::to_string(CAT->getZExtSize()) + ")");
      break;
    }
  }
  // An XOR swizzle of the 16-byte chunks of each row with the row modulo
  // 8: rows of 128 bytes or a multiple.
  if (RowBytes % 128 == 0 && ElemBytes <= 16 && 16 % ElemBytes == 0) {
    if (Works([&](AccessSpec &S) {
          S.Remap = [=](int64_t Off) {
            if (Off < 0)
              return Off;
            int64_t Row = Off / RowBytes, In = Off % RowBytes;
            int64_t Chunk = (In / 16) ^ (Row % 8);
            return Row * RowBytes + Chunk * 16 + In % 16;
          };
          S.RemapKey = "xor16 " + std::to_string(RowBytes);
        })) {
      int64_t E = 16 / ElemBytes;
      std::string Col = E == 1 ? "c ^ (r % 8)"
                               : "((c / " + std::to_string(E) +
                                     ") ^ (r % 8)) * " + std::to_string(E) +
                                     " + c % " + std::to_string(E);
      Ways.push_back("with the 16-byte chunks of each row XOR-swizzled "
                     "(element c of row r stored at column " +
                     Col + ")");
    }
  }
  if (Ways.empty())
    return "";
  After = std::move(Fixed);
  std::string Out = Ways[0];
  if (Ways.size() > 1)
    Out += ", or " + Ways[1];
  return Out;
}

} // namespace warplint
