// Unit tests of the reader of CUDA objects (warplint/Ptxas/CudaObject.h) on
// small cubins and fatbinaries built here byte by byte: each resource and
// where it comes from, the reserved shared memory, unknown records, and
// damaged input of every kind (never a crash: each prefix and each flipped
// byte of a valid blob is read too). test/object compares the reader with
// ptxas -v on real objects.
#include "warplint/Ptxas/CudaObject.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "gtest/gtest.h"
#include <cstring>

using namespace warplint::ptxas;
using llvm::StringRef;

namespace {

template <typename T> void put(std::string &S, size_t Off, T V) {
  if (S.size() < Off + sizeof(T))
    S.resize(Off + sizeof(T));
  std::memcpy(&S[Off], &V, sizeof(T)); // the host is little-endian here
}
template <typename T> void append(std::string &S, T V) { put(S, S.size(), V); }

/// One .nv.info record: (format, attribute, 2 bytes) and a value.
std::string record(uint8_t Format, uint8_t Attr, uint16_t V,
                   StringRef Payload = "") {
  std::string S;
  append(S, Format);
  append(S, Attr);
  append(S, V);
  return S + Payload.str();
}
/// A format-4 record of (symbol, value), as .nv.info holds.
std::string symbolRecord(uint8_t Attr, uint32_t Symbol, uint32_t Value) {
  std::string P;
  append(P, Symbol);
  append(P, Value);
  return record(4, Attr, 8, P);
}

/// A minimal cubin: sections 1 .shstrtab, 2 .strtab, 3 .symtab, then those
/// added; symbols 1... as added.
struct CubinBuilder {
  struct Sec {
    std::string Name;
    uint32_t Type;
    uint64_t Flags;
    std::string Data;
    uint32_t Info;
    uint64_t NoBitsSize;
  };
  struct Sym {
    std::string Name;
    uint8_t Info, Other;
    uint16_t Shndx;
    uint64_t Value;
  };
  std::vector<Sec> Secs;
  std::vector<Sym> Syms;
  uint16_t Type = 2; // ET_EXEC
  unsigned Sm = 90;

  uint16_t section(std::string Name, uint32_t Type, std::string Data,
                   uint32_t Info = 0, uint64_t NoBitsSize = 0) {
    Secs.push_back({std::move(Name), Type, Info ? 0x40u : 0u, std::move(Data),
                    Info, NoBitsSize});
    return uint16_t(Secs.size() + 3);
  }
  uint32_t symbol(std::string Name, uint8_t Info, uint8_t Other, uint16_t Shndx,
                  uint64_t Value = 0) {
    Syms.push_back({std::move(Name), Info, Other, Shndx, Value});
    return uint32_t(Syms.size());
  }
  /// A kernel: its .text section and symbol; returns the symbol index and
  /// sets Text to the section's.
  uint32_t kernel(const std::string &Name, uint16_t &Text) {
    Text = section(".text." + Name, 1, std::string(16, '\0'));
    return symbol(Name, 0x12, 0x10, Text);
  }

