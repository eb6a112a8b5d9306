//===-- CudaObject.h - The kernels' resources in a built object -*- C++ -*-===//
///
/// A reader of what nvcc and clang build for the device: the fatbinary
/// container (the .nv_fatbin section of a host object, __nv_relfatbin with
/// -rdc=true, a .fatbin file), its entries (a cubin per architecture, PTX),
/// compressed or not, and each cubin's per-kernel resources, given as the
/// ptxas report parser gives them (PtxasReport.h), so that the checks read
/// either the same way.
///
/// What a cubin records, per kernel: registers, stack frame, static shared
/// memory, barriers, the __launch_bounds__ limits. What it does not record:
/// spills. A Function read from an object leaves SpillStores and SpillLoads
/// unset (unknown, not 0); its StackFrame is known, and a kernel whose frame
/// is 0 cannot spill.
///
/// Every length and offset is checked: damaged or unknown input is an
/// llvm::Error with the reason (test/fuzz/CudaObjectFuzzer.cpp). LLVM
/// Object and Support only; LZ4 from liblz4 when the build found it.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PTXAS_CUDAOBJECT_H
#define WARPLINT_PTXAS_CUDAOBJECT_H

#include "warplint/Ptxas/PtxasReport.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace warplint::ptxas {

/// How a fatbinary entry's payload is compressed: the entry's flags say
/// (0x8000 zstd, nvcc's default; 0x2000 an LZ4 block, --compress-mode=speed).
enum class Compression { None, Zstd, Lz4 };
llvm::StringRef compressionName(Compression C);
/// Whether this build can decompress C.
bool canDecompress(Compression C);

/// One entry of a fatbinary container.
struct FatbinEntry {
  enum Kind { Ptx = 1, Cubin = 2 };
  unsigned EntryKind = 0; ///< 1 PTX, 2 cubin, anything else unknown
  unsigned Sm = 0;        ///< 90 for sm_90 and compute_90
  uint64_t Offset = 0;    ///< of the entry's header, in the bytes read
  Compression Packed = Compression::None;
  uint64_t UncompressedSize = 0; ///< when Packed
  llvm::StringRef Payload;       ///< as stored (compressed or not)

  /// "sm_90" for a cubin, "compute_90" for PTX.
  std::string arch() const;
  /// The payload, decompressed (PTX without the zeros that pad it).
  llvm::Expected<std::string> contents() const;
};

/// The entries of the fatbinary containers that follow each other in Bytes
/// (a .nv_fatbin or __nv_relfatbin section, a .fatbin file). The entries
/// refer to Bytes.
llvm::Expected<std::vector<FatbinEntry>> readFatbin(llvm::StringRef Bytes);

/// The fatbinary entries of Bytes: a host object with .nv_fatbin or
/// __nv_relfatbin sections (aligned as a file read into memory is), or a
/// fatbinary. The entries refer to Bytes.
llvm::Expected<std::vector<FatbinEntry>>
readObjectEntries(llvm::StringRef Bytes);

/// Appends the kernels of Cubin (an ELF for one SM) to Into, for Arch ("sm_90";
/// empty: the architecture the cubin's header names).
llvm::Error readCubin(llvm::StringRef Cubin, Report &Into,
                      llvm::StringRef Arch = "");

/// The kernels of each cubin in Bytes: a host object (ELF, COFF or Mach-O)
/// with a .nv_fatbin or __nv_relfatbin section, a static library of such
/// objects (its members without device code left out), a fatbinary or a
/// cubin.
/// Fails when Bytes is none of these, is damaged, or holds no cubin; an
/// entry it cannot read (a compression this build lacks) is an Error
/// diagnostic of the Report while other entries are read. Two different
/// entries of one kernel for one architecture are both Contradicted.
llvm::Expected<Report> readObject(llvm::StringRef Bytes);

/// Whether Bytes looks like what readObject reads rather than a ptxas
/// report's text: an ELF, COFF or Mach-O file, an archive, or a fatbinary.
bool looksLikeObject(llvm::StringRef Bytes);

} // namespace warplint::ptxas

#endif // WARPLINT_PTXAS_CUDAOBJECT_H
