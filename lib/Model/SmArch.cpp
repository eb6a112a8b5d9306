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

namespace {

struct GpuName {
  StringLiteral Name, Arch;
};
const GpuName GpuNames[] = {
#define WARPLINT_GPU_NAME(NAME, ARCH) {NAME, ARCH},
#include "warplint/Model/GpuNames.def"
};

/// "GeForce RTX 4090" -> "rtx4090", "H100 SXM5 80GB" -> "h100sxm580gb".
std::string normalisedGpuName(StringRef Name) {
  std::string N;
  for (char C : Name)
    if (isAlnum(C))
      N += toLower(C);
  for (StringRef Word : {"nvidia", "geforce", "tesla", "quadro"}) {
    size_t At;
    while ((At = N.find(Word.str())) != std::string::npos)
      N.erase(At, Word.size());
  }
  return N;
}

/// Whether Rest is a board variant: sxm, sxm4, sxm5, pcie, nvl, or a memory
/// size (80gb), in any order.
bool boardVariant(StringRef Rest) {
  while (!Rest.empty()) {
    bool Took = false;
    for (StringRef V : {"sxm5", "sxm4", "sxm2", "sxm", "pcie", "nvl"})
      if (Rest.consume_front(V)) {
        Took = true;
        break;
      }
    if (!Took) {
      size_t Digits = 0;
      while (Digits < Rest.size() && isDigit(Rest[Digits]))
        ++Digits;
      if (!Digits || !Rest.substr(Digits).starts_with("gb"))
        return false;
      Rest = Rest.drop_front(Digits + 2);
    }
  }
  return true;
}

} // namespace

std::optional<StringRef> gpuNameArch(StringRef Name) {
  std::string N = normalisedGpuName(Name);
  if (N.empty())
    return std::nullopt;
  // The longest name that N starts with and whose rest is a board variant
  // ("a10" must not take "a100").
  const GpuName *Best = nullptr;
  for (const GpuName &G : GpuNames)
    if (StringRef(N).starts_with(G.Name) &&
        boardVariant(StringRef(N).drop_front(G.Name.size())) &&
        (!Best || G.Name.size() > Best->Name.size()))
      Best = &G;
  if (!Best)
    return std::nullopt;
  return StringRef(Best->Arch);
}

Expected<const SmArch *> lookupSmArch(StringRef Name) {
  StringRef N = Name.trim();
  if (N.empty() || N.contains(','))
    return createStringError("invalid GPU architecture '" + Name.str() +
                             "': expected one name such as sm_90");
  // A bare number ("90") names the same architecture as sm_90, and a
  // compute capability ("9.0") too.
  std::string Spelled = N.str();
  if (isDigit(N.front())) {
    auto [Major, Minor] = N.split('.');
    Spelled = N.contains('.') && !Major.empty() && Minor.size() == 1
                  ? ("sm_" + Major + Minor).str()
                  : ("sm_" + N).str();
  }
  if (const SmArch *A = findSmArch(Spelled))
    return A;
  // A GPU's name ("h100", "RTX 4090"): its compute capability's row.
  if (std::optional<StringRef> Arch = gpuNameArch(N))
    if (const SmArch *A = findSmArch(*Arch))
      return A;
  return createStringError("unknown GPU architecture '" + Spelled +
                           "'; known: " + knownSmArchNames() +
                           ", a compute capability (8.6) or a GPU's name "
                           "(a100, h100, rtx4090, ...)");
}

} // namespace warplint::model