  std::string build() const {
    std::string ShStr(1, '\0'), Str(1, '\0'), SymTab(24, '\0');
    auto Name = [](std::string &Tab, const std::string &N) {
      uint32_t Off = uint32_t(Tab.size());
      Tab += N + '\0';
      return Off;
    };
    std::vector<uint32_t> SecNames;
    for (const char *N : {".shstrtab", ".strtab", ".symtab"})
      SecNames.push_back(Name(ShStr, N));
    for (const Sec &S : Secs)
      SecNames.push_back(Name(ShStr, S.Name));
    for (const Sym &S : Syms) {
      append(SymTab, Name(Str, S.Name));
      append(SymTab, S.Info);
      append(SymTab, S.Other);
      append(SymTab, S.Shndx);
      append(SymTab, S.Value);
      append(SymTab, uint64_t(0));
    }
    std::string Out(64, '\0');
    std::memcpy(&Out[0],
                "\x7f"
                "ELF\x02\x01\x01\x41\x08",
                9);
    put(Out, 16, Type);
    put(Out, 18, uint16_t(190));
    put(Out, 20, uint32_t(1));
    put(Out, 48, uint32_t(Sm << 8));
    put(Out, 52, uint16_t(64));
    put(Out, 58, uint16_t(64));
    put(Out, 60, uint16_t(Secs.size() + 4));
    put(Out, 62, uint16_t(1));
    struct Placed {
      uint32_t Type;
      uint64_t Flags, Off, Size;
      uint32_t Link, Info;
      uint64_t EntSize;
    };
    std::vector<Placed> P{{0, 0, 0, 0, 0, 0, 0}};
    auto Place = [&](const std::string &D, uint32_t Type, uint64_t Flags,
                     uint32_t Link, uint32_t Info, uint64_t EntSize,
                     uint64_t NoBits) {
      while (Out.size() % 8)
        Out += '\0';
      P.push_back({Type, Flags, Out.size(), NoBits ? NoBits : D.size(), Link,
                   Info, EntSize});
      if (!NoBits)
        Out += D;
    };
    Place(ShStr, 3, 0, 0, 0, 0, 0);
    Place(Str, 3, 0, 0, 0, 0, 0);
    Place(SymTab, 2, 0, 2, 1, 24, 0);
    for (const Sec &S : Secs)
      Place(S.Data, S.Type, S.Flags, 3, S.Info, 0,
            S.Type == 8 ? S.NoBitsSize : 0);
    while (Out.size() % 8)
      Out += '\0';
    put(Out, 40, uint64_t(Out.size()));
    for (size_t I = 0; I < P.size(); ++I) {
      append(Out, I ? SecNames[I - 1] : 0u);
      append(Out, P[I].Type);
      append(Out, P[I].Flags);
      append(Out, uint64_t(0));
      append(Out, P[I].Off);
      append(Out, P[I].Size);
      append(Out, P[I].Link);
      append(Out, P[I].Info);
      append(Out, uint64_t(8));
      append(Out, P[I].EntSize);
    }
    return Out;
  }
};

/// A cubin with kernel _Z3fooPf: 40 registers, a 16-byte frame, 2
/// barriers, 300 bytes of shared memory (plus Reserved), launch bounds of
/// 128 threads and 64 registers; an unknown record of each format too.
std::string fooCubin(uint64_t Reserved = 0, bool ReservedSymbol = false) {
  CubinBuilder B;
  uint16_t Text;
  uint32_t Foo = B.kernel("_Z3fooPf", Text);
  if (ReservedSymbol)
    B.symbol(".nv.reservedSmem.offset0", 0x21, 0, 0xfff1);
  std::string Info = symbolRecord(0x2f, Foo, 40) + symbolRecord(0x11, Foo, 16) +
                     record(4, 0x99, 3, "abc") + symbolRecord(0x12, Foo, 16);
  B.section(".nv.info", 0x70000000, Info);
  std::string Threads;
  append(Threads, uint32_t(128));
  append(Threads, uint32_t(1));
  append(Threads, uint32_t(1));
  std::string KInfo = record(3, 0x1b, 64) + record(2, 0x4c, 2) +
                      record(1, 0x77, 0) + record(4, 0x05, 12, Threads);
  B.section(".nv.info._Z3fooPf", 0x70000000, KInfo, Text);
  B.section(".nv.shared._Z3fooPf", 8, "", Text, 300 + Reserved);
  return B.build();
}

/// A fatbinary entry header and its payload.
std::string entry(uint16_t Kind, uint32_t Sm, StringRef Payload,
                  uint64_t Flags = 0x11, uint64_t Uncompressed = 0,
                  uint32_t HeaderSize = 64) {
  std::string E(HeaderSize, '\0');
  uint64_t Padded = (Payload.size() + 7) / 8 * 8;
  put(E, 0, Kind);
  put(E, 2, uint16_t(0x101));
  put(E, 4, HeaderSize);
  put(E, 8, Padded);
  put(E, 16, uint32_t(Flags & 0xa000 ? Payload.size() : 0));
  put(E, 28, Sm);
  put(E, 40, Flags);
  put(E, 56, Uncompressed);
  return E + Payload.str() + std::string(Padded - Payload.size(), '\0');
}
std::string container(StringRef Entries) {
  std::string C;
  append(C, uint32_t(0xBA55ED50));
  append(C, uint16_t(1));
  append(C, uint16_t(16));
  append(C, uint64_t(Entries.size()));
  return C + Entries.str();
}

std::string errorOf(llvm::Expected<Report> R) {
  if (R) {
    ADD_FAILURE() << "read without an error";
    return "";
  }
  return llvm::toString(R.takeError());
}

} // namespace

