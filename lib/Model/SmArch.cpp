//===-- SmArch.cpp - Resources of one SM per compute capability -----------===//
#include "warplint/Model/SmArch.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint::model {

// The shared-memory sizes (KB) of cudaOccAlignUpShmemSizeVoltaPlus, per family.
static const unsigned CarveoutVolta[] = {0, 8, 16, 32, 64, 96};
static const unsigned CarveoutTuring[] = {32, 64};
static const unsigned CarveoutGA100[] = {0, 8, 16, 32, 64, 100, 132, 164};
static const unsigned CarveoutGA10x[] = {0, 8, 16, 32, 64, 100};
static const unsigned CarveoutGH100[] = {0,   8,   16,  32,  64,
                                         100, 132, 164, 196, 228};
static const ArrayRef<unsigned> CarveoutFixed;

static const SmArch Archs[] = {
#define WARPLINT_SM_ARCH(NAME, MAJOR, MINOR, WARPS, BLOCKS, REGS_SM,           \
                         REGS_BLOCK, REGS_THREAD, SMEM_SM_KB, SMEM_OPTIN_KB,   \
                         RESERVED, SMEM_UNIT, WARP_GRAN, BARRIERS, CARVEOUTS)  \
  {NAME,                                                                       \
   MAJOR,                                                                      \
   MINOR,                                                                      \
   WARPS,                                                                      \
   BLOCKS,                                                                     \
   REGS_SM,                                                                    \
   REGS_BLOCK,                                                                 \
   REGS_THREAD,                                                                \
   (SMEM_SM_KB) * 1024ull,                                                     \
   (SMEM_OPTIN_KB) * 1024ull,                                                  \
   RESERVED,                                                                   \
   SMEM_UNIT,                                                                  \
   WARP_GRAN,                                                                  \
   BARRIERS,                                                                   \
   CARVEOUTS},
#include "warplint/Model/SmArch.def"
};

std::string SmArch::version() const {
  return std::to_string(Major) + "." + std::to_string(Minor);
}

ArrayRef<SmArch> allSmArchs() { return Archs; }

std::string smArchBaseName(StringRef Name) {
  StringRef A = Name;
  if (!A.consume_front("sm_"))
    A.consume_front("compute_");
  // Architecture-specific and family variants (sm_90a, sm_100f) share the
  // SM resources of their base.
  if (A.ends_with("a") || A.ends_with("f"))
    A = A.drop_back();
  return ("sm_" + A).str();
}

const SmArch *findSmArch(StringRef Name) {
  std::string Base = smArchBaseName(Name);
  for (const SmArch &A : Archs)
    if (A.Name == Base)
      return &A;
  return nullptr;
}

std::string knownSmArchNames() {
  std::string Known;
  for (const SmArch &A : Archs)
    Known += (Known.empty() ? "" : ", ") + A.Name.str();
  return Known;
}

Expected<const SmArch *> lookupSmArch(StringRef Name) {
  StringRef N = Name.trim();
  if (N.empty() || N.contains(','))
    return createStringError("invalid GPU architecture '" + Name.str() +
                             "': expected one name such as sm_90");
  // A bare number ("90") names the same architecture as sm_90.
  std::string Spelled = isDigit(N.front()) ? ("sm_" + N).str() : N.str();
  if (const SmArch *A = findSmArch(Spelled))
    return A;
  return createStringError("unknown GPU architecture '" + Spelled +
                           "'; known: " + knownSmArchNames());
}

} // namespace warplint::model
