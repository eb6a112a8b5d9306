//===-- Fatbin.cpp - The fatbinary container and the objects holding it ---===//
//
// The container, little-endian, as nvcc 13 and `fatbinary` write it (learnt
// from the bytes of objects built here, test/object):
//
//   header  u32 magic 0xBA55ED50, u16 version 1, u16 header size (16),
//           u64 size of the entries that follow
//   entry   u16 kind (1 PTX, 2 cubin), u16 version, u32 header size (64 or
//           more: PTX entries carry their options after 64 bytes),
//           u64 payload size (padded to 8), u32 compressed size at 16,
//           u32 SM at 28, u64 flags at 40 (0x8000 zstd, 0x2000 an LZ4
//           block), u64 uncompressed size at 56; the payload follows the
//           entry's header
//
// Containers follow each other (a linked file holds one per object), zero
// padding between them. Host objects hold the container in .nv_fatbin, or,
// built with -rdc=true, in __nv_relfatbin; a static library (ar) holds such
// objects.
//
//===----------------------------------------------------------------------===//
#include "warplint/Ptxas/CudaObject.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#if WARPLINT_HAVE_LZ4
#include <lz4.h>
#endif

using namespace llvm;

namespace warplint::ptxas {

namespace {
constexpr uint32_t FatbinMagic = 0xBA55ED50;
constexpr size_t ContainerHeader = 16, EntryHeader = 64;
constexpr uint64_t FlagZstd = 0x8000, FlagLz4 = 0x2000;
/// No payload decompresses to more: a claim beyond it is damage, not a
/// reason to allocate.
constexpr uint64_t MaxUncompressed = uint64_t(1) << 30;

uint16_t u16(StringRef B, size_t Off) {
  return support::endian::read16le(B.data() + Off);
}
uint32_t u32(StringRef B, size_t Off) {
  return support::endian::read32le(B.data() + Off);
}
uint64_t u64(StringRef B, size_t Off) {
  return support::endian::read64le(B.data() + Off);
}

Expected<FatbinEntry> readEntry(StringRef Bytes, size_t Off, size_t End) {
  if (End - Off < EntryHeader)
    return createStringError("entry at offset %zu: %zu bytes left, an "
                             "entry's header is %zu",
                             Off, End - Off, EntryHeader);
  FatbinEntry E;
  E.Offset = Off;
  E.EntryKind = u16(Bytes, Off);
  uint32_t HeaderSize = u32(Bytes, Off + 4);
  uint64_t PayloadSize = u64(Bytes, Off + 8);
  uint32_t Compressed = u32(Bytes, Off + 16);
  E.Sm = u32(Bytes, Off + 28);
  uint64_t Flags = u64(Bytes, Off + 40);
  E.UncompressedSize = u64(Bytes, Off + 56);
  if (HeaderSize < EntryHeader || HeaderSize > End - Off)
    return createStringError("entry at offset %zu: header size %u outside "
                             "64 to %zu",
                             Off, HeaderSize, End - Off);
  if (PayloadSize > End - Off - HeaderSize)
    return createStringError("entry at offset %zu: payload of %llu bytes, "
                             "%zu are left",
                             Off, (unsigned long long)PayloadSize,
                             End - Off - HeaderSize);
  E.Payload = Bytes.substr(Off + HeaderSize, PayloadSize);
  if ((Flags & FlagZstd) && (Flags & FlagLz4))
    return createStringError("entry at offset %zu: flags 0x%llx name two "
                             "compressions",
                             Off, (unsigned long long)Flags);
  if (Flags & (FlagZstd | FlagLz4)) {
    E.Packed = (Flags & FlagZstd) ? Compression::Zstd : Compression::Lz4;
    if (Compressed > PayloadSize)
      return createStringError("entry at offset %zu: %u compressed bytes in "
                               "a payload of %llu",
                               Off, Compressed,
                               (unsigned long long)PayloadSize);
    E.Payload = E.Payload.take_front(Compressed);
    if (E.UncompressedSize > MaxUncompressed)
      return createStringError("entry at offset %zu: claims %llu bytes "
                               "uncompressed",
                               Off, (unsigned long long)E.UncompressedSize);
  }
  return E;
}

Error readContainer(StringRef Bytes, size_t &Off,
                    std::vector<FatbinEntry> &Out) {
  size_t Start = Off;
  if (Bytes.size() - Off < ContainerHeader)
    return createStringError("fatbinary at offset %zu cut short: %zu bytes",
                             Off, Bytes.size() - Off);
  if (u32(Bytes, Off) != FatbinMagic)
    return createStringError("no fatbinary at offset %zu: magic 0x%08x, "
                             "expected 0xba55ed50",
                             Off, u32(Bytes, Off));
  uint16_t Version = u16(Bytes, Off + 4), HeaderSize = u16(Bytes, Off + 6);
  uint64_t Size = u64(Bytes, Off + 8);
  if (Version != 1)
    return createStringError("fatbinary at offset %zu: version %u, this "
                             "reader knows 1",
                             Off, unsigned(Version));
  if (HeaderSize < ContainerHeader || HeaderSize > Bytes.size() - Off ||
      Size > Bytes.size() - Off - HeaderSize)
    return createStringError("fatbinary at offset %zu: header of %u and "
                             "entries of %llu bytes, %zu are there",
                             Off, unsigned(HeaderSize),
                             (unsigned long long)Size, Bytes.size() - Off);
  size_t End = Start + HeaderSize + Size;
  for (Off = Start + HeaderSize; Off < End;) {
    auto E = readEntry(Bytes, Off, End);
    if (!E)
      return E.takeError();
    // Neither size can reach past End (checked), so this moves forward.
    Off += u32(Bytes, Off + 4) + u64(Bytes, Off + 8);
    Out.push_back(std::move(*E));
  }
  return Error::success();
}

Expected<std::string> decompress(const FatbinEntry &E) {
  std::string Out;
  switch (E.Packed) {
  case Compression::None:
    // Padded to 8 bytes with zeros, which PTX's text does not have.
    return (E.EntryKind == FatbinEntry::Ptx ? E.Payload.rtrim('\0') : E.Payload)
        .str();
  case Compression::Zstd: {
    SmallVector<uint8_t, 0> Buf;
    if (Error Err = compression::zstd::decompress(
            arrayRefFromStringRef(E.Payload), Buf, E.UncompressedSize))
      return std::move(Err);
    if (Buf.size() != E.UncompressedSize)
      return createStringError("zstd gave %zu bytes, the entry says %llu",
                               Buf.size(),
                               (unsigned long long)E.UncompressedSize);
    return toStringRef(ArrayRef<uint8_t>(Buf)).str();
  }
  case Compression::Lz4:
#if WARPLINT_HAVE_LZ4
    Out.resize(E.UncompressedSize);
    if (E.Payload.size() > uint64_t(INT32_MAX) ||
        E.UncompressedSize > uint64_t(INT32_MAX))
      return createStringError("an LZ4 block too big to read");
    int N = LZ4_decompress_safe(E.Payload.data(), Out.data(),
                                int(E.Payload.size()), int(Out.size()));
    if (N < 0 || uint64_t(N) != E.UncompressedSize)
      return createStringError("a damaged LZ4 block (%d bytes of %llu)", N,
                               (unsigned long long)E.UncompressedSize);
    return Out;
#else
    break;
#endif
  }
  return createStringError("not read");
}

bool isFatbin(StringRef B) { return B.size() >= 4 && u32(B, 0) == FatbinMagic; }

/// The fatbinary sections of a host object.
Expected<std::vector<StringRef>> fatbinSections(StringRef Bytes) {
  auto Obj =
      object::ObjectFile::createObjectFile(MemoryBufferRef(Bytes, "object"));
  if (!Obj)
    return Obj.takeError();
  std::vector<StringRef> Out;
  for (const object::SectionRef &S : (*Obj)->sections()) {
    auto Name = S.getName();
    if (!Name)
      return Name.takeError();
    if (*Name != ".nv_fatbin" && *Name != "__nv_relfatbin")
      continue;
    auto Data = S.getContents();
    if (!Data)
      return Data.takeError();
    Out.push_back(*Data);
  }
  return Out;
}

/// Reads the cubins of a fatbinary into R.
Error readFatbinInto(StringRef Fatbin, Report &R, unsigned &Cubins) {
  auto Entries = readFatbin(Fatbin);
  if (!Entries)
    return Entries.takeError();
  for (const FatbinEntry &E : *Entries) {
    if (E.EntryKind != FatbinEntry::Cubin)
      continue;
    ++Cubins;
    auto Data = E.contents();
    Error Err = Data ? readCubin(*Data, R, E.arch()) : Data.takeError();
    if (Err)
      R.Diagnostics.push_back({Diagnostic::Error, 0,
                               "fatbinary entry at offset " +
                                   std::to_string(E.Offset) + ": " +
                                   toString(std::move(Err))});
  }
  return Error::success();
}

} // namespace

StringRef compressionName(Compression C) {
  switch (C) {
  case Compression::None:
    return "none";
  case Compression::Zstd:
    return "zstd";
  case Compression::Lz4:
    return "LZ4";
  }
  return "?";
}

bool canDecompress(Compression C) {
  switch (C) {
  case Compression::None:
    return true;
  case Compression::Zstd:
    return compression::zstd::isAvailable();
  case Compression::Lz4:
    return WARPLINT_HAVE_LZ4;
  }
  return false;
}

std::string FatbinEntry::arch() const {
  return (EntryKind == Ptx ? "compute_" : "sm_") + std::to_string(Sm);
}

Expected<std::string> FatbinEntry::contents() const {
  if (!canDecompress(Packed))
    return createStringError("compressed with " + compressionName(Packed) +
                             ", which this build of warplint cannot read");
  auto Out = decompress(*this);
  if (!Out)
    return createStringError("its " + compressionName(Packed).str() +
                             " payload: " + toString(Out.takeError()));
  // Compressed PTX ends in the zeros that padded it too (ptxas reads them
  // as text and fails).
  if (EntryKind == Ptx)
    Out->resize(StringRef(*Out).rtrim('\0').size());
  return Out;
}

Expected<std::vector<FatbinEntry>> readFatbin(StringRef Bytes) {
  std::vector<FatbinEntry> Out;
  size_t Off = 0;
  while (Off < Bytes.size()) {
    if (Error E = readContainer(Bytes, Off, Out))
      return std::move(E);
    while (Off < Bytes.size() && Bytes[Off] == 0)
      ++Off;
  }
  return Out;
}

Expected<std::vector<FatbinEntry>> readObjectEntries(StringRef Bytes) {
  if (isFatbin(Bytes))
    return readFatbin(Bytes);
  auto Sections = fatbinSections(Bytes);
  if (!Sections)
    return Sections.takeError();
  std::vector<FatbinEntry> Out;
  for (StringRef S : *Sections) {
    auto Entries = readFatbin(S);
    if (!Entries)
      return Entries.takeError();
    Out.insert(Out.end(), Entries->begin(), Entries->end());
  }
  return Out;
}

bool looksLikeObject(StringRef Bytes) {
  if (isFatbin(Bytes))
    return true;
  switch (identify_magic(Bytes)) {
  case file_magic::archive:
  case file_magic::elf_relocatable:
  case file_magic::elf_executable:
  case file_magic::elf_shared_object:
  case file_magic::coff_object:
  case file_magic::macho_object:
    return true;
  default:
    return false;
  }
}

/// The cubins of a host object, a fatbinary or a cubin into R; Member names
/// an archive's member in messages.
static Error readOneObject(StringRef Bytes, Report &R, unsigned &Cubins,
                           StringRef Member = "") {
  std::string In = Member.empty() ? "" : Member.str() + ": ";
  if (isFatbin(Bytes))
    return readFatbinInto(Bytes, R, Cubins);
  if (Bytes.size() >= 20 &&
      Bytes.starts_with("\x7f"
                        "ELF") &&
      support::endian::read16le(Bytes.data() + 18) == ELF::EM_CUDA) {
    ++Cubins;
    return readCubin(Bytes, R);
  }
  // LLVM's object readers want their headers aligned, which an archive's
  // members are not: a copy is.
  std::unique_ptr<MemoryBuffer> Copy = MemoryBuffer::getMemBufferCopy(Bytes);
  auto Sections = fatbinSections(Copy->getBuffer());
  if (!Sections)
    return createStringError(In + "not an object, a fatbinary or a cubin: " +
                             toString(Sections.takeError()));
  if (Sections->empty() && Member.empty())
    return createStringError("no device code: no .nv_fatbin or "
                             "__nv_relfatbin section");
  for (StringRef S : *Sections)
    if (Error E = readFatbinInto(S, R, Cubins))
      return createStringError(In + toString(std::move(E)));
  return Error::success();
}

/// Each member of a static library (ar), those without device code left out.
static Error readArchive(StringRef Bytes, Report &R, unsigned &Cubins) {
  auto A = object::Archive::create(MemoryBufferRef(Bytes, "archive"));
  if (!A)
    return A.takeError();
  if ((*A)->isThin())
    return createStringError("a thin archive, whose members are files "
                             "elsewhere: name the objects instead");
  Error Err = Error::success();
  // A member's problem ends the loop; the iteration's own error is then
  // not the one to say.
  auto Stop = [&](Error E) {
    consumeError(std::move(Err));
    return E;
  };
  for (const object::Archive::Child &C : (*A)->children(Err)) {
    auto Name = C.getName();
    auto Data = C.getBuffer();
    if (!Name || !Data) {
      consumeError(Name.takeError());
      consumeError(Data.takeError());
      return Stop(createStringError("a damaged archive member"));
    }
    // LLVM's reader trusts a member's size.
    if (Data->data() < Bytes.data() || Data->end() > Bytes.end())
      return Stop(
          createStringError(*Name + ": reaches past the archive's end"));
    // The archive's symbol table and other members that are not objects.
    if (!looksLikeObject(*Data))
      continue;
    if (Error E = readOneObject(*Data, R, Cubins, *Name))
      return Stop(std::move(E));
  }
  return Err;
}

Expected<Report> readObject(StringRef Bytes) {
  Report R;
  unsigned Cubins = 0;
  bool Archive = identify_magic(Bytes) == file_magic::archive;
  if (Error E = Archive ? readArchive(Bytes, R, Cubins)
                        : readOneObject(Bytes, R, Cubins))
    return std::move(E);
  if (!Cubins && Archive)
    return createStringError("no cubin in any member of the archive (no "
                             "device code, or PTX only)");
  if (!Cubins)
    return createStringError("no cubin in the device code (PTX only: built "
                             "for a virtual architecture alone?)");
  markContradictions(R);
  return R;
}

} // namespace warplint::ptxas