TEST(CudaObjectTest, CubinResources) {
  auto R = readObject(fooCubin());
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Functions.size(), 1u);
  const Function &F = R->Functions[0];
  EXPECT_EQ(F.Mangled, "_Z3fooPf");
  EXPECT_EQ(F.Name, "foo");
  EXPECT_EQ(F.Arch, "sm_90"); // from the header: no fatbinary entry
  EXPECT_TRUE(F.IsKernel);
  EXPECT_EQ(F.Registers, 40u);
  EXPECT_EQ(F.StackFrame, 16u);
  EXPECT_EQ(F.Barriers, 2u);
  EXPECT_EQ(F.Smem, 300u);
  EXPECT_EQ(F.MaxThreads, 128u);
  EXPECT_EQ(F.MaxRegisters, 64u);
  // The object does not record spills: unknown, not 0.
  EXPECT_FALSE(F.SpillStores);
  EXPECT_FALSE(F.SpillLoads);
  EXPECT_TRUE(R->Diagnostics.empty());
}

TEST(CudaObjectTest, ReservedSharedMemory) {
  // sm_90: a .nv.reservedSmem.* symbol and no cap: 1 KB reserved.
  auto R = readObject(fooCubin(1024, true));
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->Functions[0].Smem, 300u);
  // No such symbol: nothing reserved.
  R = readObject(fooCubin(1024, false));
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(R->Functions[0].Smem, 1324u);
  // A section smaller than what is reserved is damage.
  CubinBuilder B;
  uint16_t Text;
  uint32_t K = B.kernel("k", Text);
  B.symbol(".nv.reservedSmem.cap", 0x21, 0, 0xfff1, 2048);
  B.section(".nv.info", 0x70000000, symbolRecord(0x2f, K, 8));
  B.section(".nv.shared.k", 8, "", Text, 1500);
  EXPECT_NE(errorOf(readObject(B.build()))
                .find(".nv.shared.k is 1500 bytes, less than the 2048"),
            std::string::npos);
  // Relocatable: the device link adds the reserved block.
  B.Type = 1;
  R = readObject(B.build());
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->Functions[0].Smem, 1500u);
}

TEST(CudaObjectTest, DamagedCubins) {
  CubinBuilder B;
  uint16_t Text;
  uint32_t K = B.kernel("k", Text);
  B.section(".nv.info", 0x70000000, symbolRecord(0x11, K, 0));
  EXPECT_NE(errorOf(readObject(B.build())).find("has no register count"),
            std::string::npos);
  B.Secs.back().Data += record(4, 0x2f, 8, "abc");
  EXPECT_NE(errorOf(readObject(B.build()))
                .find("record 0x2f at offset 12 claims 8 bytes, 3 are left"),
            std::string::npos);
  B.Secs.back().Data = record(7, 0x2f, 0);
  EXPECT_NE(errorOf(readObject(B.build())).find("unknown format 7"),
            std::string::npos);
  B.Secs.back().Data = "ab";
  EXPECT_NE(errorOf(readObject(B.build())).find("a record cut short"),
            std::string::npos);
  std::string Elf = fooCubin();
  put(Elf, 18, uint16_t(62)); // x86-64
  EXPECT_NE(errorOf(readObject(Elf)).find("no device code"), std::string::npos);
}

