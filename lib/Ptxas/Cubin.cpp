//===-- Cubin.cpp - The kernels' resources a cubin records ----------------===//
//
// A cubin is an ELF (EM_CUDA, 190) for one SM. What this reader takes from
// it, as CUDA 13's ptxas writes it (learnt from objects built here for
// sm_75 to sm_120 and checked against `ptxas -v`, test/object):
//
//   kernels      the STT_FUNC symbols with st_other & 0x10 (an entry)
//   .nv.info     records of the whole cubin; those of format 4 and size 8
//                are (symbol index, value): 0x2f registers (REGCOUNT), 0x11
//                stack frame (FRAME_SIZE)
//   .nv.info.K   records of kernel K (sh_info: its .text section): 0x4c
//   barriers
//                (absent: none), 0x05 the __launch_bounds__ thread limit
//                (MAX_THREADS: x, y, z), 0x1b the register limit ptxas
//                compiled to (MAXREG_COUNT)
//   .nv.shared.K static shared memory of K (sh_info: its .text section); from
//   sm_90
//                on it starts with a block the system reserves, which ptxas
//                -v does not count: .nv.reservedSmem.cap says how big, and
//                without it (sm_90) 1024 bytes when the cubin has any
//                .nv.reservedSmem.* symbol
//
// Relocatable cubins (-rdc=true) have the same records; their .nv.shared.K
// sections are of type 0x7000000a, and the shared variables of template
// instantiations sit in .nv_debug.shared for the device link to place
// (ptxas -v does not count them either: a warning says so).
//
// A record is (format, attribute, 2 bytes) then, for format 4, that many
// bytes of value; formats 1 to 3 hold their value in the 2 bytes. Unknown
// attributes are skipped by their size; an unknown format ends the section
// with an error, since its size is unknown.
//
//===----------------------------------------------------------------------===//
#include "warplint/Ptxas/CudaObject.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"
#include <unordered_map>

using namespace llvm;
using namespace llvm::object;

namespace warplint::ptxas {

namespace {

using Shdr = ELF64LE::Shdr;
using Sym = ELF64LE::Sym;

enum : uint8_t {
  AttrMaxThreads = 0x05,
  AttrFrameSize = 0x11,
  AttrMaxRegCount = 0x1b,
  AttrRegCount = 0x2f,
  AttrBarriers = 0x4c,
};
enum : uint8_t { StoCudaEntry = 0x10 };
/// The type of .nv.shared.K in relocatable cubins (-rdc=true); executable
/// ones have SHT_NOBITS.
constexpr uint32_t ShtCudaShared = 0x7000000a;
/// What sm_90 reserves at the start of each kernel's shared memory when
/// the cubin does not say (no .nv.reservedSmem.cap).
constexpr uint64_t DefaultReservedSmem = 1024;

struct Record {
  uint8_t Format = 0, Attr = 0;
  uint16_t Value = 0;        ///< formats 1 to 3
  ArrayRef<uint8_t> Payload; ///< format 4
};

/// Calls Fn for each record of an .nv.info section.
Error forEachRecord(ArrayRef<uint8_t> S, StringRef Name,
                    function_ref<void(const Record &)> Fn) {
  size_t Off = 0;
  while (Off < S.size()) {
    if (S.size() - Off < 4)
      return createStringError("%s: a record cut short at offset %zu",
                               Name.str().c_str(), Off);
    Record R;
    R.Format = S[Off];
    R.Attr = S[Off + 1];
    R.Value = support::endian::read16le(S.data() + Off + 2);
    Off += 4;
    if (R.Format == 4) {
      if (S.size() - Off < R.Value)
        return createStringError(
            "%s: record 0x%02x at offset %zu claims %u bytes, %zu are left",
            Name.str().c_str(), R.Attr, Off - 4, unsigned(R.Value),
            S.size() - Off);
      R.Payload = S.slice(Off, R.Value);
      Off += R.Value;
    } else if (R.Format < 1 || R.Format > 4) {
      return createStringError("%s: record of unknown format %u at offset %zu",
                               Name.str().c_str(), unsigned(R.Format), Off - 4);
    }
    Fn(R);
  }
  return Error::success();
}

/// A kernel being read: its Function and where its records point.
struct Kernels {
  Report &Into;
  size_t First; ///< index of the first Function of this cubin
  /// By symbol index (.nv.info's records), and by the index of the
  /// kernel's .text section (which .nv.info.K and .nv.shared.K name in
  /// sh_info, SHF_INFO_LINK). Not DenseMap: any key may come from the input,
  /// its reserved ones too.
  std::unordered_map<uint32_t, size_t> BySymbol, BySection;