TEST(CudaObjectTest, Fatbinary) {
  std::string Ptx = ".version 9.0\n.target sm_80\n";
  std::string Fb = container(entry(2, 80, fooCubin()) + entry(1, 80, Ptx) +
                             entry(2, 90, fooCubin(), 0x11, 0, 80));
  auto Entries = readFatbin(Fb);
  ASSERT_TRUE(bool(Entries)) << llvm::toString(Entries.takeError());
  ASSERT_EQ(Entries->size(), 3u);
  EXPECT_EQ((*Entries)[1].arch(), "compute_80");
  EXPECT_EQ(*(*Entries)[1].contents(), Ptx);
  auto R = readObject(Fb);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Functions.size(), 2u);
  EXPECT_EQ(R->Functions[0].Arch, "sm_80"); // the entry's, not the header's
  EXPECT_EQ(R->Functions[1].Arch, "sm_90");
  EXPECT_EQ(R->Functions[1].Registers, 40u);
  // Two containers, zero padding between them.
  R = readObject(Fb + std::string(8, '\0') +
                 container(entry(2, 75, fooCubin())));
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->Functions.size(), 3u);
  // PTX alone.
  EXPECT_NE(errorOf(readObject(container(entry(1, 80, Ptx)))).find("no cubin"),
            std::string::npos);
}

TEST(CudaObjectTest, CompressedEntries) {
  if (!canDecompress(Compression::Zstd))
    GTEST_SKIP() << "LLVM without zstd";
  std::string Cubin = fooCubin();
  llvm::SmallVector<uint8_t, 0> Packed;
  llvm::compression::zstd::compress(llvm::arrayRefFromStringRef(Cubin), Packed);
  std::string P = llvm::toStringRef(Packed).str();
  auto R = readObject(container(entry(2, 86, P, 0x8011, Cubin.size())));
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Functions.size(), 1u);
  EXPECT_EQ(R->Functions[0].Arch, "sm_86");
  EXPECT_EQ(R->Functions[0].Smem, 300u);
  // A wrong uncompressed size, or a damaged payload: the entry is an error
  // diagnostic, not a crash.
  R = readObject(container(entry(2, 86, P, 0x8011, Cubin.size() + 1)));
  ASSERT_TRUE(bool(R));
  ASSERT_EQ(R->Diagnostics.size(), 1u);
  EXPECT_NE(R->Diagnostics[0].Message.find("zstd"), std::string::npos);
  std::string Bad = P;
  Bad[Bad.size() / 2] ^= 0x55;
  R = readObject(container(entry(2, 86, Bad, 0x8011, Cubin.size())));
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(R->count(Diagnostic::Error), 1u);
  EXPECT_TRUE(R->Functions.empty());
  // Both compressions at once, or an absurd size.
  EXPECT_NE(errorOf(readObject(container(entry(2, 86, P, 0xa011, 10))))
                .find("name two compressions"),
            std::string::npos);
  EXPECT_NE(errorOf(readObject(container(entry(2, 86, P, 0x8011, 1ull << 40))))
                .find("uncompressed"),
            std::string::npos);
}

TEST(CudaObjectTest, CompressedPtxLosesItsPadding) {
  if (!canDecompress(Compression::Zstd))
    GTEST_SKIP() << "LLVM without zstd";
  // nvcc compresses the PTX with the zeros that pad it; ptxas, given them,
  // fails ("Unexpected EOF").
  std::string Ptx = ".version 9.0\n.target sm_90\n";
  std::string Padded = Ptx + std::string(5, '\0');
  llvm::SmallVector<uint8_t, 0> Packed;
  llvm::compression::zstd::compress(llvm::arrayRefFromStringRef(Padded),
                                    Packed);
  std::string P = llvm::toStringRef(Packed).str();
  auto Entries = readFatbin(container(entry(1, 90, P, 0x8011, Padded.size())));
  ASSERT_TRUE(bool(Entries)) << llvm::toString(Entries.takeError());
  ASSERT_EQ(Entries->size(), 1u);
  auto Text = (*Entries)[0].contents();
  ASSERT_TRUE(bool(Text)) << llvm::toString(Text.takeError());
  EXPECT_EQ(*Text, Ptx);
  // A cubin keeps every byte.
  Entries = readFatbin(container(entry(2, 90, P, 0x8011, Padded.size())));
  ASSERT_TRUE(bool(Entries));
  EXPECT_EQ(*(*Entries)[0].contents(), Padded);
}