  Function *get(const std::unordered_map<uint32_t, size_t> &M, uint32_t Key) {
    auto It = M.find(Key);
    return It == M.end() ? nullptr : &Into.Functions[It->second];
  }
};

std::string archOfHeader(const ELF64LE::Ehdr &H) {
  // ABI version 8 and later (CUDA 12.8+) keep the SM in bits 8-15 of
  // e_flags; earlier ones in bits 0-7.
  unsigned Sm = H.e_ident[ELF::EI_ABIVERSION] >= 8 ? (H.e_flags >> 8) & 0xff
                                                   : H.e_flags & 0xff;
  return "sm_" + std::to_string(Sm);
}

/// The kernels of the symbol table, and what the reserved shared memory is.
Error readSymbols(const ELF64LEFile &F, const Shdr &SymTab, StringRef Arch,
                  Kernels &K, std::optional<uint64_t> &Reserved) {
  auto StrTab = F.getStringTableForSymtab(SymTab);
  if (!StrTab)
    return StrTab.takeError();
  auto Syms = F.symbols(&SymTab);
  if (!Syms)
    return Syms.takeError();
  bool SawReserved = false;
  for (size_t I = 0; I < Syms->size(); ++I) {
    const Sym &S = (*Syms)[I];
    auto Name = S.getName(*StrTab);
    if (!Name)
      return Name.takeError();
    if (Name->starts_with(".nv.reservedSmem.")) {
      SawReserved = true;
      if (*Name == ".nv.reservedSmem.cap")
        Reserved = S.st_value;
      continue;
    }
    if (S.getType() != ELF::STT_FUNC || !(S.st_other & StoCudaEntry))
      continue;
    Function Fn;
    Fn.Mangled = Name->str();
    demangleInto(Fn);
    Fn.Arch = Arch.str();
    Fn.IsKernel = true;
    Fn.Barriers = 0; // unless its .nv.info.K says
    Fn.Smem = 0;     // unless it has a .nv.shared.K
    K.BySymbol[uint32_t(I)] = K.Into.Functions.size();
    K.BySection[S.st_shndx] = K.Into.Functions.size();
    K.Into.Functions.push_back(std::move(Fn));
  }
  if (SawReserved && !Reserved)
    Reserved = DefaultReservedSmem;
  return Error::success();
}

/// The records of .nv.info: (symbol, value) pairs.
void globalRecord(const Record &R, Kernels &K) {
  if (R.Format != 4 || R.Payload.size() != 8)
    return;
  uint32_t Symbol = support::endian::read32le(R.Payload.data());
  uint32_t Value = support::endian::read32le(R.Payload.data() + 4);
  Function *Fn = K.get(K.BySymbol, Symbol);
  if (!Fn)
    return; // a device function's, or a symbol that is not a kernel
  if (R.Attr == AttrRegCount)
    Fn->Registers = Value;
  else if (R.Attr == AttrFrameSize)
    Fn->StackFrame = Value;
}

/// The records of .nv.info.K for kernel Fn.
void kernelRecord(const Record &R, Function &Fn) {
  if (R.Attr == AttrBarriers && R.Format != 4)
    Fn.Barriers = R.Value;
  else if (R.Attr == AttrMaxRegCount && R.Format != 4)
    Fn.MaxRegisters = R.Value;
  else if (R.Attr == AttrMaxThreads && R.Format == 4 &&
           R.Payload.size() == 12) {
    uint64_t N = 1;
    for (unsigned D = 0; D < 3; ++D)
      N *= support::endian::read32le(R.Payload.data() + 4 * D);
    Fn.MaxThreads = N;
  }
}

Error readSection(const ELF64LEFile &F, const Shdr &S, Kernels &K,
                  std::optional<uint64_t> Reserved) {
  auto Name = F.getSectionName(S);
  if (!Name)
    return Name.takeError();
  if (*Name == ".nv_debug.shared" && S.sh_size)
    K.Into.Diagnostics.push_back(
        {Diagnostic::Warning, 0,
         std::to_string(S.sh_size) +
             " bytes of shared memory in relocatable device code (-rdc=true) "
             "that the device link places (template instantiations' and "
             "extern variables'): not in any kernel's count, as in ptxas "
             "-v's"});
  if ((S.sh_type == ELF::SHT_NOBITS || S.sh_type == ShtCudaShared) &&
      Name->starts_with(".nv.shared.")) {
    Function *Fn = K.get(K.BySection, S.sh_info);
    if (!Fn)
      return Error::success(); // .nv.shared.reserved.0 and the like
    uint64_t R = Reserved.value_or(0);
    if (S.sh_size < R)
      return createStringError(
          "%s is %llu bytes, less than the %llu reserved bytes it starts with",
          Name->str().c_str(), (unsigned long long)S.sh_size,
          (unsigned long long)R);
    Fn->Smem = S.sh_size - R;
    return Error::success();
  }
  if (!Name->starts_with(".nv.info"))
    return Error::success();
  auto Data = F.getSectionContents(S);
  if (!Data)
    return Data.takeError();
  if (*Name == ".nv.info")
    return forEachRecord(*Data, *Name,
                         [&](const Record &R) { globalRecord(R, K); });
  Function *Fn =
      Name->starts_with(".nv.info.") ? K.get(K.BySection, S.sh_info) : nullptr;
  if (!Fn)
    return Error::success();
  return forEachRecord(*Data, *Name,
                       [&](const Record &R) { kernelRecord(R, *Fn); });
}

} // namespace

Error readCubin(StringRef Cubin, Report &Into, StringRef Arch) {
  // LLVM's ELF reader wants its headers aligned: a copy is.
  std::string Copy = Cubin.str();
  auto F = ELF64LEFile::create(Copy);
  if (!F)
    return createStringError("not a 64-bit cubin: " + toString(F.takeError()));
  const ELF64LE::Ehdr &H = F->getHeader();
  if (H.e_machine != ELF::EM_CUDA)
    return createStringError("an ELF for machine %u, not a cubin (EM_CUDA)",
                             unsigned(H.e_machine));
  std::string A = Arch.empty() ? archOfHeader(H) : Arch.str();
  auto Sections = F->sections();
  if (!Sections)
    return Sections.takeError();
  Kernels K{Into, Into.Functions.size(), std::unordered_map<uint32_t, size_t>(),
            std::unordered_map<uint32_t, size_t>()};
  std::optional<uint64_t> Reserved;
  auto Fail = [&](Error E) {
    Into.Functions.resize(K.First);
    return createStringError("cubin for " + A + ": " + toString(std::move(E)));
  };
  for (const Shdr &S : *Sections)
    if (S.sh_type == ELF::SHT_SYMTAB)
      if (Error E = readSymbols(*F, S, A, K, Reserved))
        return Fail(std::move(E));
  // The device link adds the reserved block: a relocatable cubin's sections
  // hold the variables alone.
  if (H.e_type != ELF::ET_EXEC)
    Reserved.reset();
  for (const Shdr &S : *Sections)
    if (Error E = readSection(*F, S, K, Reserved))
      return Fail(std::move(E));
  for (size_t I = K.First; I < Into.Functions.size(); ++I)
    if (!Into.Functions[I].Registers)
      return Fail(createStringError("kernel " + Into.Functions[I].Mangled +
                                    " has no register count"));
  return Error::success();
}

} // namespace warplint::ptxas