TEST(CudaObjectTest, EntriesOfAHostObject) {
  // A fatbinary is its own entries; bytes that are neither an object nor a
  // fatbinary are an error.
  std::string Fb =
      container(entry(2, 80, fooCubin()) + entry(1, 80, ".version 9.0\n"));
  auto Entries = readObjectEntries(Fb);
  ASSERT_TRUE(bool(Entries)) << llvm::toString(Entries.takeError());
  ASSERT_EQ(Entries->size(), 2u);
  EXPECT_EQ((*Entries)[1].arch(), "compute_80");
  auto Bad = readObjectEntries("not an object");
  ASSERT_FALSE(bool(Bad));
  llvm::consumeError(Bad.takeError());
}

TEST(CudaObjectTest, Contradictions) {
  CubinBuilder B;
  uint16_t Text;
  uint32_t K = B.kernel("k", Text);
  B.section(".nv.info", 0x70000000, symbolRecord(0x2f, K, 8));
  std::string Other = B.build();
  B.Secs.back().Data = symbolRecord(0x2f, K, 8);
  // The same entry twice is harmless.
  auto R = readObject(container(entry(2, 80, Other) + entry(2, 80, Other)));
  ASSERT_TRUE(bool(R));
  EXPECT_FALSE(R->Functions[0].Contradicted);
  B.Secs.back().Data = symbolRecord(0x2f, K, 16);
  R = readObject(container(entry(2, 80, Other) + entry(2, 80, B.build())));
  ASSERT_TRUE(bool(R));
  EXPECT_TRUE(R->Functions[0].Contradicted);
  EXPECT_TRUE(R->Functions[1].Contradicted);
  EXPECT_EQ(R->count(Diagnostic::Error), 1u);
  EXPECT_NE(R->Diagnostics[0].Message.find("the object contradicts itself"),
            std::string::npos);
}

TEST(CudaObjectTest, DamagedContainers) {
  std::string Good = container(entry(2, 80, fooCubin()));
  std::string E = Good;
  put(E, 0, uint32_t(0xBA55ED51));
  EXPECT_NE(errorOf(readObject(E)).find("not an object"), std::string::npos);
  E = Good;
  put(E, 4, uint16_t(2));
  EXPECT_NE(errorOf(readObject(E)).find("version 2"), std::string::npos);
  E = Good;
  put(E, 8, uint64_t(Good.size()));
  EXPECT_NE(errorOf(readObject(E)).find("entries of"), std::string::npos);
  E = Good;
  put(E, 16 + 4, uint32_t(32));
  EXPECT_NE(errorOf(readObject(E)).find("header size 32"), std::string::npos);
  E = Good;
  put(E, 16 + 8, uint64_t(1) << 62);
  EXPECT_NE(errorOf(readObject(E)).find("payload of"), std::string::npos);
  E = container(entry(2, 80, "abc", 0x8011, 3));
  put(E, 16 + 16, uint32_t(100));
  EXPECT_NE(errorOf(readObject(E)).find("100 compressed bytes"),
            std::string::npos);
  // Every prefix and every flipped byte: an answer, never a crash.
  for (size_t N = 0; N < Good.size(); N += 7)
    llvm::consumeError(readObject(StringRef(Good).take_front(N)).takeError());
  for (size_t I = 0; I < Good.size(); ++I) {
    std::string F = Good;
    F[I] ^= 0xff;
    auto R = readObject(F);
    if (!R)
      llvm::consumeError(R.takeError());
  }
}
